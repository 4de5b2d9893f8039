/**
 * MCP over stdio: newline-delimited JSON-RPC on stdin/stdout. Unlike the SDK's StdioServerTransport it
 * answers a line that is not JSON with -32700 and one that is not a JSON-RPC message with -32600
 * (instead of dropping them silently), and when stdin closes it lets the requests already read finish
 * and their answers reach stdout before it reports closed.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { paramsRefusal } from './server'

/** A line longer than this is refused (-32600) rather than buffered without end. */
const MAX_LINE_BYTES = 4 * 1024 * 1024
/**
 * On stdin's end, answers still being computed get this long to be written. Generous on purpose: a piped
 * `get_insights` on a large dataset whose insights are not stored yet computes them first (about a minute at
 * 100k reviews); the bound only stops a request that never answers from keeping the process alive.
 */
const DRAIN_TIMEOUT_MS = 10 * 60_000

type Readable = NodeJS.ReadableStream & { pause?: () => void }
type Writable = {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean
  once(event: 'drain', listener: () => void): unknown
}

type Id = string | number

export class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private buffer = ''
  private readonly pending = new Set<Id>()
  private ended = false
  private closed = false
  private writes: Promise<void> = Promise.resolve()
  /** The protocol version the client asked for in initialize (the server answers with it when it supports it). */
  protocolVersion?: string

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly drainTimeoutMs = DRAIN_TIMEOUT_MS,
  ) {}

  async start(): Promise<void> {
    this.input.setEncoding?.('utf8')
    this.input.on('data', this.onData)
    this.input.on('end', this.onEnd)
    this.input.on('error', (error: Error) => this.onerror?.(error))
  }

  private readonly onData = (chunk: string | Buffer) => {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8')
    let newline: number
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '')
      this.buffer = this.buffer.slice(newline + 1)
      this.receive(line)
    }
    if (this.buffer.length > MAX_LINE_BYTES) {
      this.buffer = ''
      void this.sendError(null, -32600, `Invalid Request: a message line is over ${MAX_LINE_BYTES} bytes.`)
    }
  }

  private readonly onEnd = () => {
    if (this.buffer.trim()) this.receive(this.buffer)
    this.buffer = ''
    this.ended = true
    this.closeWhenDrained()
  }

  private receive(line: string): void {
    if (!line.trim()) return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      void this.sendError(null, -32700, 'Parse error: the line is not valid JSON. Send one JSON-RPC message per line.')
      return
    }
    const parsed = JSONRPCMessageSchema.safeParse(value)
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id
      // Only an id the protocol allows (a string or an integer) is echoed: a fractional one is refused with id null.
      const known = typeof id === 'string' || Number.isSafeInteger(id) ? (id as Id) : null
      void this.sendError(known, -32600, 'Invalid Request: not a JSON-RPC 2.0 message ({jsonrpc: "2.0", method, id?, params?}).')
      return
    }
    const message = parsed.data as JSONRPCMessage & { id?: Id; method?: string; params?: { protocolVersion?: unknown } }
    const refusal = paramsRefusal(parsed.data)
    if (refusal) {
      void this.write(JSON.stringify(refusal))
      return
    }
    if (message.method === 'initialize' && typeof message.params?.protocolVersion === 'string')
      this.protocolVersion = message.params.protocolVersion
    if (message.method !== undefined && message.id !== undefined) this.pending.add(message.id)
    this.onmessage?.(parsed.data)
  }

  private sendError(id: Id | null, code: number, message: string): Promise<void> {
    return this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }))
  }

  private write(line: string): Promise<void> {
    // Chained, so answers leave in order and close() can wait for the last one to be flushed.
    this.writes = this.writes.then(
      () =>
        new Promise<void>((resolve) => {
          this.output.write(`${line}\n`, () => resolve())
        }),
    )
    return this.writes
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = (message as { id?: Id }).id
    const isAnswer = 'result' in message || 'error' in message
    await this.write(JSON.stringify(message))
    if (isAnswer && id !== undefined) {
      this.pending.delete(id)
      this.closeWhenDrained()
    }
  }

  private closeWhenDrained(): void {
    if (!this.ended || this.closed) return
    if (this.pending.size === 0) {
      void this.close()
      return
    }
    setTimeout(() => void this.close(), this.drainTimeoutMs).unref?.()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.input.off('data', this.onData)
    this.input.off('end', this.onEnd)
    this.input.pause?.()
    await this.writes
    this.onclose?.()
  }
}
