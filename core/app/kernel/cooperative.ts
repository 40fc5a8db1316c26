/*
 * Long synchronous loops in a web process (turning a 100,000-row result into records, say)
 * hold up every request waiting behind them. These helpers hand the event loop back every
 * few milliseconds, so background work (the commission ledger, imports) shares the process
 * with the click path and inbound postbacks without adding to their latency.
 */

/** Lets waiting I/O callbacks (requests, socket reads) run before going on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** `items.map(fn)`, yielding to the event loop whenever a slice has run `budgetMs`. */
export async function mapCooperatively<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  budgetMs = 5
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let sliceStarted = performance.now()
  for (let index = 0; index < items.length; index++) {
    out[index] = fn(items[index], index)
    // Checking the clock costs about as much as a cheap `fn`: look every 256 items.
    if ((index & 255) === 255 && performance.now() - sliceStarted >= budgetMs) {
      await yieldToEventLoop()
      sliceStarted = performance.now()
    }
  }
  return out
}
