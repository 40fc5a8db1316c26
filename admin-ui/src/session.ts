/*
 * The browser session (spec §3 local-storage keys, §4 session rules). One person may hold
 * several panels; the panel chosen in storage decides which token, user, organisation and
 * abilities apply. Every screen that logs someone in (login, verification, OIDC, signup,
 * login-as, panel switch) stores the server's Session payload through saveSession.
 *
 * Keys: panel, <panel>User, <panel>Org, <panel>Ability, <panel>Token, <panel>TokenExpiresAt,
 * <panel>Account (the whole account payload), coid, childOrgs, onboardingPending,
 * preference, panelFilters, tableColsOrder, isCollapsed, loggedInFromAdmin.
 *
 * Logout keeps only CACHE_KEYS (and the language choice, spec §9 "the choice is persisted").
 * A login-as session (loggedInFromAdmin names the panel it was started from) ends by
 * dropping its own panel's keys only, so the original panel is still there to return to.
 */
import type { Ability } from './plugin_api'

/** The server's account payload (GET /api/v1/account). */
export interface Account {
  user: {
    id: number
    email: string
    name: string | null
    role: string
    status: string
    locale: string | null
    owner?: boolean
  }
  org: {
    id: number
    name: string
    type: string
    panelType?: string
    parentId?: number | null
    network?: boolean
    features?: Record<string, boolean>
    reportsInstall?: boolean
    createdAt?: string | null
    logoUrl?: string | null
    loginLogoUrl?: string | null
    favIconUrl?: string | null
  }
  su: boolean
  billing?: { state: 'active' | 'invoice_due' | 'trial_end'; panelLocked: boolean }
  onboardingPending?: boolean
  impersonatedBy?: { id: number; email: string } | null
  preference: { currency?: string; language?: string; timezone?: string; themeColor?: string; [key: string]: unknown }
  idToken?: string | null
  childOrgs?: Array<{ id: number; name: string }>
  abilities: Ability[]
  plugins: Array<{
    id: string
    name: string
    enabled: boolean
    description?: string | null
    /** Organisation feature flags the plugin needs (any one) and whether this organisation lacks them all. */
    requiresFeatures?: string[]
    featureMissing?: boolean
  }>
}

export interface PanelSummary {
  id: number
  organizationId: number
  organizationName: string
  role: string
  current: boolean
}

/** What every log-in endpoint answers (POST /auth/login, /auth/verify, /auth/oidc/login, …). */
export interface Session extends Account {
  token: string
  type: 'bearer'
  expiresAt: string | null
  panels?: PanelSummary[]
}

/** Panel names of spec §2 "panel switching", derived from the role. */
export type PanelName = 'admin' | 'subadmin' | 'affiliate' | 'afm' | 'adm' | 'advertiser' | 'parent' | 'superadmin'

const ROLE_PANEL: Record<string, PanelName> = {
  admin: 'admin',
  'sub-admin': 'subadmin',
  affiliate: 'affiliate',
  afm: 'afm',
  adm: 'adm',
  brand: 'advertiser',
  parent: 'parent',
  superadmin: 'superadmin',
}
const PANEL_NAMES = new Set<string>(Object.values(ROLE_PANEL))
const PANEL_SUFFIXES = ['User', 'Org', 'Ability', 'Token', 'TokenExpiresAt', 'Account'] as const

export const PANEL_KEY = 'panel'
export const COID_KEY = 'coid'
export const LOGGED_IN_FROM_ADMIN_KEY = 'loggedInFromAdmin'
/** Survive logout (spec §4: "except two cache keys"): table layouts are the user's taste, not session data. */
export const CACHE_KEYS = ['tableColsOrder', 'panelFilters'] as const
/** react-admin's persisted language choice (its store prefix + `locale`), kept across logout. */
export const LOCALE_STORE_KEYS = ['RaStore.locale', 'RaStore.version'] as const
/** Fired on window whenever this module changes the session (same tab); other tabs get `storage`. */
export const SESSION_EVENT = 'affix:session'

const key = (panel: string, suffix: string) => `${panel}${suffix}`
const isPanelName = (value: string | null): value is PanelName => value !== null && PANEL_NAMES.has(value)

function changed() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT))
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

export const panelOfRole = (role: string): PanelName => ROLE_PANEL[role] ?? 'admin'
export const panelOfAccount = (account: Pick<Account, 'su' | 'user'>): PanelName =>
  panelOfRole(account.su ? 'superadmin' : account.user.role)

export function currentPanel(): PanelName | null {
  const panel = localStorage.getItem(PANEL_KEY)
  return isPanelName(panel) ? panel : null
}

/** The live token of a panel (null when missing or expired). */
export function panelToken(panel: PanelName): string | null {
  const token = localStorage.getItem(key(panel, 'Token'))
  const expiresAt = localStorage.getItem(key(panel, 'TokenExpiresAt'))
  if (!token || (expiresAt && Date.parse(expiresAt) <= Date.now())) return null
  return token
}

export function panelAccount(panel: PanelName): Account | null {
  return parse<Account>(localStorage.getItem(key(panel, 'Account')))
}

/** Panels with a token in storage (after switching, the previous panels stay until logout). */
export function storedPanels(): PanelName[] {
  return [...PANEL_NAMES].filter((panel) => localStorage.getItem(key(panel, 'Token')) !== null) as PanelName[]
}

/**
 * Stores a session as the current panel (the previous panel's keys stay, for switching back).
 * A login-as session (the payload names who `impersonatedBy`) remembers the panel it was
 * started from in loggedInFromAdmin, so logging out of it returns there.
 */
export function saveSession(session: Session): PanelName {
  const { token, type: _type, expiresAt, panels: _panels, ...account } = session
  const previous = currentPanel()
  const panel = panelOfAccount(account)
  if (account.impersonatedBy) {
    if (previous && previous !== panel && panelToken(previous)) localStorage.setItem(LOGGED_IN_FROM_ADMIN_KEY, previous)
  } else {
    localStorage.removeItem(LOGGED_IN_FROM_ADMIN_KEY)
  }
  localStorage.setItem(PANEL_KEY, panel)
  localStorage.setItem(key(panel, 'Token'), token)
  if (expiresAt) localStorage.setItem(key(panel, 'TokenExpiresAt'), expiresAt)
  else localStorage.removeItem(key(panel, 'TokenExpiresAt'))
  // A new panel starts on its own organisation, not on a child chosen in another panel.
  localStorage.removeItem(COID_KEY)
  saveAccount(account, panel)
  return panel
}

/** Refreshes the stored account of a panel (after GET /api/v1/account). */
export function saveAccount(account: Account, panel: PanelName | null = currentPanel()) {
  if (!panel) return
  // GET /account does not repeat who started a login-as session: keep what the login said.
  const impersonatedBy = account.impersonatedBy ?? panelAccount(panel)?.impersonatedBy ?? null
  const stored: Account = { ...account, impersonatedBy }
  localStorage.setItem(key(panel, 'Account'), JSON.stringify(stored))
  localStorage.setItem(key(panel, 'User'), JSON.stringify(account.user))
  localStorage.setItem(key(panel, 'Org'), JSON.stringify(account.org))
  localStorage.setItem(key(panel, 'Ability'), JSON.stringify(account.abilities))
  if (panel === currentPanel()) {
    localStorage.setItem('childOrgs', JSON.stringify(account.childOrgs ?? []))
    localStorage.setItem('onboardingPending', JSON.stringify(account.onboardingPending ?? false))
    localStorage.setItem('preference', JSON.stringify(account.preference ?? {}))
  }
  changed()
}

export function currentToken(): string | null {
  const panel = currentPanel()
  return panel ? panelToken(panel) : null
}

export function currentAccount(): Account | null {
  const panel = currentPanel()
  return panel ? panelAccount(panel) : null
}

/** The child organisation acted on (parent admins), sent as `coid`. */
export function currentCoid(): number | null {
  const raw = localStorage.getItem(COID_KEY)
  return raw ? Number(raw) || null : null
}

export function setCoid(childId: number | null) {
  if (childId) localStorage.setItem(COID_KEY, String(childId))
  else localStorage.removeItem(COID_KEY)
  changed()
}

/** Who can log in as whom (spec §6): an admin as an affiliate or brand, a superadmin as an admin. */
const LOGIN_AS_ORIGIN: Partial<Record<PanelName, PanelName>> = {
  admin: 'superadmin',
  affiliate: 'admin',
  advertiser: 'admin',
}

/**
 * The panel a login-as session was started from, while that panel's token is still stored.
 * loggedInFromAdmin names it; a bare flag (e.g. "true") lets the roles tell.
 */
export function loginAsOrigin(): PanelName | null {
  const flag = localStorage.getItem(LOGGED_IN_FROM_ADMIN_KEY)
  const panel = currentPanel()
  if (!panel || (!flag && !currentAccount()?.impersonatedBy)) return null
  const origin = isPanelName(flag) ? flag : (LOGIN_AS_ORIGIN[panel] ?? null)
  if (!origin || origin === panel || !panelToken(origin)) return null
  return origin
}

/** True in a session opened with login-as (by an admin or a superadmin). */
export function isLoginAsSession(): boolean {
  return Boolean(localStorage.getItem(LOGGED_IN_FROM_ADMIN_KEY) || currentAccount()?.impersonatedBy)
}

/** Makes another stored panel the current one (returning from login-as). */
export function activatePanel(panel: PanelName) {
  const account = panelAccount(panel)
  localStorage.setItem(PANEL_KEY, panel)
  localStorage.removeItem(COID_KEY)
  if (account) saveAccount(account, panel)
  changed()
}

/** Forgets one panel (its token, user, organisation, abilities and account). */
export function clearPanel(panel: PanelName) {
  for (const suffix of PANEL_SUFFIXES) localStorage.removeItem(key(panel, suffix))
  if (currentPanel() === panel) localStorage.removeItem(PANEL_KEY)
  changed()
}

/** Logout: everything goes except the cache keys and the language choice. */
export function clearSession() {
  const kept = [...CACHE_KEYS, ...LOCALE_STORE_KEYS].map((name) => [name, localStorage.getItem(name)] as const)
  localStorage.clear()
  for (const [name, value] of kept) if (value !== null) localStorage.setItem(name, value)
  changed()
}

/** Spec §4: a locked panel (billing) keeps admins and sub-admins on /manage/billing. */
export function isPanelLocked(account: Account | null = currentAccount()): boolean {
  return Boolean(account?.billing?.panelLocked && ['admin', 'sub-admin'].includes(account.user.role))
}

/**
 * Where a panel lands (spec §2 redirect rules): superadmins on the accounts page,
 * onboarding-pending organisations on their landing (/home), everyone else on the dashboard
 * (which shows the affiliate or brand home for those panels).
 */
/** Spec §2: the dashboard's route (the affiliate and brand panels show their own home there). */
export const DASHBOARD_PATH = '/insights/dashboard'

export function homePath(account: Account | null = currentAccount()): string {
  if (!account) return '/login'
  if (account.su) return '/superadmin/accounts'
  if (account.onboardingPending) return '/home'
  return DASHBOARD_PATH
}

/** The login page of a panel (superadmins have their own). */
export function loginPath(
  panel: PanelName | null = currentPanel(),
  pathname = typeof window === 'undefined' ? '/' : window.location.pathname
): string {
  return panel === 'superadmin' || pathname.startsWith('/superadmin') ? '/superadmin/login' : '/login'
}

/** Subscribes to session changes in this tab and in other tabs; returns the unsubscribe function. */
export function subscribeSession(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PANEL_KEY || event.key === COID_KEY || event.key.endsWith('Account'))
      callback()
  }
  window.addEventListener(SESSION_EVENT, callback)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(SESSION_EVENT, callback)
    window.removeEventListener('storage', onStorage)
  }
}
