/*
 * Errors that carry an HTTP status, an envelope `type` and a translatable message key.
 * The exception handler (app/exceptions/handler.ts) turns them into the envelope.
 */
export class AppError extends Error {
  constructor(
    /** i18n identifier, e.g. `errors.not_found` or `brands.errors.deleted_brand`. */
    readonly messageKey: string,
    readonly status = 400,
    readonly type = 'error',
    readonly data: Record<string, unknown> = {},
    /** Extra payload placed beside `message` in the error body (e.g. failed rows). */
    readonly details?: Record<string, unknown>
  ) {
    super(messageKey)
    this.name = 'AppError'
  }
}

export const notFound = (messageKey = 'errors.not_found') => new AppError(messageKey, 404, 'not_found')
export const forbidden = (messageKey = 'errors.forbidden') => new AppError(messageKey, 403, 'forbidden')
export const badRequest = (messageKey: string, details?: Record<string, unknown>) =>
  new AppError(messageKey, 400, 'bad_request', {}, details)
export const unprocessable = (messageKey: string, details?: Record<string, unknown>) =>
  new AppError(messageKey, 422, 'validation', {}, details)
