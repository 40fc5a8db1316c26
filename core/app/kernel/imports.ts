/*
 * Records a finished CSV import (spec §3 "import") so that its summary and its
 * failed-rows file can be fetched later (`GET /api/v1/imports/:id[/failed-rows]`).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import DataImport from '#models/data_import'
import { failedRowsCsv } from './csv.js'

export interface ImportSummary {
  id: number
  type: string
  status: string
  fileName: string
  totalRows: number
  importedRows: number
  failedRows: number
  failures: Array<{ line: number; error: string }>
  failedRowsUrl: string | null
}

export async function recordImport(options: {
  organizationId: number
  userId: number
  pluginId: string
  type: string
  fileName: string
  header: string[]
  totalRows: number
  importedRows: number
  failures: Array<{ line: number; values: Record<string, string>; error: string }>
  trx?: TransactionClientContract
}): Promise<ImportSummary> {
  const status =
    options.failures.length === 0 ? 'completed' : options.importedRows === 0 ? 'failed' : 'imported_partially'
  const record = await DataImport.create(
    {
      organizationId: options.organizationId,
      importedBy: options.userId,
      pluginId: options.pluginId,
      type: options.type,
      status,
      fileName: options.fileName.slice(0, 255),
      totalRows: options.totalRows,
      importedRows: options.importedRows,
      failedRows: options.failures.length,
      failedRowsCsv: options.failures.length ? failedRowsCsv(options.header, options.failures) : null,
    },
    { client: options.trx }
  )
  return {
    id: record.id,
    type: record.type,
    status: record.status,
    fileName: record.fileName,
    totalRows: record.totalRows,
    importedRows: record.importedRows,
    failedRows: record.failedRows,
    failures: options.failures.slice(0, 100).map(({ line, error }) => ({ line, error })),
    failedRowsUrl: options.failures.length ? `/api/v1/imports/${record.id}/failed-rows` : null,
  }
}
