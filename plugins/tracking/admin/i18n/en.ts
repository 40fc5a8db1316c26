/* Admin UI messages of the tracking plugin (en). */
export const en = { resources: {} }
