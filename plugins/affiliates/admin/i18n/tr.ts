/* Admin UI messages of the affiliates plugin (tr). */
export const tr = { resources: {} }
