import { describe, expect, it } from 'vitest'
import { isValidPassword, passwordsMatch, PASSWORD_RULE, validate } from '../../src/public/validation'
import { browserTimeZone, toRegisterPayload } from '../../src/public/RegisterPage'
import { themeColorToCss, parseOrgId } from '../../src/public/branding'

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

describe('organisation registration', () => {
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

describe('organisation ids and branding', () => {
  it('reads an organisation id from a route parameter', () => {
    expect(parseOrgId('12')).toBe(12)
    expect(parseOrgId('99999999999')).toBeNull()
    expect(parseOrgId('x')).toBeNull()
  })

  it('turns theme colours into CSS colours, purple by default (spec §9)', () => {
    expect(themeColorToCss('#123abc')).toBe('#123abc')
    expect(themeColorToCss('teal')).toMatch(/^#/)
    expect(themeColorToCss(undefined)).toBe(themeColorToCss('purple'))
    expect(themeColorToCss('javascript:alert(1)')).toBe(themeColorToCss('purple'))
  })
})
