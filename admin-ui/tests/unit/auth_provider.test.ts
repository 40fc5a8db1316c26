import { HttpError } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_STORAGE_KEY, createAuthProvider } from '../../src/auth_provider'
import type { HttpClient, HttpResponse } from '../../src/http_client'
import { resourcesFor } from '../../src/plugins'

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

function providerReturning(handler: (url: string, options: RequestInit) => unknown) {
  const httpClient = vi.fn(async (url: string, options: RequestInit = {}) => {
    const json = handler(url, options)
    if (json instanceof Error) throw json
    return { status: 200, headers: new Headers(), body: '', json } as HttpResponse
  })
  return { authProvider: createAuthProvider(httpClient as unknown as HttpClient), httpClient }
}

describe('authProvider', () => {
  afterEach(() => localStorage.clear())

  it('logs in with email and password and keeps the token and the account', async () => {
    const { authProvider, httpClient } = providerReturning(() => ({ token: 'afx_1', type: 'bearer', expiresAt: '2999-01-01T00:00:00Z', ...account }))

    await authProvider.login({ email: 'admin@demo.affix.dev', password: 'Demo#1234' })

    expect(httpClient).toHaveBeenCalledWith('/api/v1/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@demo.affix.dev', password: 'Demo#1234' }),
    })
    expect(localStorage.getItem('token')).toBe('afx_1')
    expect(JSON.parse(localStorage.getItem(ACCOUNT_STORAGE_KEY)!)).toEqual(account)
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined()
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'Demo Admin' })
  })

  it('passes a failed login on with the server message', async () => {
    const { authProvider } = providerReturning(() => new HttpError('Invalid email or password.', 401, { message: 'Invalid email or password.' }))
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password.')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('fails checkAuth without a token or with an expired one', async () => {
    const { authProvider } = providerReturning(() => null)
    await expect(authProvider.checkAuth({})).rejects.toThrow()
    localStorage.setItem('token', 'afx_old')
    localStorage.setItem('tokenExpiresAt', '2000-01-01T00:00:00Z')
    await expect(authProvider.checkAuth({})).rejects.toThrow()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('logs out on 401 only; 403 keeps the session', async () => {
    const { authProvider } = providerReturning(() => null)
    localStorage.setItem('token', 'afx_1')
    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined()
    expect(localStorage.getItem('token')).toBe('afx_1')
    await expect(authProvider.checkError(new HttpError('Unauthorized', 401))).rejects.toBeInstanceOf(HttpError)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('revokes the token on logout and forgets the session even if revoking fails', async () => {
    const { authProvider, httpClient } = providerReturning(() => new HttpError('Unauthorized', 401))
    localStorage.setItem('token', 'afx_1')
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(account))

    await authProvider.logout({})

    expect(httpClient).toHaveBeenCalledWith('/api/v1/auth/logout', { method: 'POST' })
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull()
  })

  it('derives permissions and access from the abilities', async () => {
    const { authProvider } = providerReturning(() => null)
    localStorage.setItem('token', 'afx_1')
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(account))

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
    localStorage.setItem('token', 'afx_1')

    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: 'Demo Admin' })
    expect(httpClient).toHaveBeenCalledWith('/api/v1/account')
  })
})

describe('resourcesFor', () => {
  it('shows only the resources of enabled plugins', () => {
    const enabled = resourcesFor({ abilities: [], enabledPlugins: ['brands'], superuser: false })
    expect(enabled.map(({ name }) => name)).toEqual(['brands', 'products'])
    expect(resourcesFor({ abilities: [], enabledPlugins: [], superuser: false })).toEqual([])
    expect(resourcesFor(undefined)).toEqual([])
  })
})
