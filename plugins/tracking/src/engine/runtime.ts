/* The process's click engine, created on first use (after the app has booted). */
import { ClickEngine } from './engine.js'
import { contractSources } from './sources.js'
import { createCapCounters } from './cap_counters.js'
import { ClickWriter } from './click_writer.js'

let engine: ClickEngine | null = null

export function clickEngine(): ClickEngine {
  engine ??= new ClickEngine({
    sources: contractSources,
    counters: createCapCounters(),
    writer: new ClickWriter(),
  }).listen()
  return engine
}

/** App shutdown: answer the queued clicks (their rows committed), then close the pool and Redis. */
export async function closeClickEngine() {
  if (!engine) return
  const closing = engine
  engine = null
  closing.stop()
  await closing.writer.close()
  await closing.closeCounters()
}
