/*
 * The kernel and the campaigns URL validator as this plugin uses them: one import place, and
 * the §5 check turned into the 422 the screens show under the URL field.
 */
import { AppError } from '@affix/core/kernel'
import { checkTrackingUrl } from '@affix/campaigns/contracts'

export * from '@affix/core/kernel'

/** GET postbacks must carry one of these macros so a receiver can match the event. */
export const GET_URL_MACROS = ['click_id', 'customer_id', 'txn_id', 'event_id']

/** Refuses a URL the §5 validator refuses, with the campaigns plugin's translated message. */
export function checkTrackingUrlMessage(url: string, method: 'get' | 'post') {
  const result = checkTrackingUrl(url, { macros: method === 'get' ? GET_URL_MACROS : [], mode: 'any', minimum: 1 })
  if (result.valid) return
  throw new AppError(
    `campaigns.url_validator.${result.key}`,
    422,
    'validation',
    { ...result.data, ...(result.choices ? { macros: result.choices.join(', ') } : {}) },
    { fields: [{ field: 'url', rule: result.key }] }
  )
}
