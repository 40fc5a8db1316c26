/*
 * Click ids are UUIDv7 (RFC 9562): 48-bit Unix milliseconds then 74 random bits, so they
 * sort by time, index well (uuid column) and never need coordination between nodes. The
 * row's created_at is the id's own millisecond, which is why the partitioned table's
 * (click_id, created_at) key is as unique as click_id alone.
 */
import { randomFillSync } from 'node:crypto'

const POOL_SIZE = 16 * 512
const pool = Buffer.allocUnsafe(POOL_SIZE)
let offset = POOL_SIZE
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

export function newClickId(now = Date.now()): string {
  if (offset >= POOL_SIZE) {
    randomFillSync(pool)
    offset = 0
  }
  const r = offset
  offset += 16
  const ms = now.toString(16).padStart(12, '0')
  return (
    `${ms.slice(0, 8)}-${ms.slice(8, 12)}-` +
    `7${HEX[pool[r] & 0x0f][1]}${HEX[pool[r + 1]]}-` +
    `${HEX[(pool[r + 2] & 0x3f) | 0x80]}${HEX[pool[r + 3]]}-` +
    `${HEX[pool[r + 4]]}${HEX[pool[r + 5]]}${HEX[pool[r + 6]]}${HEX[pool[r + 7]]}${HEX[pool[r + 8]]}${HEX[pool[r + 9]]}`
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

export function isClickId(value: string) {
  return UUID.test(value)
}

/** The millisecond a click id was minted (its row's created_at). */
export function clickIdTime(clickId: string): number {
  return Number.parseInt(clickId.slice(0, 8) + clickId.slice(9, 13), 16)
}
