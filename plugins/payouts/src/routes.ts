import { listQueryParameters, type ApiRouter } from '@affix/core/kernel'
import { ROW_LIST } from './lists.js'
import {
  BrandFormulaSchema,
  CarryBalanceSchema,
  CloseSummarySchema,
  FormulaCheckSchema,
  PeriodsSchema,
  ReferralReportSchema,
  ReferralSettingSchema,
  RowDetailSchema,
  RowSchema,
  StatementSchema,
  StatusResultSchema,
} from './schemas.js'
import {
  formulaCheckValidator,
  formulaValidator,
  referralOverrideValidator,
  referralSettingsValidator,
  statusValidator,
} from './validators.js'

const RowsController = () => import('./controllers/rows_controller.js')
const ReportsController = () => import('./controllers/reports_controller.js')
const PeriodsController = () => import('./controllers/periods_controller.js')
const SettingsController = () => import('./controllers/settings_controller.js')

const STATUS_NOTE =
  'Rows named by `ids` change all or none (a refusal names the rows and why); rows chosen by `filter` change where they may and the others are counted by reason. Only rows of closed periods are approved or paid.'

const periodQuery = {
  period: { type: 'string', description: 'Period (repeat for several)' },
  affiliateId: { type: 'integer', description: 'Affiliate (repeat for several)' },
}

export function payoutsRoutes(api: ApiRouter) {
  api.get(
    '/rows',
    {
      name: 'listRows',
      summary:
        'Commission rows with filters (period, affiliate, campaign, brand, customer, type, status). Affiliates see their own; team members their scope.',
      query: listQueryParameters(ROW_LIST),
      response: { status: 200, list: RowSchema },
    },
    [RowsController, 'index']
  )
  api.get(
    '/rows/export',
    {
      name: 'exportRows',
      summary: 'Export commission rows as CSV (same filters as the list)',
      query: listQueryParameters(ROW_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [RowsController, 'export']
  )
  api.get(
    '/rows/:id',
    {
      name: 'getRow',
      summary: 'A commission row with its explanation (what made it, to the cent) and its status history',
      response: { status: 200, data: RowDetailSchema },
    },
    [RowsController, 'show']
  )
  for (const [action, summary] of [
    ['approve', 'Approve rows of closed periods (a denied row or one waiting for a rate is refused)'],
    ['deny', 'Deny rows (a reason is required); a paid row cannot be denied'],
    ['hold', 'Hold rows for review'],
    ['pay', 'Mark approved rows of closed periods paid by hand, with a reference (payouts made outside Affix)'],
  ] as const) {
    api.post(
      `/rows/${action}`,
      {
        name: `${action}Rows`,
        summary,
        description: STATUS_NOTE,
        body: statusValidator,
        response: { status: 200, data: StatusResultSchema },
      },
      [RowsController, action]
    )
  }
  api.get(
    '/statements',
    {
      name: 'listStatements',
      summary:
        'Payout summary per affiliate × period × currency: CPA, RevShare, carryover, referral, adjustment and total (the sum of the rows that count), and amounts by status',
      query: periodQuery,
      response: { status: 200, data: { type: 'array', items: StatementSchema } },
    },
    [ReportsController, 'statements']
  )
  api.get(
    '/carryover',
    {
      name: 'listCarryover',
      summary: 'Negative carryover balances after each closed period (per affiliate × brand × currency)',
      query: { ...periodQuery, brandId: { type: 'integer' } },
      response: { status: 200, data: { type: 'array', items: CarryBalanceSchema } },
    },
    [ReportsController, 'carryover']
  )
  api.get(
    '/referrals',
    {
      name: 'referralReport',
      summary: 'Referral commissions per referrer and level (1–3)',
      query: { period: periodQuery.period, level: { type: 'integer', enum: [1, 2, 3] } },
      response: { status: 200, data: { type: 'array', items: ReferralReportSchema } },
    },
    [ReportsController, 'referrals']
  )
  api.get(
    '/periods',
    {
      name: 'listPeriods',
      summary: 'Commission periods: closed ones with what their close did, open ones up to today',
      response: { status: 200, data: PeriodsSchema },
    },
    [PeriodsController, 'index']
  )
  api.get(
    '/periods/:period/preview',
    {
      name: 'previewClose',
      summary:
        'What closing the period would do (rows recomputed, carryover and referral rows, totals), without doing it',
      response: { status: 200, data: CloseSummarySchema },
    },
    [PeriodsController, 'preview']
  )
  api.post(
    '/periods/:period/close',
    {
      name: 'closePeriod',
      summary:
        'Close a period: only after it has ended and when every earlier period is closed; RevShare, tiers and carryover become final',
      response: { status: 200, data: CloseSummarySchema },
    },
    [PeriodsController, 'close']
  )
  api.get(
    '/referral-settings',
    {
      name: 'getReferralSettings',
      summary: 'The referral setting (404 "Global referral does not exist" until one is saved)',
      response: { status: 200, data: ReferralSettingSchema },
    },
    [SettingsController, 'showReferral']
  )
  api.put(
    '/referral-settings',
    {
      name: 'updateReferralSettings',
      summary: 'Set the referral method (% of NGR or % of payout), the percentages of levels 1–3 and partner referral',
      body: referralSettingsValidator,
      response: { status: 200, data: ReferralSettingSchema },
    },
    [SettingsController, 'updateReferral']
  )
  api.put(
    '/referral-settings/overrides/:affiliateId',
    {
      name: 'setReferralOverride',
      summary: 'A referrer’s own percentages (a null level uses the organisation’s)',
      body: referralOverrideValidator,
      response: { status: 200, data: ReferralSettingSchema },
    },
    [SettingsController, 'updateReferralOverride']
  )
  api.delete(
    '/referral-settings/overrides/:affiliateId',
    {
      name: 'deleteReferralOverride',
      summary: 'Remove a referrer’s own percentages',
      response: { status: 200, data: ReferralSettingSchema },
    },
    [SettingsController, 'deleteReferralOverride']
  )
  api.get(
    '/brands/:brandId/formula',
    {
      name: 'getBrandFormula',
      summary: 'A brand’s GGR/NGR formula override: the current version and every earlier one',
      response: { status: 200, data: BrandFormulaSchema },
    },
    [SettingsController, 'showFormula']
  )
  api.put(
    '/brands/:brandId/formula',
    {
      name: 'setBrandFormula',
      summary:
        'Save a brand’s formula override (checked; a new version). Enabling or disabling it needs `confirm: true`.',
      body: formulaValidator,
      response: { status: 200, data: BrandFormulaSchema },
    },
    [SettingsController, 'updateFormula']
  )
  api.post(
    '/formulas/check',
    {
      name: 'checkFormula',
      summary: 'Check GGR/NGR formulas and evaluate them against sample values (nothing is saved)',
      body: formulaCheckValidator,
      response: { status: 200, data: FormulaCheckSchema },
    },
    [SettingsController, 'checkFormula']
  )
}
