/* Admin UI messages of the fraud plugin (tr). */
export const tr = { resources: {} }
