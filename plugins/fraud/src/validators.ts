import vine from '@vinejs/vine'
import { TEXT_MAX } from '@affix/core/kernel'
import { DEVICE_TYPES, FRAUD_ACTIONS, FRAUD_STATUSES, FRAUD_TYPES, OS_NAMES, SELECTIONS } from './models/fraud_rule.js'

const idList = () => vine.array(vine.number().withoutDecimals().positive()).maxLength(10_000).distinct()

const fields = {
  status: vine.enum(FRAUD_STATUSES).optional(),
  brandSelection: vine.enum(SELECTIONS).optional(),
  brandIds: idList().optional(),
  affiliateSelection: vine.enum(SELECTIONS).optional(),
  affiliateIds: idList().optional(),
  campaignSelection: vine.enum(SELECTIONS).optional(),
  campaignIds: idList().optional(),
  ips: vine.array(vine.string().trim().minLength(1).maxLength(64)).maxLength(10_000).distinct().optional(),
  userAgents: vine.array(vine.string().trim().minLength(1).maxLength(500)).maxLength(1000).distinct().optional(),
  devices: vine.array(vine.enum(DEVICE_TYPES)).distinct().optional(),
  os: vine.array(vine.enum(OS_NAMES)).distinct().optional(),
}

const name = () => vine.string().trim().minLength(1).maxLength(TEXT_MAX)

export const createFraudRuleValidator = vine.create({
  name: name(),
  action: vine.enum(FRAUD_ACTIONS),
  type: vine.enum(FRAUD_TYPES),
  ...fields,
})

export const updateFraudRuleValidator = vine.create({
  name: name().optional(),
  action: vine.enum(FRAUD_ACTIONS).optional(),
  type: vine.enum(FRAUD_TYPES).optional(),
  ...fields,
})

export const fraudRuleStatusValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(1000).distinct(),
  status: vine.enum(FRAUD_STATUSES),
})
