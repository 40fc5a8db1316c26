import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { FRAUD_RULE_LIST } from './lists.js'
import { createFraudRuleValidator, fraudRuleStatusValidator, updateFraudRuleValidator } from './validators.js'
import { FraudBulkStatusSchema, FraudDeletedSchema, FraudRuleSchema } from './schemas.js'

const FraudRulesController = () => import('./controllers/fraud_rules_controller.js')

export function fraudRoutes(api: ApiRouter) {
  api.get(
    '/rules',
    {
      name: 'listFraudRules',
      scope: 'fraud:read',
      summary: 'List anti-fraud rules',
      query: listQueryParameters(FRAUD_RULE_LIST),
      response: { status: 200, list: FraudRuleSchema },
    },
    [FraudRulesController, 'index']
  )
  api.post(
    '/rules',
    {
      name: 'createFraudRule',
      scope: 'fraud:write',
      summary: 'Create an anti-fraud rule (blacklist: ips and/or userAgents; device: devices and/or os)',
      body: createFraudRuleValidator,
      response: { status: 201, data: FraudRuleSchema },
    },
    [FraudRulesController, 'store']
  )
  api.post(
    '/rules/status',
    {
      name: 'setFraudRulesStatus',
      scope: 'fraud:write',
      summary: 'Change the status of several anti-fraud rules at once',
      body: fraudRuleStatusValidator,
      response: { status: 200, data: FraudBulkStatusSchema },
    },
    [FraudRulesController, 'setStatus']
  )
  api.get(
    '/rules/:id',
    {
      name: 'getFraudRule',
      scope: 'fraud:read',
      summary: 'Get an anti-fraud rule',
      response: { status: 200, data: FraudRuleSchema },
    },
    [FraudRulesController, 'show']
  )
  api.patch(
    '/rules/:id',
    {
      name: 'updateFraudRule',
      scope: 'fraud:write',
      summary: 'Update an anti-fraud rule',
      body: updateFraudRuleValidator,
      response: { status: 200, data: FraudRuleSchema },
    },
    [FraudRulesController, 'update']
  )
  api.put(
    '/rules/:id',
    {
      name: 'replaceFraudRule',
      scope: 'fraud:write',
      summary: 'Update an anti-fraud rule (react-admin sends PUT)',
      body: updateFraudRuleValidator,
      response: { status: 200, data: FraudRuleSchema },
    },
    [FraudRulesController, 'update']
  )
  api.delete(
    '/rules/:id',
    {
      name: 'deleteFraudRule',
      scope: 'fraud:write',
      summary: 'Delete an anti-fraud rule',
      response: { status: 200, data: FraudDeletedSchema },
    },
    [FraudRulesController, 'destroy']
  )
}
