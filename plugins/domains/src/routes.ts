import type { ApiRouter } from '@affix/core/kernel'

export function domainsRoutes(_api: ApiRouter) {}
