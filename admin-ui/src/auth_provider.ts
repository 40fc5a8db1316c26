/*
 * Bearer-token authentication against the Affix API, over the session of session.ts
 * (per-panel token and account). The login payload (user, organisation, preferences,
 * abilities, enabled plugins) is stored with the token, so identity and permissions need
 * no extra request on reload.
 *
 * checkError applies spec §8 to every data-provider failure (see classifyApiError):
 * 401 typed invoice-due / trial-end → the message is shown as a notice and nothing else;
 * any other 401 → logout (back to /login, /superadmin/login, or the panel a login-as
 * session came from); 406 → forced logout; 403 → /403 (a locked panel → /manage/billing);
 * 404 on a GET → /404; 400, 422, 429 and the rest → shown by the screen that asked.
 */
import type { AuthProvider, UserIdentity } from 'react-admin'
import { httpClient as defaultHttpClient, isBillingNotice, type HttpClient, type RequestInfo } from './http_client'
import type { Ability, Permissions } from './plugin_api'
import {
  activatePanel,
  clearPanel,
  clearSession,
  currentAccount,
  currentCoid,
  currentPanel,
  currentToken,
  homePath,
  LOGGED_IN_FROM_ADMIN_KEY,
  loginAsOrigin,
  loginPath,
  panelAccount,
  panelToken,
  saveAccount,
  saveSession,
  storedPanels,
  type Account,
  type PanelName,
  type Session,
} from './session'
import { subjectOfResource } from './resource_registry'

export type { Account } from './session'

/** Subjects a parent admin loses while acting on a child organisation (server: CHILD_EXCLUDED). */
const CHILD_EXCLUDED = new Set(['billing', 'team_members', 'settings', 'configuration'])

/** The abilities that apply now: the account's, narrowed while acting on a child organisation. */
export function effectiveAbilities(account: Account | null, coid: number | null = currentCoid()): Ability[] {
  const abilities = account?.abilities ?? []
  if (!coid || coid === account?.org.id) return abilities
  return abilities.filter(
    ({ subject, action }) => !CHILD_EXCLUDED.has(subject) && !(subject === 'plugins' && action === 'manage')
  )
}

export function permissionsOf(account: Account | null, coid: number | null = null): Permissions {
  return {
    abilities: effectiveAbilities(account, coid),
    enabledPlugins: (account?.plugins ?? []).filter((plugin) => plugin.enabled).map((plugin) => plugin.id),
    superuser: account?.su ?? false,
  }
}

/** react-admin actions → the API's ability actions (`manage` includes `read`). */
const ABILITY_FOR_ACTION: Record<string, string> = {
  list: 'read',
  show: 'read',
  read: 'read',
  export: 'read',
  create: 'manage',
  edit: 'manage',
  delete: 'manage',
  clone: 'manage',
  write: 'manage',
  import: 'import',
}

/** Whether the abilities hold `action` on `subject` (`manage` includes `read`). */
export function hasAbility(abilities: Ability[], subject: string, action = 'read'): boolean {
  return abilities.some(
    (ability) =>
      ability.subject === subject && (ability.action === action || (action === 'read' && ability.action === 'manage'))
  )
}

/** Whether the abilities allow a react-admin `action` on `resource` (the server is the authority; this only hides). */
export function canAccessResource(
  { abilities }: Pick<Permissions, 'abilities'>,
  resource: string,
  action: string
): boolean {
  // Field-level checks arrive as `brands.name`: the resource decides.
  return hasAbility(abilities, subjectOfResource(resource.split('.')[0]), ABILITY_FOR_ACTION[action] ?? action)
}

/** What an API failure leads to (spec §8). */
export type ApiErrorAction =
  | { kind: 'notice' }
  | { kind: 'logout' }
  | { kind: 'forcedLogout' }
  | { kind: 'redirect'; to: string }
  | { kind: 'warning' }
  | { kind: 'error' }

export function classifyApiError(
  error: { status?: number; type?: string | null; request?: RequestInfo } | null | undefined
): ApiErrorAction {
  const status = error?.status
  if (status === 401) return isBillingNotice(error!) ? { kind: 'notice' } : { kind: 'logout' }
  if (status === 406) return { kind: 'forcedLogout' }
  // A report the admin switched off: the screen that asked shows the server's message ("…disabled by Admin").
  if (status === 403 && error?.type === 'report_disabled') return { kind: 'error' }
  if (status === 403) return { kind: 'redirect', to: error?.type === 'panel_locked' ? '/manage/billing' : '/403' }
  // A GET that finds nothing is the page's own record (an edit or detail screen): /404.
  // A write that answers 404 stays on its form, which shows the message.
  if (status === 404 && error?.request?.method === 'GET' && error.request.notFoundPage)
    return { kind: 'redirect', to: '/404' }
  if (status === 400) return { kind: 'warning' }
  return { kind: 'error' }
}

function logoutEndpoint(account: Account | null, origin: PanelName | null) {
  // A superadmin, or a superadmin-as-admin session, logs out through /logout/su.
  return account?.su || origin === 'superadmin' ? '/api/v1/auth/logout/su' : '/api/v1/auth/logout'
}

export interface LoginParams {
  email: string
  password: string
  /** Opens the panel of that organisation when the address holds several. */
  organizationId?: number
  /** Logs in through the superadmin door (POST /api/v1/superuser/auth/login). */
  superadmin?: boolean
}

export function createAuthProvider(httpClient: HttpClient = defaultHttpClient): AuthProvider {
  const fetchAccount = async (): Promise<Account> => {
    const { json } = await httpClient<Account>('/api/v1/account')
    saveAccount(json)
    return json
  }
  const account = async () => currentAccount() ?? (currentToken() ? fetchAccount() : null)

  return {
    async login({ email, password, organizationId, superadmin }: LoginParams) {
      const path = superadmin ? '/api/v1/superuser/auth/login' : '/api/v1/auth/login'
      const body = superadmin ? { email, password } : { email, password, ...(organizationId ? { organizationId } : {}) }
      const { json } = await httpClient<Session>(path, { method: 'POST', body: JSON.stringify(body) })
      saveSession(json)
      // No redirectTo: react-admin returns to the page that asked for a login, else '/',
      // where the dashboard sends each panel to its home. The person's panels let the
      // login page offer a choice.
      return { panels: json.panels ?? [] }
    },

    /** Resolves to where the user goes next: a login page, or the panel a login-as session came from. */
    async logout() {
      const panel = currentPanel()
      const account = currentAccount()
      const origin = loginAsOrigin()
      const destination = loginPath(panel)
      if (panel && currentToken()) {
        // Revoking is best effort: an expired token is already useless.
        await httpClient(logoutEndpoint(account, origin), { method: 'POST' }).catch(() => undefined)
      }
      if (panel && origin) {
        // Spec §4: a login-as session (e.g. superadmin as admin) returns to the panel it came from.
        clearPanel(panel)
        localStorage.removeItem(LOGGED_IN_FROM_ADMIN_KEY)
        activatePanel(origin)
        return homePath(panelAccount(origin))
      }
      // Panels opened by switching end with this one.
      const others = storedPanels().filter((other) => other !== panel)
      await Promise.all(
        others.map((other) => {
          const token = panelToken(other)
          if (!token) return undefined
          return httpClient(logoutEndpoint(panelAccount(other), null), {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
          }).catch(() => undefined)
        })
      )
      clearSession()
      return destination
    },

    async checkAuth() {
      if (!currentToken()) {
        const hadSession = currentPanel() !== null
        throw { redirectTo: loginPath(currentPanel()), message: hadSession ? 'ra.auth.auth_check_error' : false }
      }
    },

    async checkError(error) {
      const action = classifyApiError(error)
      switch (action.kind) {
        case 'logout':
          // No redirectTo: logout() decides (login page, or back to the login-as origin).
          throw { message: error?.message || 'ra.notification.logged_out', logoutUser: true }
        case 'forcedLogout':
          throw { message: error?.message || 'affix.errors.forced_logout', logoutUser: true }
        case 'redirect': {
          if (action.to === '/manage/billing') {
            // The stored account may predate the lock: the layout's guard reads it from here.
            const stored = currentAccount()
            if (stored)
              saveAccount({ ...stored, billing: { state: stored.billing?.state ?? 'active', panelLocked: true } })
          }
          throw { logoutUser: false, redirectTo: action.to, message: false }
        }
        default:
          // notice (typed 401), warning (400) and errors are shown by the screen that asked.
          return
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const current = await account()
      if (!current) throw new Error('ra.auth.auth_check_error')
      return {
        id: current.user.id,
        fullName: current.user.name ?? current.user.email,
        email: current.user.email,
        role: current.user.role,
        org: current.org,
      }
    },

    async getPermissions(): Promise<Permissions> {
      return permissionsOf(await account(), currentCoid())
    },

    async canAccess({ resource, action }) {
      return canAccessResource(permissionsOf(await account(), currentCoid()), resource, action)
    },
  }
}
