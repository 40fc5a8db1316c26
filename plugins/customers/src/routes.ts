import { ImportRecordSchema, listQueryParameters, type ApiRouter } from '@affix/core/kernel'
import { ACTIVITY_LIST, CONVERSION_LIST, CUSTOMER_LIST, FX_RATE_LIST, POSTBACK_LOG_LIST } from './lists.js'
import {
  ActivityBatchBody,
  ActivityDetailSchema,
  ActivitySchema,
  BatchResultSchema,
  ClickSchema,
  ConversionSchema,
  CustomerBatchBody,
  CustomerDetailSchema,
  CustomerSchema,
  FxRateSchema,
  FxRatesBody,
  PostbackInfoSchema,
  PostbackLogSchema,
} from './schemas.js'
import { fraudValidator, reassignValidator } from './validators.js'

/** A batch of 10,000 rows is a few MB of JSON. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024

const CustomersController = () => import('./controllers/customers_controller.js')
const ActivityController = () => import('./controllers/activity_controller.js')
const ConversionsController = () => import('./controllers/conversions_controller.js')
const OperatorController = () => import('./controllers/operator_controller.js')

const BATCH_NOTE =
  'At most 10,000 rows per call, written in one transaction: each row is answered created, updated, duplicate or error (with its reason, in the caller’s language); a refused row never stops the others.'

export function customersRoutes(api: ApiRouter) {
  // ------------------------------------------------------------------ customers
  api.get(
    '/customers',
    {
      name: 'listCustomers',
      summary:
        'Customers (players): filter by brand, campaign, affiliate, country, status, attribution source and registration dates; q searches cuid, e-mail and name. Affiliates see their own (masked ids per the organisation).',
      query: listQueryParameters(CUSTOMER_LIST),
      response: { status: 200, list: CustomerSchema },
    },
    [CustomersController, 'index']
  )
  api.get(
    '/customers/export',
    {
      name: 'exportCustomers',
      summary: 'Export customers as CSV (same filters as the list); recorded in the downloads history',
      query: listQueryParameters(CUSTOMER_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [CustomersController, 'export']
  )
  api.get(
    '/customers/sample',
    {
      name: 'customersSample',
      summary: 'A sample customers CSV with every column',
      response: { status: 200, raw: 'text/csv' },
    },
    [CustomersController, 'sample']
  )
  api.post(
    '/customers/batch',
    {
      name: 'registerCustomers',
      summary:
        'Register customers (players) in a batch; each new customer is attributed (click, promo code, explicit or none)',
      description: BATCH_NOTE,
      body: CustomerBatchBody,
      bodyLimit: BATCH_BODY_LIMIT,
      response: { status: 200, data: BatchResultSchema },
    },
    [CustomersController, 'batch']
  )
  api.post(
    '/customers/import',
    {
      name: 'importCustomers',
      summary: 'Import customers from a CSV file (background job with progress; failed rows in a file)',
      multipart: { fileField: 'file' },
      response: { status: 202, data: ImportRecordSchema },
    },
    [CustomersController, 'import']
  )
  api.get(
    '/customers/:id',
    {
      name: 'getCustomer',
      summary:
        'Customer details: profile, attribution (and why rules failed), click log, activity by day, conversions, fraud mark, reassignments',
      response: { status: 200, data: CustomerDetailSchema },
    },
    [CustomersController, 'show']
  )
  api.get(
    '/customers/:id/clicks',
    {
      name: 'customerClickLog',
      summary: "The customer's click log",
      response: { status: 200, data: { type: 'array', items: ClickSchema } },
    },
    [CustomersController, 'clicks']
  )
  api.post(
    '/customers/:id/fraud',
    {
      name: 'markCustomerFraud',
      summary: 'Mark a customer as fraud: cannot be undone; all of its activity becomes fraud (audited)',
      body: fraudValidator,
      response: { status: 200, data: CustomerSchema },
    },
    [CustomersController, 'markFraud']
  )
  api.post(
    '/customers/:id/reassign',
    {
      name: 'reassignCustomer',
      summary:
        'Reassign a customer to another affiliate from an effective date (today by default, never earlier); the campaign is kept (audited)',
      body: reassignValidator,
      response: { status: 200, data: CustomerSchema },
    },
    [CustomersController, 'reassign']
  )

  // ------------------------------------------------------------------ activity
  api.get(
    '/activity',
    {
      name: 'listActivity',
      summary:
        'Activity rows: filter by brand, campaign, affiliate, customer, country, status, currency, FTD and dates; affiliates see the rows that earn for them',
      query: listQueryParameters(ACTIVITY_LIST),
      response: { status: 200, list: ActivitySchema },
    },
    [ActivityController, 'index']
  )
  api.get(
    '/activity/export',
    {
      name: 'exportActivity',
      summary: 'Export activity as CSV (same filters as the list); recorded in the downloads history',
      query: listQueryParameters(ACTIVITY_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [ActivityController, 'export']
  )
  api.get(
    '/activity/sample',
    {
      name: 'activitySample',
      summary: 'A sample activity CSV with every column',
      response: { status: 200, raw: 'text/csv' },
    },
    [ActivityController, 'sample']
  )
  api.post(
    '/activity/batch',
    {
      name: 'recordActivity',
      summary:
        'Record activity rows in a batch: the same key (txn_id, else cuid + date) with the same values is a duplicate, with new values a correction',
      description: BATCH_NOTE,
      body: ActivityBatchBody,
      bodyLimit: BATCH_BODY_LIMIT,
      response: { status: 200, data: BatchResultSchema },
    },
    [ActivityController, 'batch']
  )
  api.post(
    '/activity/import',
    {
      name: 'importActivity',
      summary: 'Import activity from a CSV file (background job with progress; failed rows in a file)',
      multipart: { fileField: 'file' },
      response: { status: 202, data: ImportRecordSchema },
    },
    [ActivityController, 'import']
  )
  api.get(
    '/activity/:id',
    {
      name: 'getActivity',
      summary: 'One activity row with its revisions (the values each correction replaced)',
      response: { status: 200, data: ActivityDetailSchema },
    },
    [ActivityController, 'show']
  )
  api.post(
    '/activity/:id/fraud',
    {
      name: 'markActivityFraud',
      summary:
        "Mark an activity row as fraud: marks its customer and all of the customer's activity (cannot be undone)",
      body: fraudValidator,
      response: { status: 200, data: ActivitySchema },
    },
    [ActivityController, 'markFraud']
  )

  // ------------------------------------------------------------------ conversions
  api.get(
    '/conversions',
    {
      name: 'listConversions',
      summary:
        'Conversion events (registration, ftd, deposit, c_deposit) with their cap decision: filter by type, cap status, brand, campaign, affiliate, customer, country and dates',
      query: listQueryParameters(CONVERSION_LIST),
      response: { status: 200, list: ConversionSchema },
    },
    [ConversionsController, 'index']
  )
  api.get(
    '/conversions/export',
    {
      name: 'exportConversions',
      summary: 'Export conversions as CSV (same filters as the list); recorded in the downloads history',
      query: listQueryParameters(CONVERSION_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [ConversionsController, 'export']
  )

  // ------------------------------------------------------------------ FX rates
  api.get(
    '/fx-rates',
    {
      name: 'listFxRates',
      summary: "The organisation's daily FX rates: filter by fromCurrency, toCurrency and dates",
      query: listQueryParameters(FX_RATE_LIST),
      response: { status: 200, list: FxRateSchema },
    },
    [OperatorController, 'rates']
  )
  api.put(
    '/fx-rates',
    {
      name: 'setFxRates',
      summary: 'Set FX rates (from, to, date, rate); an existing rate is replaced',
      description: BATCH_NOTE,
      body: FxRatesBody,
      response: { status: 200, data: BatchResultSchema },
    },
    [OperatorController, 'setRates']
  )
  api.get(
    '/fx-rates/sample',
    {
      name: 'fxRatesSample',
      summary: 'A sample FX rates CSV',
      response: { status: 200, raw: 'text/csv' },
    },
    [OperatorController, 'ratesSample']
  )
  api.post(
    '/fx-rates/import',
    {
      name: 'importFxRates',
      summary: 'Import FX rates from a CSV file (from, to, date, rate)',
      multipart: { fileField: 'file' },
      response: { status: 202, data: ImportRecordSchema },
    },
    [OperatorController, 'importRates']
  )

  // ------------------------------------------------------------------ operator postback
  api.get(
    '/postback',
    {
      name: 'getPostback',
      summary: 'The operator postback URL and whether its secret is set (never the secret)',
      response: { status: 200, data: PostbackInfoSchema },
    },
    [OperatorController, 'postback']
  )
  api.post(
    '/postback/secret',
    {
      name: 'rotatePostbackSecret',
      summary:
        'Create or rotate the postback secret: shown once in this answer; the previous one stops working at once',
      response: { status: 201, data: PostbackInfoSchema },
    },
    [OperatorController, 'rotate']
  )
  api.get(
    '/postback-log',
    {
      name: 'listPostbackLog',
      summary:
        'The inbound postback log (newest first): filter by outcome, event and from/to; q searches cuid, txn_id and source IP',
      query: listQueryParameters(POSTBACK_LOG_LIST),
      response: { status: 200, list: PostbackLogSchema },
    },
    [OperatorController, 'log']
  )
}
