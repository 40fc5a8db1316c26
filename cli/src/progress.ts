/*
 * Upload progress for `products import`. fetch() reports no upload progress, so
 * fetchWithUploadProgress() serialises the request body (the multipart form built by the
 * SDK) and feeds it to the socket in chunks, counting each one as it is pulled.
 * ProgressBar draws on stderr: redrawn in place on a terminal, one line per stage otherwise
 * (logs and pipes stay readable).
 */

const CHUNK_BYTES = 64 * 1024
const BAR_WIDTH = 30

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export class ProgressBar {
  private lastStage = ''
  private readonly interactive: boolean

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.interactive = Boolean(stream.isTTY)
  }

  /** Shows `fraction` (0..1) of the current stage, e.g. "Uploading". */
  update(stage: string, fraction: number, detail = ''): void {
    const clamped = Math.min(1, Math.max(0, fraction))
    const filled = Math.round(clamped * BAR_WIDTH)
    const line =
      `${stage.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.round(clamped * 100)).padStart(3)}% ${detail}`.trimEnd()
    if (this.interactive) {
      this.stream.write(`\r\x1b[2K${line}`)
    } else if (stage !== this.lastStage || clamped === 1) {
      // Without a terminal: the start of each stage and its completion only.
      this.stream.write(`${line}\n`)
    }
    this.lastStage = stage
  }

  /**
   * A stage of unknown length (the server processing the file): a block moving back and
   * forth until the returned function is called with the closing detail.
   */
  wait(stage: string, detail = ''): (doneDetail: string) => void {
    const render = (bar: string, suffix: string) => `${stage.padEnd(10)} [${bar}] ${suffix}`.trimEnd()
    if (!this.interactive) {
      this.stream.write(`${render('.'.repeat(BAR_WIDTH), detail)}\n`)
      return (doneDetail) => this.stream.write(`${render('#'.repeat(BAR_WIDTH), doneDetail)}\n`)
    }
    const blockWidth = 6
    let tick = 0
    const draw = () => {
      const span = BAR_WIDTH - blockWidth
      const offset = Math.abs((tick++ % (2 * span)) - span)
      const bar = `${'.'.repeat(offset)}${'#'.repeat(blockWidth)}${'.'.repeat(span - offset)}`
      this.stream.write(`\r\x1b[2K${render(bar, detail)}`)
    }
    draw()
    const timer = setInterval(draw, 100)
    return (doneDetail) => {
      clearInterval(timer)
      this.stream.write(`\r\x1b[2K${render('#'.repeat(BAR_WIDTH), doneDetail)}\n`)
    }
  }

  /** Ends the bar, leaving its last line on screen. */
  finish(): void {
    if (this.interactive) this.stream.write('\n')
  }
}

/**
 * A fetch for the SDK's `fetch` option that reports how many request-body bytes have been
 * handed to the connection.
 */
export function fetchWithUploadProgress(onProgress: (sentBytes: number, totalBytes: number) => void): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const body = new Uint8Array(await request.arrayBuffer())
    let sent = 0
    onProgress(0, body.byteLength)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.byteLength) {
          controller.close()
          return
        }
        const chunk = body.subarray(sent, sent + CHUNK_BYTES)
        sent += chunk.byteLength
        controller.enqueue(chunk)
        onProgress(sent, body.byteLength)
      },
    })
    const headers = new Headers(request.headers)
    // Keep the exact size (a streamed body would otherwise be sent chunked).
    headers.set('content-length', String(body.byteLength))
    return fetch(request.url, { method: request.method, headers, body: stream, duplex: 'half', signal: request.signal })
  }
}
