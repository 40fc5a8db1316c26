/* Admin UI messages of the media plugin (tr). */
export const tr = { resources: {} }
