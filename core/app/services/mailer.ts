/*
 * Outgoing mail. SMTP_URL (e.g. smtp://user:pass@host:587) selects the server; it is read
 * at send time, so configuration can change without a restart. With no SMTP_URL the mail
 * is written as an .eml file under DATA_DIR/outbox, never to the logs (mails carry
 * secrets such as reset links).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import nodemailer from 'nodemailer'
import logger from '@adonisjs/core/services/logger'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

const FROM = () => process.env.MAIL_FROM ?? 'Affix <no-reply@affix.local>'

export async function sendMail(mail: OutgoingMail) {
  const smtpUrl = process.env.SMTP_URL
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    try {
      await transport.sendMail({ from: FROM(), ...mail })
    } finally {
      transport.close()
    }
    return
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const { message } = await transport.sendMail({ from: FROM(), ...mail })
  const outbox = resolve(process.env.DATA_DIR ?? resolve(import.meta.dirname, '../../../data'), 'outbox')
  await mkdir(outbox, { recursive: true, mode: 0o700 })
  const file = join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`)
  await writeFile(file, message as Buffer, { mode: 0o600 })
  logger.info({ file }, 'no SMTP_URL: mail written to the outbox')
}
