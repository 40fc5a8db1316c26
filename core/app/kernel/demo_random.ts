/*
 * The demo seed's deterministic randomness: the same seed string gives the same sequence on
 * every machine, so `npm run seed` draws the same network every time (relative to "today").
 * Not for anything secret (tokens, passwords): use node:crypto for those.
 */

/** A small, fast pseudo-random generator (sfc32) seeded from a string. */
export class DemoRandom {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: string) {
    // cyrb128: four 32-bit words from the seed string.
    let h1 = 1779033703
    let h2 = 3144134277
    let h3 = 1013904242
    let h4 = 2773480762
    for (let i = 0; i < seed.length; i++) {
      const k = seed.charCodeAt(i)
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
    this.a = (h1 ^ h2 ^ h3 ^ h4) >>> 0
    this.b = (h2 ^ h1) >>> 0
    this.c = (h3 ^ h1) >>> 0
    this.d = (h4 ^ h1) >>> 0
    for (let i = 0; i < 12; i++) this.next()
  }

  /** A number in [0, 1). */
  next(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    let t = (this.a + this.b) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.d = (this.d + 1) | 0
    t = (t + this.d) | 0
    this.c = (this.c + t) | 0
    return (t >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** One of `items`, each as likely as its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    let roll = this.next() * total
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i]
      if (roll < 0) return items[i]
    }
    return items[items.length - 1]
  }

  /** `count` distinct items of `items` (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy.slice(0, Math.max(0, count))
  }

  /** A 32-bit integer, e.g. to seed SQL-side hashing (hashint8extended) from the same sequence. */
  seed32(): number {
    return Math.floor(this.next() * 2147483647)
  }
}
