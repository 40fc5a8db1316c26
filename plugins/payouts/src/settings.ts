/*
 * The organisation's commission settings (manifest `settings`, changed by an admin with
 * PUT /api/v1/plugins/payouts/settings): the commission period (monthly, or weekly from the
 * organisation's week-start day) and the scheduled close N days after a period ends
 * (0 = periods are closed by hand only).
 */
import vine from '@vinejs/vine'

export interface PayoutsSettings {
  period: 'monthly' | 'weekly'
  closeDelayDays: number
}

export const PAYOUTS_SETTINGS_DEFAULTS: PayoutsSettings = { period: 'monthly', closeDelayDays: 5 }

export const payoutsSettingsValidator = vine.create({
  period: vine.enum(['monthly', 'weekly'] as const),
  closeDelayDays: vine.number().withoutDecimals().min(0).max(60),
})

/** Stored settings read defensively (a malformed value falls back to its default). */
export function completeSettings(raw: Record<string, unknown>): PayoutsSettings {
  const delay = Number(raw.closeDelayDays)
  return {
    period: raw.period === 'weekly' ? 'weekly' : 'monthly',
    closeDelayDays:
      Number.isInteger(delay) && delay >= 0 && delay <= 60 ? delay : PAYOUTS_SETTINGS_DEFAULTS.closeDelayDays,
  }
}
