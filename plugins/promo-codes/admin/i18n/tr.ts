/* Admin UI messages of the promo-codes plugin (tr). */
export const tr = { resources: {} }
