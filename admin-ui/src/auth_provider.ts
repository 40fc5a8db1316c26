/*
 * Bearer-token authentication against the Affix API. The login payload (user,
 * organisation, preferences, abilities, enabled plugins) is kept in localStorage beside
 * the token, so identity and permissions need no extra request on reload.
 */
import type { AuthProvider, UserIdentity } from 'react-admin'
import { TOKEN_STORAGE_KEY, type HttpClient } from './http_client'
import type { Ability, Permissions } from './plugin_api'

export const ACCOUNT_STORAGE_KEY = 'account'
const TOKEN_EXPIRY_STORAGE_KEY = 'tokenExpiresAt'

export interface Account {
  user: { id: number; email: string; name: string | null; role: string; status: string; locale: string | null }
  org: { id: number; name: string; type: string; panelType?: string; parentId?: number | null }
  su: boolean
  preference: { currency?: string; language?: string; timezone?: string; themeColor?: string }
  abilities: Ability[]
  plugins: Array<{ id: string; name: string; enabled: boolean }>
}

interface Session extends Account {
  token: string
  type: 'bearer'
  expiresAt: string | null
}

export function storedAccount(): Account | null {
  const raw = localStorage.getItem(ACCOUNT_STORAGE_KEY)
  if (!raw) return null
  try {
    return JSON.parse(raw) as Account
  } catch {
    return null
  }
}

function hasLiveToken(): boolean {
  if (!localStorage.getItem(TOKEN_STORAGE_KEY)) return false
  const expiresAt = localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY)
  return !expiresAt || Date.parse(expiresAt) > Date.now()
}

function clearSession() {
  localStorage.removeItem(TOKEN_STORAGE_KEY)
  localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY)
  localStorage.removeItem(ACCOUNT_STORAGE_KEY)
}

export function permissionsOf(account: Account | null): Permissions {
  return {
    abilities: account?.abilities ?? [],
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

export function canAccessResource({ abilities, superuser }: Permissions, resource: string, action: string): boolean {
  if (superuser) return true
  // Field-level checks arrive as `brands.name`: the resource decides.
  const subject = resource.split('.')[0]
  const needed = ABILITY_FOR_ACTION[action] ?? action
  return abilities.some(
    (ability) => ability.subject === subject && (ability.action === needed || (needed === 'read' && ability.action === 'manage'))
  )
}

export function createAuthProvider(httpClient: HttpClient): AuthProvider {
  const fetchAccount = async (): Promise<Account> => {
    const { json } = await httpClient<Account>('/api/v1/account')
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(json))
    return json
  }
  const currentAccount = async () => storedAccount() ?? (hasLiveToken() ? fetchAccount() : null)

  return {
    async login({ email, password }: { email: string; password: string }) {
      const { json } = await httpClient<Session>('/api/v1/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
      })
      const { token, type: _type, expiresAt, ...account } = json
      localStorage.setItem(TOKEN_STORAGE_KEY, token)
      if (expiresAt) localStorage.setItem(TOKEN_EXPIRY_STORAGE_KEY, expiresAt)
      else localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY)
      localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(account))
    },

    async logout() {
      if (localStorage.getItem(TOKEN_STORAGE_KEY)) {
        // Revoking is best effort: an expired token is already useless.
        await httpClient('/api/v1/auth/logout', { method: 'POST' }).catch(() => undefined)
      }
      clearSession()
    },

    async checkAuth() {
      if (!hasLiveToken()) {
        clearSession()
        throw new Error('ra.auth.auth_check_error')
      }
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearSession()
        throw error
      }
      // 403 means "not allowed here", not "signed out": stay logged in.
    },

    async getIdentity(): Promise<UserIdentity> {
      const account = await currentAccount()
      if (!account) throw new Error('ra.auth.auth_check_error')
      return { id: account.user.id, fullName: account.user.name ?? account.user.email, email: account.user.email, org: account.org }
    },

    async getPermissions(): Promise<Permissions> {
      return permissionsOf(await currentAccount())
    },

    async canAccess({ resource, action }) {
      return canAccessResource(permissionsOf(await currentAccount()), resource, action)
    },
  }
}
