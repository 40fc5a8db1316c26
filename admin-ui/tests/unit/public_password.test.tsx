import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ForgotPasswordPage, ResetPasswordPage } from '../../src/public/PasswordPages'
import { pageAt, stubApi } from './public_helpers'

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
const helperOf = (label: RegExp) => {
  const input = screen.getByLabelText(label, { selector: 'input' })
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('password pages', () => {
  it("shows the server's neutral answer to a reset request", async () => {
    const { calls } = stubApi({
      'POST /api/v1/auth/password/forgot': [
        200,
        { message: 'If an account uses this address, we sent it a link to reset the password.' },
      ],
    })
    render(pageAt('/password/forgot', '/password/forgot', <ForgotPasswordPage />))
    type(/^Email/, 'someone@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    await screen.findByText('If an account uses this address, we sent it a link to reset the password.')
    expect(calls.at(-1)?.body).toEqual({ email: 'someone@example.com' })
  })

  it('checks the password rule and the confirmation before sending', async () => {
    const { fetchStub } = stubApi({})
    render(pageAt('/password/reset/:code', '/password/reset/code-0123456789', <ResetPasswordPage />))
    type(/^New password/, 'password1')
    type(/^Confirm password/, 'password2')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(helperOf(/^New password/)).toMatch(/^Password must be 8 to 32 characters/))
    expect(helperOf(/^Confirm password/)).toBe('Passwords must match')
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/password/reset'))).toEqual([])
  })

  it('sets the new password and links to login', async () => {
    const { calls } = stubApi({
      'POST /api/v1/auth/password/reset': [200, { message: 'Your password was changed. Please log in again.' }],
    })
    render(pageAt('/password/reset/:code', '/password/reset/code-0123456789', <ResetPasswordPage />))
    type(/^New password/, 'New#12345')
    type(/^Confirm password/, 'New#12345')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await screen.findByText('Your password was changed. Please log in again.')
    expect(calls.at(-1)?.body).toEqual({
      code: 'code-0123456789',
      password: 'New#12345',
      passwordConfirmation: 'New#12345',
    })
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login')
  })

  it("shows an expired code's message with a way to ask for a new link", async () => {
    const message = 'This reset link has expired. Please request a new one.'
    stubApi({
      'POST /api/v1/auth/password/reset': [422, { message, fields: [{ field: 'code', rule: 'invalid', message }] }],
    })
    render(pageAt('/password/reset/:code', '/password/reset/code-0123456789', <ResetPasswordPage />))
    type(/^New password/, 'New#12345')
    type(/^Confirm password/, 'New#12345')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await screen.findByText(message)
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password/forgot')
  })
  it("an invitation link opens the same form, titled for choosing one's own password", async () => {
    const { calls } = stubApi({
      'POST /api/v1/auth/password/reset': [200, { message: 'Your password is set. You can now log in.' }],
    })
    render(pageAt('/invitation/:code', '/invitation/invite-0123456789', <ResetPasswordPage mode="invitation" />))
    await screen.findByText('Choose your password')
    screen.getByText(/You were invited to an Affix panel/)
    type(/^New password/, 'Mine#12345')
    type(/^Confirm password/, 'Mine#12345')
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }))
    await screen.findByText('Your password is set. You can now log in.')
    expect(calls.at(-1)?.body).toEqual({
      code: 'invite-0123456789',
      password: 'Mine#12345',
      passwordConfirmation: 'Mine#12345',
    })
    screen.getByText('Password set')
  })
})
