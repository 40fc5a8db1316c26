import type { ApiRouter } from '@affix/core/kernel'

export function deepLinksRoutes(_api: ApiRouter) {}
