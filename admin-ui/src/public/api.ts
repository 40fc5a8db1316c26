/*
 * How the public pages talk to the API: plain calls through the shared fetch wrapper (the
 * envelope unwrapped, errors as react-admin HttpErrors), without the current panel's token
 * unless a page passes one, and in the language shown.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { HttpError, useLocaleState, useNavigate, useNotificationContext, type TranslateFunction } from 'react-admin'
import { createHttpClient } from '../http_client'
import { saveSession, type PanelSummary, type Session } from '../session'

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** A bearer token for this call only (login-as landing, panel switch). */
  token?: string | null
}

export type PublicApi = <T = unknown>(path: string, options?: ApiCallOptions) => Promise<T>

/** Calls the API and resolves to the envelope's `data`. */
export function callApi<T>(
  path: string,
  { method = 'GET', body, token = null }: ApiCallOptions,
  locale: string
): Promise<T> {
  // Public calls act for no organisation: never a coid, and no token unless one is given.
  const { httpClient } = createHttpClient({ getLocale: () => locale, getToken: () => token, getCoid: () => null })
  return httpClient<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(
    ({ json }) => json
  )
}

export function usePublicApi(): PublicApi {
  const [locale] = useLocaleState()
  return useCallback(<T>(path: string, options: ApiCallOptions = {}) => callApi<T>(path, options, locale), [locale])
}

/** The language the page is shown in, sent with registrations so mails speak it too. */
export function useLanguage(): 'en' | 'pt' | 'tr' {
  const [locale] = useLocaleState()
  return locale === 'pt' || locale === 'tr' ? locale : 'en'
}

/**
 * What to show for a failed call. The server's messages are shown as they are (they are
 * already in the page's language); a failure without one gets the spec's fallback texts.
 */
export function errorText(error: unknown, translate: TranslateFunction): string {
  if (error instanceof HttpError) {
    const serverMessage = (error.body as { message?: unknown } | null)?.message
    if (typeof serverMessage === 'string' && serverMessage) return serverMessage
    if (error.status === 429) return translate('affix.public.errors.rate_limited')
    // Status 0: no answer at all (offline, server down).
    if (error.status === 0) return translate('affix.public.errors.total_failure')
    return translate('affix.public.errors.fallback')
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return translate('affix.public.errors.total_failure')
  return translate('affix.public.errors.fallback')
}

/** The server's field errors of a 422, in react-admin's submission-error shape, or null. */
export function submissionErrors(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof HttpError)) return null
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors
  return errors && typeof errors === 'object' ? errors : null
}

export const isSession = (value: unknown): value is Session =>
  typeof value === 'object' && value !== null && typeof (value as Session).token === 'string' && 'user' in value

/** Several active panels: the person chooses which one to open. */
export const needsPanelChoice = (panels: PanelSummary[] | undefined): panels is PanelSummary[] =>
  Array.isArray(panels) && panels.length > 1

/**
 * Starts a session returned by the server (verification, OIDC, signup, login-as, panel
 * switch, superadmin login) and opens `to`. react-admin caches the auth state of the
 * anonymous visit; it is reset and checked again before navigating, or the layout would
 * still see "logged out" and log the new session out.
 */
export function useStartSession() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { resetNotifications } = useNotificationContext()
  return useMemo(
    () =>
      async (session: Session, to = '/', options: { beforeNavigate?: () => void } = {}) => {
        saveSession(session)
        options.beforeNavigate?.()
        await queryClient.resetQueries({ queryKey: ['auth'] })
        resetNotifications()
        navigate(to, { replace: true })
      },
    [queryClient, navigate, resetNotifications]
  )
}
