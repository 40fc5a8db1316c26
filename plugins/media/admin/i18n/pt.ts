/* Admin UI messages of the media plugin (pt). */
export const pt = { resources: {} }
