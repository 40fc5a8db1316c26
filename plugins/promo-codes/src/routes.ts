import type { ApiRouter } from '@affix/core/kernel'

export function promoCodesRoutes(_api: ApiRouter) {}
