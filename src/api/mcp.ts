/** POST/GET/DELETE /mcp: hands each request to the MCP sessions (api/mcp-sessions.ts). */
import { Elysia } from 'elysia'
import { brotliCompressSync, constants as zlib } from 'node:zlib'
import { type McpSessions, openStreamAtOnce, withCors } from './mcp-sessions'
import { mcpDeleteDetail, mcpGetDetail, mcpPostDetail } from './openapi-mcp'
import { chooseEncoding } from '../http/representation'
import { clientAddress, type RequestServer } from '../http/request'

export type McpRouteOptions = { trustProxy?: boolean }

const COMPRESS_ABOVE = 1024

/**
 * JSON answers (tool results can reach about 1 MB) compressed for clients that accept it. They are
 * different per request (the JSON-RPC id), so this is done per response, at a quick brotli level.
 */
async function compressJson(request: Request, response: Response): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.includes('application/json')) return response
  const encoding = chooseEncoding(request.headers.get('accept-encoding'))
  response.headers.append('vary', 'Accept-Encoding')
  if (!encoding) return response
  const body = new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  if (body.byteLength <= COMPRESS_ABOVE) return new Response(body, { status: response.status, headers })
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : Bun.gzipSync(body)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  return new Response(compressed, { status: response.status, headers })
}

export function mcpRoutes(sessions: McpSessions, options: McpRouteOptions = {}) {
  const handle = ({ request, server }: { request: Request; server: RequestServer }) => {
    // A server-sent event stream stays open as long as the client wants: lift Bun's idle timeout
    // (idleTimeout in service.ts) for it; keep-alive comments take care of proxies.
    if (request.method === 'GET') server?.timeout?.(request, 0)
    return sessions
      .handle(request, clientAddress(request, server, options.trustProxy ?? false))
      .then(withCors)
      .then((response) => compressJson(request, response))
      .then(openStreamAtOnce)
  }
  return new Elysia({ name: 'mcp' })
    .post('/mcp', handle, { parse: 'none', detail: mcpPostDetail })
    .get('/mcp', handle, { parse: 'none', detail: mcpGetDetail })
    .delete('/mcp', handle, { parse: 'none', detail: mcpDeleteDetail })
}
