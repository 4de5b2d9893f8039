/**
 * Serving a pre-rendered body the way CONTRACT.md wants every GET served: a strong ETag per content-coding,
 * Last-Modified, conditional requests (RFC 9110 §13: If-Match and If-Unmodified-Since give 412,
 * If-None-Match wins over If-Modified-Since for 304), br/gzip above 1 KiB with
 * Vary: Accept-Encoding, HEAD, CORS and Cache-Control. Bodies and their compressed forms are
 * computed once per data version, never per request.
 */
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { CORS_HEADERS } from './cors'

/** One rendered response body, built once per data version. */
export interface Representation {
  /** The body, joined off the event loop if it is a deferred one (see DeferredBody). */
  whole(): Promise<Uint8Array>
  byteLength: number
  contentType: string
  /** Strong, quoted: "\"abc\"". The ETag of the identity coding. */
  etag: string
  lastModified: Date
}

export type Coding = 'identity' | 'gzip' | 'br'

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

/**
 * Each content-coding is its own representation, so each gets its own strong ETag (RFC 9110 §8.8.3):
 * the identity tag with the coding inside the quotes. Every one of them is recognised on the way back
 * in, whatever Accept-Encoding the revalidating request carries: a cache that stored the gzip form and
 * revalidates with its tag gets a 304 (the trap of servers that add a suffix and then fail to match it).
 */
export function codingEtag(identityEtag: string, coding: Coding): string {
  return coding === 'identity' ? identityEtag : `${identityEtag.slice(0, -1)}.${coding === 'gzip' ? 'gz' : 'br'}"`
}

/**
 * A body joined only when first needed (a data version's reviews.json in pieces, catalog/dataset-bytes.ts): its length
 * and strong tag are known without it; `joinOffLoop` joins it on another thread, `join` here (the fallback).
 */
export type DeferredBody = { byteLength: number; etag: string; join(): Uint8Array; joinOffLoop(): Promise<Uint8Array> }

/** A representation with its compressed forms computed lazily and kept. */
export class CachedRepresentation implements Representation {
  readonly etag: string
  readonly byteLength: number
  /** The ETags this representation is served under: identity, and the compressed codings when the body is compressible. */
  readonly etags: readonly string[]
  private gzipped?: Uint8Array
  private brotli?: Uint8Array
  private readonly compressing: Partial<Record<'gzip' | 'br', Promise<Uint8Array>>> = {}
  // Weak: a caller that passes a fresh options object each time costs a rebuild, never a leak.
  private readonly headerCache = new WeakMap<ServeOptions, Map<Variant, Headers>>()

  private bytes?: Uint8Array
  private deferred?: DeferredBody

  constructor(
    body: Uint8Array | DeferredBody,
    readonly contentType: string,
    readonly lastModified: Date,
    /** The strong tag when the caller knows one that names these bytes (else a hash of the body). */
    etag?: string,
  ) {
    if (body instanceof Uint8Array) this.bytes = body
    else this.deferred = body
    this.byteLength = body.byteLength
    this.etag = etag ?? (body instanceof Uint8Array ? etagOf(body) : body.etag)
    this.etags = this.compressible ? (['identity', 'gzip', 'br'] as const).map((c) => codingEtag(this.etag, c)) : [this.etag]
  }

  static text(text: string, contentType: string, lastModified: Date): CachedRepresentation {
    return new CachedRepresentation(encoder.encode(text), contentType, lastModified)
  }

  /** The body (a deferred one is joined here, on the calling thread, if `whole()` has not joined it yet). */
  get body(): Uint8Array {
    if (!this.bytes) {
      this.bytes = this.deferred!.join()
      this.deferred = undefined
    }
    return this.bytes
  }

  /** Whether the body is at hand (false while a deferred body is not joined: `whole()` joins it off the loop). */
  get isWhole(): boolean {
    return this.bytes !== undefined
  }

  /** The body, a deferred one joined off the event loop. */
  whole(): Promise<Uint8Array> {
    if (this.bytes) return Promise.resolve(this.bytes)
    const deferred = this.deferred!
    return (this.joining ??= deferred.joinOffLoop().then(
      (bytes) => {
        if (bytes.byteLength !== this.byteLength) throw new Error('a joined body of another length')
        this.bytes ??= bytes
        this.deferred = undefined
        return this.bytes
      },
      (error: unknown) => {
        this.joining = undefined // the next caller tries again
        throw error
      },
    ))
  }

  private joining?: Promise<Uint8Array>

  get compressible(): boolean {
    return this.byteLength > COMPRESS_ABOVE
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
      const [status, coding] = variant.split(':') as ['200' | '304', Coding]
      const init: Record<string, string> = {
        ...CORS_HEADERS,
        'content-type': this.contentType,
        etag: codingEtag(this.etag, coding),
        'last-modified': this.lastModified.toUTCString(),
        'cache-control': options.cacheControl,
        ...options.headers,
      }
      if (this.compressible) init.vary = 'Accept-Encoding'
      if (status === '304') {
        delete init['content-type']
      } else {
        if (coding !== 'identity') init['content-encoding'] = coding
        init['content-length'] = String(coding === 'identity' ? this.byteLength : this.encoded(coding).byteLength)
      }
      headers = new Headers(init)
      byVariant.set(variant, headers)
    }
    return headers
  }

  encoded(encoding: 'br' | 'gzip'): Uint8Array {
    // The same library as the off-loop form (`encodedOffLoop`): one coding's bytes, and so its ETag, whichever path made
    // them (the runtime's own gzipSync gives other bytes above about 1 MB).
    if (encoding === 'gzip') return (this.gzipped ??= gzipSync(this.body, { level: 6 }))
    return (this.brotli ??= brotliCompressSync(this.body, { params: brotliParams(this.body.byteLength) }))
  }

  /** Whether the compressed form is built (encoded() then costs nothing). */
  isEncoded(encoding: 'br' | 'gzip'): boolean {
    return (encoding === 'gzip' ? this.gzipped : this.brotli) !== undefined
  }

  /**
   * One compressed form built on the thread pool, off the event loop (a 90 MB body takes seconds to
   * brotli); once per coding, whoever asks first.
   */
  encodedOffLoop(encoding: 'br' | 'gzip'): Promise<Uint8Array> {
    const done = encoding === 'gzip' ? this.gzipped : this.brotli
    if (done) return Promise.resolve(done)
    return (this.compressing[encoding] ??= this.whole()
      .then((body) => (encoding === 'gzip' ? gzipAsync(body, { level: 6 }) : brotliAsync(body, { params: brotliParams(body.byteLength) })))
      .then(
        (bytes) => {
          const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
          if (encoding === 'gzip') this.gzipped ??= view
          else this.brotli ??= view
          return view
        },
        (error: unknown) => {
          delete this.compressing[encoding] // the next request tries again
          throw error
        },
      ))
  }

  /** Both compressed forms of a large body, built off the event loop (small ones are compressed on first use). */
  precompress(): Promise<void> {
    if (this.byteLength <= PRECOMPRESS_ABOVE) return Promise.resolve()
    return Promise.all([this.encodedOffLoop('gzip'), this.encodedOffLoop('br')]).then(() => {})
  }
}

/** Below this, compressing on the event loop costs less than a trip to the thread pool (brotli: about 4 ms at 64 KiB). */
export const PRECOMPRESS_ABOVE = 64 * 1024

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
  if (!options)
    internedOptions.set(key, (options = Object.freeze({ cacheControl, headers: headers && Object.freeze({ ...headers }) }) as ServeOptions))
  return options
}

type Variant = `${'200' | '304'}:${Coding}`

export function serveRepresentation(request: Request, rep: CachedRepresentation, options: ServeOptions): Response {
  const choice = encodingChoice(request.headers.get('accept-encoding'))
  const coding = rep.compressible ? codingFor(choice, rep) : 'identity'
  return serveAs(request, rep, options, coding, rep.compressible ? [coding, choice.best ?? 'identity'] : ['identity'])
}

/** The response in one content-coding, the conditions read against `codings` (see evaluateConditions). */
function serveAs(request: Request, rep: CachedRepresentation, options: ServeOptions, coding: Coding, codings: readonly Coding[]): Response {
  const outcome = evaluateConditions(request, rep, codings)
  if (outcome === 412) return preconditionFailed(rep, coding)
  if (outcome === 304) return new Response(null, { status: 304, headers: rep.headersFor(options, `304:${coding}`) })
  const headers = rep.headersFor(options, `200:${coding}`)
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
  return new Response(coding === 'identity' ? rep.body : rep.encoded(coding), { status: 200, headers })
}

/**
 * Brotli at its best quality costs about 60 ms per MB: above PRECOMPRESS_ABOVE it is built on the thread
 * pool the first time it is wanted, and until it is ready a client that also takes gzip gets gzip (a few ms),
 * so no request (the first after a start or a data change) compresses on the event loop for tens of ms.
 */
function codingFor(choice: EncodingChoice, rep: CachedRepresentation): Coding {
  if (choice.best !== 'br' || rep.byteLength <= PRECOMPRESS_ABOVE || rep.isEncoded('br')) return choice.best ?? 'identity'
  if (!choice.acceptsGzip) return 'br'
  rep.encodedOffLoop('br').catch(() => {}) // until it succeeds, gzip
  return 'gzip'
}

/**
 * serveRepresentation for a body that may be large (reviews.json, a since-listing of most of the dataset): the
 * client's preferred coding, if not built yet, is built on the thread pool first (so its coding, and ETag, does not
 * change from one request to the next). A request for the identity body, or one answered 304/412, never waits for
 * compression; none compresses on the event loop (the conditions are read against the coding it is served in).
 */
export function serveOffLoop(request: Request, rep: CachedRepresentation, options: ServeOptions): Response | Promise<Response> {
  if (rep.byteLength <= PRECOMPRESS_ABOVE || !rep.compressible) return serveRepresentation(request, rep, options)
  const coding = chooseEncoding(request.headers.get('accept-encoding'))
  if (coding === null) {
    // A deferred body (DeferredBody) is joined off the loop for a GET that sends it; HEAD, 304 and 412 need none of it.
    const sendsBody = !rep.isWhole && request.method !== 'HEAD' && evaluateConditions(request, rep, ['identity']) === 200
    return sendsBody ? rep.whole().then(() => serveRepresentation(request, rep, options)) : serveRepresentation(request, rep, options)
  }
  if (rep.isEncoded(coding) || evaluateConditions(request, rep, [coding]) !== 200) return serveAs(request, rep, options, coding, [coding])
  return rep.encodedOffLoop(coding).then(() => serveAs(request, rep, options, coding, [coding]))
}

/**
 * The preconditions of RFC 9110 §13.2.2, in its order: If-Match, else If-Unmodified-Since (412 when
 * they fail), then If-None-Match, else If-Modified-Since (304 when the client's copy is current).
 * If-Match compares strongly with the representation this request selects (`codings`: its content-coding,
 * and the one it prefers while that is still being built): another coding's tag names other bytes (412).
 * If-None-Match compares weakly with every coding's tag, so a cache revalidating any of them gets its 304.
 */
export function evaluateConditions(
  request: Request,
  rep: Pick<CachedRepresentation, 'etag' | 'etags' | 'lastModified'>,
  codings: readonly Coding[] = [selectedCoding(request, rep)],
): 200 | 304 | 412 {
  const headers = request.headers
  const ifMatch = headers.get('if-match')
  if (ifMatch !== null) {
    const selected = rep.etags.length === 1 ? rep.etags : codings.map((coding) => codingEtag(rep.etag, coding))
    if (!etagListMatches(ifMatch, selected, 'strong')) return 412
  } else {
    const since = httpDate(headers.get('if-unmodified-since'))
    if (since !== undefined && wholeSeconds(rep.lastModified) > since) return 412
  }
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) return etagListMatches(ifNoneMatch, rep.etags, 'weak') ? 304 : 200
  const since = httpDate(headers.get('if-modified-since'))
  return since !== undefined && wholeSeconds(rep.lastModified) <= since ? 304 : 200
}

/** The content-coding Accept-Encoding prefers for `rep` (identity when its body is not compressed). */
function selectedCoding(request: Request, rep: Pick<CachedRepresentation, 'etags'>): Coding {
  return rep.etags.length === 1 ? 'identity' : (chooseEncoding(request.headers.get('accept-encoding')) ?? 'identity')
}

// HTTP dates have whole seconds; an unparsable date is ignored, as RFC 9110 says.
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000
const httpDate = (value: string | null): number | undefined => {
  if (value === null) return undefined
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? undefined : parsed
}

/**
 * If-None-Match uses the weak comparison (W/"x" matches "x"); If-Match the strong one (a weak tag never
 * matches). `*` matches any current representation.
 */
export function etagListMatches(header: string, etags: readonly string[], comparison: 'weak' | 'strong'): boolean {
  // The common case, a cache sending back the one tag it holds: no parsing.
  if (etags.includes(header)) return true
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    if (tag === '*') return true
    if (tag.startsWith('W/')) return comparison === 'weak' && etags.includes(tag.slice(2))
    return etags.includes(tag)
  })
}

function preconditionFailed(rep: CachedRepresentation, coding: Coding): Response {
  const body = { error: 'precondition_failed', message: 'If-Match or If-Unmodified-Since does not hold for the current representation.' }
  return new Response(JSON.stringify(body), {
    status: 412,
    headers: {
      ...CORS_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      etag: codingEtag(rep.etag, coding),
      'last-modified': rep.lastModified.toUTCString(),
    },
  })
}

type EncodingChoice = { best: 'br' | 'gzip' | null; acceptsGzip: boolean }
const NO_ENCODING: EncodingChoice = { best: null, acceptsGzip: false }
/** Clients send a handful of distinct Accept-Encoding values: each is parsed once (bounded, so odd values cannot grow it). */
const encodingChoices = new Map<string, EncodingChoice>()

function encodingChoice(header: string | null): EncodingChoice {
  if (!header) return NO_ENCODING
  let choice = encodingChoices.get(header)
  if (choice === undefined) {
    choice = parseEncoding(header)
    if (encodingChoices.size >= 256) encodingChoices.clear()
    encodingChoices.set(header, choice)
  }
  return choice
}

/** br preferred over gzip; q-values honoured, q=0 refuses. */
export function chooseEncoding(header: string | null): 'br' | 'gzip' | null {
  return encodingChoice(header).best
}

function parseEncoding(header: string): EncodingChoice {
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
  if (br > 0 && br >= gzip) return { best: 'br', acceptsGzip: gzip > 0 }
  if (gzip > 0) return { best: 'gzip', acceptsGzip: true }
  return NO_ENCODING
}
