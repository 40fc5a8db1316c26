/* Admin UI messages of the affiliates plugin (pt). */
export const pt = { resources: {} }
