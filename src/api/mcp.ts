/** POST/GET/DELETE /mcp: hands each request to the MCP sessions (api/mcp-sessions.ts). */
import { Elysia } from 'elysia'
import { type McpSessions, openStreamAtOnce, SSE_KEEP_ALIVE_MS, withCors } from './mcp-sessions'
import { mcpDeleteDetail, mcpGetDetail, mcpPostDetail } from './openapi-mcp'

export type McpRouteOptions = { sseKeepAliveMs?: number }

export function mcpRoutes(sessions: McpSessions, options: McpRouteOptions = {}) {
  const keepAliveMs = options.sseKeepAliveMs ?? SSE_KEEP_ALIVE_MS
  const handle = ({ request, server }: { request: Request; server: { timeout?: (r: Request, s: number) => void } | null }) => {
    // A server-sent event stream stays open as long as the client wants: lift Bun's idle timeout
    // (idleTimeout in service.ts) for it; keep-alive comments take care of proxies.
    if (request.method === 'GET') server?.timeout?.(request, 0)
    return sessions
      .handle(request)
      .then(withCors)
      .then((response) => openStreamAtOnce(response, keepAliveMs))
  }
  return new Elysia({ name: 'mcp' })
    .post('/mcp', handle, { parse: 'none', detail: mcpPostDetail })
    .get('/mcp', handle, { parse: 'none', detail: mcpGetDetail })
    .delete('/mcp', handle, { parse: 'none', detail: mcpDeleteDetail })
}
