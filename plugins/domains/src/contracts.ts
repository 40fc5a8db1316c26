/* What other plugins may use of `domains` (types and read-only services). */
export {}
