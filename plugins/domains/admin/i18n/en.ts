/* Admin UI messages of the domains plugin (en). */
export const en = { resources: {} }
