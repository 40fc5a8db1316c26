import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, resolve } from 'node:path'
import { Args, Flags } from '@oclif/core'
import { brandsImportProducts, coreDownloadFailedRows, unwrap, type Client, type ImportSummary } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderTable } from '../../output.js'
import { fetchWithUploadProgress, formatBytes, ProgressBar } from '../../progress.js'

/** The server's limit for CSV uploads; checked here first to fail fast on big files. */
const MAX_CSV_BYTES = 10 * 1024 * 1024

export default class ProductsImport extends AffixCommand {
  static summary = 'Import products from a CSV file.'
  static description = `Columns: name, plus brand (name) or brand_id, and optionally status (active or inactive). At most 10 MB.
Valid rows are imported; the others are listed with their reason and saved to a failed-rows CSV (the original columns plus line and error).
Exits with 0 when the import ran, even if some rows failed, and with 1 when no row could be imported.`

  static examples = [
    '<%= config.bin %> <%= command.id %> products.csv',
    '<%= config.bin %> <%= command.id %> products.csv --failed-rows-out rejected.csv',
    '<%= config.bin %> <%= command.id %> ./exports/products.csv --json',
  ]

  static args = {
    file: Args.string({ description: 'CSV file to import', required: true }),
  }

  static flags = {
    'failed-rows-out': Flags.string({
      summary: 'Where to save the failed rows (default: ./import-<id>-failed-rows.csv).',
    }),
  }

  async run() {
    const { args, flags } = await this.parse(ProductsImport)
    const path = resolve(args.file)
    const size = await this.checkCsvFile(path)
    const { client } = await this.client()

    const file = new File([await readFile(path)], basename(path), { type: 'text/csv' })
    const summary = await this.upload(file, size, (fetch) =>
      unwrap(brandsImportProducts({ client, body: { file }, fetch }))
    )

    const failedRowsFile =
      summary.failedRows > 0 ? await this.saveFailedRows(client, summary, flags['failed-rows-out']) : null
    this.report(summary, failedRowsFile)
    // Nothing imported at all is a failure for scripts; a partial import is not.
    if (summary.importedRows === 0 && summary.failedRows > 0) process.exitCode = 1
    return { ...summary, failedRowsFile }
  }

  /**
   * Downloads the failed-rows CSV. The import itself has already happened, so a failure
   * here is a warning (and exit 1) rather than an error that would hide the summary.
   */
  private async saveFailedRows(
    client: Client,
    summary: ImportSummary,
    outPath: string | undefined
  ): Promise<string | null> {
    const target = resolve(outPath ?? `import-${summary.id}-failed-rows.csv`)
    try {
      const csv = await unwrap(coreDownloadFailedRows({ client, path: { id: summary.id } }))
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, csv)
      return target
    } catch (error) {
      process.exitCode = 1
      this.warn(`Could not save the failed rows to ${target}: ${(error as Error).message}`)
      return null
    }
  }

  /** Fails early, without a request, on what the server would refuse anyway. */
  private async checkCsvFile(path: string): Promise<number> {
    const info = await stat(path).catch(() => undefined)
    if (!info) this.error(`File not found: ${path}`, { exit: 2 })
    if (!info.isFile()) this.error(`Not a file: ${path}`, { exit: 2 })
    if (extname(path).toLowerCase() !== '.csv') {
      this.error(`Not a CSV file: ${path}`, {
        exit: 2,
        suggestions: ['Export the products as .csv (comma-separated, with a header row).'],
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

  /** Runs the upload with a progress bar on stderr: bytes sent, then the server's processing. */
  private async upload<T>(file: File, size: number, send: (fetch: typeof globalThis.fetch) => Promise<T>): Promise<T> {
    const bar = new ProgressBar()
    let finishProcessing: ((detail: string) => void) | undefined
    const fetch = fetchWithUploadProgress((sent, total) => {
      bar.update('Uploading', total ? sent / total : 1, `${file.name} (${formatBytes(size)})`)
      if (sent === total && !finishProcessing) {
        bar.finish()
        finishProcessing = bar.wait('Processing', 'the server is checking every row')
      }
    })
    try {
      const result = await send(fetch)
      finishProcessing?.('done')
      return result
    } catch (error) {
      if (finishProcessing) finishProcessing('failed')
      else bar.finish()
      throw error
    }
  }

  private report(summary: ImportSummary, failedRowsFile: string | null): void {
    this.log(
      `Imported ${summary.importedRows} of ${summary.totalRows} rows from ${summary.fileName}: ${summary.failedRows} failed (import #${summary.id}, ${summary.status}).`
    )
    if (summary.failures.length) {
      this.log('')
      this.log(
        renderTable(summary.failures, [
          { header: 'LINE', value: (failure) => failure.line },
          { header: 'ERROR', value: (failure) => failure.error },
        ])
      )
      if (summary.failedRows > summary.failures.length) {
        this.log(`(first ${summary.failures.length} of ${summary.failedRows} failed rows shown)`)
      }
    }
    if (failedRowsFile) this.log(`\nFailed rows saved to ${failedRowsFile}`)
  }
}
