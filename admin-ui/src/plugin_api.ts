/*
 * The contract between the admin shell and plugin admin modules. A plugin package
 * exports (as "./admin") a default object of type AdminPlugin; the shell registers its
 * resources, menu items and routes, merges its messages and shows it only when the
 * account has it enabled. Besides the types, the shell lends plugins a few components
 * and helpers (StatusTag, SectionErrorBoundary, buildQuery, NotesTab, StepWizard): plugins are bundled into the
 * admin UI from source, so these resolve to the very same modules the shell uses.
 */
import type { ComponentType, ReactElement } from 'react'
import type { DataProvider, Identifier } from 'react-admin'
import type { QueryParams, RequestOptions, UploadParams } from './http_client'
import type { GlanceFigure } from './dashboard/glance'
import type { SectionName } from './layout/sections'
import type { Account } from './session'

export { StatusTag, statusTagStyle } from './layout/StatusTag'
export { SectionErrorBoundary } from './layout/SectionErrorBoundary'
export { buildQuery, withQuery } from './http_client'
// Shell screens' pieces a plugin builds on: login-as (affiliates, brands) and the account's payment tab.
export { LoginAsButton } from './screens/LoginAsButton'
export { accountTabPath, providePaymentInfoPanel } from './screens/account/account_panels'
export {
  lazyScreen,
  useNotifyServerError,
  saveFile,
  ServerExportButton,
  BulkStatusButton,
  CAMPAIGNS_RESOURCE,
  useCampaignsAvailable,
  CampaignIdsInput,
  CampaignIdInput,
  EditButton,
  useEditPath,
} from './plugin_kit'
export {
  ImportProgress,
  IMPORTS_API,
  isRunning,
  POLL_INTERVAL_MS,
  progressPercent,
  RUNNING_STATUSES,
  type ImportRecord,
  type ImportStatus,
} from './layout/ImportProgress'
// Shared pieces of plugin screens: a record's notes tab and a form in steps.
export { NotesTab, type Note, type NotesTabProps } from './layout/NotesTab'
export { StepWizard, errorPaths, firstStepWithError, type StepWizardProps, type WizardStep } from './layout/StepWizard'
export type { QueryParams, RequestOptions, UploadParams } from './http_client'
// The shell's credential pieces (API keys and OAuth apps share them): the call helpers of
// its screens, the scopes editor, the expiry and IP limits, the secret shown once.
export { useApi, useFormSubmit, useNotifyError, type Api } from './screens/api'
export { useAbilities } from './screens/shared/abilities'
// Pieces of the core screens' sections, for the sections a plugin adds to them (screenSections).
export { fieldErrorsOf, messageOf } from './screens/api'
export { Section } from './screens/shared/Section'
export { ConfirmButton } from './screens/shared/ConfirmButton'
export { useRefreshAccount } from './screens/shared/useRefreshAccount'
export { CopyButton } from './screens/shared/CopyButton'
export { formatDateTime } from './screens/shared/dates'
export { SecretDialog, type Secret } from './screens/shared/SecretDialog'
export { StatusChip } from './screens/shared/StatusChip'
export { requiredEmail, requiredText, validateText } from './screens/shared/validation'
export { cleanList, credentialStatus, toExpiry } from './screens/configuration/apiKeys'
export { RevokeCredentialButton } from './screens/configuration/RevokeCredentialButton'
export { CredentialLimitsInputs } from './screens/configuration/CredentialLimitsInputs'
export { ScopesEditor } from './screens/configuration/ScopesEditor'
export { describeScopes, toScopesPayload, type Scope } from './screens/configuration/scopes'
// The public pages' pieces, for a plugin's public pages (an OpenID Connect callback, a signup form).
export { errorText, needsPanelChoice, useLanguage, usePublicApi, useStartSession, type PublicApi } from './public/api'
export { ErrorNotice, parseOrgId, PublicPage, Waiting } from './public/branding'
export { BackToLogin, PersonFields, SubmitButton, TermsCheckbox, useSubmit } from './public/form_parts'
export { NotFoundPage } from './public/ErrorPages'
export { PanelChooser } from './public/PanelChooser'
export type { Session } from './session'
export { daysBefore, type GlanceFigure } from './dashboard/glance'

export type Locale = 'en' | 'pt' | 'tr'

/** Nested message objects, merged under the app's own messages (e.g. `resources.manage/brand.name`). */
export type PluginMessages = Record<string, unknown>

export interface AdminResource {
  /**
   * react-admin resource name, unique across plugins, and at once its URL path without the
   * leading slash: the spec's route (§2), e.g. `manage/campaign` lists campaigns at
   * /manage/campaign and shows one at /manage/campaign/{id}. The registry maps it to `apiPath`.
   */
  name: string
  /**
   * Absolute API path of the REST collection (e.g. `/api/v1/brands/brands`). A record's
   * sub-collection names its parent's id as a parameter (e.g.
   * `/api/v1/campaigns/campaigns/:campaignId/caps`): the data provider fills it in from
   * `<ReferenceManyField target="campaignId">`, else from the call's `meta`, else from the
   * record, and pages and sorts the list it gets whole.
   */
  apiPath: string
  /**
   * The field that identifies a record when it is not `id` (e.g. a click's `clickId`), or
   * the fields that do together (joined with ":", e.g. an FX rate's from, to and date).
   */
  primaryKey?: string | string[]
  list?: ComponentType
  edit?: ComponentType
  create?: ComponentType
  /** The record's page: with a show view, /{name}/{id} is the show and /{name}/{id}/edit the form. */
  show?: ComponentType
  icon?: ComponentType
  recordRepresentation?: string
  options?: { label?: string }
  /** Sidebar section the resource is listed under. */
  menuGroup?: MenuGroup
  /** Position inside its group (lower first; default 100). */
  menuOrder?: number
  /**
   * i18n key of one sentence saying what the screen lets its reader do. The affiliate and
   * brand homes list these for the entries the account sees, so the home grows with the
   * plugins; a `<key>_affiliate` or `<key>_brand` message, when there is one, is used there.
   */
  description?: string
  /**
   * Ability subject that guards the resource (e.g. `campaigns` for `manage/campaign`); the
   * name itself when not given (core collections named after their subject).
   */
  subject?: string
  /**
   * The page of tabs the resource is one tab of (layout/sections.ts), e.g.
   * `configuration/tracking` for `configuration/tracking/domains`: its list shows the
   * section's tabs and the sidebar lists the section, not the resource.
   */
  section?: SectionName
  /** Names the resource had before: their paths (and everything below them) lead to its own. */
  formerNames?: string[]
}

/** The sidebar sections of spec §2, top to bottom. */
export const MENU_GROUPS = ['home', 'insights', 'engagements', 'manage', 'configuration'] as const
export type MenuGroup = (typeof MENU_GROUPS)[number]

/** A sidebar entry for a custom route (resources get theirs from `menuGroup`). */
export interface MenuItemDefinition {
  /** Route path without parameters, e.g. `/manage/organization`. */
  path: string
  /** i18n key (or literal text) of the label; also the page title unless `title` is given. */
  label: string
  /** i18n key of the page title (document.title), when it differs from the label. */
  title?: string
  icon?: ComponentType
  group: MenuGroup
  /** Ability needed to see the item and open the route (action `read` unless said). */
  subject: string
  action?: string
  /** Position inside its group (lower first; default 100). */
  order?: number
  /**
   * i18n key of one sentence saying what the screen lets its reader do. The affiliate and
   * brand homes list these for the entries the account sees, so the home grows with the
   * plugins; a `<key>_affiliate` or `<key>_brand` message, when there is one, is used there.
   */
  description?: string
  /** Only when this plugin is enabled for the organisation (e.g. marketplace, deals). */
  plugin?: string
  /** Extra condition on the account (feature flags such as `edl`, `an_cr`). */
  visible?: (account: Account) => boolean
}

/** Metadata of a route that is not a menu item: its page title and the ability it needs. */
export interface RouteMeta {
  /** Pattern as given to <Route path>, e.g. `/account/team-member/:memberId`. */
  path: string
  /** i18n key of the page title. */
  title: string
  subject?: string
  action?: string
  /** The plugin the route belongs to (set by the shell): a plugin short of a feature flag explains itself there. */
  plugin?: string
}

/** The core screens with tabs a plugin may add to. */
export type TabbedScreen = 'configuration/api' | 'account'

/**
 * A tab a plugin adds to a core screen (e.g. OAuth apps beside the API keys on
 * /configuration/api?tab=oauth). Shown while the plugin is enabled and the account has the ability.
 */
export interface ScreenTab {
  screen: TabbedScreen
  /** The `tab` query value, unique on its screen. */
  id: string
  /** i18n key of the tab's label. */
  label: string
  subject: string
  /** `read` unless said. */
  action?: string
  component: ComponentType
}

/** The core screens made of sections a plugin may add to. */
export type SectionedScreen = 'manage/organization' | 'settings'

/**
 * A section a plugin adds to a core screen (e.g. the branding plugin's logos on
 * /manage/organization, below the preferences). Shown while the plugin is enabled and the
 * account has the ability (`subject`, `read` unless `action` says); the component checks
 * finer abilities itself (`useAbilities`).
 */
export interface ScreenSection {
  screen: SectionedScreen
  /** Unique on its screen (a React key). */
  id: string
  subject: string
  /** `read` unless said. */
  action?: string
  component: ComponentType
}

/** What the login page hands each plugin's login action. */
export interface LoginActionProps {
  /** Shows a message in the login page's error notice. */
  onError: (message: string) => void
}

export interface AdminPlugin {
  /** Same id as the server plugin: the account's `plugins` list is matched on it. */
  id: string
  resources: AdminResource[]
  messages: Record<Locale, PluginMessages>
  /** Sidebar entries of the plugin's custom routes. */
  menuItems?: MenuItemDefinition[]
  /** Custom routes inside the layout (react-router <Route> elements). */
  routes?: ReactElement[]
  /** Titles and abilities of routes that are not menu items. */
  routeMeta?: RouteMeta[]
  /**
   * Paged collections the plugin's own components list with react-admin's <List resource>
   * (a tab's table), registered with the data provider like `resources` but with no page,
   * route or menu entry of their own. Named after the ability subject that guards them, or
   * given a `subject`. A record's sub-collection (a campaign's caps) is one too, its
   * `apiPath` naming the parent's id, shown with <ReferenceManyField> and edited with
   * <CreateBase>/<EditBase>.
   */
  collections?: Array<Pick<AdminResource, 'name' | 'apiPath' | 'primaryKey' | 'subject'>>
  /** Tabs added to core screens. */
  screenTabs?: ScreenTab[]
  /** Sections added to core screens. */
  screenSections?: ScreenSection[]
  /**
   * Public pages (blank layout, no login needed; react-router <Route> elements), e.g. the
   * page an OpenID Connect provider sends the browser back to. Nobody is logged in there,
   * so they are mounted for every installed plugin: a platform plugin's, or pages that ask
   * the server whether they apply.
   */
  publicRoutes?: ReactElement[]
  /**
   * Below the login form (e.g. "Sign in with SSO"), for every installed plugin: each
   * renders nothing when it does not apply (it asks the server).
   */
  loginActions?: ComponentType<LoginActionProps>[]
  /** Figures of the dashboard's "at a glance" strip (dashboard/glance.ts). */
  glance?: GlanceFigure[]
}

export interface Ability {
  subject: string
  action: string
}

/** What authProvider.getPermissions resolves to. */
export interface Permissions {
  abilities: Ability[]
  /** Ids of the plugins enabled for the account's organisation. */
  enabledPlugins: string[]
  superuser: boolean
}

export interface BulkStatusResult {
  updated: number
  ids: Identifier[]
}

export interface ImportFailure {
  line: number
  error: string
}

export interface ImportSummary {
  id: number
  type: string
  status: 'completed' | 'failed' | 'imported_partially'
  fileName: string
  totalRows: number
  importedRows: number
  failedRows: number
  failures: ImportFailure[]
  failedRowsUrl: string | null
}

export interface DownloadedFile {
  blob: Blob
  fileName: string
}

/** react-admin's DataProvider plus the Affix endpoints that are not plain CRUD. */
export interface AffixDataProvider extends DataProvider {
  /** POST <resource path>/status {ids, status}: the bulk status endpoint of a resource. */
  setStatus(resource: string, params: { ids: Identifier[]; status: string }): Promise<{ data: BulkStatusResult }>
  /** POST <resource path>/import with the CSV as multipart field `file`. */
  importCsv(resource: string, params: { file: File }): Promise<{ data: ImportSummary }>
  /** GET an authenticated file (e.g. an import's failed rows) as a Blob. */
  downloadFile(path: string, options?: RequestOptions): Promise<DownloadedFile>
  /**
   * Any API call (spec §7: GET with query, POST/PUT/PATCH JSON, DELETE with JSON body and
   * query). Resolves to the envelope's data. Errors go through authProvider.checkError; when
   * it handled one (logout, /403, /404, forced logout), react-admin resolves the call with
   * `{ data: {} }` and no headers while the page is being left: tolerate that shape.
   */
  request<T = any>(
    path: string,
    options?: Omit<RequestOptions, 'body'> & {
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
      query?: QueryParams
      body?: unknown
    }
  ): Promise<{ data: T; headers: Headers; status: number }>
  /** POST (or PUT/PATCH) multipart: a file and fields, with a query. */
  upload<T = any>(path: string, params: UploadParams): Promise<{ data: T }>
}
