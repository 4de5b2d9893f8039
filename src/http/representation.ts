/**
 * Serving a pre-rendered body the way CONTRACT.md wants every GET served: strong ETag, Last-Modified,
 * conditional requests (If-None-Match wins over If-Modified-Since), br/gzip above 1 KiB with
 * Vary: Accept-Encoding, HEAD, CORS and Cache-Control. Bodies and their compressed forms are
 * computed once per data version, never per request.
 */
import { brotliCompress, brotliCompressSync, constants as zlib, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import { CORS_HEADERS } from './cors'

/** One rendered response body, built once per data version. */
export interface Representation {
  body: Uint8Array
  contentType: string
  /** Strong, quoted: "\"abc\"". */
  etag: string
  lastModified: Date
}

const COMPRESS_ABOVE = 1024
const encoder = new TextEncoder()
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const brotliParams = (size: number) => ({
  // Large bodies get a faster brotli level; small ones the best ratio.
  [zlib.BROTLI_PARAM_QUALITY]: size > 1 << 20 ? 5 : 9,
  [zlib.BROTLI_PARAM_SIZE_HINT]: size,
})

export function etagOf(body: Uint8Array): string {
  return `"${Bun.hash(body).toString(36)}-${body.byteLength.toString(36)}"`
}

/** A representation with its compressed forms computed lazily and kept. */
export class CachedRepresentation implements Representation {
  readonly etag: string
  private gzipped?: Uint8Array
  private brotli?: Uint8Array
  private precompressing?: Promise<void>
  // Weak: a caller that passes a fresh options object each time costs a rebuild, never a leak.
  private readonly headerCache = new WeakMap<ServeOptions, Map<Variant, Headers>>()

  constructor(
    readonly body: Uint8Array,
    readonly contentType: string,
    readonly lastModified: Date,
  ) {
    this.etag = etagOf(body)
  }

  static text(text: string, contentType: string, lastModified: Date): CachedRepresentation {
    return new CachedRepresentation(encoder.encode(text), contentType, lastModified)
  }

  /** Response headers for one route's options and one variant, built on first use and kept. */
  headersFor(options: ServeOptions, variant: Variant): Headers {
    let byVariant = this.headerCache.get(options)
    if (!byVariant) {
      byVariant = new Map()
      this.headerCache.set(options, byVariant)
    }
    let headers = byVariant.get(variant)
    if (!headers) {
      const init: Record<string, string> = {
        ...CORS_HEADERS,
        'content-type': this.contentType,
        etag: this.etag,
        'last-modified': this.lastModified.toUTCString(),
        'cache-control': options.cacheControl,
        ...options.headers,
      }
      if (this.body.byteLength > COMPRESS_ABOVE) init.vary = 'Accept-Encoding'
      if (variant === 'not-modified') {
        delete init['content-type']
      } else {
        if (variant !== 'identity') init['content-encoding'] = variant
        init['content-length'] = String(variant === 'identity' ? this.body.byteLength : this.encoded(variant).byteLength)
      }
      headers = new Headers(init)
      byVariant.set(variant, headers)
    }
    return headers
  }

  encoded(encoding: 'br' | 'gzip'): Uint8Array {
    if (encoding === 'gzip') return (this.gzipped ??= Bun.gzipSync(this.body as Uint8Array<ArrayBuffer>, { level: 6 }))
    return (this.brotli ??= brotliCompressSync(this.body, { params: brotliParams(this.body.byteLength) }))
  }

  /**
   * Computes the compressed forms on the thread pool, off the event loop (a 70 MB body takes most of a
   * second to brotli). Await it before serving a large body; once per representation, whoever asks first.
   */
  precompress(): Promise<void> {
    if (this.body.byteLength <= PRECOMPRESS_ABOVE) return Promise.resolve()
    return (this.precompressing ??= Promise.all([
      gzipAsync(this.body, { level: 6 }).then((bytes) => void (this.gzipped ??= new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
      brotliAsync(this.body, { params: brotliParams(this.body.byteLength) }).then((bytes) => void (this.brotli ??= new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
    ]).then(() => {}))
  }
}

/** Below this, compressing on the event loop costs less than a trip to the thread pool. */
const PRECOMPRESS_ABOVE = 256 * 1024

/** Pass the same options object on every request of a route: the response headers are built once per pair. */
export type ServeOptions = { cacheControl: string; headers?: Record<string, string> }

type Variant = 'identity' | 'br' | 'gzip' | 'not-modified'

export function serveRepresentation(request: Request, rep: CachedRepresentation, options: ServeOptions): Response {
  if (isNotModified(request, rep)) return new Response(null, { status: 304, headers: rep.headersFor(options, 'not-modified') })
  const encoding = rep.body.byteLength > COMPRESS_ABOVE ? chooseEncoding(request.headers.get('accept-encoding')) : null
  const body = encoding ? rep.encoded(encoding) : rep.body
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: rep.headersFor(options, encoding ?? 'identity') })
}

export function isNotModified(request: Request, rep: Representation): boolean {
  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch !== null) return etagListMatches(ifNoneMatch, rep.etag)
  const ifModifiedSince = request.headers.get('if-modified-since')
  if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince)
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(rep.lastModified.getTime() / 1000) * 1000 <= since
  }
  return false
}

/** Weak comparison over a list, as If-None-Match requires; `*` matches any current representation. */
export function etagListMatches(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const mine = opaque(etag)
  return header.split(',').some((candidate) => {
    const tag = opaque(candidate)
    return tag === '*' || tag === mine
  })
}

/** br preferred over gzip; q-values honoured, q=0 refuses. */
export function chooseEncoding(header: string | null): 'br' | 'gzip' | null {
  if (!header) return null
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name, Number.isNaN(value) ? 0 : value)
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0
  const br = weight('br')
  const gzip = weight('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}
