/* Test bed of the public pages: react-admin's contexts with English messages, in a memory router. */
import polyglotI18nProvider from 'ra-i18n-polyglot'
import englishMessages from 'ra-language-english'
import type { ReactNode } from 'react'
import { AdminContext, TestMemoryRouter, type AuthProvider } from 'react-admin'
import { Route, Routes } from 'react-router-dom'
import { vi } from 'vitest'
import { mergeMessages } from '../../src/i18n/merge_messages'
import { publicMessages } from '../../src/public/messages'
import oidcAdmin from '../../../plugins/oidc/admin'
import signupAdmin from '../../../plugins/signup/admin'

// The oidc and signup plugins' messages too: their login action, callback and signup pages are public pages.
export const i18nProvider = polyglotI18nProvider(
  () => mergeMessages(englishMessages, publicMessages.en, oidcAdmin.messages.en, signupAdmin.messages.en),
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true }
)

/** An auth provider that says "logged out" until a session is stored. */
export const testAuthProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    if (!localStorage.getItem('panel')) throw new Error('logged out')
  },
  checkError: async () => undefined,
  getPermissions: async () => ({}),
}

/** Renders `element` at `path` (a route pattern) opened at `url`; "/" shows "Home page". */
export function pageAt(path: string, url: string, element: ReactNode, onLocation?: (pathname: string) => void) {
  return (
    <TestMemoryRouter initialEntries={[url]} locationCallback={(location) => onLocation?.(location.pathname)}>
      <AdminContext i18nProvider={i18nProvider} authProvider={testAuthProvider}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>
  )
}

/** A fetch stub answering API envelopes: `routes` maps "METHOD /path" to [status, data or error]. */
export function stubApi(routes: Record<string, [number, unknown]>) {
  const calls: Array<{ method: string; path: string; body: unknown; auth: string | null }> = []
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init.method ?? 'GET'
    const key = `${method} ${url.pathname}`
    calls.push({
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: new Headers(init.headers).get('Authorization'),
    })
    const answer = routes[key]
    if (!answer)
      return new Response(
        JSON.stringify({ success: false, data: null, error: { message: 'Not found' }, status: 404, type: 'not_found' }),
        { status: 404 }
      )
    const [status, payload] = answer
    const ok = status < 400
    const envelope = ok
      ? { success: true, data: payload, error: null, status, type: null }
      : { success: false, data: null, error: payload, status, type: null }
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchStub)
  return { calls, fetchStub }
}

export const SESSION = {
  token: 'oat_session.secret',
  type: 'bearer',
  expiresAt: null,
  user: { id: 7, email: 'owner@new.example', name: 'Owner', role: 'admin', status: 'active', locale: 'en' },
  org: { id: 3, name: 'New Org', type: 'parent' },
  su: false,
  preference: {},
  abilities: [],
  plugins: [],
  panels: [{ id: 7, organizationId: 3, organizationName: 'New Org', role: 'admin', current: true }],
}
