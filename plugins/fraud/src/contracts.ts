/* What other plugins may use of `fraud` (types and read-only services). */
export {}
