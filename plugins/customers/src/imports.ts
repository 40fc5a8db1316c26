/*
 * Background CSV imports of customers, activity and FX rates (core's background imports:
 * progress, cancel, failed-rows file in the uploader's language). Each chunk goes through the
 * same ingest service as the batch API and the postback, inside the import's transaction, so
 * the good rows of the whole file commit together or not at all. A row already stored with
 * the same values is a duplicate: skipped, neither imported nor failed (importing a file
 * twice writes nothing the second time and still completes); a changed row is a correction
 * and counts as imported.
 */
import { defineImportType, type ImportFailure, type ImportJob, type ImportRow } from '@affix/core/kernel'
import { organizationPreferences } from '@affix/core/kernel'
import { ACTIVITY_COLUMNS, CUSTOMER_COLUMNS } from './constants.js'
import { ingestActivity, ingestRegistrations, type RowResult } from './ingest/service.js'
import { setRates } from './services/fx.js'

interface State {
  timezone: string
}

async function prepare(job: ImportJob): Promise<State> {
  return { timezone: (await organizationPreferences(job.organizationId, job.trx)).timezone }
}

/** Cells as the ingest reads them ('' is absent). */
const values = (rows: ImportRow[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row.values).filter(([, value]) => value !== '')))

function outcome(rows: ImportRow[], results: RowResult[], job: ImportJob) {
  const failures: ImportFailure[] = []
  let imported = 0
  results.forEach((result, index) => {
    if (result.status === 'created' || result.status === 'updated') imported++
    else if (result.status === 'duplicate') return
    else
      failures.push({ ...rows[index], error: job.t(`customers.rows.${result.error!.key}`, result.error!.data ?? {}) })
  })
  return { imported, failures }
}

export const customerImport = defineImportType<State>({
  pluginId: 'customers',
  type: 'customers',
  columns: { required: ['cuid'], optional: CUSTOMER_COLUMNS.filter((column) => column !== 'cuid') },
  maxRows: 100_000,
  chunkSize: 5000,
  prepare,
  async processChunk(rows, job, state) {
    const results = await ingestRegistrations(
      { organizationId: job.organizationId, source: 'csv', trx: job.trx, timezone: state.timezone },
      values(rows)
    )
    return outcome(rows, results, job)
  },
})

export const activityImport = defineImportType<State>({
  pluginId: 'customers',
  type: 'activity',
  columns: {
    required: ['cuid', 'date'],
    optional: ACTIVITY_COLUMNS.filter((column) => column !== 'cuid' && column !== 'date'),
  },
  maxRows: 100_000,
  chunkSize: 5000,
  prepare,
  async processChunk(rows, job, state) {
    const results = await ingestActivity(
      { organizationId: job.organizationId, source: 'csv', trx: job.trx, timezone: state.timezone },
      values(rows)
    )
    return outcome(rows, results, job)
  },
})

export const fxRateImport = defineImportType<State>({
  pluginId: 'customers',
  type: 'fx-rates',
  columns: { required: ['from', 'to', 'date', 'rate'] },
  maxRows: 100_000,
  chunkSize: 5000,
  prepare,
  async processChunk(rows, job, state) {
    const results = await setRates(job.trx, {
      organizationId: job.organizationId,
      actorId: job.userId,
      timezone: state.timezone,
      rows: values(rows),
    })
    return outcome(rows, results, job)
  },
})
