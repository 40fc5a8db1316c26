/* Output, waiting and the failed-rows file shared by `affiliates import` and the `imports` commands. */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { coreDownloadFailedRows, coreGetImport, unwrap, type Client, type ImportRecord } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'
import { ProgressBar } from './progress.js'

export const IMPORT_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'imported_partially',
] as const
const FINISHED = new Set<string>(['completed', 'failed', 'cancelled', 'imported_partially'])

export function isFinished(record: ImportRecord): boolean {
  return FINISHED.has(record.status)
}

/** Unsuccessful for scripts: the import failed, was cancelled, or wrote nothing. */
export function importFailed(record: ImportRecord): boolean {
  return record.status === 'failed' || record.status === 'cancelled' || record.importedRows === 0
}

export const importColumns: Column<ImportRecord>[] = [
  { header: 'ID', value: (record) => record.id },
  { header: 'TYPE', value: (record) => `${record.pluginId}/${record.type}` },
  { header: 'STATUS', value: (record) => record.status },
  { header: 'FILE', value: (record) => record.fileName },
  { header: 'PROCESSED', value: (record) => `${record.processedRows}/${record.totalRows}` },
  { header: 'IMPORTED', value: (record) => record.importedRows },
  { header: 'FAILED', value: (record) => record.failedRows },
  { header: 'CREATED', value: (record) => record.createdAt },
]

export function importDetails(record: ImportRecord): string {
  return renderDetails([
    ['ID', record.id],
    ['Type', `${record.pluginId}/${record.type}`],
    [
      'Status',
      record.cancelRequested && !isFinished(record) ? `${record.status} (cancellation requested)` : record.status,
    ],
    ['File', record.fileName],
    ['Processed', `${record.processedRows}/${record.totalRows}`],
    ['Imported', record.importedRows],
    ['Failed', record.failedRows],
    ['Error', record.error],
    ['Created', record.createdAt],
    ['Started', record.startedAt],
    ['Finished', record.finishedAt],
  ])
}

/** "3/10 rows processed" while running; the counts are known once it has finished. */
export function progressDetail(record: ImportRecord): string {
  const processed = `${record.processedRows}/${record.totalRows} rows`
  if (record.status === 'queued') return `${processed}, queued`
  if (!isFinished(record)) return `${processed} processed`
  return `${processed}: ${record.importedRows} imported, ${record.failedRows} failed (${record.status})`
}

/** "Imported 2 of 3 rows from a.csv: 1 failed (import #5, imported_partially)." */
export function importSummary(record: ImportRecord): string {
  const line = `Imported ${record.importedRows} of ${record.totalRows} rows from ${record.fileName}: ${record.failedRows} failed (import #${record.id}, ${record.status}).`
  return record.error ? `${line}\n${record.error}` : line
}

export type WaitOutcome = { record: ImportRecord; interrupted: boolean }

/**
 * Polls the import every `intervalMs` until it has finished, drawing its progress on stderr.
 * Ctrl-C stops the waiting only: the import carries on on the server.
 */
export async function waitForImport(
  client: Client,
  initial: ImportRecord,
  options: { intervalMs?: number; stream?: NodeJS.WriteStream } = {}
): Promise<WaitOutcome> {
  const stream = options.stream ?? process.stderr
  const intervalMs = options.intervalMs ?? 1000
  const bar = new ProgressBar(stream)
  const interactive = Boolean(stream.isTTY)
  const abort = new AbortController()
  let wake: (() => void) | undefined
  let timer: NodeJS.Timeout | undefined
  const onInterrupt = () => {
    abort.abort()
    clearTimeout(timer)
    wake?.()
  }
  process.once('SIGINT', onInterrupt)

  let record = initial
  let lastLine = ''
  const draw = () => {
    const detail = progressDetail(record)
    // A terminal redraws in place; logs get a line per change.
    if (interactive) bar.update('Importing', record.totalRows ? record.processedRows / record.totalRows : 1, detail)
    else if (detail !== lastLine) stream.write(`Importing  ${detail}\n`)
    lastLine = detail
  }
  try {
    draw()
    while (!isFinished(record) && !abort.signal.aborted) {
      await new Promise<void>((done) => {
        wake = done
        timer = setTimeout(done, intervalMs)
      })
      if (abort.signal.aborted) break
      try {
        record = await unwrap(coreGetImport({ client, path: { id: record.id }, signal: abort.signal }))
      } catch (error) {
        if (abort.signal.aborted) break
        throw error
      }
      draw()
    }
  } finally {
    process.removeListener('SIGINT', onInterrupt)
    if (interactive) bar.finish()
  }
  return { record, interrupted: abort.signal.aborted && !isFinished(record) }
}

/** Downloads an import's failed-rows CSV to `target`; returns its absolute path and contents. */
export async function saveFailedRows(
  client: Client,
  importId: number,
  target: string
): Promise<{ file: string; csv: string }> {
  const file = resolve(target)
  const csv = await downloadFailedRows(client, importId)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, csv)
  return { file, csv }
}

export async function downloadFailedRows(client: Client, importId: number): Promise<string> {
  return String(await unwrap(coreDownloadFailedRows({ client, path: { id: importId }, parseAs: 'text' })))
}

export function defaultFailedRowsPath(importId: number): string {
  return `import-${importId}-failed-rows.csv`
}

/** Line and reason of each failed row: the failed-rows CSV has `line` first and `error` last. */
export function failuresOf(csv: string): Array<{ line: string; error: string }> {
  const [, ...rows] = parseCsv(csv)
  return rows.map((cells) => ({ line: cells[0] ?? '', error: cells[cells.length - 1] ?? '' }))
}

/** RFC 4180 records (quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || record.length) records.push([...record, cell])
  return records
}
