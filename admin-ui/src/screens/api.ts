/*
 * The screens' access to the API endpoints that are not plain REST collections (profile,
 * organisation, features, signup settings, plugin settings, secrets shown once…), through
 * the data provider's `request` (the shared http_client: the panel's token, `coid`, the UI
 * language), so that react-admin's checkError handles a 401/403/404/406 like any other.
 */
import { useMemo } from 'react'
import { useDataProvider, useNotify } from 'react-admin'
import type { AffixDataProvider, QueryParams } from '../plugin_api'

/** Total of a react-admin style `Content-Range: items 0-24/319` header. */
export function totalOf(headers: Headers, fallback: number): number {
  const match = /\/(\d+)\s*$/.exec(headers.get('Content-Range') ?? '')
  return match ? Number(match[1]) : fallback
}

export interface Page<T> {
  data: T[]
  total: number
}

export interface CallOptions {
  query?: QueryParams
  /** A 404 the screen handles itself (e.g. "this plugin has no settings"): no /404 page. */
  notFoundIsAnswer?: boolean
}

export interface Api {
  get<T>(path: string, options?: CallOptions): Promise<T>
  getPage<T>(path: string, options: CallOptions & { page: number; limit: number }): Promise<Page<T>>
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>
  put<T>(path: string, body: unknown, options?: CallOptions): Promise<T>
  patch<T>(path: string, body: unknown, options?: CallOptions): Promise<T>
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>
  /** An authenticated file download, saved by the browser under the server's file name. */
  download(path: string): Promise<void>
}

export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status?: number }).status
    : undefined
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export function createApi(dataProvider: AffixDataProvider): Api {
  const send = async <T>(method: Method, path: string, body: unknown, options: CallOptions = {}) =>
    dataProvider.request<T>(path, {
      method,
      query: options.query,
      body,
      ...(options.notFoundIsAnswer ? { notFoundPage: false } : {}),
    })
  return {
    get: async (path, options) => (await send<any>('GET', path, undefined, options)).data,
    getPage: async (path, { page, limit, query, ...options }) => {
      const response = await send<any[]>('GET', path, undefined, { ...options, query: { ...query, page, limit } })
      return { data: response.data, total: totalOf(response.headers, response.data.length) }
    },
    post: async (path, body, options) => (await send<any>('POST', path, body ?? {}, options)).data,
    put: async (path, body, options) => (await send<any>('PUT', path, body, options)).data,
    patch: async (path, body, options) => (await send<any>('PATCH', path, body, options)).data,
    delete: async (path, body, options) => (await send<any>('DELETE', path, body, options)).data,
    download: async (path) => {
      const { blob, fileName } = await dataProvider.downloadFile(path)
      saveBlob(blob, fileName)
    },
  }
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The API client of a screen (react-admin's data provider, so its error handling applies). */
export function useApi(): Api {
  const dataProvider = useDataProvider<AffixDataProvider>()
  return useMemo(() => createApi(dataProvider), [dataProvider])
}

/**
 * The `{ field: message }` errors of a failed call (422), for a react-admin form. Errors
 * on an item of a list input (`allowedIps.2`) are moved to the input itself (`allowedIps`),
 * which is where a chip input shows them; `*` in a list input's path stands for a row
 * index (`fields.*.options`).
 */
export function fieldErrorsOf(error: unknown, listInputs: string[] = []): Record<string, unknown> | undefined {
  const body =
    typeof error === 'object' && error !== null
      ? (error as { body?: { errors?: Record<string, unknown> } }).body
      : undefined
  if (!body?.errors || !Object.keys(body.errors).length) return undefined
  const patterns = listInputs.map(
    (path) => new RegExp(`^(${path.replace(/\./g, '\\.').replace(/\*/g, '\\d+')})\\.\\d+$`)
  )
  const errors: Record<string, unknown> = {}
  for (const [field, message] of Object.entries(body.errors)) {
    const target = patterns.map((pattern) => pattern.exec(field)?.[1]).find(Boolean) ?? field
    if (!(target in errors)) errors[target] = message
  }
  return errors
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error'
}

/**
 * A react-admin form's onSubmit around an API call: success is notified, a 422 with field
 * errors lands under the inputs (react-admin also notifies the server's message), any
 * other failure is notified with the server's message.
 */
export function useFormSubmit<Values, Result>(
  call: (values: Values) => Promise<Result>,
  {
    success,
    onSuccess,
    listInputs,
  }: { success?: string; onSuccess?: (result: Result, values: Values) => void; listInputs?: string[] } = {}
) {
  const notify = useNotify()
  // Typed for react-admin's <Form onSubmit>, which hands over the form values as FieldValues.
  return async (formValues: Record<string, any>): Promise<Record<string, unknown> | undefined> => {
    const values = formValues as Values
    try {
      const result = await call(values)
      if (success) notify(success, { type: 'success' })
      onSuccess?.(result, values)
      return undefined
    } catch (error) {
      const fields = fieldErrorsOf(error, listInputs)
      if (fields) return fields
      notify(messageOf(error), { type: 'error', messageArgs: { _: messageOf(error) } })
      return undefined
    }
  }
}

/** Notifies a failed action (button, switch) with the server's message. */
export function useNotifyError() {
  const notify = useNotify()
  return (error: unknown) => notify(messageOf(error), { type: 'error', messageArgs: { _: messageOf(error) } })
}
