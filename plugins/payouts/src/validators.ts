/* Request bodies of the ledger (VineJS; messages in resources/lang/<language>/payouts.json). */
import vine from '@vinejs/vine'

const percent = () => vine.number().decimal([0, 4]).min(0).max(100)
const rowFilter = () =>
  vine
    .object({
      period: vine.array(vine.string().trim().maxLength(10)).maxLength(100).optional(),
      affiliateId: vine.array(vine.number().withoutDecimals().positive()).maxLength(1000).optional(),
      campaignId: vine.array(vine.number().withoutDecimals().positive()).maxLength(1000).optional(),
      brandId: vine.array(vine.number().withoutDecimals().positive()).maxLength(1000).optional(),
      type: vine.array(vine.string().trim().maxLength(20)).maxLength(20).optional(),
      status: vine.array(vine.string().trim().maxLength(12)).maxLength(10).optional(),
    })
    .optional()

/** Rows named by id (all or nothing) or chosen by a filter (the eligible ones). */
export const statusValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(10_000).optional(),
  filter: rowFilter(),
  reason: vine.string().trim().maxLength(1000).optional(),
  reference: vine.string().trim().maxLength(200).optional(),
})

export const referralSettingsValidator = vine.create({
  method: vine.enum(['ngr', 'payout'] as const),
  levels: vine.array(percent()).fixedLength(3),
  partnerReferral: vine.boolean().optional(),
})

export const referralOverrideValidator = vine.create({
  levels: vine.array(percent().nullable()).fixedLength(3),
})

export const formulaValidator = vine.create({
  ggr: vine.string().trim().maxLength(2000).nullable().optional(),
  ngr: vine.string().trim().maxLength(2000).nullable().optional(),
  enabled: vine.boolean(),
  /** Enabling or disabling an override changes commissions: it is done only when confirmed. */
  confirm: vine.boolean().optional(),
})

const sampleAmount = () => vine.number().decimal([0, 6]).min(-1e12).max(1e12).optional()
export const formulaCheckValidator = vine.create({
  ggr: vine.string().trim().maxLength(2000).nullable().optional(),
  ngr: vine.string().trim().maxLength(2000).nullable().optional(),
  sample: vine
    .object({
      bets: sampleAmount(),
      wins: sampleAmount(),
      bonuses: sampleAmount(),
      chargebacks: sampleAmount(),
      fees: sampleAmount(),
      jackpot: sampleAmount(),
      deposits: sampleAmount(),
      withdrawals: sampleAmount(),
      adjustments: sampleAmount(),
    })
    .optional(),
})
