import { Flags } from '@oclif/core'
import { coreCreateApiKey, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'

const SCOPE = /^([a-z_][a-z0-9_-]*):(read|write)(\+(read|write))?$/

export default class ApiKeysCreate extends AffixCommand {
  static summary = 'Create an API key; the key is printed once.'
  static description =
    'Each --scope is <resource>:<read|write|read+write>, e.g. brands:read. Allowed IPs take addresses or CIDR blocks and apply at once.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name Reporting --scope brands:read --scope products:read',
    '<%= config.bin %> <%= command.id %> --name Importer --scope products:read+write --allowed-ip 203.0.113.0/24 --expires 2027-01-31 --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'A name to recognise the key by.', required: true }),
    scope: Flags.string({
      summary: 'resource:read, resource:write or resource:read+write (repeatable).',
      required: true,
      multiple: true,
    }),
    'allowed-ip': Flags.string({
      summary: 'An IP address or CIDR block allowed to use the key (repeatable).',
      multiple: true,
    }),
    expires: Flags.string({ summary: 'Expiry date (YYYY-MM-DD).' }),
  }

  async run() {
    const { flags } = await this.parse(ApiKeysCreate)
    const scopes = flags.scope.map((raw) => {
      const match = SCOPE.exec(raw.trim())
      if (!match)
        this.error(`"${raw}" is not a scope: use resource:read, resource:write or resource:read+write.`, { exit: 2 })
      const operations = [...new Set([match[2], match[4]].filter(Boolean))] as Array<'read' | 'write'>
      return { resource: match[1]!, operations }
    })
    if (flags.expires && !/^\d{4}-\d{2}-\d{2}$/.test(flags.expires))
      this.error('--expires takes a date as YYYY-MM-DD.', { exit: 2 })
    const { client } = await this.client()
    const created = await unwrap(
      coreCreateApiKey({
        client,
        body: {
          name: flags.name,
          scopes,
          allowedIps: flags['allowed-ip'],
          ...(flags.expires ? { expiresAt: flags.expires } : {}),
        },
      })
    )
    this.log(`Created API key #${created.id} "${created.name}". Copy it now, it is not shown again:`)
    this.log(created.key)
    return created
  }
}
