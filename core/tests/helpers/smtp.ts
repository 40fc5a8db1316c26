import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string
}

/** The single text part of a nodemailer message, decoded (quoted-printable or base64, UTF-8). */
function decodeBody(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => `%${hex}`)
    return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
  }
  return body
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeBody(raw) })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
