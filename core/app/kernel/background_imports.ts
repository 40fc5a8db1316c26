/*
 * Background CSV imports (spec §3 "import", ARCHITECTURE §5).
 *
 * `startImport` checks the upload while the caller waits (CSV only, ≤ 10 MB, header, row
 * limit: "Please upload a valid file"), keeps the original file, and inserts the import
 * (status queued) and its job in one transaction. The job processes the rows in chunks
 * inside ONE transaction, so the good rows commit together or not at all; progress
 * (processed_rows) is written on another connection so it shows while the work runs, and
 * a cancellation request is honoured between chunks by rolling everything back.
 *
 * Crash safety: the processing transaction holds an advisory lock on the import. An
 * import left 'processing' whose lock is free has no live transaction (its worker died,
 * and PostgreSQL rolled its writes back), so the job — retried by graphile-worker, or
 * re-queued by the recovery sweep — starts it again from scratch, at most MAX_ATTEMPTS times.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { Logger } from '@adonisjs/core/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { I18n } from '@adonisjs/i18n'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import appLogger from '@adonisjs/core/services/logger'
import { errors as vineErrors, type VineValidator } from '@vinejs/vine'
import { parse } from 'csv-parse/sync'
import DataImport from '#models/data_import'
import { installedPlugins } from './installed_plugins.js'
import { storage } from '#services/storage'
import { enqueueJob, type JobHelpers } from '#services/job_queue'
import { failedRowsCsv, readCsvUpload } from './csv.js'
import { unprocessable } from './errors.js'
import { AffixMessagesProvider } from './validation.js'
import { defineSchema } from './openapi.js'
import * as schemas from './schemas.js'

export interface ImportRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number
  /** Cells keyed by the (lower-case) header; an empty cell is ''. */
  values: Record<string, string>
}

export interface ImportFailure extends ImportRow {
  /** Why the row was not imported, in the uploader's language. */
  error: string
}

/** What a chunk handler gets: the import, its transaction and the uploader's language. */
export interface ImportJob {
  importId: number
  organizationId: number
  /** The uploader (null when the user was deleted since). */
  userId: number | null
  locale: string
  fileName: string
  header: string[]
  options: Record<string, unknown>
  /** The import's transaction: write every row through it (never half-writes). */
  trx: TransactionClientContract
  i18n: I18n
  /** Translates a message key in the uploader's language. */
  t(key: string, data?: Record<string, unknown>): string
  /** Validates one row with translated messages: the data, or the joined error messages. */
  check<T extends VineValidator<any, any>>(
    validator: T,
    data: unknown,
    scope?: string
  ): Promise<{ ok: true; data: Awaited<ReturnType<T['validate']>> } | { ok: false; error: string }>
}

export interface ImportTypeDefinition<State = unknown> {
  pluginId: string
  type: string
  /** `anyOf`: the header needs at least one of these (e.g. an update keyed by email or id). */
  columns: { required: string[]; optional?: string[]; anyOf?: string[] }
  /** Most data rows one file may have (default 100,000). */
  maxRows?: number
  /** Rows per chunk: progress and cancellation are checked between chunks (default 1,000). */
  chunkSize?: number
  /** Loads what every chunk needs (existing keys, lookups) once per run. */
  prepare?: (job: ImportJob) => Promise<State>
  /** Writes the good rows of a chunk through `job.trx` and names each bad row. */
  processChunk: (
    rows: ImportRow[],
    job: ImportJob,
    state: State
  ) => Promise<{ imported: number; failures: ImportFailure[] }>
}

export type ImportStatus = DataImport['status']
const FINISHED = new Set<string>(['completed', 'failed', 'cancelled', 'imported_partially'])
export const IMPORT_JOB = 'core:import'
/** Runs of one import (worker crashes included) before it is marked failed. */
export const MAX_ATTEMPTS = 3
/** First key of the advisory lock a processing transaction holds (second: the import id). */
const LOCK_SPACE = 7_301_001
const DEFAULT_MAX_ROWS = 100_000
const DEFAULT_CHUNK_SIZE = 1000

export function defineImportType<State>(definition: ImportTypeDefinition<State>): ImportTypeDefinition<State> {
  return definition
}

export async function findImportType(pluginId: string, type: string): Promise<ImportTypeDefinition<any> | undefined> {
  return installedPlugins()
    .get(pluginId)
    ?.imports?.find((definition) => definition.type === type)
}

/** The import record of the API (`ImportRecord`). */
export function presentImport(row: DataImport) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    pluginId: row.pluginId,
    type: row.type,
    status: row.status,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows ?? 0,
    importedRows: row.importedRows,
    failedRows: row.failedRows,
    importedBy: row.importedBy,
    failedRowsUrl: row.failedRows > 0 && row.failedRowsCsv !== null ? `/api/v1/imports/${row.id}/failed-rows` : null,
    fileUrl: row.fileKey ? `/api/v1/imports/${row.id}/file` : null,
    error: row.error ?? null,
    cancelRequested: Boolean(row.cancelRequestedAt),
    createdAt: row.createdAt?.toISO() ?? null,
    updatedAt: row.updatedAt?.toISO() ?? null,
    startedAt: row.startedAt?.toISO() ?? null,
    finishedAt: row.finishedAt?.toISO() ?? null,
  }
}

export type ImportRecord = ReturnType<typeof presentImport>

/** The import record of the API (OpenAPI `ImportRecord`), as presentImport writes it. */
export const ImportRecordSchema = defineSchema('ImportRecord', {
  type: 'object',
  required: [
    'id',
    'pluginId',
    'type',
    'status',
    'fileName',
    'totalRows',
    'processedRows',
    'importedRows',
    'failedRows',
    'failedRowsUrl',
    'error',
    'createdAt',
    'startedAt',
    'finishedAt',
  ],
  properties: {
    id: schemas.id,
    organizationId: schemas.id,
    pluginId: { type: 'string' },
    type: { type: 'string' },
    status: {
      type: 'string',
      enum: ['queued', 'processing', 'completed', 'failed', 'cancelled', 'imported_partially'],
    },
    fileName: { type: 'string' },
    totalRows: { type: 'integer' },
    processedRows: { type: 'integer', description: 'Rows processed so far (progress while processing)' },
    importedRows: { type: 'integer' },
    failedRows: { type: 'integer' },
    importedBy: { type: ['integer', 'null'] },
    failedRowsUrl: schemas.nullableString,
    fileUrl: { ...schemas.nullableString, description: 'The original upload' },
    error: {
      ...schemas.nullableString,
      description: 'Why the import failed as a whole (the failed rows are in the failed-rows file)',
    },
    cancelRequested: { type: 'boolean' },
    createdAt: schemas.timestamp,
    updatedAt: schemas.timestamp,
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
  },
})

/**
 * Checks the upload (multipart field `file`) at once, keeps it and queues its import.
 * Answers the import record; the route answers 202.
 */
export async function startImport(
  ctx: HttpContext,
  definition: ImportTypeDefinition<any>,
  options: { field?: string; options?: Record<string, unknown> } = {}
): Promise<ImportRecord> {
  const field = options.field ?? 'file'
  const csv = await checkUpload(ctx, definition, field)
  const contents = await readFile(ctx.request.file(field)!.tmpPath!)
  const record = await queueImport({
    organizationId: ctx.tenant.organizationId,
    userId: ctx.tenant.userId,
    locale: ctx.i18n.locale,
    definition,
    fileName: csv.fileName,
    contents,
    totalRows: csv.rows.length,
    options: options.options,
  })
  return presentImport(record)
}

/** The upload's checks, the same whether the import is queued or run in the request. */
async function checkUpload(ctx: HttpContext, definition: ImportTypeDefinition<any>, field: string) {
  const csv = await readCsvUpload(ctx, {
    field,
    required: definition.columns.required,
    optional: definition.columns.optional,
    maxRows: definition.maxRows ?? DEFAULT_MAX_ROWS,
  })
  const anyOf = definition.columns.anyOf
  if (anyOf?.length && !anyOf.some((column) => csv.header.includes(column))) {
    throw unprocessable('upload.missing_columns', { reason: 'header', columns: anyOf.join(' / ') })
  }
  return csv
}

/** What an import run in the request answers: its record and its first failures. */
export interface ImportSummary {
  id: number
  type: string
  status: string
  fileName: string
  totalRows: number
  importedRows: number
  failedRows: number
  /** The first 100 failed rows (every one is in the failed-rows file). */
  failures: Array<{ line: number; error: string }>
  failedRowsUrl: string | null
}

/**
 * Runs an import type while the caller waits (files small enough for one request): the
 * upload is checked as startImport checks it, then `prepare` and every chunk run in ONE
 * transaction together with the import record, so the good rows and their record commit
 * together or not at all. The route answers 201 with the summary.
 */
export async function importNow(
  ctx: HttpContext,
  definition: ImportTypeDefinition<any>,
  options: { field?: string; options?: Record<string, unknown> } = {}
): Promise<ImportSummary> {
  const csv = await checkUpload(ctx, definition, options.field ?? 'file')
  return db.transaction(async (trx) => {
    const now = DateTime.now()
    const record = await DataImport.create(
      {
        organizationId: ctx.tenant.organizationId,
        importedBy: ctx.tenant.userId,
        pluginId: definition.pluginId,
        type: definition.type,
        status: 'processing',
        fileName: csv.fileName.slice(0, 255),
        totalRows: csv.rows.length,
        processedRows: 0,
        importedRows: 0,
        failedRows: 0,
        failedRowsCsv: null,
        locale: ctx.i18n.locale,
        fileKey: null,
        options: options.options ?? {},
        attempts: 1,
        startedAt: now,
      },
      { client: trx }
    )
    const job = importJob({
      importId: record.id,
      organizationId: record.organizationId,
      userId: record.importedBy,
      fileName: record.fileName,
      header: csv.header,
      options: record.options,
      trx,
      i18n: ctx.i18n,
    })
    const { imported, failures } = await runChunks(definition, job, csv.rows)
    record.merge({
      status: outcomeOf(imported, failures),
      processedRows: csv.rows.length,
      importedRows: imported,
      failedRows: failures.length,
      failedRowsCsv: failures.length ? failedRowsCsv(csv.header, failures) : null,
      finishedAt: DateTime.now(),
    })
    await record.useTransaction(trx).save()
    return {
      id: record.id,
      type: record.type,
      status: record.status,
      fileName: record.fileName,
      totalRows: record.totalRows,
      importedRows: record.importedRows,
      failedRows: record.failedRows,
      failures: failures.slice(0, 100).map(({ line, error }) => ({ line, error })),
      failedRowsUrl: failures.length ? `/api/v1/imports/${record.id}/failed-rows` : null,
    }
  })
}

const outcomeOf = (imported: number, failures: ImportFailure[]): ImportStatus =>
  failures.length === 0 ? 'completed' : imported === 0 ? 'failed' : 'imported_partially'

/** `prepare`, then every chunk; failures in file order. */
async function runChunks(
  definition: ImportTypeDefinition<any>,
  job: ImportJob,
  rows: ImportRow[],
  betweenChunks?: (processed: number) => Promise<void>
) {
  const state = definition.prepare ? await definition.prepare(job) : undefined
  const chunkSize = Math.max(1, definition.chunkSize ?? DEFAULT_CHUNK_SIZE)
  let imported = 0
  const failures: ImportFailure[] = []
  for (let start = 0; start < rows.length; start += chunkSize) {
    const result = await definition.processChunk(rows.slice(start, start + chunkSize), job, state)
    imported += result.imported
    failures.push(...result.failures)
    await betweenChunks?.(Math.min(rows.length, start + chunkSize))
  }
  failures.sort((a, b) => a.line - b.line)
  return { imported, failures }
}

/** The chunk handlers' view of an import: its transaction and the uploader's language. */
function importJob(input: Omit<ImportJob, 'locale' | 't' | 'check'>): ImportJob {
  const { i18n } = input
  return {
    ...input,
    locale: i18n.locale,
    t: (key, data) => i18n.t(key, data),
    async check(validator, data, scope) {
      try {
        return {
          ok: true,
          data: await validator.validate(data, { messagesProvider: new AffixMessagesProvider(i18n, scope) }),
        }
      } catch (error) {
        if (error instanceof vineErrors.E_VALIDATION_ERROR) {
          return {
            ok: false,
            error: (error.messages as Array<{ message: string }>).map((message) => message.message).join('; '),
          }
        }
        throw error
      }
    },
  }
}

/** Stores the file, then inserts the import and enqueues its job in one transaction. */
export async function queueImport(input: {
  organizationId: number
  userId: number | null
  locale: string
  definition: ImportTypeDefinition<any>
  fileName: string
  contents: Buffer
  totalRows: number
  options?: Record<string, unknown>
}): Promise<DataImport> {
  const fileKey = `imports/${input.organizationId}/${randomUUID()}.csv`
  await storage().put(fileKey, input.contents)
  try {
    return await db.transaction(async (trx) => {
      const record = await DataImport.create(
        {
          organizationId: input.organizationId,
          importedBy: input.userId,
          pluginId: input.definition.pluginId,
          type: input.definition.type,
          status: 'queued',
          fileName: input.fileName.slice(0, 255),
          totalRows: input.totalRows,
          processedRows: 0,
          importedRows: 0,
          failedRows: 0,
          failedRowsCsv: null,
          locale: input.locale,
          fileKey,
          options: input.options ?? {},
          attempts: 0,
        },
        { client: trx }
      )
      await enqueueJob(
        IMPORT_JOB,
        { importId: record.id },
        { trx, jobKey: `import:${record.id}`, maxAttempts: MAX_ATTEMPTS }
      )
      return record
    })
  } catch (error) {
    await storage().delete(fileKey)
    throw error
  }
}

/**
 * Cancels an import: a queued one at once; a processing one is flagged, and its job rolls
 * back and marks it cancelled at the next chunk. A finished import is left as it is.
 */
export async function cancelImport(row: DataImport): Promise<DataImport> {
  const now = new Date()
  // tenancy: row was read with its organisation by the caller (findScoped)
  await db
    .from('imports')
    .where('id', row.id)
    .where('status', 'queued')
    .update({ status: 'cancelled', cancel_requested_at: now, finished_at: now, updated_at: now })
  // tenancy: row was read with its organisation by the caller (findScoped)
  await db
    .from('imports')
    .where('id', row.id)
    .where('status', 'processing')
    .whereNull('cancel_requested_at')
    .update({ cancel_requested_at: now, updated_at: now })
  // tenancy: row was read with its organisation by the caller (findScoped)
  return DataImport.findOrFail(row.id)
}

function localeOf(locale: string | null) {
  return (locale && i18nManager.getSupportedLocaleFor(locale)) || i18nManager.defaultLocale
}

/** The stored CSV as rows, read as readCsvUpload read it when it accepted the file. */
export function parseImportFile(contents: Buffer): { header: string[]; rows: ImportRow[] } {
  const records: string[][] = parse(contents, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    trim: true,
  })
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase())
  const rows = records.slice(1).map((record, index) => ({
    line: index + 2,
    values: Object.fromEntries(header.map((column, i) => [column, record[i] ?? ''])),
  }))
  return { header, rows }
}

async function readStored(key: string | null): Promise<Buffer> {
  if (!key) throw new Error('import has no stored file')
  const file = await storage().stream(key)
  if (!file) throw new Error(`stored import file ${key} is missing`)
  const parts: Buffer[] = []
  for await (const part of file.stream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}

class ShutdownRequested extends Error {}
class CancelRequested extends Error {}

/** Writes the outcome on the import's own transaction, so it commits with the rows. */
async function finish(trx: TransactionClientContract, importId: number, values: Record<string, unknown>) {
  const now = new Date()
  // tenancy: the import this job runs, queued with its organisation
  await trx
    .from('imports')
    .where('id', importId)
    .update({ finished_at: now, updated_at: now, ...values })
}

/** The job: `{ importId }`. Safe to run again at any point (see the header comment). */
export async function runImportJob(payload: { importId?: unknown }, helpers?: Pick<JobHelpers, 'abortSignal'>) {
  const importId = Number(payload?.importId)
  if (!Number.isSafeInteger(importId) || importId <= 0) return
  const outer = await db.transaction()
  try {
    const lock = await outer.rawQuery('SELECT pg_try_advisory_xact_lock(?, ?) AS locked', [LOCK_SPACE, importId])
    // Held: another worker is processing it right now.
    if (!lock.rows[0].locked) return await outer.rollback()
    // tenancy: the import this job runs, queued with its organisation
    const row = await DataImport.query({ client: outer }).where('id', importId).first()
    if (!row || FINISHED.has(row.status)) return await outer.rollback()

    const i18n = i18nManager.locale(localeOf(row.locale))
    if (row.cancelRequestedAt) {
      await finish(outer, importId, {
        status: 'cancelled',
        processed_rows: 0,
        imported_rows: 0,
        failed_rows: 0,
        failed_rows_csv: null,
      })
      return await outer.commit()
    }
    const definition = await findImportType(row.pluginId, row.type)
    if (row.attempts >= MAX_ATTEMPTS || !definition) {
      appLogger.error(
        { importId, attempts: row.attempts, type: `${row.pluginId}:${row.type}` },
        definition ? 'import gave up after repeated failures' : 'import type is not installed'
      )
      await finish(outer, importId, { status: 'failed', error: i18n.t('upload.import_failed') })
      return await outer.commit()
    }
    // On its own connection, so the status shows while the transaction runs.
    // tenancy: the import this job runs, queued with its organisation
    await db
      .from('imports')
      .where('id', importId)
      .update({
        status: 'processing',
        started_at: new Date(),
        processed_rows: 0,
        imported_rows: 0,
        failed_rows: 0,
        failed_rows_csv: null,
        error: null,
        attempts: db.raw('attempts + 1'),
        updated_at: new Date(),
      })

    // A savepoint: a failure or cancellation undoes the rows, while the outer transaction
    // keeps the lock until the outcome is written.
    const work = await outer.transaction()
    try {
      const { header, rows } = parseImportFile(await readStored(row.fileKey))
      const job = importJob({
        importId,
        organizationId: row.organizationId,
        userId: row.importedBy,
        fileName: row.fileName,
        header,
        options: row.options ?? {},
        trx: work,
        i18n,
      })
      if (helpers?.abortSignal?.aborted) throw new ShutdownRequested()
      const { imported, failures } = await runChunks(definition, job, rows, async (processed) => {
        if (processed < rows.length && helpers?.abortSignal?.aborted) throw new ShutdownRequested()
        // tenancy: the import this job runs, queued with its organisation
        const progress = await db
          .from('imports')
          .where('id', importId)
          .update({ processed_rows: processed, updated_at: new Date() })
          .returning('cancel_requested_at')
        if (progress[0]?.cancel_requested_at) throw new CancelRequested()
      })
      await work.commit()
      await finish(outer, importId, {
        status: outcomeOf(imported, failures),
        total_rows: rows.length,
        processed_rows: rows.length,
        imported_rows: imported,
        failed_rows: failures.length,
        failed_rows_csv: failures.length ? failedRowsCsv(header, failures) : null,
      })
      await outer.commit()
    } catch (error) {
      if (!work.isCompleted) await work.rollback()
      // Stopping: leave it 'processing' with nothing written; the retry starts it again.
      if (error instanceof ShutdownRequested) throw error
      if (error instanceof CancelRequested) {
        await finish(outer, importId, { status: 'cancelled', imported_rows: 0, failed_rows: 0, failed_rows_csv: null })
        return await outer.commit()
      }
      appLogger.error({ err: error, importId }, 'import failed')
      await finish(outer, importId, {
        status: 'failed',
        imported_rows: 0,
        failed_rows: 0,
        failed_rows_csv: null,
        error: i18n.t('upload.import_failed'),
      })
      await outer.commit()
    }
  } finally {
    if (!outer.isCompleted) await outer.rollback()
  }
}

/**
 * Finds imports left 'processing' by a worker that died (their lock is free) and queues
 * them again. Runs when the worker starts and every minute; returns its stop function.
 */
export function startImportRecovery(logger: Logger, intervalMs = 60_000): () => void {
  const sweep = async () => {
    try {
      // tenancy: the recovery sweep looks at every organisation's stalled imports on purpose
      const stale = await db.from('imports').where('status', 'processing').select('id')
      for (const { id } of stale) {
        await db.transaction(async (trx) => {
          const lock = await trx.rawQuery('SELECT pg_try_advisory_xact_lock(?, ?) AS locked', [LOCK_SPACE, id])
          if (!lock.rows[0].locked) return
          // tenancy: the recovery sweep looks at every organisation's stalled imports on purpose
          const updated = await trx
            .from('imports')
            .where('id', id)
            .where('status', 'processing')
            .update({ status: 'queued', processed_rows: 0, updated_at: new Date() })
            .returning('id')
          if (!updated.length) return
          // A fresh job, not keyed: the import's old job may still be held by graphile-worker
          // (it just failed to take the lock we hold), and replacing a held job's key is not
          // reliable. Two jobs for one import are harmless: the lock and the status checks
          // let only one of them do the work.
          await enqueueJob(IMPORT_JOB, { importId: id }, { trx, maxAttempts: MAX_ATTEMPTS })
          logger.warn({ importId: id }, 'import re-queued: its worker stopped while processing it')
        })
      }
    } catch (error) {
      // The imports table does not exist before the first migration (tests migrate after boot).
      if ((error as { code?: string }).code !== '42P01') logger.error({ err: error }, 'import recovery sweep failed')
    }
  }
  void sweep()
  const timer = setInterval(sweep, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
