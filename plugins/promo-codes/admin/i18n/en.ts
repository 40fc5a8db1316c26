/* Admin UI messages of the promo-codes plugin (en). */
export const en = { resources: {} }
