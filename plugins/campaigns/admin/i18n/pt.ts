/* Admin UI messages of the campaigns plugin (pt). */
export const pt = { resources: {} }
