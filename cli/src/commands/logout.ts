import { authLogout, AffixApiError, unwrap } from '@affix/sdk'
import { AffixCommand } from '../affix_command.js'
import { readSession, removeSession } from '../session.js'

export default class Logout extends AffixCommand {
  static summary = 'Revoke the saved token on the server and forget the session.'
  static description =
    'An API key saved with `login --api-key` is only forgotten here: a key is not a session, it keeps working until it is revoked with `api-keys revoke`.'

  static examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run() {
    await this.parse(Logout)
    const saved = await readSession(this.config.configDir)
    if (!saved) {
      this.log('Not logged in.')
      return { loggedOut: false, revoked: false }
    }
    if (saved.token.startsWith('afk_')) {
      await removeSession(this.config.configDir)
      this.log(`Forgot the API key saved for ${saved.url}. It keeps working until revoked: affix api-keys revoke <id>.`)
      return { loggedOut: true, revoked: false }
    }
    const { client } = await this.client(saved)
    let revoked = true
    try {
      await unwrap(authLogout({ client }))
    } catch (error) {
      // An expired or revoked token is already unusable; anything else is worth a warning.
      if (!(error instanceof AffixApiError)) throw error
      revoked = false
      if (error.status !== 401) this.warn(`The server did not revoke the token: ${error.message}`)
    }
    await removeSession(this.config.configDir)
    this.log(`Logged out of ${saved.url}.`)
    return { loggedOut: true, revoked }
  }
}
