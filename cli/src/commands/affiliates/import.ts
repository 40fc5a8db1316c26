import { readFile, stat } from 'node:fs/promises'
import { basename, extname, resolve } from 'node:path'
import { Args, Flags } from '@oclif/core'
import {
  affiliatesImportAffiliates,
  affiliatesImportAffiliateUpdates,
  unwrap,
  type Client,
  type ImportRecord,
} from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import {
  defaultFailedRowsPath,
  failuresOf,
  importFailed,
  importSummary,
  saveFailedRows,
  waitForImport,
} from '../../import_fields.js'
import { renderTable } from '../../output.js'
import { fetchWithUploadProgress, formatBytes, ProgressBar } from '../../progress.js'

/** The server's limit for CSV uploads; checked here first to fail fast on big files. */
const MAX_CSV_BYTES = 10 * 1024 * 1024
/** Failed rows listed on screen; all of them are in the failed-rows file. */
const SHOWN_FAILURES = 10
/** Exit code when Ctrl-C stopped the waiting (128 + SIGINT). */
const INTERRUPTED = 130

export default class AffiliatesImport extends AffixCommand {
  static summary = 'Import affiliates from a CSV file, or update them with --update.'
  static description = `One row per affiliate; \`affix affiliates sample\` (or \`--update\`) writes a sample file with every column. At most 10 MB and 100,000 rows.
The file is checked at once, then imported in the background; the command shows the progress until the import has finished. The good rows are imported together; the others are saved to a failed-rows CSV (their line, the original columns and the reason).
With --update, each row names an affiliate by id or email and changes only the non-empty cells.
Exits with 1 when the import failed, was cancelled or imported nothing; with 130 when Ctrl-C stopped the waiting (the import carries on: follow it with \`affix imports get ID\`).`

  static examples = [
    '<%= config.bin %> <%= command.id %> affiliates.csv',
    '<%= config.bin %> <%= command.id %> changes.csv --update',
    '<%= config.bin %> <%= command.id %> affiliates.csv --failed-rows-out rejected.csv',
    '<%= config.bin %> <%= command.id %> affiliates.csv --no-wait --json',
  ]

  static args = {
    file: Args.string({ description: 'CSV file to import', required: true }),
  }

  static flags = {
    update: Flags.boolean({
      summary: 'Update existing affiliates (rows keyed by id or email) instead of creating new ones.',
    }),
    wait: Flags.boolean({
      summary: 'Show the progress until the import has finished; --no-wait returns once the file is accepted.',
      default: true,
      allowNo: true,
    }),
    'failed-rows-out': Flags.string({
      summary: 'Where to save the failed rows (default: ./import-<id>-failed-rows.csv when rows failed).',
    }),
  }

  async run() {
    const { args, flags } = await this.parse(AffiliatesImport)
    if (!flags.wait && flags['failed-rows-out']) {
      this.error(
        '--failed-rows-out needs the import to be waited for: drop --no-wait, or use `imports failed-rows ID --out FILE` later.',
        { exit: 2 }
      )
    }
    const path = resolve(args.file)
    const size = await this.checkCsvFile(path)
    const { client } = await this.client()

    const file = new File([await readFile(path)], basename(path), { type: 'text/csv' })
    const operation = flags.update ? affiliatesImportAffiliateUpdates : affiliatesImportAffiliates
    const queued = await this.upload(file, size, (fetch) => unwrap(operation({ client, body: { file }, fetch })))

    if (!flags.wait) {
      this.log(`Import #${queued.id} of ${queued.totalRows} rows from ${queued.fileName} is ${queued.status}.`)
      this.log(`Follow it with \`${this.config.bin} imports get ${queued.id}\`.`)
      return queued
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
    this.report(record, failedRows)
    if (importFailed(record)) process.exitCode = 1
    return { ...record, failedRowsFile: failedRows?.file ?? null }
  }

  /**
   * Saves the failed-rows CSV. The import has already happened, so a failure here is a
   * warning (and exit 1) rather than an error that would hide the summary.
   */
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

  private report(
    record: ImportRecord,
    failedRows: { file: string; failures: Array<{ line: string; error: string }> } | null
  ) {
    this.log(importSummary(record))
    if (!failedRows) return
    if (failedRows.failures.length) {
      this.log('')
      this.log(
        renderTable(failedRows.failures.slice(0, SHOWN_FAILURES), [
          { header: 'LINE', value: (failure) => failure.line },
          { header: 'ERROR', value: (failure) => failure.error },
        ])
      )
      if (failedRows.failures.length > SHOWN_FAILURES) {
        this.log(`(first ${SHOWN_FAILURES} of ${failedRows.failures.length} failed rows shown)`)
      }
    }
    this.log(`\nFailed rows saved to ${failedRows.file}`)
  }

  /** Fails early, without a request, on what the server would refuse anyway. */
  private async checkCsvFile(path: string): Promise<number> {
    const info = await stat(path).catch(() => undefined)
    if (!info) this.error(`File not found: ${path}`, { exit: 2 })
    if (!info.isFile()) this.error(`Not a file: ${path}`, { exit: 2 })
    if (extname(path).toLowerCase() !== '.csv') {
      this.error(`Not a CSV file: ${path}`, {
        exit: 2,
        suggestions: [
          `Save the affiliates as .csv (comma-separated, with a header row); \`${this.config.bin} affiliates sample\` shows the columns.`,
        ],
      })
    }
    if (info.size > MAX_CSV_BYTES) {
      this.error(`The file is too large (${formatBytes(info.size)}); the limit is ${formatBytes(MAX_CSV_BYTES)}.`, {
        exit: 2,
      })
    }
    if (info.size === 0) this.error(`The file is empty: ${path}`, { exit: 2 })
    return info.size
  }

  /** Sends the file with an upload bar on stderr; the server answers once it has checked the file. */
  private async upload<T>(file: File, size: number, send: (fetch: typeof globalThis.fetch) => Promise<T>): Promise<T> {
    const bar = new ProgressBar()
    const fetch = fetchWithUploadProgress((sent, total) => {
      bar.update('Uploading', total ? sent / total : 1, `${file.name} (${formatBytes(size)})`)
    })
    try {
      return await send(fetch)
    } finally {
      bar.finish()
    }
  }
}
