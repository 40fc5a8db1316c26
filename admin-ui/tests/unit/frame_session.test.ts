import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuthProvider } from '../../src/auth_provider'
import type { HttpClient, HttpResponse } from '../../src/http_client'
import {
  clearSession,
  currentAccount,
  currentCoid,
  currentPanel,
  currentToken,
  homePath,
  isPanelLocked,
  loginAsOrigin,
  saveAccount,
  saveSession,
  setCoid,
  storedPanels,
  type Session,
} from '../../src/session'

const sessionOf = (role: string, token: string, extra: Partial<Session> = {}): Session => ({
  token,
  type: 'bearer',
  expiresAt: null,
  user: { id: token.length, email: `${role}@demo.affix.dev`, name: role, role, status: 'active', locale: null },
  org: { id: 1, name: 'Demo Casino Network', type: 'parent' },
  su: role === 'superadmin',
  preference: {},
  abilities: [],
  plugins: [],
  ...extra,
})

function provider() {
  const calls: Array<{ url: string; headers: Record<string, string> }> = []
  const httpClient = vi.fn(async (url: string, options: RequestInit = {}) => {
    calls.push({ url, headers: (options.headers as Record<string, string>) ?? {} })
    return { status: 200, headers: new Headers(), body: '', json: { loggedOut: true } } as HttpResponse
  })
  return { authProvider: createAuthProvider(httpClient as unknown as HttpClient), calls }
}

describe('session storage (spec §3, §4)', () => {
  afterEach(() => localStorage.clear())

  it('keeps each panel under its own keys; the panel key decides which applies', () => {
    saveSession(sessionOf('admin', 'afx_admin', { childOrgs: [{ id: 9, name: 'Child' }] }))
    expect(localStorage.getItem('adminToken')).toBe('afx_admin')
    expect(JSON.parse(localStorage.getItem('adminUser')!)).toMatchObject({ role: 'admin' })
    expect(JSON.parse(localStorage.getItem('adminOrg')!)).toMatchObject({ name: 'Demo Casino Network' })
    expect(localStorage.getItem('adminAbility')).toBe('[]')
    expect(JSON.parse(localStorage.getItem('childOrgs')!)).toEqual([{ id: 9, name: 'Child' }])

    setCoid(9)
    saveSession(sessionOf('affiliate', 'afx_affiliate'))
    expect(currentPanel()).toBe('affiliate')
    expect(currentToken()).toBe('afx_affiliate')
    expect(currentCoid()).toBeNull() // a new panel starts on its own organisation
    expect(storedPanels().sort()).toEqual(['admin', 'affiliate'])
  })

  it('logout clears everything but the two cache keys (and the language)', () => {
    saveSession(sessionOf('admin', 'afx_admin'))
    localStorage.setItem('tableColsOrder', '{"brands":["name"]}')
    localStorage.setItem('panelFilters', '{"brands":{"status":"active"}}')
    localStorage.setItem('isCollapsed', 'true')
    localStorage.setItem('RaStore.locale', '"pt"')
    clearSession()
    expect(Object.keys(localStorage).sort()).toEqual(['RaStore.locale', 'panelFilters', 'tableColsOrder'])
  })

  it('refreshing the account keeps who started a login-as session', () => {
    saveSession(sessionOf('superadmin', 'afx_su'))
    saveSession(sessionOf('admin', 'afx_as_admin', { impersonatedBy: { id: 1, email: 'su@affix.dev' } }))
    const { token: _token, type: _type, expiresAt: _expires, ...account } = sessionOf('admin', 'x')
    saveAccount({ ...account, impersonatedBy: null })
    expect(currentAccount()?.impersonatedBy).toEqual({ id: 1, email: 'su@affix.dev' })
  })

  it('homes: superadmin accounts, onboarding landing, dashboard; a locked panel for admins only', () => {
    const { token: _t, type: _ty, expiresAt: _e, ...admin } = sessionOf('admin', 'x')
    expect(homePath({ ...admin, su: true })).toBe('/superadmin/accounts')
    expect(homePath({ ...admin, onboardingPending: true })).toBe('/home')
    expect(homePath(admin)).toBe('/insights/dashboard')
    expect(isPanelLocked({ ...admin, billing: { state: 'active', panelLocked: true } })).toBe(true)
    expect(
      isPanelLocked({
        ...admin,
        user: { ...admin.user, role: 'affiliate' },
        billing: { state: 'active', panelLocked: true },
      })
    ).toBe(false)
  })
})

describe('logout', () => {
  afterEach(() => localStorage.clear())

  it('returns a superadmin-as-admin session to the superadmin panel through /logout/su', async () => {
    const { authProvider, calls } = provider()
    saveSession(sessionOf('superadmin', 'afx_su'))
    saveSession(sessionOf('admin', 'afx_as_admin', { impersonatedBy: { id: 1, email: 'su@affix.dev' } }))
    expect(localStorage.getItem('loggedInFromAdmin')).toBe('superadmin')

    await expect(authProvider.logout({})).resolves.toBe('/superadmin/accounts')

    expect(calls.map(({ url }) => url)).toEqual(['/api/v1/auth/logout/su'])
    expect(currentPanel()).toBe('superadmin')
    expect(currentToken()).toBe('afx_su')
    expect(localStorage.getItem('adminToken')).toBeNull()
    expect(localStorage.getItem('loggedInFromAdmin')).toBeNull()
  })

  it('returns an admin-as-affiliate session (marked by the login-as page) to the admin panel', async () => {
    const { authProvider, calls } = provider()
    saveSession(sessionOf('admin', 'afx_admin'))
    saveSession(sessionOf('affiliate', 'afx_as_affiliate'))
    localStorage.setItem('loggedInFromAdmin', 'true')
    expect(loginAsOrigin()).toBe('admin')

    await expect(authProvider.logout({})).resolves.toBe('/insights/dashboard')
    expect(calls.map(({ url }) => url)).toEqual(['/api/v1/auth/logout'])
    expect(currentPanel()).toBe('admin')
    expect(storedPanels()).toEqual(['admin'])
  })

  it('logs out completely when the original panel is gone, and ends every stored panel', async () => {
    const { authProvider, calls } = provider()
    saveSession(sessionOf('admin', 'afx_admin'))
    saveSession(sessionOf('affiliate', 'afx_affiliate')) // a panel switch, not login-as
    localStorage.setItem('tableColsOrder', '{}')

    await expect(authProvider.logout({})).resolves.toBe('/login')
    expect(calls).toEqual([
      { url: '/api/v1/auth/logout', headers: {} },
      { url: '/api/v1/auth/logout', headers: { Authorization: 'Bearer afx_admin' } },
    ])
    expect(Object.keys(localStorage)).toEqual(['tableColsOrder'])
  })

  it('sends a superadmin to the superadmin login', async () => {
    const { authProvider, calls } = provider()
    saveSession(sessionOf('superadmin', 'afx_su'))
    await expect(authProvider.logout({})).resolves.toBe('/superadmin/login')
    expect(calls[0].url).toBe('/api/v1/auth/logout/su')
  })
})
