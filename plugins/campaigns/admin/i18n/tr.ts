/* Admin UI messages of the campaigns plugin (tr). */
export const tr = { resources: {} }
