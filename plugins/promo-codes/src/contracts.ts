/* What other plugins may use of `promo-codes` (types and read-only services). */
export {}
