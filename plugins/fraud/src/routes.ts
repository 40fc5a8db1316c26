import type { ApiRouter } from '@affix/core/kernel'

export function fraudRoutes(_api: ApiRouter) {}
