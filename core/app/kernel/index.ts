/*
 * The shared kernel: what a plugin may import from core (`@affix/core/kernel`).
 * Anything not exported here is core's internals.
 */
export { definePlugin, type PluginDefinition, type SeedContext, type PermissionDefinition } from './plugin.js'
export { ApiRouter, type RouteSpec } from './api_router.js'
export { defineSchema, type Schema } from './openapi.js'
export { ok, created, list, envelope, type Envelope } from './envelope.js'
export { parseList, paginate, listQueryParameters, type ListOptions, type ListFilter } from './list_query.js'
export { scoped, findScoped, tenantOf, can, authorize, type Tenant } from './tenancy.js'
export { ROLES, FEATURE_FLAGS, type Role, type FeatureFlag, type Ability } from './permissions.js'
export { validate, rejectClearedFields, PASSWORD_RULE, PHONE_RULE, TEXT_MAX, text } from './validation.js'
export { AppError, notFound, forbidden, badRequest, unprocessable } from './errors.js'
export { restrictionsFor, restricted, type OrganizationRestrictions } from './restrictions.js'
export { readCsvUpload, failedRowsCsv, CSV_MAX_BYTES } from './csv.js'
export { recordImport, type ImportSummary } from './imports.js'
export { TenantPolicy } from './tenant_policy.js'
export { teamScopeOf, TEAM_MEMBER_ROLES, REPORT_NAMES, type TeamScope, type ReportScope } from './team_scope.js'
export { assertReportEnabled, SWITCHABLE_REPORTS, reportSubject, type SwitchableReport } from './report_switches.js'
export { pluginSettings, settingsOf } from './plugin_settings.js'
export { exportList, exportCsv, EXPORT_MAX_ROWS, type ExportColumn } from './exports.js'
export * as schemas from './schemas.js'
export { registerLookup, hasLookup, existingIds, missingIds, type LookupContext, type LookupProvider } from './lookups.js'
export { trackingLink, shortTrackingLink, type TrackingLinkInput } from './tracking_links.js'
export { assertPluginEnabledFor } from './public_routes.js'
export { type RootRoute, type RootHandler } from './root_routes.js'
export { storage, type StorageDriver } from '#services/storage'
export {
  defineImportType,
  registerImportType,
  startImport,
  queueImport,
  parseImportFile,
  type ImportTypeDefinition,
  type ImportJob,
  type ImportRow,
  type ImportFailure,
  type ImportRecord,
  ImportRecordSchema,
} from './background_imports.js'
export { enqueueJob, type EnqueueOptions, type JobHandler, type JobHelpers } from '#services/jobs'
export { addPanel, updatePanel, setPanelsStatus, revokePanelSessions, unusablePasswordHash, PANEL_STATUSES, type PanelStatus, type NewPanel, type PanelChanges } from './panels.js'
export { onPanelSignup, type SignupEvent, type SignupListener } from './signup_hooks.js'
export { onInvalidation, publishInvalidation, closeCacheBus, type Invalidation } from './cache_bus.js'
export { currencyRule, countryRule, dateTimeSchema, isCurrencyCode, isCountryCode } from './iso_rules.js'
