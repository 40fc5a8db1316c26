/*
 * Validation with translated messages. VineJS errors become a 422 envelope whose
 * `error.fields` lists every failing field with its message in the caller's language.
 *
 * Lookup order for a message: `<plugin>.validator.messages.<field>.<rule>`,
 * `<plugin>.validator.messages.<rule>`, `validator.shared.messages.<field>.<rule>`,
 * `validator.shared.messages.<rule>`, then VineJS's English default.
 * Field names: `<plugin>.validator.fields.<field>`, then `validator.shared.fields.<field>`.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import type { FieldContext, MessagesProviderContact as MessagesProviderContract } from '@vinejs/vine/types'
import type { I18n } from '@adonisjs/i18n'
import string from '@adonisjs/core/helpers/string'
import vine, { errors as vineErrors } from '@vinejs/vine'

/** Spec §5/§9: free text is at most 350 characters unless a field says otherwise. */
export const TEXT_MAX = 350

/** A trimmed free-text field of at most TEXT_MAX characters (chain .optional() etc.). */
export const text = () => vine.string().trim().maxLength(TEXT_MAX)

/** Spec §5 "Invalid phone number": an optional +, then 6–15 digits (spaces, dots, dashes and parentheses allowed between). */
export const PHONE_RULE = /^\+?[0-9][0-9 ().-]{4,22}[0-9]$/

/** Spec §5: 8–32 characters with a letter, a number and one of #?!@$%^&*- */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,32}$/

export class AffixMessagesProvider implements MessagesProviderContract {
  constructor(
    private readonly i18n: I18n,
    private readonly scope?: string
  ) {}

  private lookup(suffix: string): string | undefined {
    const prefixes = this.scope ? [`${this.scope}.validator`, 'validator.shared'] : ['validator.shared']
    for (const prefix of prefixes) {
      const found = this.i18n.resolveIdentifier(`${prefix}.${suffix}`)
      if (found) return found.message
    }
    return undefined
  }

  translateField(name: string): string {
    const found = this.lookup(`fields.${name}`)
    return found ? this.i18n.formatRawMessage(found) : name
  }

  getMessage(defaultMessage: string, rule: string, field: FieldContext, meta?: Record<string, any>) {
    const data: Record<string, unknown> = { ...meta, field: this.translateField(String(field.name)) }
    if (meta?.otherField) data.otherField = this.translateField(String(meta.otherField))
    const message = this.lookup(`messages.${field.wildCardPath}.${rule}`) ?? this.lookup(`messages.${rule}`)
    if (message) return this.i18n.formatRawMessage(message, data)
    return string.interpolate(defaultMessage, data)
  }
}

/** Validates the request (body, files, query merged as AdonisJS does) with translated messages. */
export function validate<T extends VineValidator<any, any>>(
  ctx: HttpContext,
  validator: T,
  scope?: string,
  data?: unknown
): Promise<T extends VineValidator<any, any> ? Awaited<ReturnType<T['validate']>> : never> {
  const messagesProvider = new AffixMessagesProvider(ctx.i18n, scope)
  if (data !== undefined) return validator.validate(data, { messagesProvider })
  return ctx.request.validateUsing(validator, { messagesProvider }) as any
}

/**
 * The body parser turns "" into null and VineJS treats null like an absent optional
 * field, so clearing a required field in a partial update would silently keep the old
 * value. This refuses it instead: each named field, when sent empty, is "required".
 */
export function rejectClearedFields(ctx: HttpContext, fields: string[], scope?: string) {
  const body = ctx.request.body()
  const cleared = fields.filter((field) => field in body && (body[field] === null || body[field] === ''))
  if (!cleared.length) return
  const provider = new AffixMessagesProvider(ctx.i18n, scope)
  const messages = cleared.map((field) => ({
    field,
    rule: 'required',
    message: provider.getMessage('The {{ field }} field must be defined', 'required', {
      name: field,
      wildCardPath: field,
    } as FieldContext),
  }))
  throw new vineErrors.E_VALIDATION_ERROR(messages)
}
