/* Admin UI messages of the deep-links plugin (en). */
export const en = { resources: {} }
