/*
 * Routes. Core's own API (auth, account, plugins, imports, health) is declared here;
 * each installed plugin's routes are mounted under /api/v1/<plugin id> behind auth,
 * tenancy and the per-organisation pluginEnabled guard. Every API route goes through
 * ApiRouter, which records it for the generated OpenAPI document.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { registry } from '#config/plugins'
import { ApiRouter } from '#kernel/api_router'
import { PASSWORD_BY_INVITATION } from '#kernel/panels'
import { ExportRecord, PluginSettings } from '#start/schemas'
import { EXPORT_LIST } from '#services/export_list'
import {
  Account,
  ApiKeySchema,
  ApiLogSchema,
  CreatedApiKey,
  Health,
  ImportRecord,
  LoginAsEntry,
  Message,
  Organization,
  PluginState,
  Session,
  TimelineEntry,
} from '#start/schemas'
import { loginValidator, pluginStateValidator } from '#validators/auth'
import { createChildValidator, restrictionsValidator, updateOrganizationValidator } from '#validators/organization'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/password'
import { TIMELINE_LIST } from '#services/organization'
import { createApiKeyValidator } from '#validators/api_keys'
import { API_KEY_LIST, API_LOG_LIST } from '#services/api_key_lists'
import { loginAsValidator } from '#validators/login_as'
import { LOGIN_AS_LIST } from '#services/login_as_list'
import { listQueryParameters } from '#kernel/list_query'
import { IMPORT_LIST } from '#services/import_list'

/** A plugin's id (`brands`, `deep-links`): its name, not a record id. */
const PLUGIN_ID_PARAM = { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' }

const AuthController = () => import('#controllers/auth_controller')
const AccountController = () => import('#controllers/account_controller')
const HealthController = () => import('#controllers/health_controller')
const PluginsController = () => import('#controllers/plugins_controller')
const ImportsController = () => import('#controllers/imports_controller')
const ExportsController = () => import('#controllers/exports_controller')
const UiController = () => import('#controllers/ui_controller')
const OrganizationController = () => import('#controllers/organization_controller')
const PasswordController = () => import('#controllers/password_controller')
const ApiKeysController = () => import('#controllers/api_keys_controller')
const LoginAsController = () => import('#controllers/login_as_controller')

new ApiRouter(router, '', 'core', true).get(
  '/health',
  { name: 'health', summary: 'Database, Redis and job worker state', response: { status: 200, data: Health } },
  [HealthController, 'show']
)
router
  .group(() => {
    const api = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    api.post(
      '/login',
      {
        name: 'login',
        summary: 'Log in with e-mail and password; returns a bearer token',
        body: loginValidator,
        response: { status: 200, data: Session },
        errors: {
          '401': 'Invalid email or password',
          '403': 'The account is not active',
          '429': 'Too many login attempts',
        },
      },
      [AuthController, 'login']
    )
    api.post(
      '/password/forgot',
      {
        name: 'forgotPassword',
        summary:
          'Mail a single-use link (60 minutes) to reset the password; same answer for unknown addresses; the link is built on the configured address, never the request Host',
        body: forgotPasswordValidator,
        response: { status: 200, data: Message },
      },
      [PasswordController, 'forgot']
    )
    api.post(
      '/password/reset',
      {
        name: 'resetPassword',
        summary:
          'Set the password with the code of a mailed reset or invitation link, on every panel of the address; ends every session of the address',
        body: resetPasswordValidator,
        response: { status: 200, data: Message },
      },
      [PasswordController, 'reset']
    )
  })
  .prefix('/api/v1/auth')

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth')
    auth.post(
      '/login-as',
      {
        name: 'loginAs',
        scope: false,
        summary:
          'Log in as an affiliate or brand (admin) or as an admin (superadmin); audited; the caller keeps its own token',
        body: loginAsValidator,
        response: { status: 200, data: Session },
      },
      [LoginAsController, 'store']
    )
    auth.get(
      '/login-as',
      {
        name: 'listLoginAs',
        scope: false,
        summary: 'Login-as audit trail: who acted as whom, when',
        query: listQueryParameters(LOGIN_AS_LIST),
        response: { status: 200, list: LoginAsEntry },
      },
      [LoginAsController, 'index']
    )
    auth.post(
      '/logout',
      {
        name: 'logout',
        // Any key reaches the handler, which explains that a key is revoked, not logged out (422).
        scope: 'any',
        summary: 'Revoke the current token (a panel session or login-as token)',
        description:
          'Ends the session of the token used. An API key is not a session: this answers 422 and the key keeps working until it is revoked (DELETE /api/v1/api-keys/{id}).',
        errors: { '422': 'Called with an API key, which is revoked on the API keys screen, not logged out' },
        response: { status: 200, data: { type: 'object', properties: { loggedOut: { type: 'boolean' } } } },
      },
      [AuthController, 'logout']
    )
  })
  .prefix('/api/v1/auth')
  .use(middleware.auth())

router
  .group(() => {
    const core = new ApiRouter(router, '/api/v1', 'core')
    core.get(
      '/account',
      {
        name: 'getAccount',
        // Who the key or token acts as (the CLI's `login --api-key` checks a key with it).
        scope: 'any',
        summary: 'Current user, organisation, preferences and abilities',
        response: { status: 200, data: Account },
      },
      [AccountController, 'show']
    )
    core.get(
      '/plugins',
      {
        name: 'listPlugins',
        summary: 'Installed plugins and their state for this organisation',
        response: { status: 200, data: { type: 'array', items: PluginState } },
      },
      [PluginsController, 'index']
    )
    core.patch(
      '/plugins/:id',
      {
        name: 'setPluginState',
        params: { id: PLUGIN_ID_PARAM },
        summary: 'Enable or disable a plugin for this organisation (admin)',
        body: pluginStateValidator,
        response: { status: 200, data: PluginState },
      },
      [PluginsController, 'update']
    )
    core.get(
      '/plugins/:id/settings',
      {
        name: 'getPluginSettings',
        params: { id: PLUGIN_ID_PARAM },
        summary:
          "A plugin's settings form (JSON Schema) and this organisation's values; 404 when the plugin has no settings",
        response: { status: 200, data: PluginSettings },
      },
      [PluginsController, 'settings']
    )
    core.put(
      '/plugins/:id/settings',
      {
        name: 'updatePluginSettings',
        params: { id: PLUGIN_ID_PARAM },
        summary: "Replace a plugin's settings for this organisation (validated by the plugin's rules)",
        body: { type: 'object', additionalProperties: true },
        response: { status: 200, data: PluginSettings },
      },
      [PluginsController, 'updateSettings']
    )
    core.get(
      '/organization',
      {
        name: 'getOrganization',
        summary: 'The organisation acted on (own, or a child with coid)',
        response: { status: 200, data: Organization },
      },
      [OrganizationController, 'show']
    )
    core.patch(
      '/organization',
      {
        name: 'updateOrganization',
        summary: 'Update the name and preferences (the timezone is locked: contact your account manager)',
        body: updateOrganizationValidator,
        response: { status: 200, data: Organization },
      },
      [OrganizationController, 'update']
    )
    core.get(
      '/organization/timeline',
      {
        name: 'getOrganizationTimeline',
        summary: 'History of changes to the organisation',
        query: listQueryParameters(TIMELINE_LIST),
        response: { status: 200, list: TimelineEntry },
      },
      [OrganizationController, 'timeline']
    )
    core.get(
      '/organization/child',
      {
        name: 'listChildOrganizations',
        summary: 'Child organisations of a parent organisation',
        response: { status: 200, data: { type: 'array', items: Organization } },
      },
      [OrganizationController, 'children']
    )
    core.post(
      '/organization/child',
      {
        name: 'createChildOrganization',
        summary: 'Register a child organisation with its first admin (parents only)',
        description:
          'The first admin gets an invitation mailed to adminEmail to set their own password (single use, 7 days); the parent never sets it, and a `password` field is refused.',
        body: createChildValidator,
        refusedFields: PASSWORD_BY_INVITATION,
        response: { status: 201, data: Organization },
      },
      [OrganizationController, 'createChild']
    )
    core.patch(
      '/organization/child/:id/restrictions',
      {
        name: 'setChildRestrictions',
        summary: 'Restrict a child organisation: product changes, products per brand, integrations, affiliate invoices',
        body: restrictionsValidator,
        response: { status: 200, data: Organization },
      },
      [OrganizationController, 'updateRestrictions']
    )
    core.get(
      '/api-keys',
      {
        name: 'listApiKeys',
        scope: false,
        summary: 'API keys (secrets are never returned)',
        query: listQueryParameters(API_KEY_LIST),
        response: { status: 200, list: ApiKeySchema },
      },
      [ApiKeysController, 'index']
    )
    core.post(
      '/api-keys',
      {
        name: 'createApiKey',
        scope: false,
        summary: 'Create an API key with scopes, expiry and allowed IPs; the key is shown once',
        body: createApiKeyValidator,
        response: { status: 201, data: CreatedApiKey },
      },
      [ApiKeysController, 'store']
    )
    core.get(
      '/api-keys/logs',
      {
        name: 'listApiLogs',
        scope: false,
        summary: 'The API log: every call made with an API key',
        query: listQueryParameters(API_LOG_LIST),
        response: { status: 200, list: ApiLogSchema },
      },
      [ApiKeysController, 'logs']
    )
    core.delete(
      '/api-keys/:id',
      {
        name: 'revokeApiKey',
        scope: false,
        summary: 'Revoke an API key at once',
        response: { status: 200, data: ApiKeySchema },
      },
      [ApiKeysController, 'destroy']
    )
    core.get(
      '/exports',
      {
        name: 'listExports',
        summary: 'Downloads: the exports the caller made (exporting, exported, failed)',
        query: listQueryParameters(EXPORT_LIST),
        response: { status: 200, list: ExportRecord },
      },
      [ExportsController, 'index']
    )
    core.get(
      '/exports/:id',
      { name: 'getExport', summary: 'One export of the caller', response: { status: 200, data: ExportRecord } },
      [ExportsController, 'show']
    )
    core.get(
      '/exports/:id/file',
      { name: 'downloadExport', summary: "An export's CSV file, again", response: { status: 200, raw: 'text/csv' } },
      [ExportsController, 'file']
    )
    core.get(
      '/imports',
      {
        name: 'listImports',
        summary: 'Import history (uploads)',
        query: listQueryParameters(IMPORT_LIST),
        response: { status: 200, list: ImportRecord },
      },
      [ImportsController, 'index']
    )
    core.get(
      '/imports/:id',
      {
        name: 'getImport',
        summary: 'One import with its progress and counts (poll it while queued or processing)',
        response: { status: 200, data: ImportRecord },
      },
      [ImportsController, 'show']
    )
    core.get(
      '/imports/:id/failed-rows',
      {
        name: 'downloadFailedRows',
        summary: 'The failed-rows CSV of an import',
        response: { status: 200, raw: 'text/csv' },
      },
      [ImportsController, 'failedRows']
    )
    core.post(
      '/imports/:id/cancel',
      {
        name: 'cancelImport',
        summary:
          'Cancel an import: a queued one at once; a processing one is rolled back (nothing is written) and cancelled',
        response: { status: 200, data: ImportRecord },
      },
      [ImportsController, 'cancel']
    )
    core.get(
      '/imports/:id/file',
      {
        name: 'downloadImportFile',
        summary: 'The original upload of an import',
        response: { status: 200, raw: 'text/csv' },
      },
      [ImportsController, 'file']
    )
  })
  .prefix('/api/v1')
  .use(middleware.auth())

for (const plugin of registry.ordered) {
  if (!plugin.routes) continue
  router
    .group(() => plugin.routes!(new ApiRouter(router, `/api/v1/${plugin.id}`, plugin.id)))
    .prefix(`/api/v1/${plugin.id}`)
    .use([middleware.auth(), middleware.pluginEnabled({ plugin: plugin.id })])
}

// Each area of core keeps its routes in a file of its own.
await import('./routes/panels.js')
await import('./routes/profile.js')
await import('./routes/registration.js')
await import('./routes/superadmin.js')
await import('./routes/organization_features.js')
await import('./routes/plugin_public.js')
await import('./routes/plugin_root.js')

router.get('/api/docs', [UiController, 'apiReference'])
router.get('/api/docs/scalar.js', [UiController, 'scalarBundle'])
router.get('/api/docs/init.js', [UiController, 'apiReferenceInit'])
router.get('/api/openapi.json', [UiController, 'openapiDocument'])
router.get('/*', [UiController, 'asset'])
