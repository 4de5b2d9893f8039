/**
 * POST/GET/DELETE /mcp: the MCP streamable HTTP transport, one SDK transport and server per session.
 * Sessions live in memory, expire when idle, and are capped in number; an unknown session is 404.
 */
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { Elysia } from 'elysia'
import { CORS_HEADERS } from '../http/cors'
import { mcpDeleteDetail, mcpGetDetail, mcpPostDetail } from './openapi'
import type { ToolContext } from './tools'

export type McpHttpOptions = { idleMs: number; maxSessions: number; log: (event: Record<string, unknown>) => void }

type Session = { transport: WebStandardStreamableHTTPServerTransport; server: Server; lastSeen: number }

const MAX_BODY_BYTES = 1 << 20

const STREAM_OPENED = new TextEncoder().encode(': stream open\n\n')
const KEEP_ALIVE = new TextEncoder().encode(': keep-alive\n\n')

/** Quiet SSE streams get a comment this often, well under the usual proxy read timeouts (nginx: 60 s). */
export const SSE_KEEP_ALIVE_MS = 25_000

/**
 * An SSE stream says nothing until there is something to say, and some clients (Bun's fetch among
 * them) wait for a first byte before handing over the response. A comment line, which SSE readers
 * ignore, opens it at once; further comments while it is quiet keep proxies from closing it.
 */
function openStreamAtOnce(response: Response, keepAliveMs: number): Response {
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response
  const reader = response.body.getReader()
  let timer: ReturnType<typeof setInterval> | undefined
  let lastWrite = Date.now()
  const stop = () => clearInterval(timer)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(STREAM_OPENED)
      if (keepAliveMs > 0) {
        timer = setInterval(() => {
          if (Date.now() - lastWrite < keepAliveMs) return
          try {
            controller.enqueue(KEEP_ALIVE)
            lastWrite = Date.now()
          } catch {
            stop() // the stream was closed under us
          }
        }, Math.max(10, Math.floor(keepAliveMs / 2)))
        timer.unref?.()
      }
    },
    async pull(controller) {
      const { value, done } = await reader.read()
      if (done) {
        stop()
        controller.close()
      } else {
        lastWrite = Date.now()
        controller.enqueue(value)
      }
    },
    cancel(reason) {
      stop()
      return reader.cancel(reason)
    },
  })
  return new Response(body, { status: response.status, headers: response.headers })
}

/** The transport builds its own responses; browsers' MCP clients need CORS on them too. */
function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value)
  return response
}

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json', ...headers },
  })
}

const isInitialize = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some((m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'initialize')

export class McpSessions {
  private readonly sessions = new Map<string, Session>()
  private readonly sweeper: ReturnType<typeof setInterval>

  constructor(
    private readonly ctx: ToolContext,
    private readonly options: McpHttpOptions,
  ) {
    this.sweeper = setInterval(() => this.expireIdle(), Math.max(250, Math.min(options.idleMs / 2, 60_000)))
    this.sweeper.unref?.()
  }

  get size(): number {
    return this.sessions.size
  }

  async handle(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id')
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId)
      if (!session) return jsonRpcError(404, -32001, 'Session not found: it ended or expired. Send a new initialize request without Mcp-Session-Id.')
      session.lastSeen = Date.now()
      let options: { parsedBody: unknown } | undefined
      if (request.method === 'POST') {
        const parsed = await this.parsedBody(request)
        if (parsed instanceof Response) return parsed
        options = parsed
      }
      return session.transport.handleRequest(request, options).catch((error) => this.fail(error))
    }
    if (request.method !== 'POST') return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required: initialize a session with POST first.')
    const parsed = await this.parsedBody(request)
    if (parsed instanceof Response) return parsed
    if (!isInitialize(parsed.parsedBody)) return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required on every request after initialize.')
    if (this.sessions.size >= this.options.maxSessions) {
      this.expireIdle()
      if (this.sessions.size >= this.options.maxSessions) return jsonRpcError(503, -32000, 'Too many open MCP sessions; try again shortly.', { 'retry-after': '60' })
    }
    return this.open(request, parsed.parsedBody)
  }

  private async open(request: Request, body: unknown): Promise<Response> {
    // The SDK is loaded on the first session, not at process start (it is most of the start-up cost).
    const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
      import('./server'),
      import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    ])
    const server = createMcpServer(this.ctx)
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      maxRequestBodySize: MAX_BODY_BYTES,
      // Our tools answer at once: a plain JSON response per POST (the transport allows either) costs far less
      // than opening a server-sent event stream for each call. GET still opens a stream for server messages.
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastSeen: Date.now() })
        this.options.log({ event: 'mcp_session_opened', sessions: this.sessions.size })
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id)
        this.options.log({ event: 'mcp_session_closed', reason: 'deleted', sessions: this.sessions.size })
      },
    })
    await server.connect(transport)
    return transport.handleRequest(request, { parsedBody: body }).catch((error) => this.fail(error))
  }

  /** Reads the body ourselves (the route does not parse) so initialize can be recognised; malformed JSON is -32700. */
  private async parsedBody(request: Request): Promise<{ parsedBody: unknown } | Response> {
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > MAX_BODY_BYTES) return jsonRpcError(413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`)
    const text = await request.text()
    if (text.length > MAX_BODY_BYTES) return jsonRpcError(413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`)
    try {
      return { parsedBody: JSON.parse(text) }
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.')
    }
  }

  private fail(error: unknown): Response {
    this.options.log({ event: 'mcp_error', error: String(error) })
    return jsonRpcError(500, -32603, 'Internal error.')
  }

  expireIdle(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (now - session.lastSeen > this.options.idleMs) {
        this.sessions.delete(id)
        void session.transport.close()
        void session.server.close()
        this.options.log({ event: 'mcp_session_closed', reason: 'idle', sessions: this.sessions.size })
      }
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper)
    const sessions = [...this.sessions.values()]
    this.sessions.clear()
    await Promise.allSettled(sessions.flatMap((s) => [s.transport.close(), s.server.close()]))
  }
}

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
