/**
 * The MCP streamable HTTP transport's sessions: one SDK transport and server per session, in memory,
 * expiring when idle and capped in number; an unknown session is 404. Web Request in, Response out:
 * the route in api/mcp.ts only hands requests over.
 */
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CORS_HEADERS } from '../http/cors'
import type { Logger } from '../core/log'
import type { ToolContext } from '../mcp/tools'

export type McpHttpOptions = { idleMs: number; maxSessions: number; log: Logger }

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
export function openStreamAtOnce(response: Response, keepAliveMs: number): Response {
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
export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value)
  return response
}

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}, id: string | number | null = null): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json', ...headers },
  })
}

type Message = { method?: unknown; id?: string | number }

const findInitialize = (body: unknown): Message | undefined =>
  (Array.isArray(body) ? body : [body]).find((m): m is Message => typeof m === 'object' && m !== null && (m as Message).method === 'initialize')

// The SDK is loaded on first use, not at process start (it is most of the start-up cost).
let typesModule: Promise<typeof import('@modelcontextprotocol/sdk/types.js')> | undefined
const sdkTypes = () => (typesModule ??= import('@modelcontextprotocol/sdk/types.js'))

export class McpSessions {
  private readonly sessions = new Map<string, Session>()
  private opening = 0
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
    const session = sessionId === null ? undefined : this.sessions.get(sessionId)
    if (sessionId !== null && !session) {
      return jsonRpcError(404, -32001, 'Session not found: it ended or expired. Send a new initialize request without Mcp-Session-Id.')
    }
    if (session) session.lastSeen = Date.now()
    if (request.method !== 'POST') {
      if (session) return session.transport.handleRequest(request).catch((error) => this.fail(error))
      return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required: initialize a session with POST first.')
    }
    const parsed = await this.readMessage(request)
    if (parsed instanceof Response) return parsed
    if (session) return session.transport.handleRequest(request, parsed).catch((error) => this.fail(error))

    const initialize = findInitialize(parsed.parsedBody)
    if (!initialize) return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required on every request after initialize.')
    const { InitializeRequestSchema } = await sdkTypes()
    const valid = InitializeRequestSchema.safeParse(initialize)
    if (!valid.success) {
      const { describeParamIssues } = await import('../mcp/server')
      return jsonRpcError(400, -32602, `Invalid params: ${describeParamIssues(valid.error.issues)}`, {}, initialize.id ?? null)
    }
    // Sessions still opening count too, so a burst of concurrent initialize requests cannot overshoot the cap.
    if (this.sessions.size + this.opening >= this.options.maxSessions) {
      this.expireIdle()
      if (this.sessions.size + this.opening >= this.options.maxSessions) {
        return jsonRpcError(503, -32000, 'Too many open MCP sessions; try again shortly.', { 'retry-after': '60' })
      }
    }
    this.opening++
    try {
      return await this.open(request, parsed.parsedBody)
    } finally {
      this.opening--
    }
  }

  private async open(request: Request, body: unknown): Promise<Response> {
    const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
      import('../mcp/server'),
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

  /**
   * Reads and checks a POST body ourselves (the route does not parse), so initialize can be recognised
   * before a session exists. The header rules are the transport's own, checked first so that no session
   * is opened for a request the transport would refuse.
   */
  private async readMessage(request: Request): Promise<{ parsedBody: unknown } | Response> {
    const accept = request.headers.get('accept') ?? ''
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return jsonRpcError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream')
    }
    if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
      return jsonRpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json')
    }
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > MAX_BODY_BYTES) return jsonRpcError(413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`)
    const text = await request.text()
    if (text.length > MAX_BODY_BYTES) return jsonRpcError(413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.')
    }
    const { JSONRPCMessageSchema } = await sdkTypes()
    const messages = Array.isArray(body) ? body : [body]
    if (messages.length === 0 || !messages.every((message) => JSONRPCMessageSchema.safeParse(message).success)) {
      return jsonRpcError(400, -32600, 'Invalid Request: the body must be a JSON-RPC 2.0 message ({jsonrpc: "2.0", method, id?, params?}).')
    }
    return { parsedBody: body }
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

