/* Admin UI messages of the media plugin (en). */
export const en = { resources: {} }
