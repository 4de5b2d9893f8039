/**
 * The reads on the runtime's native router: every route of the read table (read-routes.ts) also as a
 * plain `(request) => Response` handler that Bun.serve's `routes` call directly, without the framework's
 * per-request context and hooks. Each calls the route's own `read` and serves it exactly as its
 * framework twin does (read-route.ts), so the two cannot drift. Anything that is not the plain case (an
 * invalid Host, a path that is not canonical or has escapes, a read that throws: a bad parameter, an
 * unknown id) is handed to the framework, which answers it: validation errors, 400/404 bodies and the
 * request log stay in one place. Other methods on these paths (OPTIONS, POST, ...) never reach these
 * handlers: the runtime falls back to the framework (preflight, 405 with Allow).
 */
import type { Catalog } from '../catalog/catalog'
import type { Logger } from '../core/log'
import type { ReviewSearch } from '../reviews/search'
import { hasValidHost, nonCanonicalPath, pathOf } from './lifecycle'
import type { ReadRouteOptions } from './read-options'
import { type ReadRoute, readHandler, type ServerTimeouts } from './read-route'
import { readRoutes } from './read-routes'

type Handler = (request: Request & { params?: Record<string, string> }, server?: ServerTimeouts) => Response | Promise<Response>
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
  /** The read table (the app passes the one its framework routes come from); built from the deps when absent. */
  routes?: ReadRoute[]
}

export function fastReadRoutes({ catalog, search, read, log, logRequests, fallback: framework, routes }: FastReadDeps): NativeRoutes {
  // With the request log on, the framework logs what it answers: remember those responses so they are not logged twice.
  const fallback = logRequests
    ? async (request: Request) => {
        const response = await framework(request)
        fellBack.add(response)
        return response
      }
    : framework
  const native: NativeRoutes = {}
  for (const route of routes ?? readRoutes({ catalog, search, read })) {
    const guarded = guard(nativeHandler(route))
    native[route.path] = { GET: guarded, HEAD: guarded }
  }
  return native

  function nativeHandler(route: ReadRoute): Handler {
    const handle = readHandler(route, read)
    const hasParams = route.path.includes('/:')
    const answer: Handler = (request, server) => {
      // Before a starting server's first version is built: a read that cannot answer yet waits for it, off the loop.
      if (!route.beforeFirstVersion && !catalog.hasVersion) return catalog.whenServing().then(() => answer(request, server))
      // A path parameter with escapes is decoded by the framework's rules (invalid escapes included).
      if (hasParams && hasEscapeInPath(request.url)) return fallback(request)
      try {
        const response = handle(request, request.params ?? {}, server)
        return response instanceof Promise ? response.catch(() => fallback(request)) : response
      } catch {
        return fallback(request)
      }
    }
    return answer
  }

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

/** Whether the path (not the query) has a percent-escape; cheap, no URL parsing. */
function hasEscapeInPath(url: string): boolean {
  const percent = url.indexOf('%')
  if (percent === -1) return false
  const query = url.indexOf('?')
  return query === -1 || percent < query
}

// Responses produced by the fallback are logged by the framework's own hooks; the fast path must not log them twice.
const fellBack = new WeakSet<Response>()
