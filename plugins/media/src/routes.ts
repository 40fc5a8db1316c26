import type { ApiRouter } from '@affix/core/kernel'

export function mediaRoutes(_api: ApiRouter) {}
