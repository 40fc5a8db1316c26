/* What other plugins may use of `affiliates` (types and read-only services). */
export {}
