import { Flags } from '@oclif/core'
import { authLogin, coreGetAccount, createAffixClient, unwrap } from '@affix/sdk'
import { AffixCommand } from '../affix_command.js'
import { saveSession } from '../session.js'

export default class Login extends AffixCommand {
  static summary = 'Log in to an Affix server and save the session.'
  static description =
    'The session (server address and bearer token) is saved in your user config directory with mode 0600; set AFFIX_CONFIG_DIR to keep it elsewhere. The password is never saved.'

  static examples = [
    '<%= config.bin %> <%= command.id %> --email admin@demo.affix.dev --password "Demo#1234"',
    'AFFIX_PASSWORD="Demo#1234" <%= config.bin %> <%= command.id %> --url https://affix.example.com --email admin@demo.affix.dev',
    '<%= config.bin %> <%= command.id %> --api-key afk_12.xxxxxxxx',
  ]

  static flags = {
    url: Flags.string({ summary: 'Address of the Affix server.', env: 'AFFIX_URL', default: 'http://127.0.0.1:3333' }),
    email: Flags.string({ summary: 'Your e-mail address.', env: 'AFFIX_EMAIL', exclusive: ['api-key'] }),
    'api-key': Flags.string({
      summary: 'Log in with an API key (afk_…) instead of e-mail and password (or set AFFIX_API_KEY).',
      env: 'AFFIX_API_KEY',
    }),
    password: Flags.string({ summary: 'Your password (or set AFFIX_PASSWORD).', env: 'AFFIX_PASSWORD' }),
  }

  protected readonly suggestLoginOnUnauthorized = false

  async run() {
    const { flags } = await this.parse(Login)
    if (flags['api-key']) return this.withApiKey(flags.url, flags['api-key'])
    if (!flags.email) {
      this.error('An e-mail address or an API key is required.', {
        exit: 2,
        suggestions: ['Pass --email (with --password), or --api-key.'],
      })
    }
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

  /** Checks the key against the server (GET /account) before saving it as the session. */
  private async withApiKey(rawUrl: string, apiKey: string) {
    if (!apiKey.startsWith('afk_')) this.error('An API key starts with afk_.', { exit: 2 })
    const url = rawUrl.replace(/\/+$/, '')
    const client = createAffixClient({ baseUrl: url, token: apiKey })
    const account = await unwrap(coreGetAccount({ client }))
    const file = await saveSession(this.config.configDir, { url, token: apiKey })
    this.log(`Logged in to ${url} with an API key of ${account.user.email} (${account.org.name}).`)
    this.log(`Session saved to ${file}.`)
    return { url, user: account.user, org: account.org, apiKey: true, sessionFile: file }
  }
}
