/**
 * The hot reads on the runtime's native router: GET and HEAD of the pre-rendered representations
 * (datasets, feeds, one review, cached searches and since-listings) answered by plain `(request) =>
 * Response` handlers that Bun.serve's `routes` call directly, without the framework's per-request
 * context and hooks. Each handler reads `catalog.current`, so a new data version is served from the
 * next request on (no reload). Anything that is not the plain fast case (an invalid Host, a path that
 * is not canonical, a bad parameter, an unknown id) is handed to the framework, which answers it exactly
 * as before: validation errors, 400/404 bodies and the request log stay in one place. Other methods on
 * these paths (OPTIONS, POST, ...) never reach these handlers: the runtime falls back to the framework
 * (preflight, 405 with Allow).
 */
import type { Catalog } from '../catalog/catalog'
import type { Snapshot } from '../catalog/snapshot'
import { isCalendarDate } from '../core/dates'
import type { Logger } from '../core/log'
import { topicLinkHeader } from '../feeds/websub-topics'
import { type CachedRepresentation, type ServeOptions, serveOffLoop, serveOptions, serveRepresentation } from '../http/representation'
import { parseSearchParams, parseSinceParams } from '../reviews/search-query'
import type { ReviewSearch } from '../reviews/search'
import { hasValidHost, nonCanonicalPath, pathOf } from './lifecycle'
import type { ReadRouteOptions } from './read-options'
import { renderPage, searchKey } from './reviews'

/** What these handlers use of the runtime's server: a per-request idle timeout. */
type ServerTimeouts = { timeout(request: Request, seconds: number): void }
type Handler = (request: Request & { params?: Record<string, string> }, server?: ServerTimeouts) => Response | Promise<Response>
/**
 * The longest idle timeout the runtime allows (s): a request that waits for insights being computed (minutes
 * for a million reviews) must not be closed by HTTP_IDLE_TIMEOUT_S while it waits with nothing to send.
 */
const WAITING_TIMEOUT_S = 255
/** Bun.serve `routes`: per path, one handler per method (other methods fall through to `fetch`). */
export type NativeRoutes = Record<string, { GET: Handler; HEAD: Handler }>

export type FastReadDeps = {
  catalog: Catalog
  search: ReviewSearch
  read: ReadRouteOptions
  log: Logger
  logRequests: boolean
  /** The framework's own request handler: everything that is not the fast case goes there. */
  fallback: (request: Request) => Response | Promise<Response>
}

/** Cached query strings per data version: a repeat search skips parsing and validation. Small bodies only, bounded. */
const QUERY_CACHE_ENTRIES = 512
const QUERY_CACHE_BODY_BYTES = 64 * 1024

export function fastReadRoutes({ catalog, search, read, log, logRequests, fallback: framework }: FastReadDeps): NativeRoutes {
  // With the request log on, the framework logs what it answers: remember those responses so they are not logged twice.
  const fallback = logRequests
    ? async (request: Request) => {
        const response = await framework(request)
        fellBack.add(response)
        return response
      }
    : framework
  const plain = serveOptions(read.cacheControl)
  const topic = (path: 'reviews.json' | 'api/feed.json' | 'feed.xml') =>
    serveOptions(read.cacheControl, { link: topicLinkHeader(read.baseUrl, path, read.externalHubs) })
  const byTopic: Record<'reviews.json' | 'api/feed.json' | 'feed.xml', ServeOptions> = {
    'reviews.json': topic('reviews.json'),
    'api/feed.json': topic('api/feed.json'),
    'feed.xml': topic('feed.xml'),
  }

  // Resolved insights and parsed query strings, per snapshot: dropped with it.
  const insightsReady = new WeakMap<Snapshot, CachedRepresentation>()
  let queries: { snapshot: Snapshot; byQuery: Map<string, CachedRepresentation> } | undefined
  const queryCache = (snapshot: Snapshot) => {
    if (queries?.snapshot !== snapshot) queries = { snapshot, byQuery: new Map() }
    return queries.byQuery
  }
  const remember = (byQuery: Map<string, CachedRepresentation>, key: string, rep: CachedRepresentation) => {
    if (rep.body.byteLength > QUERY_CACHE_BODY_BYTES) return
    if (byQuery.size >= QUERY_CACHE_ENTRIES) byQuery.clear()
    byQuery.set(key, rep)
  }

  const topicRoute = (path: 'reviews.json' | 'api/feed.json' | 'feed.xml'): Handler => {
    const options = byTopic[path]
    return (request) => serveRepresentation(request, catalog.current.representations[path], options)
  }

  const insights: Handler = (request, server) => {
    const snapshot = catalog.current
    const ready = insightsReady.get(snapshot)
    if (ready) return serveRepresentation(request, ready, plain)
    server?.timeout(request, WAITING_TIMEOUT_S)
    return snapshot.insights().then(({ representation }) => {
      insightsReady.set(snapshot, representation)
      return serveRepresentation(request, representation, plain)
    })
  }

  const searchRoute: Handler = (request) => {
    const url = request.url
    const mark = url.indexOf('?')
    const query = mark === -1 ? '' : url.slice(mark + 1)
    const snapshot = catalog.current
    const byQuery = queryCache(snapshot)
    const cached = byQuery.get(query)
    if (cached) return serveRepresentation(request, cached, plain)
    const parsed = parseSearchParams(new URLSearchParams(query))
    if (!parsed.ok) return fallback(request)
    const filters = parsed.value
    const rep = snapshot.memo(searchKey(filters), () => renderPage(search, filters))
    remember(byQuery, query, rep)
    return serveRepresentation(request, rep, plain)
  }

  const sinceRoute: Handler = (request) => {
    const date = request.params?.date
    if (date === undefined || !isCalendarDate(date)) return fallback(request)
    const url = request.url
    const mark = url.indexOf('?')
    const snapshot = catalog.current
    if (mark === -1) return serveOffLoop(request, snapshot.since(date), plain)
    const query = url.slice(mark + 1)
    const key = `since:${date}?${query}`
    const byQuery = queryCache(snapshot)
    const cached = byQuery.get(key)
    if (cached) return serveRepresentation(request, cached, plain)
    const paging = parseSinceParams(date, new URLSearchParams(query))
    if (!paging.ok) return fallback(request)
    const filters = paging.value
    if (!filters) return serveOffLoop(request, snapshot.since(date), plain)
    const rep = snapshot.memo(searchKey(filters), () => renderPage(search, filters))
    remember(byQuery, key, rep)
    return serveRepresentation(request, rep, plain)
  }

  const reviewRoute: Handler = (request) => {
    const id = request.params?.id
    // An id with escapes is decoded by the framework's rules (invalid escapes included); unknown ids get its 404.
    if (id === undefined || request.url.includes('%')) return fallback(request)
    const rep = catalog.current.review(id)
    return rep ? serveRepresentation(request, rep, plain) : fallback(request)
  }

  const routes: Record<string, Handler> = {
    '/reviews.json': topicRoute('reviews.json'),
    '/api/feed.json': topicRoute('api/feed.json'),
    '/feed.xml': topicRoute('feed.xml'),
    '/insights.json': insights,
    '/api/reviews/search': searchRoute,
    '/api/reviews/since/:date': sinceRoute,
    '/api/reviews/:id': reviewRoute,
  }
  const native: NativeRoutes = {}
  for (const [path, handler] of Object.entries(routes)) {
    const guarded = guard(handler)
    native[path] = { GET: guarded, HEAD: guarded }
  }
  return native

  /**
   * The framework's request shell refuses an invalid Host (400) and a path that is not canonical (404;
   * the runtime's router matches //reviews.json too): those go to it. With the request log on, each
   * answer is logged as the shell would.
   */
  function guard(handler: Handler): Handler {
    const fast: Handler = (request, server) => {
      const url = request.url
      if (!hasValidHost(url) || nonCanonicalPath(url) !== undefined) return fallback(request)
      return handler(request, server)
    }
    if (!logRequests) return fast
    return async (request, server) => {
      const begin = performance.now()
      const response = await fast(request, server)
      // The framework logs what it answers itself; only log what the fast path answered.
      if (!fellBack.has(response)) {
        log({
          event: 'request',
          method: request.method,
          path: pathOf(request.url),
          status: response.status,
          ms: Math.round((performance.now() - begin) * 100) / 100,
        })
      }
      return response
    }
  }
}

// Responses produced by the fallback are logged by the framework's own hooks; the fast path must not log them twice.
const fellBack = new WeakSet<Response>()
