/* Admin UI messages of the domains plugin (pt). */
export const pt = { resources: {} }
