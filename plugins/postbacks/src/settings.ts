/*
 * The organisation's postback settings (manifest `settings`, PUT /api/v1/plugins/postbacks/settings):
 * whether affiliates manage their own postbacks (spec §6), the retry policy (first wait,
 * doubling up to a cap, number of attempts), and after how many consecutive failed attempts
 * a postback or webhook is disabled.
 */
import vine from '@vinejs/vine'

export interface PostbacksSettings {
  affiliatesManagePostbacks: boolean
  autoDisableAfter: number
  maxAttempts: number
  retryBaseSeconds: number
  /** The longest wait between two attempts (the doubling stops there). */
  retryMaxSeconds: number
}

export const POSTBACKS_SETTINGS_DEFAULTS: PostbacksSettings = {
  affiliatesManagePostbacks: true,
  autoDisableAfter: 100,
  maxAttempts: 8,
  retryBaseSeconds: 30,
  retryMaxSeconds: 6 * 3600,
}

export const postbacksSettingsValidator = vine.create({
  affiliatesManagePostbacks: vine.boolean(),
  autoDisableAfter: vine.number().withoutDecimals().min(1).max(100_000),
  maxAttempts: vine.number().withoutDecimals().min(7).max(20),
  retryBaseSeconds: vine.number().withoutDecimals().min(1).max(3600),
  retryMaxSeconds: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(24 * 3600)
    .optional(),
})

const within = (raw: unknown, min: number, max: number, fallback: number) => {
  const value = Number(raw)
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback
}

/** Stored settings read defensively (a malformed value falls back to its default). */
export function completeSettings(raw: Record<string, unknown>): PostbacksSettings {
  const defaults = POSTBACKS_SETTINGS_DEFAULTS
  return {
    affiliatesManagePostbacks:
      typeof raw.affiliatesManagePostbacks === 'boolean'
        ? raw.affiliatesManagePostbacks
        : defaults.affiliatesManagePostbacks,
    autoDisableAfter: within(raw.autoDisableAfter, 1, 100_000, defaults.autoDisableAfter),
    maxAttempts: within(raw.maxAttempts, 7, 20, defaults.maxAttempts),
    retryBaseSeconds: within(raw.retryBaseSeconds, 1, 3600, defaults.retryBaseSeconds),
    retryMaxSeconds: within(raw.retryMaxSeconds, 1, 24 * 3600, defaults.retryMaxSeconds),
  }
}

/** Seconds before retry `round` (1 = the first retry): base × 2^(round-1), at most `max` (default six hours). */
export const backoffSeconds = (base: number, round: number, max = POSTBACKS_SETTINGS_DEFAULTS.retryMaxSeconds) =>
  Math.min(base * 2 ** (round - 1), max)
