/*
 * react-admin data provider: ra-data-simple-rest (the API speaks its dialect: range,
 * sort, filter and Content-Range) with resource names translated to API paths by the
 * registry, plus the Affix endpoints simple-rest does not know.
 */
import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider } from 'react-admin'
import { createApi, type HttpClient, type RequestOptions } from './http_client'
import type { AffixDataProvider, BulkStatusResult, DownloadedFile, ImportSummary } from './plugin_api'
import type { ResourceRegistry } from './resource_registry'

export interface DataProviderOptions {
  registry: ResourceRegistry
  httpClient: HttpClient
  downloadFile: (url: string, options?: RequestOptions) => Promise<DownloadedFile>
}

type CrudMethod = Exclude<keyof DataProvider, 'supportAbortSignal'>

const CRUD_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'update',
  'updateMany',
  'create',
  'delete',
  'deleteMany',
] as const satisfies readonly CrudMethod[]

export function createDataProvider({ registry, httpClient, downloadFile }: DataProviderOptions): AffixDataProvider {
  // simple-rest requests `${apiUrl}/${resource}`: an empty apiUrl and the path without its
  // leading slash give the absolute API path on the same origin.
  const simpleRest = simpleRestProvider('', httpClient)
  const pathResource = (resource: string) => registry.apiPath(resource).replace(/^\/+/, '')
  const api = createApi(httpClient)

  // A resource whose records are keyed by another field (e.g. clickId) gets it as react-admin's `id`.
  const withIds = (resource: string, result: unknown) => {
    const key = registry.primaryKey(resource)
    const { data } = (result ?? {}) as { data?: unknown }
    if (key === 'id' || !data) return result
    const idOf = (row: any) => (Array.isArray(key) ? key.map((field) => row[field]).join(':') : row[key])
    const keyed = (row: any) => (row && typeof row === 'object' && !('id' in row) ? { ...row, id: idOf(row) } : row)
    return { ...(result as object), data: Array.isArray(data) ? data.map(keyed) : keyed(data) }
  }

  const crud = Object.fromEntries(
    CRUD_METHODS.map((method) => [
      method,
      // async, so an unknown resource rejects like any failed request instead of throwing.
      async (resource: string, params: unknown) =>
        withIds(
          resource,
          await (simpleRest[method] as (resource: string, params: unknown) => Promise<unknown>)(
            pathResource(resource),
            params
          )
        ),
    ])
  ) as unknown as Pick<DataProvider, (typeof CRUD_METHODS)[number]>

  return {
    ...crud,
    supportAbortSignal: true,

    async setStatus(resource, { ids, status }) {
      const { json } = await httpClient<BulkStatusResult>(`${registry.apiPath(resource)}/status`, {
        method: 'POST',
        body: JSON.stringify({ ids, status }),
      })
      return { data: json }
    },

    async importCsv(resource, { file }) {
      const form = new FormData()
      form.append('file', file, file.name)
      const { json } = await httpClient<ImportSummary>(`${registry.apiPath(resource)}/import`, {
        method: 'POST',
        body: form,
      })
      return { data: json }
    },

    downloadFile,

    // Any API call of a screen, through react-admin's data provider so that its error
    // handling (authProvider.checkError: logout, /403, /404 …) applies.
    async request(path, { method = 'GET', query, body, ...options } = {}) {
      const { json, headers, status } = await httpClient(path, {
        ...options,
        method,
        query,
        ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
      })
      return { data: json, headers, status }
    },

    async upload(path, params) {
      return { data: await api.upload(path, params) }
    },
  }
}
