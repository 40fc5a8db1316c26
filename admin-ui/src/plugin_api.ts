/*
 * The contract between the admin shell and plugin admin modules. A plugin package
 * exports (as "./admin") a default object of type AdminPlugin; the shell registers its
 * resources, merges its messages and shows it only when the account has it enabled.
 * Plugins import these types only (`import type`), so nothing of the shell is bundled twice.
 */
import type { ComponentType } from 'react'
import type { DataProvider, Identifier } from 'react-admin'

export type Locale = 'en' | 'pt' | 'tr'

/** Nested message objects, merged under the app's own messages (e.g. `resources.brands.name`). */
export type PluginMessages = Record<string, unknown>

export interface AdminResource {
  /** react-admin resource name, unique across plugins (e.g. `brands`). */
  name: string
  /** Absolute API path of the REST collection (e.g. `/api/v1/brands/brands`). */
  apiPath: string
  list?: ComponentType
  edit?: ComponentType
  create?: ComponentType
  show?: ComponentType
  icon?: ComponentType
  recordRepresentation?: string
  options?: { label?: string }
  /** Sidebar section the resource is listed under. */
  menuGroup?: string
}

export interface AdminPlugin {
  /** Same id as the server plugin: the account's `plugins` list is matched on it. */
  id: string
  resources: AdminResource[]
  messages: Record<Locale, PluginMessages>
}

export interface Ability {
  subject: string
  action: string
}

/** What authProvider.getPermissions resolves to. */
export interface Permissions {
  abilities: Ability[]
  /** Ids of the plugins enabled for the account's organisation. */
  enabledPlugins: string[]
  superuser: boolean
}

export interface BulkStatusResult {
  updated: number
  ids: Identifier[]
}

export interface ImportFailure {
  line: number
  error: string
}

export interface ImportSummary {
  id: number
  type: string
  status: 'completed' | 'failed' | 'imported_partially'
  fileName: string
  totalRows: number
  importedRows: number
  failedRows: number
  failures: ImportFailure[]
  failedRowsUrl: string | null
}

export interface DownloadedFile {
  blob: Blob
  fileName: string
}

/** react-admin's DataProvider plus the Affix endpoints that are not plain CRUD. */
export interface AffixDataProvider extends DataProvider {
  /** POST <resource path>/status {ids, status}: the bulk status endpoint of a resource. */
  setStatus(resource: string, params: { ids: Identifier[]; status: string }): Promise<{ data: BulkStatusResult }>
  /** POST <resource path>/import with the CSV as multipart field `file`. */
  importCsv(resource: string, params: { file: File }): Promise<{ data: ImportSummary }>
  /** GET an authenticated file (e.g. an import's failed rows) as a Blob. */
  downloadFile(path: string): Promise<DownloadedFile>
}
