/* Admin UI messages of the tracking plugin (pt). */
export const pt = { resources: {} }
