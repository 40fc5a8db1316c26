/*
 * The background CSV imports of players, activity and FX rates (`affix customers import`,
 * `affix activity import`, `affix fx-rates import`): check the file locally, upload it with an
 * upload bar, then follow the import's progress until it has finished, save the failed rows
 * and summarise. Each command names its SDK operation and its sample.
 */
import { readFile, stat } from 'node:fs/promises'
import { basename, extname, resolve } from 'node:path'
import { Args, Flags } from '@oclif/core'
import type { Client, ImportRecord } from '@affix/sdk'
import { AffixCommand } from './affix_command.js'
import {
  defaultFailedRowsPath,
  failuresOf,
  importFailed,
  importSummary,
  saveFailedRows,
  waitForImport,
} from './import_fields.js'
import { renderTable } from './output.js'
import { fetchWithUploadProgress, formatBytes, ProgressBar } from './progress.js'

/** The server's limit for CSV uploads; checked here first to fail fast on big files. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024
const SHOWN_FAILURES = 10
const INTERRUPTED = 130

export const csvImportArgs = {
  file: Args.string({ description: 'CSV file to import', required: true }),
}

export const csvImportFlags = {
  wait: Flags.boolean({
    summary: 'Show the progress until the import has finished; --no-wait returns once the file is accepted.',
    default: true,
    allowNo: true,
  }),
  'failed-rows-out': Flags.string({
    summary: 'Where to save the failed rows (default: ./import-<id>-failed-rows.csv when rows failed).',
  }),
}

export type Upload = (client: Client, file: File, fetch: typeof globalThis.fetch) => Promise<ImportRecord>

export abstract class CsvImportCommand extends AffixCommand {
  /** What the rows are, for messages ("activity rows"). */
  protected abstract readonly rowsName: string
  /** The command that prints the sample file. */
  protected abstract readonly sampleHint: string

  protected async importFile(
    path: string,
    flags: { wait: boolean; 'failed-rows-out'?: string },
    upload: Upload
  ): Promise<ImportRecord & { failedRowsFile: string | null }> {
    if (!flags.wait && flags['failed-rows-out']) {
      this.error(
        '--failed-rows-out needs the import to be waited for: drop --no-wait, or use `imports failed-rows ID --out FILE` later.',
        { exit: 2 }
      )
    }
    const absolute = resolve(path)
    const size = await this.checkCsvFile(absolute)
    const { client } = await this.client()
    const file = new File([await readFile(absolute)], basename(absolute), { type: 'text/csv' })
    const bar = new ProgressBar()
    let queued: ImportRecord
    try {
      queued = await upload(
        client,
        file,
        fetchWithUploadProgress((sent, total) =>
          bar.update('Uploading', total ? sent / total : 1, `${file.name} (${formatBytes(size)})`)
        )
      )
    } finally {
      bar.finish()
    }
    if (!flags.wait) {
      this.log(
        `Import #${queued.id} of ${queued.totalRows} ${this.rowsName} from ${queued.fileName} is ${queued.status}.`
      )
      this.log(`Follow it with \`${this.config.bin} imports get ${queued.id}\`.`)
      return { ...queued, failedRowsFile: null }
    }
    const { record, interrupted } = await waitForImport(client, queued)
    if (interrupted) {
      this.log(`Stopped waiting; import #${record.id} carries on on the server (${record.status}).`)
      this.log(
        `Follow it with \`${this.config.bin} imports get ${record.id}\`, or stop it with \`${this.config.bin} imports cancel ${record.id}\`.`
      )
      process.exitCode = INTERRUPTED
      return { ...record, failedRowsFile: null }
    }
    const failedRows = record.failedRows > 0 ? await this.failedRows(client, record, flags['failed-rows-out']) : null
    this.log(importSummary(record))
    if (failedRows?.failures.length) {
      this.log('')
      this.log(
        renderTable(failedRows.failures.slice(0, SHOWN_FAILURES), [
          { header: 'LINE', value: (failure) => failure.line },
          { header: 'ERROR', value: (failure) => failure.error },
        ])
      )
      if (failedRows.failures.length > SHOWN_FAILURES)
        this.log(`(first ${SHOWN_FAILURES} of ${failedRows.failures.length} failed rows shown)`)
      this.log(`\nFailed rows saved to ${failedRows.file}`)
    }
    if (importFailed(record)) process.exitCode = 1
    return { ...record, failedRowsFile: failedRows?.file ?? null }
  }

  private async failedRows(client: Client, record: ImportRecord, outPath: string | undefined) {
    const target = outPath ?? defaultFailedRowsPath(record.id)
    try {
      const { file, csv } = await saveFailedRows(client, record.id, target)
      return { file, failures: failuresOf(csv) }
    } catch (error) {
      process.exitCode = 1
      this.warn(`Could not save the failed rows to ${resolve(target)}: ${(error as Error).message}`)
      return null
    }
  }

  private async checkCsvFile(path: string): Promise<number> {
    const info = await stat(path).catch(() => undefined)
    if (!info) this.error(`File not found: ${path}`, { exit: 2 })
    if (!info.isFile()) this.error(`Not a file: ${path}`, { exit: 2 })
    if (extname(path).toLowerCase() !== '.csv')
      this.error(`Not a CSV file: ${path}`, {
        exit: 2,
        suggestions: [
          `Save the rows as .csv (comma-separated, with a header row); ${this.sampleHint} shows the columns.`,
        ],
      })
    if (info.size > MAX_CSV_BYTES)
      this.error(
        `The file is too large (${formatBytes(info.size)}); the limit is ${formatBytes(MAX_CSV_BYTES)} (split it into several files).`,
        { exit: 2 }
      )
    if (info.size === 0) this.error(`The file is empty: ${path}`, { exit: 2 })
    return info.size
  }
}
