/** The one error shape of CONTRACT.md: { error, message, issues? }, always JSON. */
import type { Issue } from '../core/issues'
import { CORS_HEADERS } from '../http/cors'

export type ErrorBody = { error: string; message: string; issues?: Issue[] }

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body(): ErrorBody {
    return this.issues ? { error: this.code, message: this.message, issues: this.issues } : { error: this.code, message: this.message }
  }
}

export function errorResponse(error: HttpError, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: {
      ...CORS_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...error.headers,
      ...extraHeaders,
    },
  })
}
