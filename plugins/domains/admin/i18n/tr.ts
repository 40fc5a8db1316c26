/* Admin UI messages of the domains plugin (tr). */
export const tr = { resources: {} }
