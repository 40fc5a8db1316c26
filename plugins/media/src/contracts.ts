/* What other plugins may use of `media` (types and read-only services). */
export {}
