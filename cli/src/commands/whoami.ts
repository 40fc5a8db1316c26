import { coreGetAccount, unwrap } from '@affix/sdk'
import { AffixCommand } from '../affix_command.js'
import { renderDetails } from '../output.js'

export default class Whoami extends AffixCommand {
  static summary = 'Show the signed-in user and organisation.'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    await this.parse(Whoami)
    const { client, url } = await this.client()
    const account = await unwrap(coreGetAccount({ client }))
    this.log(
      renderDetails([
        ['User', account.user.name ? `${account.user.name} <${account.user.email}>` : account.user.email],
        ['Role', account.user.role],
        ['Organisation', `${account.org.name} (#${account.org.id}, ${account.org.type})`],
        ['Server', url],
      ])
    )
    return account
  }
}
