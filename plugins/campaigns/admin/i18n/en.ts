/* Admin UI messages of the campaigns plugin (en). */
export const en = { resources: {} }
