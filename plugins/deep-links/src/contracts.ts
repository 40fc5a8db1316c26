/* What other plugins may use of `deep-links` (types and read-only services). */
export {}
