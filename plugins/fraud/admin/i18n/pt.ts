/* Admin UI messages of the fraud plugin (pt). */
export const pt = { resources: {} }
