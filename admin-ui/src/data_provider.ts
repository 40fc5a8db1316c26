/*
 * react-admin data provider: ra-data-simple-rest (the API speaks its dialect: range,
 * sort, filter and Content-Range) with resource names translated to API paths by the
 * registry, plus the Affix endpoints simple-rest does not know.
 *
 * A sub-collection of a record (a campaign's caps: `/api/v1/campaigns/campaigns/:campaignId/caps`)
 * is a resource of its own, as in react-admin's demo: its path takes the parent's id from
 * getManyReference's target (`<ReferenceManyField target="campaignId">`), else from the
 * call's `meta`, else from the record. The API answers such a list whole (a few dozen rows
 * at most, no Content-Range): it is sorted and paged here.
 */
import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider, GetListParams, RaRecord } from 'react-admin'
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

/** The parent ids a sub-collection's path may need: meta first, then the reference target, then the record. */
function parentIds(params: unknown): Record<string, unknown> {
  const { meta, target, id, data, previousData } = (params ?? {}) as Record<string, any>
  return { ...previousData, ...data, ...(target ? { [target]: id } : {}), ...meta }
}

const compare = (a: unknown, b: unknown) =>
  a == null
    ? b == null
      ? 0
      : -1
    : b == null
      ? 1
      : typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a).localeCompare(String(b))

export function createDataProvider({ registry, httpClient, downloadFile }: DataProviderOptions): AffixDataProvider {
  // simple-rest requests `${apiUrl}/${resource}`: an empty apiUrl and the path without its
  // leading slash give the absolute API path on the same origin.
  const simpleRest = simpleRestProvider('', httpClient)
  const pathResource = (resource: string, params: unknown) =>
    registry.apiPath(resource, parentIds(params)).replace(/^\/+/, '')
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

  // A sub-collection's list: the whole collection, sorted and paged like simple-rest would have the API do.
  const wholeList = async (resource: string, params: GetListParams) => {
    const { json } = await httpClient<RaRecord[]>(`/${pathResource(resource, params)}`)
    const rows = Array.isArray(json) ? json : []
    const { field, order } = params.sort ?? { field: '', order: 'ASC' }
    const sorted = field ? [...rows].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1)) : rows
    const { page, perPage } = params.pagination ?? { page: 1, perPage: sorted.length }
    return { data: sorted.slice((page - 1) * perPage, page * perPage), total: rows.length }
  }

  const crud = Object.fromEntries(
    CRUD_METHODS.map((method) => [
      method,
      // async, so an unknown resource rejects like any failed request instead of throwing.
      async (resource: string, params: unknown) =>
        withIds(
          resource,
          registry.isNested(resource) && (method === 'getList' || method === 'getManyReference')
            ? await wholeList(resource, params as GetListParams)
            : await (simpleRest[method] as (resource: string, params: unknown) => Promise<unknown>)(
                pathResource(resource, params),
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
