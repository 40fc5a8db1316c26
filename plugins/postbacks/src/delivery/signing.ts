/*
 * Signatures of JSON postbacks and webhooks: HMAC-SHA256 with the target's secret over
 * `<unix seconds>.<raw body>`, sent as `X-Affix-Signature: t=<unix seconds>,v1=<hex>`. A
 * receiver recomputes it and refuses a timestamp outside its replay window (docs/postbacks.md).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'

export const SIGNATURE_HEADER = 'x-affix-signature'
export const EVENT_ID_HEADER = 'x-affix-event-id'
export const DEFAULT_REPLAY_WINDOW_SECONDS = 300

export function sign(secret: string, timestamp: number, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

export function signatureHeader(secret: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000)
  return `t=${timestamp},v1=${sign(secret, timestamp, body)}`
}

/** What a receiver does (the tests use it): the signature matches and is recent enough. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  windowSeconds = DEFAULT_REPLAY_WINDOW_SECONDS,
  now = Date.now()
) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]))
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || !parts.v1) return false
  if (Math.abs(now / 1000 - timestamp) > windowSeconds) return false
  const expected = Buffer.from(sign(secret, timestamp, body), 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`
export const sealSecret = (secret: string) => encryption.encrypt(secret)
export const openSecret = (sealed: string | null) => (sealed ? (encryption.decrypt<string>(sealed) ?? null) : null)
