import vine from '@vinejs/vine'
import { countryRule } from '@affix/core/kernel'
import { POSTBACK_EVENTS, POSTBACK_METHODS, TARGET_STATUSES } from './models/postback.js'
import { RULE_ACTIONS, RULE_STATUSES } from './models/postback_rule.js'
import { WEBHOOK_EVENTS } from './models/webhook_config.js'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const name = () => vine.string().trim().minLength(1).maxLength(120)
// The URL's own checks (spec §5) run in the controller with the campaigns validator.
const url = () => vine.string().trim().maxLength(2000)
const amount = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{1,14}(\.\d{1,6})?$/)
const settable = TARGET_STATUSES.filter((status) => status !== 'disabled')

const postbackFields = {
  affiliateId: id().nullable().optional(),
  events: vine.array(vine.enum(POSTBACK_EVENTS)).minLength(1).distinct(),
  campaignIds: vine.array(id()).maxLength(1000).distinct().nullable().optional(),
  method: vine.enum(POSTBACK_METHODS).optional(),
  maskCustomerId: vine.boolean().optional(),
  status: vine.enum(settable).optional(),
}

export const createPostbackValidator = vine.create({ name: name(), url: url(), ...postbackFields })

export const updatePostbackValidator = vine.create({
  name: name().optional(),
  url: url().optional(),
  ...postbackFields,
  events: postbackFields.events.optional(),
})

export const testPostbackValidator = vine.create({
  url: url(),
  method: vine.enum(POSTBACK_METHODS).optional(),
  event: vine.enum(POSTBACK_EVENTS).optional(),
  secret: vine.string().maxLength(200).optional(),
})

export const resendFailedValidator = vine.create({
  from: vine.date({ formats: { utc: true } }),
  to: vine.date({ formats: { utc: true } }),
  targetId: id().optional(),
})

const ruleFields = {
  action: vine.enum(RULE_ACTIONS).optional(),
  priority: vine.number().withoutDecimals().min(0).max(10_000).optional(),
  events: vine.array(vine.enum(POSTBACK_EVENTS)).distinct().nullable().optional(),
  campaignIds: vine.array(id()).maxLength(1000).distinct().nullable().optional(),
  countries: vine
    .array(vine.string().trim().toUpperCase().use(countryRule()))
    .maxLength(300)
    .distinct()
    .nullable()
    .optional(),
  minAmount: amount().nullable().optional(),
  maxAmount: amount().nullable().optional(),
  samplePercent: vine.number().withoutDecimals().min(0).max(100).optional(),
  status: vine.enum(RULE_STATUSES).optional(),
}

export const createRuleValidator = vine.create({ postbackId: id(), name: name(), ...ruleFields })
export const updateRuleValidator = vine.create({ name: name().optional(), ...ruleFields })

const webhookFields = {
  events: vine.array(vine.enum(WEBHOOK_EVENTS)).minLength(1).distinct(),
  status: vine.enum(['active', 'inactive'] as const).optional(),
}
export const createWebhookValidator = vine.create({ name: name(), url: url(), ...webhookFields })
export const updateWebhookValidator = vine.create({
  name: name().optional(),
  url: url().optional(),
  events: webhookFields.events.optional(),
  status: webhookFields.status,
})
