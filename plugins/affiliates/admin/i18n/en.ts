/* Admin UI messages of the affiliates plugin (en). */
export const en = { resources: {} }
