/* Admin UI messages of the promo-codes plugin (pt). */
export const pt = { resources: {} }
