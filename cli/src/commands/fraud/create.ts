import { Flags } from '@oclif/core'
import { fraudCreateFraudRule, unwrap } from '@affix/sdk'
import { AffixCommand } from '../../affix_command.js'
import { renderDetails } from '../../output.js'

const ids = (values: string[] | undefined) => values?.map(Number)
type Selection = 'all' | 'include' | 'exclude'

export default class FraudCreate extends AffixCommand {
  static summary = 'Create an anti-fraud rule.'

  static description =
    'A blacklist rule takes --ip (addresses or CIDR ranges) and/or --user-agent fragments; a device rule takes --device and/or --os. Scopes: --brand/--campaign/--affiliate ids with --*-selection include (default when ids are given) or exclude.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --name "Block data centres" --action block --type data_center',
    '<%= config.bin %> <%= command.id %> --name "Blacklist" --action mark --type blacklist --ip 203.0.113.0/24 --user-agent HeadlessChrome',
    '<%= config.bin %> <%= command.id %> --name "Bots" --action block --type device --device bot --brand 3 --json',
  ]

  static flags = {
    name: Flags.string({ summary: 'Rule name.', required: true }),
    action: Flags.string({ summary: 'What happens to a matching click.', options: ['mark', 'block'], required: true }),
    type: Flags.string({
      summary: 'Rule type.',
      options: ['data_center', 'blacklist', 'device', 'proxy'],
      required: true,
    }),
    status: Flags.string({ summary: 'Status.', options: ['active', 'inactive'] }),
    ip: Flags.string({ summary: 'Blacklist: an IP address or CIDR range (repeatable).', multiple: true }),
    'user-agent': Flags.string({ summary: 'Blacklist: a user-agent fragment (repeatable).', multiple: true }),
    device: Flags.string({
      summary: 'Device rule: a device type (repeatable).',
      options: ['desktop', 'mobile', 'tablet', 'bot'],
      multiple: true,
    }),
    os: Flags.string({
      summary: 'Device rule: an operating system (repeatable).',
      options: ['windows', 'macos', 'linux', 'android', 'ios', 'chromeos', 'other'],
      multiple: true,
    }),
    brand: Flags.string({ summary: 'Brand ID in scope (repeatable).', multiple: true }),
    'brand-selection': Flags.string({ summary: 'Brand scope.', options: ['all', 'include', 'exclude'] }),
    campaign: Flags.string({ summary: 'Campaign ID in scope (repeatable).', multiple: true }),
    'campaign-selection': Flags.string({ summary: 'Campaign scope.', options: ['all', 'include', 'exclude'] }),
    affiliate: Flags.string({ summary: 'Affiliate ID in scope (repeatable).', multiple: true }),
    'affiliate-selection': Flags.string({ summary: 'Affiliate scope.', options: ['all', 'include', 'exclude'] }),
  }

  async run() {
    const { flags } = await this.parse(FraudCreate)
    const { client } = await this.client()
    const rule = await unwrap(
      fraudCreateFraudRule({
        client,
        body: {
          name: flags.name,
          action: flags.action as 'mark' | 'block',
          type: flags.type as 'data_center' | 'blacklist' | 'device' | 'proxy',
          status: flags.status as 'active' | 'inactive' | undefined,
          ips: flags.ip,
          userAgents: flags['user-agent'],
          devices: flags.device as Array<'desktop' | 'mobile' | 'tablet' | 'bot'> | undefined,
          os: flags.os as Array<'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'chromeos' | 'other'> | undefined,
          brandIds: ids(flags.brand),
          brandSelection: flags['brand-selection'] as Selection | undefined,
          campaignIds: ids(flags.campaign),
          campaignSelection: flags['campaign-selection'] as Selection | undefined,
          affiliateIds: ids(flags.affiliate),
          affiliateSelection: flags['affiliate-selection'] as Selection | undefined,
        },
      })
    )
    this.log(`Created fraud rule #${rule.id} "${rule.name}".`)
    this.log(
      renderDetails([
        ['ID', rule.id],
        ['Name', rule.name],
        ['Type', rule.type],
        ['Action', rule.action],
        ['Status', rule.status],
        ['IPs', rule.ips.join(', ')],
        ['User agents', rule.userAgents.join(', ')],
        ['Devices', rule.devices.join(', ')],
        ['OS', rule.os.join(', ')],
      ])
    )
    return rule
  }
}
