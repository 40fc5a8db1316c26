import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { PROMO_CODE_LIST } from './lists.js'
import { createPromoCodeValidator, updatePromoCodeValidator } from './validators.js'
import { DeletedPromoCodeSchema, PromoCodeSchema } from './schemas.js'

const PromoCodesController = () => import('./controllers/promo_codes_controller.js')

export function promoCodesRoutes(api: ApiRouter) {
  api.get(
    '/promo-codes',
    {
      name: 'listPromoCodes',
      summary: 'List promo codes (an affiliate sees the codes that apply to it)',
      query: listQueryParameters(PROMO_CODE_LIST),
      response: { status: 200, list: PromoCodeSchema },
    },
    [PromoCodesController, 'index']
  )
  api.get(
    '/promo-codes/export',
    {
      name: 'exportPromoCodes',
      summary:
        'Export promo codes as CSV (same filters, search and sort as the list); recorded in the downloads history',
      query: listQueryParameters(PROMO_CODE_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [PromoCodesController, 'export']
  )
  api.post(
    '/promo-codes',
    {
      name: 'createPromoCode',
      summary: 'Create a promo code',
      body: createPromoCodeValidator,
      response: { status: 201, data: PromoCodeSchema },
    },
    [PromoCodesController, 'store']
  )
  api.get(
    '/promo-codes/:id',
    { name: 'getPromoCode', summary: 'Get a promo code', response: { status: 200, data: PromoCodeSchema } },
    [PromoCodesController, 'show']
  )
  api.patch(
    '/promo-codes/:id',
    {
      name: 'updatePromoCode',
      summary: 'Update a promo code',
      body: updatePromoCodeValidator,
      response: { status: 200, data: PromoCodeSchema },
    },
    [PromoCodesController, 'update']
  )
  api.put(
    '/promo-codes/:id',
    {
      name: 'replacePromoCode',
      summary: 'Update a promo code (react-admin sends PUT)',
      body: updatePromoCodeValidator,
      response: { status: 200, data: PromoCodeSchema },
    },
    [PromoCodesController, 'update']
  )
  api.delete(
    '/promo-codes/:id',
    {
      name: 'deletePromoCode',
      summary: 'Delete a promo code (soft delete; the code can be used again)',
      response: { status: 200, data: DeletedPromoCodeSchema },
    },
    [PromoCodesController, 'destroy']
  )
}
