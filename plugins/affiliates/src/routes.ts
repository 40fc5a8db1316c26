import type { ApiRouter } from '@affix/core/kernel'

export function affiliatesRoutes(_api: ApiRouter) {}
