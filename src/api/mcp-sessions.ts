/**
 * The MCP streamable HTTP transport's sessions. A session is a row in SQLite (api/mcp-session-store.ts),
 * so every server process on one DATA_DIR serves it: each process holds one SDK transport and server per
 * session it has served, and takes up a session opened elsewhere by replaying its initialize request
 * (and its log level) into a fresh pair under the same id. Every request checks the row: a session ended
 * or expired by any process is 404 on all of them. Web Request in, Response out: the route in api/mcp.ts
 * only hands requests over.
 *
 * What stays with one process (README, "MCP sessions across processes"): a GET event stream is served by
 * the process it is connected to, and only that process's messages reach it: progress and log messages of
 * a call answered by another process are not delivered (the call's result is). Nothing else is kept per
 * process: a process may stop, and its sessions go on on the others.
 *
 * Session policy (README, "MCP sessions"):
 * - A session lives while it is used: a request, or an open GET event stream (a connected client is
 *   active however quiet). Sessions unused for the idle timeout, with no stream open, are closed.
 * - The caps hold across processes (they count rows). No client can hoard the table. Per client address (IPv4 address, IPv6 /64) at most
 *   `maxSessionsPerClient`: past it, that address's own least recently used session is closed. When
 *   the whole table is full, a new initialize closes the least recently used session without an
 *   open stream of the address holding the most sessions (streams are only closed when every session
 *   has one). So initialize is never refused for long: the only 503 is while the whole table is
 *   sessions still being opened, for which `Retry-After: 1` is true.
 * - Origin: a request whose Origin is not BASE_URL's origin nor one of MCP_ALLOWED_ORIGINS is 403
 *   (the specification's DNS-rebinding rule); requests without Origin are served.
 * - Bodies are counted as they stream and refused with 413 past MAX_BODY_BYTES; a batch holds at
 *   most MAX_BATCH messages, and every tool result is a bounded page, so one request's work is capped.
 */
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CORS_HEADERS } from '../http/cors'
import type { Logger } from '../core/log'
import { discardBody, readCapped, TOO_LARGE_HEADERS } from '../http/request'
import type { ToolContext } from '../mcp/tools'
import type { Database } from 'bun:sqlite'
import { SessionStore, type SessionRow, type SessionSummary } from './mcp-session-store'

export type McpHttpOptions = {
  idleMs: number
  maxSessions: number
  /** Default: maxSessions (no per-address cap). */
  maxSessionsPerClient?: number
  /** Origins allowed besides none; `http://host:*` matches any port. Default: every origin. */
  allowedOrigins?: string[]
  /** Keep-alive comments on quiet server-sent event streams (ms); default SSE_KEEP_ALIVE_MS. */
  keepAliveMs?: number
  log: Logger
  /** The service's database (table mcp_sessions): sessions shared by every process on it. Default: a private table in memory. */
  db?: Database
}

/** This process's SDK objects for one session (the row in SQLite is the session itself). */
type Session = {
  transport: WebStandardStreamableHTTPServerTransport
  server: Server
  /** The log level last given to this process's server (replayed when another process changed it). */
  level: string | null
  /** Open GET event streams here: while one is open the session is in use. */
  streams: number
}

/** A session's last use is written at most this often (ms; a tenth of the idle timeout when shorter): reads stay reads. */
const TOUCH_EVERY_MS = 1000

export const MAX_BODY_BYTES = 1 << 20
/** JSON-RPC batches (dropped from the protocol in 2025-06-18, still accepted by the SDK) hold at most this many messages. */
const MAX_BATCH = 10

const STREAM_OPENED = new TextEncoder().encode(': stream open\n\n')

/** Quiet SSE streams get a comment this often (the transport's own keep-alive), well under the usual proxy read timeouts (nginx: 60 s). */
const SSE_KEEP_ALIVE_MS = 25_000

/**
 * An SSE stream says nothing until there is something to say, and some clients (Bun's fetch among
 * them) wait for a first byte before handing over the response. A comment line, which SSE readers
 * ignore, opens it at once; the transport's keep-alive comments (keepAliveMs) then keep proxies from
 * closing it while it is quiet.
 */
export function openStreamAtOnce(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(STREAM_OPENED)
    },
    async pull(controller) {
      const { value, done } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  return new Response(body, { status: response.status, headers: response.headers })
}

/** Calls `ended` once when the response body finishes or the client goes away. */
function onBodyEnd(response: Response, ended: () => void): Response {
  if (!response.body) {
    ended()
    return response
  }
  const reader = response.body.getReader()
  let done = false
  const finish = () => {
    if (!done) {
      done = true
      ended()
    }
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read()
        if (chunk.done) {
          finish()
          controller.close()
        } else controller.enqueue(chunk.value)
      } catch (error) {
        finish()
        controller.error(error)
      }
    },
    cancel(reason) {
      finish()
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

type Id = string | number | null

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}, id: Id = null): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json', ...headers },
  })
}

type Message = { method?: unknown; id?: string | number; params?: unknown }

const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter((m): m is Message => typeof m === 'object' && m !== null)

const findInitialize = (body: unknown): Message | undefined => messagesOf(body).find((m) => m.method === 'initialize')

/** The id of a single request, when the body is one: errors about it should carry it. */
const requestIdOf = (body: unknown): Id => {
  if (Array.isArray(body) || typeof body !== 'object' || body === null) return null
  const id = (body as Message).id
  // JSON-RPC ids are strings or integers (MCP and the OpenAPI document say so): a fractional one is never echoed.
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id ?? null) : null
}

/**
 * The SDK transport answers its own refusals (bad protocol header, ...) with `id: null` even when it
 * read the request; the id is put back so the client can match the error to its request.
 */
async function withKnownId(response: Response, id: Id): Promise<Response> {
  if (id === null || response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return response
  const text = await response.text()
  try {
    const body = JSON.parse(text)
    if (body && typeof body === 'object' && body.id === null && body.error) body.id = id
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers })
  } catch {
    return new Response(text, { status: response.status, headers: response.headers })
  }
}

/** Rate and session limits key on the address; IPv6 clients get a /64 each, as ISPs hand them out. */
export function clientKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (!plain.includes(':')) return plain
  const [head = '', tail = ''] = plain.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = plain.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** Matches an Origin header against allowed origins; `scheme://host:*` allows any port of that host. */
function originAllowed(origin: string, allowed: readonly string[]): boolean {
  let normalized: string
  let url: URL
  try {
    url = new URL(origin)
    normalized = url.origin.toLowerCase()
  } catch {
    return false
  }
  return allowed.some((entry) => {
    if (!entry.endsWith(':*')) return entry === normalized
    return `${url.protocol}//${url.hostname}`.toLowerCase() === entry.slice(0, -2)
  })
}

// The SDK is loaded on first use, not at process start (it is most of the start-up cost).
let typesModule: Promise<typeof import('@modelcontextprotocol/sdk/types.js')> | undefined
const sdkTypes = () => (typesModule ??= import('@modelcontextprotocol/sdk/types.js'))

export class McpSessions {
  /** This process's SDK objects, by session id. */
  private readonly local = new Map<string, Session>()
  /** Sessions of other processes being taken up here: concurrent requests share one take-up. */
  private readonly adopting = new Map<string, Promise<Session>>()
  /** Sessions being opened here, per client: they count against both caps. */
  private readonly opening = new Map<string, number>()
  private openingTotal = 0
  private readonly sweeper: ReturnType<typeof setInterval>
  private readonly sweepMs: number
  private readonly perClient: number
  private readonly touchEveryMs: number
  private readonly store: SessionStore

  constructor(
    private readonly ctx: ToolContext,
    private readonly options: McpHttpOptions,
  ) {
    this.perClient = Math.min(options.maxSessionsPerClient ?? options.maxSessions, options.maxSessions)
    this.store = new SessionStore(options.db)
    this.touchEveryMs = Math.min(TOUCH_EVERY_MS, options.idleMs / 10)
    this.sweepMs = Math.max(250, Math.min(options.idleMs / 2, 60_000))
    this.sweeper = setInterval(() => this.expireIdle(), this.sweepMs)
    this.sweeper.unref?.()
  }

  /** Sessions open, on every process sharing the database. */
  get size(): number {
    return this.store.count()
  }

  /** Open GET event streams of this process. */
  get openStreams(): number {
    let n = 0
    for (const session of this.local.values()) n += session.streams
    return n
  }

  /** Sessions held by one client address, on every process (for tests and metrics). */
  sessionsOf(address: string): number {
    return this.store.countOf(clientKey(address))
  }

  /** How long a process's claim on a session's event stream lasts: it renews it every sweep. */
  private get streamLeaseMs(): number {
    return 3 * this.sweepMs
  }

  async handle(request: Request, clientAddress = 'unknown'): Promise<Response> {
    const origin = request.headers.get('origin')
    if (origin !== null && this.options.allowedOrigins && !originAllowed(origin, this.options.allowedOrigins)) {
      return jsonRpcError(403, -32000, `Forbidden: Origin ${origin} is not allowed to use this MCP server.`)
    }
    const sessionId = request.headers.get('mcp-session-id')
    const row = sessionId === null ? null : this.liveRow(sessionId)
    if (sessionId !== null && !row) {
      const notFound = 'Session not found: it ended or expired. Send a new initialize request without Mcp-Session-Id.'
      if (request.method !== 'POST') return jsonRpcError(404, -32001, notFound)
      const parsed = await this.readMessage(request)
      return parsed instanceof Response ? parsed : jsonRpcError(404, -32001, notFound, {}, requestIdOf(parsed.parsedBody))
    }
    let session: Session | undefined
    if (row) {
      try {
        session = await this.sessionFor(row)
      } catch (error) {
        return this.fail(error)
      }
    }
    if (request.method !== 'POST') {
      if (!session) return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required: initialize a session with POST first.')
      const response = await session.transport.handleRequest(request).catch((error) => this.fail(error))
      if (request.method !== 'GET' || response.status !== 200 || !response.body) return response
      // An open event stream keeps its session alive until it closes, on every process (the claim is renewed each sweep).
      const id = sessionId!
      const held = session
      held.streams++
      this.store.stream(id, Date.now() + this.streamLeaseMs, Date.now())
      return onBodyEnd(response, () => {
        held.streams--
        if (held.streams === 0 && this.local.get(id) === held) this.store.stream(id, 0, Date.now())
      })
    }
    const parsed = await this.readMessage(request)
    if (parsed instanceof Response) return parsed
    const id = requestIdOf(parsed.parsedBody)

    const initialize = findInitialize(parsed.parsedBody)
    if (initialize) {
      const { InitializeRequestSchema } = await sdkTypes()
      const valid = InitializeRequestSchema.safeParse(initialize)
      if (!valid.success) {
        const { describeParamIssues } = await import('../mcp/server')
        return jsonRpcError(400, -32602, `Invalid params: ${describeParamIssues(valid.error.issues)}`, {}, initialize.id ?? null)
      }
    }
    if (session) {
      const response = await session.transport.handleRequest(request, parsed).catch((error) => this.fail(error))
      if (response.status === 200) this.keepLevel(sessionId!, session, parsed.parsedBody)
      return withKnownId(response, id)
    }
    if (!initialize) return jsonRpcError(400, -32000, 'Mcp-Session-Id header is required on every request after initialize.', {}, id)

    const client = clientKey(clientAddress)
    if (!this.makeRoom(client)) {
      return jsonRpcError(
        503,
        -32000,
        'Every MCP session slot is being opened right now; try again in a second.',
        { 'retry-after': '1' },
        id,
      )
    }
    this.opening.set(client, (this.opening.get(client) ?? 0) + 1)
    this.openingTotal++
    try {
      return await this.open(request, parsed.parsedBody, initialize, client)
    } finally {
      this.openingTotal--
      const left = (this.opening.get(client) ?? 1) - 1
      if (left > 0) this.opening.set(client, left)
      else this.opening.delete(client)
    }
  }

  /**
   * The session's row when it is live, its use written down (at most once a second); an expired row is
   * removed here (whichever process sees it first) and the session closed.
   */
  private liveRow(id: string): SessionRow | null {
    const row = this.store.get(id)
    const now = Date.now()
    if (!row) {
      this.closeLocal(id)
      return null
    }
    const streaming = (this.local.get(id)?.streams ?? 0) > 0
    if (!streaming && row.stream_until < now && now - row.last_seen > this.options.idleMs) {
      this.close(id, 'idle')
      return null
    }
    if (now - row.last_seen >= this.touchEveryMs) this.store.touch(id, now)
    return row
  }

  /** This process's SDK objects for a live session: the ones it has, or a take-up of a session opened elsewhere. */
  private async sessionFor(row: SessionRow): Promise<Session> {
    let session = this.local.get(row.id)
    if (!session) {
      let pending = this.adopting.get(row.id)
      if (!pending) {
        pending = this.adopt(row).finally(() => this.adopting.delete(row.id))
        this.adopting.set(row.id, pending)
      }
      session = await pending
    }
    if (row.log_level !== null && row.log_level !== session.level) await this.replayLevel(session, row.log_level)
    return session
  }

  /**
   * Takes up a session another process opened: a transport and server under the same id, initialized by
   * the client's own initialize request (its capabilities and protocol version), as if it had come here.
   */
  private async adopt(row: SessionRow): Promise<Session> {
    const { transport, server } = await this.pair(() => row.id)
    const session: Session = { transport, server, level: null, streams: 0 }
    const replayed = await transport.handleRequest(internalPost(row.initialize), { parsedBody: JSON.parse(row.initialize) })
    await replayed.text()
    if (replayed.status !== 200) {
      void transport.close()
      void server.close()
      throw new Error(`taking up MCP session failed: initialize replay answered ${replayed.status}`)
    }
    // The row may have gone while the SDK loaded: then the next request is a 404, and nothing is kept here.
    if (this.store.has(row.id)) {
      this.local.set(row.id, session)
      this.options.log({ event: 'mcp_session_taken_up', sessions_here: this.local.size })
    }
    return session
  }

  /** Gives this process's server the log level the client set (on whichever process). */
  private async replayLevel(session: Session, level: string): Promise<void> {
    const message = { jsonrpc: '2.0', id: '_level', method: 'logging/setLevel', params: { level } }
    const response = await session.transport.handleRequest(internalPost(JSON.stringify(message), session.transport.sessionId), {
      parsedBody: message,
    })
    await response.text()
    session.level = level
  }

  /** A logging/setLevel the server accepted is written to the row, so every process's server logs at that level. */
  private keepLevel(id: string, session: Session, body: unknown): void {
    for (const message of messagesOf(body)) {
      const level = (message.params as { level?: unknown } | undefined)?.level
      if (message.method === 'logging/setLevel' && typeof level === 'string' && LOG_LEVELS.has(level)) {
        session.level = level
        this.store.setLevel(id, level)
      }
    }
  }

  /**
   * Frees a slot for a new session of `client`, closing sessions by the policy above. False only when
   * every slot that could be freed belongs to a session still being opened.
   */
  private makeRoom(client: string): boolean {
    const mine = this.store.of(client)
    if (mine.length + (this.opening.get(client) ?? 0) >= this.perClient) {
      if (mine.length === 0) return false
      this.close(mine[0]!.id, 'client_cap')
    }
    if (this.store.count() + this.openingTotal < this.options.maxSessions) return true
    this.expireIdle()
    if (this.store.count() + this.openingTotal < this.options.maxSessions) return true
    const entries = this.store.all()
    if (entries.length === 0) return false
    const now = Date.now()
    const held = new Map<string, number>()
    for (const s of entries) held.set(s.client, (held.get(s.client) ?? 0) + 1)
    const quiet = entries.filter((s) => !this.streaming(s, now))
    const pool = quiet.length ? quiet : entries
    const busiest = Math.max(...pool.map((s) => held.get(s.client)!))
    // Least recently used first: the store lists them in that order.
    this.close(pool.find((s) => held.get(s.client) === busiest)!.id, 'evicted')
    return true
  }

  private streaming(s: SessionSummary, now: number): boolean {
    return (this.local.get(s.id)?.streams ?? 0) > 0 || s.stream_until >= now
  }

  /** A transport and server connected, for session id `id()`. */
  private async pair(id: () => string) {
    const [{ createMcpServer, checkParams }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
      import('../mcp/server'),
      import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    ])
    const server = createMcpServer(this.ctx, { notificationsOnSessionStream: true })
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: id,
      maxRequestBodySize: MAX_BODY_BYTES,
      keepAliveMs: this.options.keepAliveMs ?? SSE_KEEP_ALIVE_MS,
      // Our tools answer at once: a plain JSON response per POST (the transport allows either) costs far less
      // than opening a server-sent event stream for each call. GET still opens a stream for server messages.
      enableJsonResponse: true,
      onsessionclosed: (closed) => {
        // DELETE: the session ends on every process (the others see its row gone).
        this.local.delete(closed)
        if (this.store.delete(closed)) this.options.log({ event: 'mcp_session_closed', reason: 'deleted', sessions: this.size })
      },
    })
    await server.connect(checkParams(transport))
    return { transport, server }
  }

  private async open(request: Request, body: unknown, initialize: Message, client: string): Promise<Response> {
    const id = crypto.randomUUID()
    const { transport, server } = await this.pair(() => id)
    let stored = true
    const response = await transport.handleRequest(request, { parsedBody: body }).catch((error) => this.fail(error))
    if (transport.sessionId === id) {
      try {
        this.store.insert(id, client, JSON.stringify(initialize), Date.now())
        this.local.set(id, { transport, server, level: null, streams: 0 })
        this.options.log({ event: 'mcp_session_opened', sessions: this.size })
      } catch (error) {
        stored = false
        this.options.log({ event: 'mcp_error', error: String(error) })
      }
    }
    if (stored) return response
    await response.body?.cancel()
    void transport.close()
    void server.close()
    return jsonRpcError(503, -32000, 'The session could not be stored (the database is busy); try again in a second.', {
      'retry-after': '1',
    })
  }

  /**
   * Reads and checks a POST body ourselves (the route does not parse), so initialize can be recognised
   * before a session exists. Bytes are counted as they arrive: nothing past MAX_BODY_BYTES is buffered.
   * The header rules are the transport's own, checked here so that no session is opened for a request
   * the transport would refuse.
   */
  private async readMessage(request: Request): Promise<{ parsedBody: unknown } | Response> {
    // Like the hub's 413: the connection is closed after it, so the answer is not lost to a reset.
    const tooLarge = () => jsonRpcError(413, -32600, `Request body over ${MAX_BODY_BYTES} bytes.`, { ...TOO_LARGE_HEADERS })
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > MAX_BODY_BYTES) {
      await discardBody(request)
      return tooLarge()
    }
    const bytes = await readCapped(request, MAX_BODY_BYTES)
    if (!bytes) return tooLarge()
    const text = new TextDecoder().decode(bytes)
    let body: unknown
    let parseFailed = false
    try {
      body = JSON.parse(text)
    } catch {
      parseFailed = true
    }
    const id = parseFailed ? null : requestIdOf(body)
    const accept = request.headers.get('accept') ?? ''
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return jsonRpcError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream', {}, id)
    }
    if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
      return jsonRpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json', {}, id)
    }
    if (parseFailed) return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.')
    const { JSONRPCMessageSchema } = await sdkTypes()
    const messages = Array.isArray(body) ? body : [body]
    if (messages.length === 0 || !messages.every((message) => JSONRPCMessageSchema.safeParse(message).success)) {
      return jsonRpcError(
        400,
        -32600,
        'Invalid Request: the body must be a JSON-RPC 2.0 message ({jsonrpc: "2.0", method, id?, params?}).',
        {},
        id,
      )
    }
    if (messages.length > MAX_BATCH) {
      return jsonRpcError(
        400,
        -32600,
        `Invalid Request: a batch holds at most ${MAX_BATCH} messages; this one has ${messages.length}. Send them separately.`,
      )
    }
    return { parsedBody: body }
  }

  private fail(error: unknown): Response {
    this.options.log({ event: 'mcp_error', error: String(error) })
    return jsonRpcError(500, -32603, 'Internal error.')
  }

  /** Ends a session everywhere: its row goes (other processes see that on their next request or sweep), and its objects here. */
  private close(id: string, reason: string): void {
    let removed = false
    try {
      removed = this.store.delete(id)
    } catch (error) {
      // The database is locked (an import): the row goes at a later sweep; here the session ends now.
      this.options.log({ event: 'mcp_error', error: String(error) })
    }
    const closedHere = this.closeLocal(id)
    if (removed || closedHere) this.options.log({ event: 'mcp_session_closed', reason, sessions: this.size })
  }

  /** Drops this process's objects of a session (its stream here ends); the row is left alone. */
  private closeLocal(id: string): boolean {
    const session = this.local.get(id)
    if (!session) return false
    this.local.delete(id)
    void session.transport.close()
    void session.server.close()
    return true
  }

  /**
   * One sweep: renews the claim on the event streams held here, closes sessions unused for the idle timeout
   * with no stream open on any process, and drops the objects of sessions another process ended.
   */
  expireIdle(now = Date.now()): void {
    const clock = Date.now()
    for (const [id, session] of this.local) if (session.streams > 0) this.store.stream(id, clock + this.streamLeaseMs, clock)
    for (const id of this.store.idle(now - this.options.idleMs, now)) {
      if ((this.local.get(id)?.streams ?? 0) === 0) this.close(id, 'idle')
    }
    for (const id of [...this.local.keys()]) if (!this.store.has(id)) this.closeLocal(id)
  }

  /** Stops this process's part: its objects and streams close; the sessions stay open for the other processes. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper)
    const sessions = [...this.local.values()]
    this.local.clear()
    await Promise.allSettled(sessions.flatMap((s) => [s.transport.close(), s.server.close()]))
    this.store.close()
  }
}

const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])

/** A POST made inside this process (the replays of initialize and of the log level), with the headers the transport asks for. */
function internalPost(body: string, sessionId?: string): Request {
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body,
  })
}
