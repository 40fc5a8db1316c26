import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, HttpError, TestMemoryRouter, type AuthProvider } from 'react-admin'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoginPage } from '../../src/public/LoginPage'
import { saveSession, type Session } from '../../src/session'
import { i18nProvider, SESSION, stubApi } from './public_helpers'

const TWO_PANELS = [
  { id: 7, organizationId: 3, organizationName: 'New Org', role: 'admin', current: true },
  { id: 8, organizationId: 4, organizationName: 'Demo Casino Network', role: 'affiliate', current: false },
]

/** Logs in like the frame's provider: the Session is stored through saveSession. */
function authProviderAnswering(session: Session): AuthProvider & { login: ReturnType<typeof vi.fn> } {
  return {
    login: vi.fn(async () => {
      saveSession(session)
      return session
    }),
    logout: async () => undefined,
    checkAuth: async () => {
      if (!localStorage.getItem('panel')) throw new Error('logged out')
    },
    checkError: async () => undefined,
    getPermissions: async () => ({}),
  }
}

function loginPageAt(url: string, authProvider: AuthProvider) {
  return (
    <TestMemoryRouter initialEntries={[url]}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>
  )
}

const signIn = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('login page', () => {
  it('offers sign-in with the provider only when the server has one', async () => {
    stubApi({
      'GET /api/v1/auth/oidc/url': [200, { configured: true, url: 'https://id.example/authorize?state=s', state: 's' }],
    })
    render(loginPageAt('/login', authProviderAnswering(SESSION as Session)))
    await screen.findByRole('button', { name: 'Sign in with SSO' })
    cleanup()

    stubApi({ 'GET /api/v1/auth/oidc/url': [200, { configured: false }] })
    render(loginPageAt('/login', authProviderAnswering(SESSION as Session)))
    await screen.findByRole('link', { name: 'Forgot password?' })
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/oidc/url'))).toBe(true)
    )
    expect(screen.queryByRole('button', { name: 'Sign in with SSO' })).toBeNull()
  })

  it("shows the server's message as it is", async () => {
    stubApi({})
    const authProvider = authProviderAnswering(SESSION as Session)
    authProvider.login.mockRejectedValueOnce(
      new HttpError('Invalid email or password.', 401, { message: 'Invalid email or password.' })
    )
    render(loginPageAt('/login', authProvider))
    signIn('admin@demo.affix.dev', 'Wrong#1234')
    await screen.findByText('Invalid email or password.')
    expect(authProvider.login).toHaveBeenCalledWith({ email: 'admin@demo.affix.dev', password: 'Wrong#1234' })
  })

  it('goes home after a log-in with one panel', async () => {
    stubApi({})
    render(loginPageAt('/login', authProviderAnswering(SESSION as Session)))
    signIn(' owner@new.example ', 'Owner#1234')
    await screen.findByText('Home page')
  })

  it('lets a person with several panels choose one, and switches to it', async () => {
    const affiliate = { ...SESSION, token: 'oat_affiliate.secret', user: { ...SESSION.user, id: 8, role: 'affiliate' } }
    const { calls } = stubApi({ 'POST /api/v1/auth/panels/8/switch': [200, affiliate] })
    render(loginPageAt('/login', authProviderAnswering({ ...SESSION, panels: TWO_PANELS } as Session)))
    signIn('owner@new.example', 'Owner#1234')
    await screen.findByText('Choose a panel')
    expect(screen.getByText('Affiliate')).toBeTruthy()
    fireEvent.click(screen.getByText('Demo Casino Network'))
    await screen.findByText('Home page')
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/auth/panels/8/switch', auth: `Bearer ${SESSION.token}` })
    expect(localStorage.getItem('panel')).toBe('affiliate')
  })

  it('opens the organisation of a white-label login (?orgId=) without asking', async () => {
    stubApi({})
    const authProvider = authProviderAnswering({ ...SESSION, panels: TWO_PANELS } as Session)
    render(loginPageAt('/login?orgId=3', authProvider))
    signIn('owner@new.example', 'Owner#1234')
    await screen.findByText('Home page')
    expect(authProvider.login).toHaveBeenCalledWith({
      email: 'owner@new.example',
      password: 'Owner#1234',
      organizationId: 3,
    })
    expect(screen.queryByText('Choose a panel')).toBeNull()
  })

  it('sends a visitor who is already logged in home', async () => {
    stubApi({})
    saveSession(SESSION as Session)
    render(loginPageAt('/login', authProviderAnswering(SESSION as Session)))
    await screen.findByText('Home page')
  })
})
