/*
 * Base of every affix command: --json output, the saved session, an SDK client, and
 * turning API failures into the server's (translated) message with a non-zero exit.
 * Exit codes: 0 success, 1 the server or network refused, 2 bad local input or usage.
 */
import { Command, Errors, type Interfaces } from '@oclif/core'
import { AffixApiError, createAffixClient, type Client } from '@affix/sdk'
import { readSession, type Session } from './session.js'

/** AFFIX_LOCALE, else the POSIX locale (pt_BR.UTF-8 → pt-BR), so server messages match the user's language. */
export function preferredLocale(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.AFFIX_LOCALE, env.LC_ALL, env.LC_MESSAGES, env.LANG]
  const posix = candidates.find((value) => value && value !== 'C' && value !== 'POSIX' && !value.startsWith('C.'))
  return posix?.split(/[.@]/)[0]?.replace('_', '-') || undefined
}

/** The CLI face of an AffixApiError; keeps the API details for --json output. */
class ApiCliError extends Errors.CLIError {
  constructor(
    message: string,
    readonly apiError: AffixApiError,
    suggestions?: string[]
  ) {
    super(message, { exit: 1, suggestions })
  }
}

export abstract class AffixCommand extends Command {
  static enableJsonFlag = true

  /** Whether a 401 should suggest logging in again (not for `login` itself). */
  protected readonly suggestLoginOnUnauthorized: boolean = true

  protected async requireSession(): Promise<Session> {
    const session = await readSession(this.config.configDir)
    if (!session) {
      this.error('Not logged in.', {
        exit: 1,
        suggestions: [`Run \`${this.config.bin} login --email <email>\` first.`],
      })
    }
    return session
  }

  /** An SDK client for the saved session, or for an explicit server (as `login` does). */
  protected async client(target?: { url: string; token?: string }): Promise<{ client: Client; url: string }> {
    const { url, token } = target ?? (await this.requireSession())
    return { client: createAffixClient({ baseUrl: url, token, locale: preferredLocale() }), url }
  }

  protected async catch(error: Interfaces.CommandError): Promise<unknown> {
    if (error instanceof AffixApiError) return super.catch(this.toCliError(error))
    return super.catch(error)
  }

  protected toErrorJson(error: unknown): unknown {
    if (error instanceof ApiCliError) {
      const { message, status, type, fields, requestId } = error.apiError
      return { error: { message, status, type, fields, requestId } }
    }
    return { error: { message: error instanceof Error ? error.message : String(error) } }
  }

  private toCliError(error: AffixApiError): ApiCliError {
    const details = error.fields
      .filter((field) => field.message !== error.message || error.fields.length > 1)
      .map((field) => `  - ${field.field}: ${field.message}`)
    const message = [error.message, ...details].join('\n')
    const suggestions =
      error.status === 401 && this.suggestLoginOnUnauthorized
        ? [`Your session has expired or was revoked: run \`${this.config.bin} login\` again.`]
        : error.type === 'network'
          ? [`Check the server address (${this.config.bin} login --url) and that the server is running.`]
          : undefined
    return new ApiCliError(message, error, suggestions)
  }
}
