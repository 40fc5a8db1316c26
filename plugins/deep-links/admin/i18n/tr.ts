/* Admin UI messages of the deep-links plugin (tr). */
export const tr = { resources: {} }
