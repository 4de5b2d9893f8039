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
 * The body, counted as it streams: null as soon as it passes `max` bytes (reading stops there, so a
 * chunked upload is never buffered whole).
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
      await reader.cancel().catch(() => {})
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
