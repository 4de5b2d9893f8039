/**
 * What every route shares: OPTIONS preflight, JSON errors (404 not_found, 405 with Allow,
 * 500 internal without a stack trace), and the optional request log. CORS headers are set by each
 * response's maker (see cors.ts), so no global hook runs on the hot read paths.
 */
import { Elysia } from 'elysia'
import { preflightResponse } from '../http/cors'
import { errorResponse, HttpError } from './errors'

type RouteTable = { method: string; path: string }[]

export function httpShell(routes: () => RouteTable, log: (event: Record<string, unknown>) => void, logRequests = false) {
  const started = new WeakMap<Request, number>()
  let compiled: { pattern: RegExp; method: string }[] | undefined
  const allowedMethods = (pathname: string): string[] => {
    compiled ??= routes().map((r) => ({
      method: r.method,
      pattern: new RegExp(`^${r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`),
    }))
    const methods = new Set(compiled.filter((r) => r.pattern.test(pathname)).map((r) => r.method))
    if (methods.has('GET')) methods.add('HEAD')
    if (methods.size) methods.add('OPTIONS')
    return [...methods].sort()
  }

  const shell = new Elysia({ name: 'http-shell' })
    .onRequest(({ request }) => {
      if (request.method === 'OPTIONS') return preflightResponse(request)
    })
    .onError({ as: 'global' }, ({ code, error, request, set }) => {
      const failure = toHttpError(code, error, request)
      if (failure.status === 500) {
        log({ event: 'internal_error', method: request.method, url: request.url, error: String((error as Error)?.stack ?? error) })
      }
      set.status = failure.status // For the request log.
      return errorResponse(failure)
    })
  // Hooks cost every request something, so the request log exists only when asked for.
  if (logRequests) {
    shell
      .onRequest(({ request }) => {
        started.set(request, performance.now())
      })
      .onAfterResponse({ as: 'global' }, ({ request, response, set }) => {
        const begin = started.get(request)
        const status = response instanceof Response ? response.status : set.status
        log({
          event: 'request',
          method: request.method,
          path: new URL(request.url).pathname,
          status,
          ms: begin === undefined ? undefined : Math.round((performance.now() - begin) * 100) / 100,
        })
      })
  }
  return shell

  function toHttpError(code: unknown, error: unknown, request: Request): HttpError {
    if (error instanceof HttpError) return error
    if (code === 'NOT_FOUND') {
      const pathname = new URL(request.url).pathname
      const allow = allowedMethods(pathname)
      if (allow.length) {
        return new HttpError(405, 'method_not_allowed', `${request.method} is not allowed on ${pathname}; use ${allow.join(', ')}.`, undefined, {
          allow: allow.join(', '),
        })
      }
      return new HttpError(404, 'not_found', `Nothing is served at ${pathname}.`)
    }
    if (code === 'PARSE') return new HttpError(400, 'invalid_body', 'The request body could not be parsed.')
    if (code === 'VALIDATION') return new HttpError(400, 'invalid_request', 'The request is invalid.')
    return new HttpError(500, 'internal', 'Something went wrong on our side; the error was logged.')
  }
}
