/**
 * What every route shares: CORS, OPTIONS preflight, JSON errors (404 not_found, 405 with Allow,
 * 500 internal without a stack trace), and a request id for logs.
 */
import { Elysia } from 'elysia'
import { CORS_HEADERS, preflightResponse } from './cors'
import { errorResponse, HttpError } from './errors'

type RouteTable = { method: string; path: string }[]

export function httpShell(routes: () => RouteTable, log: (event: Record<string, unknown>) => void) {
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

  return new Elysia({ name: 'http-shell' })
    .onRequest(({ request, set }) => {
      Object.assign(set.headers, CORS_HEADERS)
      if (request.method === 'OPTIONS') return preflightResponse(request)
    })
    .onError({ as: 'global' }, ({ code, error, request }) => {
      if (error instanceof HttpError) return errorResponse(error)
      if (code === 'NOT_FOUND') {
        const pathname = new URL(request.url).pathname
        const allow = allowedMethods(pathname)
        if (allow.length) {
          return errorResponse(
            new HttpError(405, 'method_not_allowed', `${request.method} is not allowed on ${pathname}; use ${allow.join(', ')}.`, undefined, {
              allow: allow.join(', '),
            }),
          )
        }
        return errorResponse(new HttpError(404, 'not_found', `Nothing is served at ${pathname}.`))
      }
      if (code === 'PARSE') return errorResponse(new HttpError(400, 'invalid_body', 'The request body could not be parsed.'))
      if (code === 'VALIDATION') return errorResponse(new HttpError(400, 'invalid_request', 'The request is invalid.'))
      log({ event: 'internal_error', method: request.method, url: request.url, error: String((error as Error)?.stack ?? error) })
      return errorResponse(new HttpError(500, 'internal', 'Something went wrong on our side; the error was logged.'))
    })
}
