import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { PROMO_CODES_API } from './model'

export const promoCodesResource: AdminResource = {
  name: 'manage/promo-code',
  apiPath: PROMO_CODES_API,
  list: lazyScreen(() => import('./PromoCodeList').then((module) => module.PromoCodeList)),
  edit: lazyScreen(() => import('./PromoCodeEdit').then((module) => module.PromoCodeEdit)),
  create: lazyScreen(() => import('./PromoCodeCreate').then((module) => module.PromoCodeCreate)),
  icon: LocalOfferIcon,
  recordRepresentation: 'code',
  menuGroup: 'manage',
  menuOrder: 80,
  description: 'promo_codes.home.description',
  subject: 'promo-codes',
}
