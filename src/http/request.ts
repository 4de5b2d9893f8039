/** What the API layer reads off a request before it knows what the request is for. */

/** Bun's server as far as we use it for a request: its peer address, and the per-request idle timeout. */
export type RequestServer = {
  requestIP?: (r: Request) => { address: string } | null
  timeout?: (r: Request, seconds: number) => void
} | null

/** The peer address, or the first X-Forwarded-For hop when the operator says a proxy of their own sets it. */
export function clientAddress(request: Request, server: RequestServer, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP?.(request)?.address ?? 'unknown'
}

/**
 * The body, counted as it streams: null as soon as it passes `max` bytes (nothing past it is kept, so a
 * chunked upload is never buffered whole; what is still arriving is read and dropped for a moment, see
 * discardBody).
 */
export async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await discardBody(request, reader)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** How long a refused body is read and dropped before the answer (bounded: a client that stops writing waits no longer). */
export const DISCARD_MS = 300
/** How much of a refused body is read and dropped at most before the answer. */
export const DISCARD_BYTES = 1 << 20

/**
 * Reads and drops what arrives of a refused body for up to DISCARD_MS, then stops reading. The refusal
 * then goes out with `Connection: close` (TOO_LARGE_HEADERS): the connection ends with a FIN after the
 * answer, not a reset that could destroy the answer before the client reads it (RFC 9112 §9.6).
 */
export async function discardBody(request: Request, reader = request.body?.getReader()): Promise<void> {
  if (!reader) return
  const deadline = Date.now() + DISCARD_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DISCARD_MS)
  })
  let dropped = 0
  try {
    // Bounded in bytes too: a client that keeps writing fast must get this answer, not the runtime's own 413.
    while (Date.now() < deadline && dropped < DISCARD_BYTES) {
      const chunk = await Promise.race([reader.read().catch(() => null), timeout])
      if (!chunk || chunk.done) break
      dropped += chunk.value.byteLength
    }
  } finally {
    clearTimeout(timer)
    reader.cancel().catch(() => {})
  }
}

/** Headers of a 413: the server closes the connection after it (the rest of the body is never read). */
export const TOO_LARGE_HEADERS: Readonly<Record<string, string>> = { connection: 'close' }
