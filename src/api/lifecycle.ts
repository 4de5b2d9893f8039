/**
 * What every route shares: OPTIONS preflight, one canonical URL per resource, JSON errors (400 for a
 * missing or invalid Host, 404 not_found, 405 with Allow, 500 internal without a stack trace), and the
 * optional request log. CORS headers are set by each response's maker (see cors.ts), so no other global
 * hook runs on the hot read paths. Nothing here trusts request.url to parse: without a valid Host it is a bare path.
 */
import { Elysia } from 'elysia'
import type { Logger } from '../core/log'
import { preflightResponse } from '../http/cors'
import { errorResponse, HttpError } from './errors'

type RouteTable = { method: string; path: string }[]

/** The methods the route table serves at a path (HEAD with GET, OPTIONS with any), for 405's Allow and 404's hint. */
function methodsAllowed(routes: () => RouteTable): (pathname: string) => string[] {
  let compiled: { pattern: RegExp; method: string }[] | undefined
  return (pathname) => {
    compiled ??= routes().map((r) => ({
      method: r.method,
      pattern: new RegExp(
        `^${r.path
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/:[^/]+/g, '[^/]+')
          .replace(/\*/g, '.*')}$`,
      ),
    }))
    const methods = new Set(compiled.filter((r) => r.pattern.test(pathname)).map((r) => r.method))
    if (methods.has('GET')) methods.add('HEAD')
    if (methods.size) methods.add('OPTIONS')
    return [...methods].sort()
  }
}

export function requestLifecycle(routes: () => RouteTable, log: Logger, logRequests = false) {
  const started = new WeakMap<Request, number>()
  const allowedMethods = methodsAllowed(routes)

  const lifecycle = new Elysia({ name: 'request-lifecycle' })
    .onRequest(({ request }) => {
      if (request.method === 'OPTIONS') return preflightResponse(request)
      if (!hasValidHost(request.url)) {
        return refuse(
          request,
          new HttpError(400, 'invalid_host', 'The request needs a valid Host header (host or host:port, RFC 9112 section 3.2).'),
        )
      }
      if (request.method === 'CONNECT') {
        return refuse(
          request,
          new HttpError(405, 'method_not_allowed', 'CONNECT is not allowed: this server is not a proxy.', undefined, {
            allow: 'GET, HEAD, OPTIONS, POST, DELETE',
          }),
        )
      }
      const pathname = nonCanonicalPath(request.url)
      if (pathname !== undefined) return errorResponse(notCanonical(pathname))
    })
    .onError({ as: 'global' }, ({ code, error, request, set }) => {
      const failure = toHttpError(code, error, request)
      if (failure.status === 500) {
        log({ event: 'internal_error', method: request.method, path: pathOf(request.url), error: String((error as Error)?.stack ?? error) })
      }
      set.status = failure.status // For the request log.
      return errorResponse(failure)
    })
  // Hooks cost every request something, so the request log exists only when asked for.
  if (logRequests) {
    lifecycle
      .onRequest(({ request }) => {
        started.set(request, performance.now())
      })
      .onAfterResponse({ as: 'global' }, ({ request, response, set }) => {
        const begin = started.get(request)
        const status = response instanceof Response ? response.status : set.status
        log({
          event: 'request',
          method: request.method,
          path: pathOf(request.url),
          status,
          ms: begin === undefined ? undefined : Math.round((performance.now() - begin) * 100) / 100,
        })
      })
  }
  return lifecycle

  /** A response decided before routing (after-response hooks do not see it): logged here when the log is on. */
  function refuse(request: Request, failure: HttpError): Response {
    if (logRequests) log({ event: 'request', method: request.method, path: pathOf(request.url), status: failure.status, ms: 0 })
    return errorResponse(failure)
  }

  /**
   * The router would also match /reviews.json/ and //reviews.json; each resource has one URL, so those
   * are 404, and the message names the canonical path when there is one (no redirect: a 404 is the
   * same answer for every method, and caches keep one entry per resource).
   */
  function notCanonical(pathname: string): HttpError {
    const canonical = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1')
    const hint = canonical !== pathname && allowedMethods(canonical).length ? `; the resource is at ${canonical}` : ''
    return new HttpError(404, 'not_found', `Nothing is served at ${pathname}${hint}.`)
  }

  function toHttpError(code: unknown, error: unknown, request: Request): HttpError {
    if (error instanceof HttpError) return error
    if (code === 'NOT_FOUND') {
      const pathname = pathOf(request.url)
      const allow = allowedMethods(pathname)
      if (allow.length) {
        return new HttpError(
          405,
          'method_not_allowed',
          `${request.method} is not allowed on ${pathname}; use ${allow.join(', ')}.`,
          undefined,
          {
            allow: allow.join(', '),
          },
        )
      }
      return new HttpError(404, 'not_found', `Nothing is served at ${pathname}.`)
    }
    if (code === 'PARSE') return new HttpError(400, 'invalid_body', 'The request body could not be parsed.')
    if (code === 'VALIDATION') return new HttpError(400, 'invalid_request', 'The request is invalid.')
    return new HttpError(500, 'internal', 'Something went wrong on our side; the error was logged.')
  }
}

/** The path of a request URL without parsing it (it may lack a host or carry an invalid one). */
export function pathOf(url: string): string {
  const scheme = url.indexOf('://')
  const start = url.charCodeAt(0) === 47 ? 0 : scheme === -1 ? -1 : url.indexOf('/', scheme + 3)
  if (start === -1) return '/'
  const end = url.slice(start).search(/[?#]/)
  return end === -1 ? url.slice(start) : url.slice(start, start + end)
}

/** The server's own error handler: whatever escaped every route still gets the JSON shape, never the runtime's page. */
export function lastResortError(error: unknown, log: Logger): Response {
  log({ event: 'internal_error', error: String((error as Error)?.stack ?? error) })
  return errorResponse(new HttpError(500, 'internal', 'Something went wrong on our side; the error was logged.'))
}

/**
 * Whether the request had a valid Host: without one the runtime hands us a URL that does not parse (a bare
 * "/x", or "http://a:99999/x"). Clients send one Host, so the full parse runs once per origin seen, not per
 * request (bounded, so odd Hosts cannot grow the set).
 */
export function hasValidHost(url: string): boolean {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  if (url.charCodeAt(0) === 47) return false
  if (pathStart === -1) return URL.canParse(url)
  const origin = url.slice(0, pathStart)
  if (parsedOrigins.has(origin)) return true
  if (!URL.canParse(url)) return false
  if (parsedOrigins.size >= MAX_ORIGINS) parsedOrigins.clear()
  parsedOrigins.add(origin)
  return true
}
const parsedOrigins = new Set<string>()
const MAX_ORIGINS = 64

/** The path of a request URL when it ends in a slash (the root aside) or has an empty segment; else undefined. Cheap: no URL parsing. */
export function nonCanonicalPath(url: string): string | undefined {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return undefined
  const query = url.indexOf('?', start)
  const path = query === -1 ? url.slice(start) : url.slice(start, query)
  if (path.length > 1 && (path.endsWith('/') || path.includes('//'))) return path
  return undefined
}
