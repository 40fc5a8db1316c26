/* What other plugins may use of `tracking` (types and read-only services). */
export {}
