import { Flags } from '@oclif/core'
import { authLogin, unwrap } from '@affix/sdk'
import { AffixCommand } from '../affix_command.js'
import { saveSession } from '../session.js'

export default class Login extends AffixCommand {
  static summary = 'Log in to an Affix server and save the session.'
  static description =
    'The session (server address and bearer token) is saved in your user config directory with mode 0600; set AFFIX_CONFIG_DIR to keep it elsewhere. The password is never saved.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --email admin@demo.affix.dev --password "Demo#1234"',
    'AFFIX_PASSWORD="Demo#1234" <%= config.bin %> <%= command.id %> --url https://affix.example.com --email admin@demo.affix.dev',
  ]

  static flags = {
    url: Flags.string({ summary: 'Address of the Affix server.', env: 'AFFIX_URL', default: 'http://127.0.0.1:3333' }),
    email: Flags.string({ summary: 'Your e-mail address.', env: 'AFFIX_EMAIL', required: true }),
    password: Flags.string({ summary: 'Your password (or set AFFIX_PASSWORD).', env: 'AFFIX_PASSWORD' }),
  }

  protected readonly suggestLoginOnUnauthorized = false

  async run() {
    const { flags } = await this.parse(Login)
    if (!flags.password) {
      this.error('A password is required.', {
        exit: 2,
        suggestions: ['Pass --password, or set the AFFIX_PASSWORD environment variable.'],
      })
    }
    const url = flags.url.replace(/\/+$/, '')
    const { client } = await this.client({ url })
    const session = await unwrap(authLogin({ client, body: { email: flags.email, password: flags.password } }))
    const file = await saveSession(this.config.configDir, { url, token: session.token })
    this.log(`Logged in to ${url} as ${session.user.email} (${session.org.name}).`)
    this.log(`Session saved to ${file}.`)
    // The token stays in the session file; it is not printed.
    return { url, user: session.user, org: session.org, expiresAt: session.expiresAt ?? null, sessionFile: file }
  }
}
