import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { buildOpenApiDocument } from '#services/openapi_document'

/**
 * Writes openapi/openapi.json from the routes the server registers (OpenAPI 3.1).
 * With --check it writes nothing and fails when the committed file is stale.
 */
export default class OpenapiGenerate extends BaseCommand {
  static commandName = 'openapi:generate'
  static description = 'Generate the OpenAPI 3.1 document from the registered routes'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Output file', required: false })
  declare output?: string

  @flags.boolean({ description: 'Fail if the file on disk differs from the generated document' })
  declare check: boolean

  async run() {
    const target = resolve(this.app.appRoot.pathname, this.output ?? '../openapi/openapi.json')
    const document = JSON.stringify(buildOpenApiDocument(), null, 2) + '\n'
    if (this.check) {
      const { readFile } = await import('node:fs/promises')
      const current = await readFile(target, 'utf8').catch(() => '')
      if (current !== document) {
        this.logger.error(`${target} is stale: run \`npm run openapi\` and commit the result`)
        this.exitCode = 1
        return
      }
      this.logger.success(`${target} is up to date`)
      return
    }
    await writeFile(target, document)
    this.logger.success(`wrote ${target}`)
  }
}
