import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signupApiPath, SignupFormFields, SignupPage } from '../../../plugins/signup/admin/SignupPage'
import {
  checkCustomField,
  toSignupPayload,
  type SignupField,
  type SignupForm,
} from '../../../plugins/signup/admin/signupForm'
import { pageAt, stubApi } from './public_helpers'

const FORM: SignupForm = {
  type: 'affiliate',
  organizationId: 4,
  organizationName: 'Demo Casino Network',
  themeColor: 'teal',
  campaignId: null,
  fields: [
    { name: 'website', label: 'Website', type: 'text', required: true, options: null, validation: null },
    {
      name: 'traffic',
      label: 'Traffic source',
      type: 'select',
      required: false,
      options: ['SEO', 'Social'],
      validation: null,
    },
    { name: 'employees', label: 'Employees', type: 'numeric', required: false, options: null, validation: null },
    {
      name: 'nickname',
      label: 'Nickname',
      type: 'custom',
      required: false,
      options: null,
      validation: { type: 'min', value: 4, message: 'Pick at least four characters' },
    },
    { name: 'id_document', label: 'ID document', type: 'file', required: false, options: null, validation: null },
  ],
}

/** The text under an input (error or helper), found through aria-describedby. */
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' })
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('affiliate signup form', () => {
  it('renders the common fields and every custom field by type', async () => {
    render(pageAt('/', '/', <SignupFormFields form={FORM} onSubmit={async () => undefined} busy={false} />))
    for (const label of [
      /^Full name/,
      /^Email/,
      /^Password/,
      /^Confirm password/,
      /^Phone/,
      /^Website/,
      /^Employees/,
      /^Nickname/,
      /^ID document/,
    ]) {
      expect(field(label)).toBeTruthy()
    }
    expect(field(/^Employees/).getAttribute('inputmode')).toBe('numeric')
    expect(helperOf(field(/^ID document/))).toBe('A link to the file or its name')
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeTruthy()
    // The select offers the organisation's options.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Traffic source/ }))
    const listbox = await screen.findByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent)
    ).toEqual(expect.arrayContaining(['SEO', 'Social']))
  })

  it('checks the answers before sending: required, type and the field’s own rule and message', async () => {
    const onSubmit = vi.fn(async () => undefined)
    render(pageAt('/', '/', <SignupFormFields form={FORM} onSubmit={onSubmit} busy={false} />))
    type(/^Employees/, '12a')
    type(/^Nickname/, 'abc')
    type(/^Password/, 'short')
    type(/^Confirm password/, 'other')
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(helperOf(field(/^Website/))).toBe('Website is required'))
    expect(helperOf(field(/^Employees/))).toBe('Employees must contain only numbers')
    expect(helperOf(field(/^Nickname/))).toBe('Pick at least four characters')
    expect(helperOf(field(/^Password/))).toMatch(/^Password must be 8 to 32 characters/)
    expect(helperOf(field(/^Confirm password/))).toBe('Passwords must match')
    expect(screen.getByText('Terms must be accepted')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('posts the answers and shows the server’s field errors next to the fields, custom ones included', async () => {
    const { calls } = stubApi({
      'GET /api/v1/auth/meta': [
        200,
        {
          organizationId: 4,
          name: 'Demo Casino Network',
          themeColor: 'teal',
          logoUrl: null,
          loginLogoUrl: null,
          favIconUrl: null,
          affiliateSignupUrl: null,
        },
      ],
      'GET /api/v1/signup/affiliate/4': [200, FORM],
      'POST /api/v1/signup/affiliate/4': [
        422,
        {
          message: 'The given data is invalid.',
          fields: [
            { field: 'email', rule: 'unique', message: 'Username is already taken' },
            { field: 'fields.website', rule: 'url', message: 'Website must be valid' },
          ],
        },
      ],
    })
    render(pageAt('/register/affiliate/:orgId', '/register/affiliate/4', <SignupPage />))
    await screen.findByText('Join Demo Casino Network')
    type(/^Full name/, 'Ana Affiliate')
    type(/^Email/, 'admin@demo.affix.dev')
    type(/^Password/, 'Demo#1234')
    type(/^Confirm password/, 'Demo#1234')
    type(/^Website/, 'not a site')
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(helperOf(field(/^Email/))).toBe('Username is already taken'))
    expect(helperOf(field(/^Website/))).toBe('Website must be valid')
    const post = calls.find((call) => call.method === 'POST')
    expect(post?.body).toMatchObject({
      email: 'admin@demo.affix.dev',
      acceptTerms: true,
      language: 'en',
      fields: { website: 'not a site' },
    })
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' }).getAttribute('href')).toBe(
      '/login?orgId=4'
    )
  })

  it("shows the server's pending-approval message after signing up", async () => {
    stubApi({
      'GET /api/v1/signup/affiliate/4': [200, { ...FORM, fields: [] }],
      'POST /api/v1/signup/affiliate/4': [
        201,
        {
          id: 9,
          organizationId: 4,
          role: 'affiliate',
          status: 'pending',
          message: 'Thanks for signing up with Demo Casino Network. Your account is waiting for approval.',
          session: null,
        },
      ],
    })
    render(pageAt('/register/affiliate/:orgId', '/register/affiliate/4', <SignupPage />))
    await screen.findByText('Join Demo Casino Network')
    type(/^Full name/, 'Ana Affiliate')
    type(/^Email/, 'ana@example.com')
    type(/^Password/, 'Demo#1234')
    type(/^Confirm password/, 'Demo#1234')
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await screen.findByText('Your account is waiting for approval')
    expect(screen.getByText(/Your account is waiting for approval\.$/)).toBeTruthy()
  })

  it('shows the not-found page for an unknown organisation', async () => {
    stubApi({})
    render(pageAt('/register/affiliate/:orgId', '/register/affiliate/404', <SignupPage />))
    await screen.findByText('Sorry, the page you visited does not exist.')
  })
})

const customField = (overrides: Partial<SignupField>): SignupField => ({
  name: 'website',
  label: 'Website',
  type: 'text',
  required: false,
  options: null,
  validation: null,
  ...overrides,
})

describe('custom signup fields', () => {
  it('requires required fields, after trimming', () => {
    expect(checkCustomField(customField({ required: true }), '  ')).toEqual({
      message: 'signup.custom_field.required',
      args: { field: 'Website' },
    })
    expect(checkCustomField(customField({ required: false }), '')).toBeUndefined()
  })

  it("checks each type's character class, select options and the 350-character cap", () => {
    expect(checkCustomField(customField({ type: 'numeric', label: 'Employees' }), '12a')?.message).toBe(
      'signup.custom_field.numeric'
    )
    expect(checkCustomField(customField({ type: 'numeric' }), '0042')).toBeUndefined()
    expect(checkCustomField(customField({ type: 'alphabets' }), 'José Silva')).toBeUndefined()
    expect(checkCustomField(customField({ type: 'alphabets' }), 'R2D2')?.message).toBe('signup.custom_field.alphabets')
    expect(checkCustomField(customField({ type: 'alphanumeric' }), 'R2 D2')).toBeUndefined()
    expect(checkCustomField(customField({ type: 'alphanumeric' }), 'R2-D2')?.message).toBe(
      'signup.custom_field.alphanumeric'
    )
    expect(checkCustomField(customField({ type: 'select', options: ['SEO', 'Social'] }), 'TV')?.message).toBe(
      'signup.custom_field.select'
    )
    expect(checkCustomField(customField({ type: 'select', options: ['SEO', 'Social'] }), 'SEO')).toBeUndefined()
    expect(checkCustomField(customField({}), 'x'.repeat(351))).toEqual({
      message: 'signup.custom_field.max_length',
      args: { field: 'Website', max: 350 },
    })
  })

  it("applies the field's own validation, with its own message when it has one", () => {
    const min = customField({ type: 'custom', validation: { type: 'min', value: 5, message: null } })
    expect(checkCustomField(min, 'abc')).toEqual({
      message: 'signup.custom_field.min',
      args: { field: 'Website', min: 5 },
    })
    expect(checkCustomField(min, 'abcde')).toBeUndefined()
    const max = customField({ type: 'custom', validation: { type: 'max', value: 3, message: 'Three letters at most' } })
    expect(checkCustomField(max, 'abcd')).toEqual({
      message: 'Three letters at most',
      args: { _: 'Three letters at most' },
    })
    const numeric = customField({ type: 'custom', validation: { type: 'numeric', value: null, message: null } })
    expect(checkCustomField(numeric, 'x1')?.message).toBe('signup.custom_field.numeric')
  })

  it('sends trimmed answers of the form’s fields only, and no empty phone', () => {
    const fields = [
      customField({}),
      customField({ name: 'traffic', label: 'Traffic', type: 'select', options: ['SEO'] }),
    ]
    const payload = toSignupPayload(
      {
        name: ' Ana ',
        email: ' ana@example.com ',
        password: 'Demo#1234',
        passwordConfirmation: 'Demo#1234',
        phone: '  ',
        acceptTerms: true,
        fields: { website: ' https://ana.example ', traffic: '', injected: 'x' },
      },
      fields,
      'pt'
    )
    expect(payload).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'Demo#1234',
      passwordConfirmation: 'Demo#1234',
      acceptTerms: true,
      language: 'pt',
      fields: { website: 'https://ana.example' },
    })
    expect(toSignupPayload({ acceptTerms: false }, [], 'en')).not.toHaveProperty('fields')
  })
})

describe('signup routes', () => {
  it('maps the signup routes to their API paths, and unknown types or ids to none', () => {
    expect(signupApiPath({ orgId: '4' })).toBe('/api/v1/signup/affiliate/4')
    expect(signupApiPath({ orgId: '4', campId: '9' })).toBe('/api/v1/signup/affiliate/4/9')
    expect(signupApiPath({ type: 'brand', orgId: '4' })).toBe('/api/v1/signup/brand/4')
    expect(signupApiPath({ type: 'admin', orgId: '4' })).toBeNull()
    expect(signupApiPath({ orgId: 'x' })).toBeNull()
    expect(signupApiPath({ orgId: '4', campId: '0' })).toBeNull()
  })
})
