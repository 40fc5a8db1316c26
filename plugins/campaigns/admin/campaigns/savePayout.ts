import { CAMPAIGNS_RESOURCE, useEditPath, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useRef } from 'react'
import { useDataProvider, useNotify, useRedirect, type Identifier } from 'react-admin'
import { CAMPAIGNS_API, toCampaignPayload } from './model'
import { toPayoutPayload, type PayoutForm } from './payout'

/**
 * The campaign is saved first (POST/PUT of the campaign), then its payout plan through
 * PUT /campaigns/:id/payout: `transform` keeps the plan aside and strips it from the
 * campaign body; `onSuccess` saves it and leaves for the campaign's page.
 */
export function useCampaignSave(mode: 'create' | 'edit') {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const redirect = useRedirect()
  const editPath = useEditPath()
  const payout = useRef<PayoutForm | null>(null)

  const transform = (data: Record<string, any>) => {
    payout.current = data.payout ?? null
    return toCampaignPayload(data)
  }

  const onSuccess = async (record: { id: Identifier }) => {
    let planSaved = true
    if (payout.current) {
      try {
        await dataProvider.request(`${CAMPAIGNS_API}/${record.id}/payout`, {
          method: 'PUT',
          body: toPayoutPayload(payout.current),
        })
      } catch (error) {
        planSaved = false
        const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error'
        notify('campaigns.notifications.payout_failed', { type: 'warning', messageArgs: { error: message } })
      }
    }
    if (planSaved)
      notify(`resources.${CAMPAIGNS_RESOURCE}.notifications.${mode === 'create' ? 'created' : 'updated'}`, {
        type: 'info',
        messageArgs: { smart_count: 1 },
      })
    // The campaign's page; without its plan, its form (on the payout step's data).
    redirect(planSaved ? `/${CAMPAIGNS_RESOURCE}/${record.id}` : editPath(CAMPAIGNS_RESOURCE, record.id))
  }

  return { transform, onSuccess }
}
