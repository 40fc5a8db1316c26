import { describe, expect, it } from 'vitest'
import {
  checkCustomField,
  isValidPassword,
  passwordsMatch,
  PASSWORD_RULE,
  toSignupPayload,
  validate,
  type SignupField,
} from '../../src/public/validation'
import { browserTimeZone, toRegisterPayload } from '../../src/public/RegisterPage'
import { signupApiPath } from '../../src/public/SignupPage'
import { themeColorToCss, parseOrgId } from '../../src/public/branding'

const field = (overrides: Partial<SignupField>): SignupField => ({
  name: 'website',
  label: 'Website',
  type: 'text',
  required: false,
  options: null,
  validation: null,
  ...overrides,
})

describe('password rule (spec §5)', () => {
  it('accepts 8 to 32 characters with a letter, a number and one of #?!@$%^&*-', () => {
    for (const good of ['Demo#1234', 'abcdefg1-', 'Z9@zzzzz', `A1#${'x'.repeat(29)}`])
      expect(isValidPassword(good), good).toBe(true)
  })

  it('refuses passwords too short, too long, or missing a letter, a number or a special character', () => {
    for (const bad of ['Demo#12', `A1#${'x'.repeat(30)}`, 'Demo12345', 'demo#demo', '12345678#', 'Demo_1234', '']) {
      expect(isValidPassword(bad), bad).toBe(false)
    }
    expect(PASSWORD_RULE.source).toContain('#?!@$%^&*-')
  })

  it('reports the rule and the mismatch with the spec texts', () => {
    const [, rule] = validate.newPassword
    expect(rule('short', {}, {} as never)).toBe('affix.public.validation.password')
    expect(rule('Demo#1234', {}, {} as never)).toBeUndefined()
    expect(passwordsMatch('Demo#1235', { password: 'Demo#1234' }, {} as never)).toBe(
      'affix.public.validation.passwords_match'
    )
    expect(passwordsMatch('Demo#1234', { password: 'Demo#1234' }, {} as never)).toBeUndefined()
  })

  it('checks phone numbers only when one is given, and requires the terms', () => {
    const [phone] = validate.phone
    expect(phone('', {}, {} as never)).toBeUndefined()
    expect(phone('+55 (11) 91234-5678', {}, {} as never)).toBeUndefined()
    expect(phone('call me', {}, {} as never)).toBe('affix.public.validation.phone')
    const [terms] = validate.acceptTerms
    expect(terms(false, {}, {} as never)).toBe('affix.public.validation.terms')
    expect(terms(true, {}, {} as never)).toBeUndefined()
  })
})

describe('custom signup fields', () => {
  it('requires required fields, after trimming', () => {
    expect(checkCustomField(field({ required: true }), '  ')).toEqual({
      message: 'affix.public.custom_field.required',
      args: { field: 'Website' },
    })
    expect(checkCustomField(field({ required: false }), '')).toBeUndefined()
  })

  it("checks each type's character class, select options and the 350-character cap", () => {
    expect(checkCustomField(field({ type: 'numeric', label: 'Employees' }), '12a')?.message).toBe(
      'affix.public.custom_field.numeric'
    )
    expect(checkCustomField(field({ type: 'numeric' }), '0042')).toBeUndefined()
    expect(checkCustomField(field({ type: 'alphabets' }), 'José Silva')).toBeUndefined()
    expect(checkCustomField(field({ type: 'alphabets' }), 'R2D2')?.message).toBe('affix.public.custom_field.alphabets')
    expect(checkCustomField(field({ type: 'alphanumeric' }), 'R2 D2')).toBeUndefined()
    expect(checkCustomField(field({ type: 'alphanumeric' }), 'R2-D2')?.message).toBe(
      'affix.public.custom_field.alphanumeric'
    )
    expect(checkCustomField(field({ type: 'select', options: ['SEO', 'Social'] }), 'TV')?.message).toBe(
      'affix.public.custom_field.select'
    )
    expect(checkCustomField(field({ type: 'select', options: ['SEO', 'Social'] }), 'SEO')).toBeUndefined()
    expect(checkCustomField(field({}), 'x'.repeat(351))).toEqual({
      message: 'affix.public.custom_field.max_length',
      args: { field: 'Website', max: 350 },
    })
  })

  it("applies the field's own validation, with its own message when it has one", () => {
    const min = field({ type: 'custom', validation: { type: 'min', value: 5, message: null } })
    expect(checkCustomField(min, 'abc')).toEqual({
      message: 'affix.public.custom_field.min',
      args: { field: 'Website', min: 5 },
    })
    expect(checkCustomField(min, 'abcde')).toBeUndefined()
    const max = field({ type: 'custom', validation: { type: 'max', value: 3, message: 'Three letters at most' } })
    expect(checkCustomField(max, 'abcd')).toEqual({
      message: 'Three letters at most',
      args: { _: 'Three letters at most' },
    })
    const numeric = field({ type: 'custom', validation: { type: 'numeric', value: null, message: null } })
    expect(checkCustomField(numeric, 'x1')?.message).toBe('affix.public.custom_field.numeric')
  })

  it('sends trimmed answers of the form’s fields only, and no empty phone', () => {
    const fields = [field({}), field({ name: 'traffic', label: 'Traffic', type: 'select', options: ['SEO'] })]
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

  it('builds the organisation registration body', () => {
    expect(
      toRegisterPayload(
        {
          organizationName: ' Acme ',
          name: 'Ana',
          email: 'a@acme.example',
          password: 'P#ssw0rd',
          passwordConfirmation: 'P#ssw0rd',
          phone: '+90 555 123 4567',
          acceptTerms: true,
          timezone: 'Europe/Istanbul',
        },
        'tr'
      )
    ).toEqual({
      organizationName: 'Acme',
      name: 'Ana',
      email: 'a@acme.example',
      password: 'P#ssw0rd',
      passwordConfirmation: 'P#ssw0rd',
      phone: '+90 555 123 4567',
      acceptTerms: true,
      language: 'tr',
      timezone: 'Europe/Istanbul',
    })
    // Left empty, the browser's zone is sent: never a silent UTC on the server.
    expect(toRegisterPayload({ acceptTerms: true }, 'en').timezone).toBe(browserTimeZone())
  })
})

describe('signup routes and branding', () => {
  it('maps the signup routes to their API paths, and unknown types or ids to none', () => {
    expect(signupApiPath({ orgId: '4' })).toBe('/api/v1/auth/register/affiliate/4')
    expect(signupApiPath({ orgId: '4', campId: '9' })).toBe('/api/v1/auth/register/affiliate/4/9')
    expect(signupApiPath({ type: 'brand', orgId: '4' })).toBe('/api/v1/auth/register/brand/4')
    expect(signupApiPath({ type: 'admin', orgId: '4' })).toBeNull()
    expect(signupApiPath({ orgId: 'x' })).toBeNull()
    expect(signupApiPath({ orgId: '4', campId: '0' })).toBeNull()
    expect(parseOrgId('12')).toBe(12)
    expect(parseOrgId('99999999999')).toBeNull()
  })

  it('turns theme colours into CSS colours, purple by default (spec §9)', () => {
    expect(themeColorToCss('#123abc')).toBe('#123abc')
    expect(themeColorToCss('teal')).toMatch(/^#/)
    expect(themeColorToCss(undefined)).toBe(themeColorToCss('purple'))
    expect(themeColorToCss('javascript:alert(1)')).toBe(themeColorToCss('purple'))
  })
})
