import { HttpError } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuthProvider } from '../../src/auth_provider'
import { ApiError, type HttpClient, type HttpResponse } from '../../src/http_client'
import { resourcesFor } from '../../src/plugins'
import { currentAccount, currentPanel, currentToken } from '../../src/session'

const account = {
  user: { id: 1, email: 'admin@demo.affix.dev', name: 'Demo Admin', role: 'admin', status: 'active', locale: null },
  org: { id: 1, name: 'Demo Casino Network', type: 'parent' },
  su: false,
  preference: { language: 'en' },
  abilities: [
    { subject: 'brands', action: 'read' },
    { subject: 'products', action: 'manage' },
  ],
  plugins: [
    { id: 'brands', name: 'Brands and products', enabled: true },
    { id: 'campaigns', name: 'Campaigns', enabled: false },
  ],
}
const session = { token: 'afx_1', type: 'bearer', expiresAt: '2999-01-01T00:00:00Z', ...account }

function providerReturning(handler: (url: string, options: RequestInit) => unknown) {
  const httpClient = vi.fn(async (url: string, options: RequestInit = {}) => {
    const json = handler(url, options)
    if (json instanceof Error) throw json
    return { status: 200, headers: new Headers(), body: '', json } as HttpResponse
  })
  return { authProvider: createAuthProvider(httpClient as unknown as HttpClient), httpClient }
}

/** An admin session stored as the login endpoint would leave it. */
function storeAdminSession() {
  localStorage.setItem('panel', 'admin')
  localStorage.setItem('adminToken', 'afx_1')
  localStorage.setItem('adminAccount', JSON.stringify(account))
}

describe('authProvider', () => {
  afterEach(() => localStorage.clear())

  it('logs in with email and password (and the organisation) and stores the session of that panel', async () => {
    const { authProvider, httpClient } = providerReturning(() => ({ ...session, panels: [{ id: 1 }] }))

    await expect(
      authProvider.login({ email: 'admin@demo.affix.dev', password: 'Demo#1234', organizationId: 7 })
    ).resolves.toEqual({ panels: [{ id: 1 }] })

    expect(httpClient).toHaveBeenCalledWith('/api/v1/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@demo.affix.dev', password: 'Demo#1234', organizationId: 7 }),
    })
    expect(currentPanel()).toBe('admin')
    expect(localStorage.getItem('adminToken')).toBe('afx_1')
    expect(currentAccount()).toMatchObject({ user: { email: 'admin@demo.affix.dev' }, abilities: account.abilities })
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined()
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'Demo Admin' })
  })

  it('logs a superadmin in through the superadmin door', async () => {
    const { authProvider, httpClient } = providerReturning(() => ({
      ...session,
      su: true,
      user: { ...account.user, role: 'superadmin' },
    }))
    await authProvider.login({ email: 'su@affix.dev', password: 'x', superadmin: true })
    expect(httpClient.mock.calls[0][0]).toBe('/api/v1/superuser/auth/login')
    expect(currentPanel()).toBe('superadmin')
  })

  it('passes a failed login on with the server message', async () => {
    const { authProvider } = providerReturning(
      () => new HttpError('Invalid email or password.', 401, { message: 'Invalid email or password.' })
    )
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password.')
    expect(currentToken()).toBeNull()
  })

  it('fails checkAuth without a token or with an expired one, towards the right login page', async () => {
    const { authProvider } = providerReturning(() => null)
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login', message: false })
    storeAdminSession()
    localStorage.setItem('adminTokenExpiresAt', '2000-01-01T00:00:00Z')
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login',
      message: 'ra.auth.auth_check_error',
    })
    localStorage.setItem('panel', 'superadmin')
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/superadmin/login' })
  })

  it('revokes the token on logout and forgets the session even if revoking fails', async () => {
    const { authProvider, httpClient } = providerReturning(() => new HttpError('Unauthorized', 401))
    storeAdminSession()

    await expect(authProvider.logout({})).resolves.toBe('/login')

    expect(httpClient).toHaveBeenCalledWith('/api/v1/auth/logout', { method: 'POST' })
    expect(currentToken()).toBeNull()
    expect(currentAccount()).toBeNull()
  })

  it('derives permissions and access from the abilities', async () => {
    const { authProvider } = providerReturning(() => null)
    storeAdminSession()

    const permissions = await authProvider.getPermissions!({})
    expect(permissions).toEqual({ abilities: account.abilities, enabledPlugins: ['brands'], superuser: false })

    const can = (resource: string, action: string) => authProvider.canAccess!({ resource, action })
    await expect(can('brands', 'list')).resolves.toBe(true)
    await expect(can('brands', 'edit')).resolves.toBe(false)
    await expect(can('products', 'show')).resolves.toBe(true) // manage includes read
    await expect(can('products', 'delete')).resolves.toBe(true)
    await expect(can('products', 'import')).resolves.toBe(false)
    await expect(can('campaigns', 'list')).resolves.toBe(false)
  })

  it('fetches the account when only the token is stored', async () => {
    const { authProvider, httpClient } = providerReturning(() => account)
    localStorage.setItem('panel', 'admin')
    localStorage.setItem('adminToken', 'afx_1')

    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: 'Demo Admin' })
    expect(httpClient).toHaveBeenCalledWith('/api/v1/account')
  })

  it('keeps 403 and typed 401 from logging out, and logs out on other 401s', async () => {
    const { authProvider } = providerReturning(() => null)
    storeAdminSession()
    await expect(authProvider.checkError(new ApiError('Forbidden', 403, null, 'forbidden'))).rejects.toMatchObject({
      logoutUser: false,
      redirectTo: '/403',
    })
    await expect(
      authProvider.checkError(new ApiError('Invoice due', 401, null, 'app.affix.dev.invoice.due'))
    ).resolves.toBeUndefined()
    await expect(authProvider.checkError(new ApiError('Expired', 401, null, 'unauthorized'))).rejects.toMatchObject({
      logoutUser: true,
      message: 'Expired',
    })
    // The session is left to logout(), which decides where to go (login page or login-as origin).
    expect(currentToken()).toBe('afx_1')
  })
})

describe('resourcesFor', () => {
  it('shows only the resources of enabled plugins', () => {
    const enabled = resourcesFor({ abilities: [], enabledPlugins: ['brands'], superuser: false })
    expect(enabled.map(({ name }) => name)).toEqual(['manage/brand', 'manage/product'])
    expect(resourcesFor({ abilities: [], enabledPlugins: [], superuser: false })).toEqual([])
    expect(resourcesFor(undefined)).toEqual([])
  })
})
