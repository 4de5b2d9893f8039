/**
 * Serving a pre-rendered body the way CONTRACT.md wants every GET served: strong ETag, Last-Modified,
 * conditional requests (If-None-Match wins over If-Modified-Since), br/gzip above 1 KiB with
 * Vary: Accept-Encoding, HEAD, CORS and Cache-Control. Bodies and their compressed forms are
 * computed once per data version, never per request.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib'
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

export function etagOf(body: Uint8Array): string {
  return `"${Bun.hash(body).toString(36)}-${body.byteLength.toString(36)}"`
}

/** A representation with its compressed forms computed lazily and kept. */
export class CachedRepresentation implements Representation {
  readonly etag: string
  private gzipped?: Uint8Array
  private brotli?: Uint8Array
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
    // Large bodies get a faster brotli level; small ones the best ratio.
    const quality = this.body.byteLength > 1 << 20 ? 5 : 9
    return (this.brotli ??= brotliCompressSync(this.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.byteLength },
    }))
  }
}

declare const interned: unique symbol

/**
 * How a route serves its representations. Made only by serveOptions(), which returns one object per
 * distinct setting: the response headers a representation builds for it are then built once, and a
 * caller cannot lose that cache by passing a fresh object per request.
 */
export type ServeOptions = { readonly cacheControl: string; readonly headers?: Readonly<Record<string, string>>; readonly [interned]: true }

const internedOptions = new Map<string, ServeOptions>()

export function serveOptions(cacheControl: string, headers?: Record<string, string>): ServeOptions {
  const key = JSON.stringify([cacheControl, headers ?? null])
  let options = internedOptions.get(key)
  if (!options) internedOptions.set(key, (options = Object.freeze({ cacheControl, headers: headers && Object.freeze({ ...headers }) }) as ServeOptions))
  return options
}

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
