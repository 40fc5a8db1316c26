/* What other plugins may use of `campaigns` (types and read-only services). */
export {}
