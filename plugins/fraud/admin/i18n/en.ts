/* Admin UI messages of the fraud plugin (en). */
export const en = { resources: {} }
