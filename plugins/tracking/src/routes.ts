import { listQueryParameters, type ApiRouter } from '@affix/core/kernel'
import { CLICK_LIST } from './lists.js'
import { ClickSchema } from './schemas.js'

const ClicksController = () => import('./controllers/clicks_controller.js')

export function trackingRoutes(api: ApiRouter) {
  api.get(
    '/clicks',
    {
      name: 'listClicks',
      summary:
        'Recorded clicks (newest first): filter by campaignId, affiliateId, outcome, reason, country, from/to (ISO date-times); an affiliate sees only its own',
      query: listQueryParameters(CLICK_LIST),
      response: { status: 200, list: ClickSchema },
    },
    [ClicksController, 'index']
  )
  api.get(
    '/clicks/:clickId',
    { name: 'getClick', summary: 'One click by its click id', response: { status: 200, data: ClickSchema } },
    [ClicksController, 'show']
  )
}
