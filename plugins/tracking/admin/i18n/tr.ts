/* Admin UI messages of the tracking plugin (tr). */
export const tr = { resources: {} }
