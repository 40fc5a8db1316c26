import type { HttpContext } from '@adonisjs/core/http'
import { authorize, ok, validate } from '@affix/core/kernel'
import { checkTrackingUrl } from '../services/url_validator.js'
import { urlValidatorValidator } from '../validators.js'

export default class UrlValidatorController {
  /** POST /url-validator: the screens' live check of tracking and postback URLs (spec §5). */
  async check(ctx: HttpContext) {
    authorize(ctx, 'campaigns', 'read')
    const data = await validate(ctx, urlValidatorValidator, 'campaigns')
    const result = checkTrackingUrl(data.url, {
      macros: data.macros,
      mode: data.mode ?? 'strict',
      minimum: data.minimum,
    })
    // "a, b or c" in the caller's language (en-GB: no comma before "or", as the spec writes it).
    const locale = ctx.i18n.locale === 'en' ? 'en-GB' : ctx.i18n.locale
    const macros = result.choices
      ? new Intl.ListFormat(locale, { type: 'disjunction' }).format(result.choices)
      : undefined
    return ok(ctx, {
      valid: result.valid,
      message: ctx.i18n.t(`campaigns.url_validator.${result.key}`, { ...result.data, ...(macros ? { macros } : {}) }),
    })
  }
}
