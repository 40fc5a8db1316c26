/* Admin UI messages of the deep-links plugin (pt). */
export const pt = { resources: {} }
