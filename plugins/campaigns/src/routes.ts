import type { ApiRouter } from '@affix/core/kernel'

export function campaignsRoutes(_api: ApiRouter) {}
