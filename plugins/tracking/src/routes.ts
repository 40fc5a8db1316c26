import type { ApiRouter } from '@affix/core/kernel'

export function trackingRoutes(_api: ApiRouter) {}
