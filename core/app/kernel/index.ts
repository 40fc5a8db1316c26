/*
 * The shared kernel: what a plugin may import from core (`@affix/core/kernel`).
 * Anything not exported here is core's internals.
 */
export {
  definePlugin,
  SEED_SIZES,
  type PluginDefinition,
  type SeedContext,
  type SeedSize,
  type SeedTeam,
  type PermissionDefinition,
} from './plugin.js'
export { DemoRandom } from './demo_random.js'
export { ApiRouter, type RouteSpec } from './api_router.js'
export { defineSchema, passwordFormBody, type Schema, type RouteScope } from './openapi.js'
export { ok, created, list, envelope, type Envelope } from './envelope.js'
export {
  parseList,
  paginate,
  paginateRows,
  listQueryParameters,
  type ListOptions,
  type ListFilter,
  type ParsedList,
} from './list_query.js'
export {
  scoped,
  scopedTo,
  findScoped,
  tenantQuery,
  tenantOf,
  can,
  authorize,
  type Tenant,
  type TenantScope,
} from './tenancy.js'
export { ROLES, FEATURE_FLAGS, type Role, type FeatureFlag, type Ability } from './permissions.js'
export { validate, rejectClearedFields, PASSWORD_RULE, PHONE_RULE, TEXT_MAX, text } from './validation.js'
export { AppError, notFound, forbidden, badRequest, unprocessable } from './errors.js'
export { restrictionsFor, restricted, type OrganizationRestrictions } from './restrictions.js'
export { readCsvUpload, failedRowsCsv, CSV_MAX_BYTES } from './csv.js'
export { TenantPolicy } from './tenant_policy.js'
export {
  teamScopeOf,
  setReportScope,
  normalizeReportScope,
  DEFAULT_REPORT_SCOPE,
  TEAM_MEMBER_ROLES,
  REPORT_NAMES,
  type TeamScope,
  type ReportScope,
  type TeamMemberRole,
} from './team_scope.js'
export {
  assignAffiliatesToMember,
  unassignAffiliatesFromMember,
  clearMemberAssignments,
  assignedAffiliatesOf,
  assignmentCounts,
  type AssignedAffiliate,
  moveManagerAssignments,
  assignedAmong,
  markManagerAssignments,
} from './team_assignments.js'
export {
  organizationPreferences,
  organizationProfile,
  storedSignupSettings,
  storeSignupSettings,
  completePreferences,
  DEFAULT_PREFERENCES,
  WEEK_DAYS,
  type OrganizationPreferences,
  type WeekDay,
} from './organization_preferences.js'
export { findPanels, findPanel, listPanels, type PanelRef, type PanelQuery } from './panel_directory.js'
export { mailPanels, mailPanelsAfterCommit, type PanelMail, type PanelRecipients } from './panel_mail.js'
export { assertReportEnabled, SWITCHABLE_REPORTS, reportSubject, type SwitchableReport } from './report_switches.js'
export { pluginSettings, settingsOf } from './plugin_settings.js'
export { exportList, exportCsv, EXPORT_MAX_ROWS, type ExportColumn } from './exports.js'
export { resourceController, type ResourceOptions, type ResourceMethods } from './resource_controller.js'
export * as schemas from './schemas.js'
export { hasLookup, existingIds, missingIds, type LookupContext, type LookupProvider } from './lookups.js'
export { linkBaseUrl, configuredBaseUrl } from './links.js'
export {
  brandingImagesOf,
  takeLegacyOrganizationImages,
  BrandingImagesSchema,
  NO_BRANDING_IMAGES,
  type BrandingImages,
  type BrandingImagesProvider,
  type LegacyOrganizationImages,
} from './branding_images.js'
export { recordTimeline as recordOrganizationTimeline } from '#services/timeline'
export { trackingLink, shortTrackingLink, type TrackingLinkInput } from './tracking_links.js'
export { assertPluginEnabledFor, pluginEnabledFor } from './public_routes.js'
export { type RootRoute, type RootHandler } from './root_routes.js'
export { storage, type StorageDriver } from '#services/storage'
export {
  defineImportType,
  startImport,
  importNow,
  type ImportSummary,
  queueImport,
  parseImportFile,
  type ImportTypeDefinition,
  type ImportJob,
  type ImportRow,
  type ImportFailure,
  type ImportRecord,
  ImportRecordSchema,
} from './background_imports.js'
export {
  enqueueJob,
  jobWorkerRunning,
  type EnqueueOptions,
  type JobHandler,
  type JobHelpers,
} from '#services/job_queue'
export { limit as rateLimit } from '#services/rate_limit'
export {
  addPanel,
  addPanels,
  addSignedUpPanel,
  type SignedUpPanel,
  updatePanel,
  updatePanels,
  setPanelsStatus,
  revokePanelSessions,
  unusablePasswordHash,
  refusePasswordFields,
  PASSWORD_BY_INVITATION,
  BRAND_HAS_NO_PASSWORD,
  PANEL_STATUSES,
  type PanelStatus,
  type NewPanel,
  type NewPanelRow,
  type PanelChanges,
  type PanelRowChanges,
  type PanelCreation,
} from './panels.js'
export { panelSignup, emitPanelSignup, type SignupEvent, type SignupListener } from './signup_hooks.js'
export { bearerToken, type BearerGrant, type BearerTokenResolver } from './bearer_tokens.js'
export {
  assertValidScopes,
  assertValidIps,
  ipAllowed,
  assertOwnSession,
  panelsOfAddress,
  openPanelSession,
  type CredentialScope,
} from './identity.js'
export {
  defineHook,
  defineEvent,
  type HookPoint,
  type HookContribution,
  type EventPoint,
  type EventPayload,
  type EventHandler,
  type EventListener,
  type ExtensionPoint,
} from './extensions.js'
export { onInvalidation, publishInvalidation, type Invalidation } from './cache_bus.js'
export { mapCooperatively, yieldToEventLoop } from './cooperative.js'
export {
  redisConnection,
  redisEnabled,
  redisKeyPrefix,
  redisAnswers,
  type RedisConnection,
  type RedisPurpose,
} from './redis.js'
export { currencyRule, countryRule, dateTimeSchema, isCurrencyCode, isCountryCode } from './iso_rules.js'
export { TIMEZONES } from '#validators/organization'
export {
  platformFigures,
  accountPage,
  accountDetail,
  assertAccount,
  verifyAccount,
  updateAccount,
  type AccountChanges,
} from './accounts.js'
