import type { ApiRouter, RouteSpec } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { ATTEMPT_LIST, DELIVERY_LIST, POSTBACK_LIST, RULE_LIST, WEBHOOK_LIST } from './lists.js'
import {
  createPostbackValidator,
  createRuleValidator,
  createWebhookValidator,
  resendFailedValidator,
  testPostbackValidator,
  updatePostbackValidator,
  updateRuleValidator,
  updateWebhookValidator,
} from './validators.js'
import {
  AttemptSchema,
  DeletedSchema,
  DeliverySchema,
  NoticeSchema,
  PostbackSchema,
  ResendSchema,
  RuleSchema,
  TestResultSchema,
  WebhookSchema,
} from './schemas.js'

const PostbacksController = () => import('./controllers/postbacks_controller.js')
const LogsController = () => import('./controllers/logs_controller.js')
const RulesController = () => import('./controllers/rules_controller.js')
const WebhooksController = () => import('./controllers/webhooks_controller.js')

const csv: RouteSpec['response'] = { status: 200, raw: 'text/csv' }

/** A resource with list, create, read, update (PATCH and PUT) and delete. */
function crud(
  api: ApiRouter,
  path: string,
  names: { one: string; many: string },
  specs: { list: any; body: { create: any; update: any }; schema: any; scope: string },
  controller: any,
  summaries: { list: string; create: string }
) {
  const read = `${specs.scope}:read` as const
  const write = `${specs.scope}:write` as const
  api.get(
    path,
    {
      name: `list${names.many}`,
      summary: summaries.list,
      query: listQueryParameters(specs.list),
      response: { status: 200, list: specs.schema },
      scope: read,
    },
    [controller, 'index']
  )
  api.post(
    path,
    {
      name: `create${names.one}`,
      summary: summaries.create,
      body: specs.body.create,
      response: { status: 201, data: specs.schema },
      scope: write,
    },
    [controller, 'store']
  )
  api.get(
    `${path}/:id`,
    { name: `get${names.one}`, summary: `Get one`, response: { status: 200, data: specs.schema }, scope: read },
    [controller, 'show']
  )
  api.patch(
    `${path}/:id`,
    {
      name: `update${names.one}`,
      summary: 'Update',
      body: specs.body.update,
      response: { status: 200, data: specs.schema },
      scope: write,
    },
    [controller, 'update']
  )
  api.put(
    `${path}/:id`,
    {
      name: `replace${names.one}`,
      summary: 'Update (react-admin sends PUT)',
      body: specs.body.update,
      response: { status: 200, data: specs.schema },
      scope: write,
    },
    [controller, 'update']
  )
  api.delete(
    `${path}/:id`,
    { name: `delete${names.one}`, summary: 'Delete', response: { status: 200, data: DeletedSchema }, scope: write },
    [controller, 'destroy']
  )
}

function logRoutes(api: ApiRouter, kind: 'postback' | 'webhook') {
  const path = kind === 'postback' ? '/postback-log' : '/webhook_logs'
  const prefix = kind === 'postback' ? 'postback' : 'webhook'
  const Name = kind === 'postback' ? 'Postback' : 'Webhook'
  const scope = kind === 'postback' ? 'postbacks' : 'webhooks'
  api.get(
    `${path}/export`,
    {
      name: `export${Name}Log`,
      summary: `Export the ${kind} log as CSV (same filters as the list)`,
      query: listQueryParameters(ATTEMPT_LIST),
      response: csv,
      scope: `${scope}:read`,
    },
    [LogsController, `${prefix}Export`]
  )
  api.get(
    path,
    {
      name: `list${Name}Log`,
      summary: `Every ${kind} attempt: time, URL (secrets masked), status, latency, response excerpt, customer, click, attempt number`,
      query: listQueryParameters(ATTEMPT_LIST),
      response: { status: 200, list: AttemptSchema },
      scope: `${scope}:read`,
    },
    [LogsController, `${prefix}Index`]
  )
  api.post(
    `${path}/resend-failed`,
    {
      name: `resendFailed${Name}s`,
      summary: `Queue again every ${kind} delivery created in [from, to] that has not succeeded`,
      body: resendFailedValidator,
      response: { status: 200, data: ResendSchema },
      scope: `${scope}:write`,
    },
    [LogsController, `${prefix}ResendFailed`]
  )
  api.get(
    `${path}/:id`,
    {
      name: `get${Name}LogEntry`,
      summary: `One ${kind} attempt`,
      response: { status: 200, data: AttemptSchema },
      scope: `${scope}:read`,
    },
    [LogsController, `${prefix}Show`]
  )
  api.post(
    `${path}/:id/resend`,
    {
      name: `resend${Name}`,
      summary: `Send the delivery of this attempt again (same event_id, a fresh retry budget)`,
      response: { status: 200, data: ResendSchema },
      scope: `${scope}:write`,
    },
    [LogsController, `${prefix}Resend`]
  )
  api.get(
    `/${kind}-dead-letters`,
    {
      name: `list${Name}DeadLetters`,
      summary: `${Name} deliveries that gave up after every attempt`,
      query: listQueryParameters(DELIVERY_LIST),
      response: { status: 200, list: DeliverySchema },
      scope: `${scope}:read`,
    },
    [LogsController, `${prefix}DeadLetters`]
  )
  api.post(
    `/${kind}-dead-letters/:id/resend`,
    {
      name: `resend${Name}DeadLetter`,
      summary: `Send one ${kind} dead letter again (same event_id, a fresh retry budget)`,
      response: { status: 200, data: ResendSchema },
      scope: `${scope}:write`,
    },
    [LogsController, `${prefix}ResendDeadLetter`]
  )
}

export function postbacksRoutes(api: ApiRouter) {
  api.post(
    '/postback-test',
    {
      name: 'testPostbackUrl',
      summary: 'Fire a labelled test event (sample values) at a URL; answers the exact request and response',
      body: testPostbackValidator,
      response: { status: 200, data: TestResultSchema },
      scope: 'postbacks:read',
    },
    [PostbacksController, 'testUrl']
  )
  crud(
    api,
    '/postback',
    { one: 'Postback', many: 'Postbacks' },
    {
      list: POSTBACK_LIST,
      body: { create: createPostbackValidator, update: updatePostbackValidator },
      schema: PostbackSchema,
      scope: 'postbacks',
    },
    PostbacksController,
    {
      list: "Postbacks: the network's global ones and the affiliates' own (an affiliate: its own)",
      create: 'Add a postback (the URL passes the §5 validator; a POST postback answers its signing secret once)',
    }
  )
  api.post(
    '/postback/:id/test',
    {
      name: 'testPostback',
      summary: "Fire a labelled test event with a saved postback's URL and secret",
      response: { status: 200, data: TestResultSchema },
      scope: 'postbacks:read',
    },
    [PostbacksController, 'test']
  )
  api.post(
    '/postback/:id/rotate-secret',
    {
      name: 'rotatePostbackSecret',
      summary: 'A new signing secret for a POST postback, shown once',
      response: { status: 200, data: PostbackSchema },
      scope: 'postbacks:write',
    },
    [PostbacksController, 'rotateSecret']
  )
  logRoutes(api, 'postback')
  api.get(
    '/postback-notices',
    {
      name: 'listPostbackNotices',
      summary: 'Postbacks and webhooks disabled after too many consecutive failures',
      response: { status: 200, list: NoticeSchema },
      scope: 'postbacks:read',
    },
    [LogsController, 'notices']
  )
  crud(
    api,
    '/pbrules',
    { one: 'PostbackRule', many: 'PostbackRules' },
    {
      list: RULE_LIST,
      body: { create: createRuleValidator, update: updateRuleValidator },
      schema: RuleSchema,
      scope: 'postbacks.rules',
    },
    RulesController,
    {
      list: 'Postback rules: conditions that decide whether a postback fires (first match by priority)',
      create: 'Add a postback rule',
    }
  )
  crud(
    api,
    '/webhook-configs',
    { one: 'WebhookConfig', many: 'WebhookConfigs' },
    {
      list: WEBHOOK_LIST,
      body: { create: createWebhookValidator, update: updateWebhookValidator },
      schema: WebhookSchema,
      scope: 'webhooks',
    },
    WebhooksController,
    {
      list: "The network's webhooks",
      create: 'Add a webhook (answers its signing secret once)',
    }
  )
  api.post(
    '/webhook-configs/:id/rotate-secret',
    {
      name: 'rotateWebhookSecret',
      summary: 'A new signing secret, shown once',
      response: { status: 200, data: WebhookSchema },
      scope: 'webhooks:write',
    },
    [WebhooksController, 'rotateSecret']
  )
  api.post(
    '/webhook-configs/:id/test',
    {
      name: 'testWebhook',
      summary: 'Send a labelled, signed test event to the webhook',
      response: { status: 200, data: TestResultSchema },
      scope: 'webhooks:write',
    },
    [WebhooksController, 'test']
  )
  logRoutes(api, 'webhook')
}
