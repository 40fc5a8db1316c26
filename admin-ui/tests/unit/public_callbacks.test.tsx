import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { HttpError } from 'react-admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callApi, errorText, type PublicApi } from '../../src/public/api'
import { LoginAsPage, loginAsTarget } from '../../src/public/LoginAsPage'
import {
  exchangeOidcCode,
  OidcCallbackPage,
  readOidcCallback,
  rememberOidcState,
} from '../../../plugins/oidc/admin/OidcCallbackPage'
import { SignupPage } from '../../../plugins/signup/admin/SignupPage'
import { verifyLink, VerifyPage } from '../../src/public/VerifyPage'
import { i18nProvider, pageAt, SESSION, stubApi } from './public_helpers'

const api: PublicApi = (path, options) => callApi(path, options ?? {}, 'en')
const translate = (key: string) => String(i18nProvider.translate(key))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('verification link (/auth/verify/:token)', () => {
  it('tells an account link (a Session) from an e-mail link (a message), and spends a link once', async () => {
    const { fetchStub, calls } = stubApi({ 'POST /api/v1/auth/verify': [200, SESSION] })
    const token = 'account-link-0123456789abcdef'
    await expect(verifyLink(token, api)).resolves.toEqual({ kind: 'session', session: SESSION })
    await verifyLink(token, api)
    expect(fetchStub).toHaveBeenCalledTimes(1)
    expect(calls[0].body).toEqual({ token })

    stubApi({ 'POST /api/v1/auth/verify': [200, { message: 'Your e-mail address is verified.' }] })
    await expect(verifyLink('email-link-0123456789abcdef', api)).resolves.toEqual({
      kind: 'message',
      message: 'Your e-mail address is verified.',
    })
  })

  it('logs the new owner in and goes home', async () => {
    stubApi({ 'POST /api/v1/auth/verify': [200, SESSION] })
    let pathname = ''
    render(
      pageAt(
        '/auth/verify/:token',
        '/auth/verify/page-link-0123456789abcdef',
        <VerifyPage />,
        (path) => (pathname = path)
      )
    )
    await screen.findByText('Home page')
    expect(pathname).toBe('/')
    expect(localStorage.getItem('panel')).toBe('admin')
    expect(localStorage.getItem('adminToken')).toBe(SESSION.token)
  })

  it('shows an e-mail link’s message with a link home', async () => {
    stubApi({ 'POST /api/v1/auth/verify': [200, { message: 'Your e-mail address is verified.' }] })
    render(pageAt('/auth/verify/:token', '/auth/verify/mail-link-0123456789abcdef', <VerifyPage />))
    await screen.findByText('Your e-mail address is verified.')
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(localStorage.getItem('panel')).toBeNull()
  })

  it('shows an expired link’s message and mails a new link', async () => {
    const { calls } = stubApi({
      'POST /api/v1/auth/verify': [
        422,
        {
          message: 'This verification link has expired. Please request a new one.',
          fields: [
            {
              field: 'token',
              rule: 'invalid',
              message: 'This verification link has expired. Please request a new one.',
            },
          ],
        },
      ],
      'POST /api/v1/auth/verify/email': [
        200,
        { message: 'If a registration with this address is waiting for activation, we sent it a new link.' },
      ],
    })
    render(pageAt('/auth/verify/:token', '/auth/verify/old-link-0123456789abcdef', <VerifyPage />))
    await screen.findByText('This verification link has expired. Please request a new one.')
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: 'owner@new.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }))
    await screen.findByText('If a registration with this address is waiting for activation, we sent it a new link.')
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/auth/verify/email', body: { email: 'owner@new.example' } })
  })
})

describe('OpenID Connect callback (/auth/verify/google)', () => {
  it('reads code, state and iss, or the provider’s error', () => {
    expect(readOidcCallback('?code=c1&state=s1&iss=https%3A%2F%2Fid.example')).toEqual({
      kind: 'login',
      body: { code: 'c1', state: 's1', iss: 'https://id.example' },
    })
    expect(readOidcCallback('?code=c1&state=s1')).toEqual({ kind: 'login', body: { code: 'c1', state: 's1' } })
    expect(readOidcCallback('?error=access_denied&error_description=The+user+said+no')).toEqual({
      kind: 'provider_error',
      message: 'The user said no',
    })
    expect(readOidcCallback('?state=s1')).toEqual({ kind: 'missing' })
  })

  it('exchanges a code once', async () => {
    const { fetchStub } = stubApi({ 'POST /api/v1/auth/oidc/login': [200, SESSION] })
    const body = { code: 'code-once', state: 'state-once' }
    await expect(exchangeOidcCode(body, api)).resolves.toEqual(SESSION)
    await exchangeOidcCode(body, api)
    expect(fetchStub).toHaveBeenCalledTimes(1)
  })

  it('logs in and goes home', async () => {
    const { calls } = stubApi({ 'POST /api/v1/auth/oidc/login': [200, SESSION] })
    rememberOidcState('s2')
    render(
      pageAt(
        '/auth/verify/google',
        '/auth/verify/google?code=c2&state=s2&iss=https%3A%2F%2Fid.example',
        <OidcCallbackPage />
      )
    )
    await screen.findByText('Home page')
    expect(calls.find((call) => call.path === '/api/v1/auth/oidc/login')?.body).toEqual({
      code: 'c2',
      state: 's2',
      iss: 'https://id.example',
    })
    expect(localStorage.getItem('adminToken')).toBe(SESSION.token)
  })

  it('offers the panels when the address holds several, and switches to the one chosen', async () => {
    const affiliate = {
      ...SESSION,
      token: 'oat_affiliate.secret',
      user: { ...SESSION.user, id: 8, role: 'affiliate' },
      org: { id: 4, name: 'Demo Casino Network', type: 'parent' },
    }
    const { calls } = stubApi({
      'POST /api/v1/auth/oidc/login': [
        200,
        {
          ...SESSION,
          panels: [
            { id: 7, organizationId: 3, organizationName: 'New Org', role: 'admin', current: true },
            { id: 8, organizationId: 4, organizationName: 'Demo Casino Network', role: 'affiliate', current: false },
          ],
        },
      ],
      'POST /api/v1/auth/panels/8/switch': [200, affiliate],
    })
    rememberOidcState('s3')
    render(pageAt('/auth/verify/google', '/auth/verify/google?code=c3&state=s3', <OidcCallbackPage />))
    await screen.findByText('Choose a panel')
    expect(screen.getByText('Admin · last used')).toBeTruthy()
    fireEvent.click(screen.getByText('Demo Casino Network'))
    await screen.findByText('Home page')
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/auth/panels/8/switch', auth: `Bearer ${SESSION.token}` })
    expect(localStorage.getItem('panel')).toBe('affiliate')
    expect(localStorage.getItem('affiliateToken')).toBe('oat_affiliate.secret')
  })

  it('shows the server’s error with a link back to login', async () => {
    stubApi({
      'POST /api/v1/auth/oidc/login': [
        401,
        { message: 'No account uses this e-mail address. Ask your organisation for an invitation.' },
      ],
    })
    rememberOidcState('s4')
    render(pageAt('/auth/verify/google', '/auth/verify/google?code=c4&state=s4', <OidcCallbackPage />))
    await screen.findByText('No account uses this e-mail address. Ask your organisation for an invitation.')
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login')
    expect(localStorage.getItem('panel')).toBeNull()
  })

  it('refuses a callback this browser did not start (login CSRF) without calling the server', async () => {
    const { fetchStub } = stubApi({ 'POST /api/v1/auth/oidc/login': [200, SESSION] })
    rememberOidcState('mine')
    render(pageAt('/auth/verify/google', '/auth/verify/google?code=c5&state=attackers', <OidcCallbackPage />))
    await screen.findByText(
      'This sign-in was not started in this browser, or it was already used. Please sign in again.'
    )
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/oidc/'))).toEqual([])
    expect(localStorage.getItem('panel')).toBeNull()
    expect(sessionStorage.getItem('oidcState')).toBeNull()
  })

  it('shows the provider’s refusal without calling the server', async () => {
    const { fetchStub } = stubApi({})
    render(pageAt('/auth/verify/google', '/auth/verify/google?error=access_denied', <OidcCallbackPage />))
    await screen.findByText('access_denied')
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/oidc/'))).toEqual([])
  })
})

describe('login-as landing (/auth/login/:suToken/:uid/:resource)', () => {
  it('stores the token as the target panel’s session, marks it as an admin’s visit and opens the resource', async () => {
    const account = { ...SESSION, user: { ...SESSION.user, id: 42, role: 'affiliate' } } as Record<string, unknown>
    delete account.token
    delete account.panels
    const { calls } = stubApi({ 'GET /api/v1/account': [200, account] })
    let pathname = ''
    render(
      pageAt(
        '/auth/login/:suToken/:uid/:resource',
        '/auth/login/oat_la.secret/42/home',
        <LoginAsPage />,
        (path) => (pathname = path)
      )
    )
    await screen.findByText('Home page')
    expect(pathname).toBe('/')
    expect(calls.find((call) => call.path === '/api/v1/account')).toMatchObject({ auth: 'Bearer oat_la.secret' })
    expect(localStorage.getItem('panel')).toBe('affiliate')
    expect(localStorage.getItem('affiliateToken')).toBe('oat_la.secret')
    expect(localStorage.getItem('loggedInFromAdmin')).toBe('true')
  })

  it('refuses a token of another user', async () => {
    stubApi({ 'GET /api/v1/account': [200, { ...SESSION, user: { ...SESSION.user, id: 41 } }] })
    render(pageAt('/auth/login/:suToken/:uid/:resource', '/auth/login/oat_la.secret/42/home', <LoginAsPage />))
    await screen.findByText('This login link does not belong to the expected user.')
    expect(localStorage.getItem('panel')).toBeNull()
  })

  it('opens /:resource, or home for "home" and anything that is not one path segment', () => {
    expect(loginAsTarget('home')).toBe('/')
    expect(loginAsTarget('manage')).toBe('/manage')
    expect(loginAsTarget('..%2F..')).toBe('/')
  })
})

describe('auto-approved affiliate signup', () => {
  it('logs the new affiliate in and goes home', async () => {
    const affiliate = { ...SESSION, user: { ...SESSION.user, role: 'affiliate' } }
    stubApi({
      'GET /api/v1/signup/affiliate/4': [
        200,
        {
          type: 'affiliate',
          organizationId: 4,
          organizationName: 'Demo Casino Network',
          themeColor: 'purple',
          campaignId: null,
          fields: [],
        },
      ],
      'POST /api/v1/signup/affiliate/4': [
        201,
        {
          id: 7,
          organizationId: 4,
          role: 'affiliate',
          status: 'active',
          message: 'Welcome to Demo Casino Network! Your account is active.',
          session: affiliate,
        },
      ],
    })
    render(pageAt('/register/affiliate/:orgId', '/register/affiliate/4', <SignupPage />))
    await screen.findByText('Join Demo Casino Network')
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
    type(/^Full name/, 'Ana')
    type(/^Email/, 'ana@example.com')
    type(/^Password/, 'Demo#1234')
    type(/^Confirm password/, 'Demo#1234')
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await screen.findByText('Home page')
    await waitFor(() => expect(localStorage.getItem('affiliateToken')).toBe(SESSION.token))
  })
})

describe('error texts', () => {
  it("shows the server's message, else the spec's fallback, rate-limit and total-failure texts", () => {
    expect(
      errorText(new HttpError('Invalid email or password.', 401, { message: 'Invalid email or password.' }), translate)
    ).toBe('Invalid email or password.')
    expect(errorText(new HttpError('Too Many Requests', 429, null), translate)).toMatch(/^Hold up!/)
    expect(errorText(new HttpError('Internal Server Error', 500, null), translate)).toBe('Oops, there is an error.')
    expect(errorText(new TypeError('Failed to fetch'), translate)).toBe('Something Went Wrong!')
    expect(errorText(new HttpError('affix.errors.total_failure', 0, null), translate)).toBe('Something Went Wrong!')
  })
})
