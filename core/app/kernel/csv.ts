/*
 * CSV upload handling shared by every importer: the upload must be a CSV file of at most
 * 10 MB ("Please upload a valid file"), parse strictly (a malformed file is rejected
 * whole, before anything is written) and have the expected header.
 */
import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { DateTime } from 'luxon'
import { unprocessable } from './errors.js'

export const CSV_MAX_BYTES = 10 * 1024 * 1024
const CSV_MIME = new Set([
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'text/x-csv',
  'application/octet-stream',
])

export interface ParsedCsv {
  fileName: string
  header: string[]
  /** Data rows as objects keyed by header; `line` is the 1-based line number in the file. */
  rows: Array<{ line: number; values: Record<string, string> }>
}

export async function readCsvUpload(
  ctx: HttpContext,
  options: { field?: string; required: string[]; optional?: string[]; maxRows?: number }
): Promise<ParsedCsv> {
  const file = ctx.request.file(options.field ?? 'file')
  const invalid = (reason: string) =>
    unprocessable('upload.invalid_file', { reason, fields: [{ field: options.field ?? 'file', rule: reason }] })
  if (!file || !file.tmpPath) throw invalid('required')
  const extension = (file.extname ?? '').toLowerCase()
  const mime = `${file.type ?? ''}/${file.subtype ?? ''}`.toLowerCase()
  if (extension !== 'csv' || (file.type && !CSV_MIME.has(mime))) throw invalid('type')
  if (file.size > CSV_MAX_BYTES) throw invalid('size')

  const buffer = await readFile(file.tmpPath)
  if (buffer.length > CSV_MAX_BYTES) throw invalid('size')
  if (buffer.includes(0)) throw invalid('type')

  let records: string[][]
  try {
    records = parse(buffer, { bom: true, skip_empty_lines: true, relax_column_count: false, trim: true })
  } catch (error) {
    throw unprocessable('upload.malformed_csv', { reason: 'malformed', detail: (error as Error).message })
  }
  if (records.length === 0) throw unprocessable('upload.empty_csv', { reason: 'empty' })
  const header = records[0].map((name) => name.trim().toLowerCase())
  const missing = options.required.filter((column) => !header.includes(column))
  if (missing.length) throw unprocessable('upload.missing_columns', { reason: 'header', columns: missing.join(', ') })
  const known = new Set([...options.required, ...(options.optional ?? [])])
  const unknown = header.filter((column) => !known.has(column))
  if (unknown.length) throw unprocessable('upload.unknown_columns', { reason: 'header', columns: unknown.join(', ') })
  if (records.length === 1) throw unprocessable('upload.empty_csv', { reason: 'empty' })
  if (options.maxRows && records.length - 1 > options.maxRows) {
    throw unprocessable('upload.too_many_rows', {
      reason: 'rows',
      max: options.maxRows,
      fields: [{ field: options.field ?? 'file', rule: 'rows' }],
    })
  }

  const rows = records.slice(1).map((record, index) => ({
    line: index + 2,
    values: Object.fromEntries(header.map((column, i) => [column, record[i] ?? ''])),
  }))
  return { fileName: file.clientName, header, rows }
}

/** The failed-rows file: the original columns plus `line` and `error`. */
export function failedRowsCsv(
  header: string[],
  failures: Array<{ line: number; values: Record<string, string>; error: string }>
): string {
  return stringify([
    ['line', ...header, 'error'],
    ...failures.map((failure) => [
      failure.line,
      ...header.map((column) => csvCell(failure.values[column])),
      csvCell(failure.error),
    ]),
  ])
}

/**
 * A cell of a CSV file the platform hands out (exports, failed-rows files): dates as ISO
 * strings, null as empty, and formulas neutralised (CSV injection: a cell starting with
 * = + - @ tab or CR is prefixed with a quote, so a spreadsheet shows it as text).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  const text = DateTime.isDateTime(value)
    ? (value.toISO() ?? '')
    : value instanceof Date
      ? value.toISOString()
      : String(value)
  return /^[=+\-@\t\r]/.test(text) && !ARITHMETIC_ONLY.test(text) ? `'${text}` : text
}

/**
 * Signed numbers and phone numbers ("-12.50", "+55 11 98888-7777"): a spreadsheet can at most
 * do arithmetic on them (no functions, references or DDE without letters), so they are kept
 * as they are rather than turned into text with a quote.
 */
const ARITHMETIC_ONLY = /^[+-][\d .()-]*$/
