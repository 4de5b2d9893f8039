/**
 * Session policy: an open event stream keeps a session alive; a flood of initialize from one address
 * (or many) never locks another client out; Origin; bodies and batches bounded; errors carry the id.
 */
import { TOOLS } from '../../src/mcp/tools'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, type TestServer } from '../support/server'
import { clientKey, MAX_BODY_BYTES } from '../../src/api/mcp-sessions'

const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sessions-test', version: '1' } },
}

const rawRequest = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${url}/mcp`, { method: 'POST', headers: { ...JSON_AND_SSE, ...headers }, body: JSON.stringify(body) })

/** Straight into the session table with a chosen client address (the route passes the socket's). */
async function initializeFrom(server: TestServer, address: string): Promise<Response> {
  return server.service.mcpSessions.handle(rawRequest(server.url, INITIALIZE), address)
}

async function listTools(server: TestServer, sessionId: string, address = '127.0.0.1'): Promise<number> {
  const response = await server.service.mcpSessions.handle(
    rawRequest(
      server.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
    ),
    address,
  )
  await response.text()
  return response.status
}

async function openSession(url: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...JSON_AND_SSE, ...headers }, body: JSON.stringify(INITIALIZE) })
  expect(response.status).toBe(200)
  await response.text()
  return { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' }
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...JSON_AND_SSE, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('an open GET stream is activity', () => {
  test('a session holding its stream outlives the idle timeout; the one beside it without a stream expires', async () => {
    let idleExpired: () => void
    const expired = new Promise<void>((resolve) => (idleExpired = resolve))
    const server = await startTestServer({
      env: { MCP_SESSION_IDLE_MS: '1000' },
      log: (event) => {
        if (event.event === 'mcp_session_closed' && event.reason === 'idle') idleExpired()
      },
    })
    try {
      const streaming = await openSession(server.url)
      const quiet = await openSession(server.url)
      const stream = await fetch(`${server.url}/mcp`, { headers: { ...streaming, accept: 'text/event-stream' } })
      expect(stream.status).toBe(200)
      const reader = stream.body!.getReader()
      await reader.read() // ": stream open"
      // The sweeper closes the quiet session once it has been idle over 1 s: by then the other one has been too.
      await expired
      expect((await post(server.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, quiet)).status).toBe(404)
      const alive = await post(server.url, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, streaming)
      expect(alive.status).toBe(200)
      await alive.text()
      // Far past the timeout, still alive while the stream is open.
      server.service.mcpSessions.expireIdle(Date.now() + 24 * 3600_000)
      expect((await post(server.url, { jsonrpc: '2.0', id: 5, method: 'ping' }, streaming)).status).toBe(200)
      // Closed stream: idle again from that moment, and it expires like any other.
      await reader.cancel()
      for (let i = 0; i < 100 && server.service.mcpSessions.openStreams > 0; i++) await Bun.sleep(10)
      expect(server.service.mcpSessions.openStreams).toBe(0)
      server.service.mcpSessions.expireIdle(Date.now() + 24 * 3600_000)
      expect((await post(server.url, { jsonrpc: '2.0', id: 6, method: 'ping' }, streaming)).status).toBe(404)
    } finally {
      await server.stop()
    }
  }, 15_000)
})

describe('no client can lock others out', () => {
  test('a flood of initialize from one address keeps at most its cap, and another client is served', async () => {
    const server = await startTestServer({ env: { MCP_MAX_SESSIONS: '10', MCP_MAX_SESSIONS_PER_CLIENT: '3' } })
    try {
      const other = await initializeFrom(server, '198.51.100.2')
      expect(other.status).toBe(200)
      const otherId = other.headers.get('mcp-session-id')!
      await other.text()
      const statuses: number[] = []
      for (let i = 0; i < 200; i++) {
        const response = await initializeFrom(server, '203.0.113.7')
        statuses.push(response.status)
        await response.text()
      }
      // The flooder is never refused either: it only replaces its own sessions.
      expect(new Set(statuses)).toEqual(new Set([200]))
      expect(server.service.mcpSessions.sessionsOf('203.0.113.7')).toBe(3)
      expect(server.service.mcpSessions.size).toBe(4)
      expect(await listTools(server, otherId, '198.51.100.2')).toBe(200)
      const newcomer = await initializeFrom(server, '192.0.2.55')
      expect(newcomer.status).toBe(200)
      expect(newcomer.headers.get('retry-after')).toBeNull()
    } finally {
      await server.stop()
    }
  })

  test('IPv6 clients are one client per /64', async () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'))
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'))
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    const server = await startTestServer({ env: { MCP_MAX_SESSIONS: '10', MCP_MAX_SESSIONS_PER_CLIENT: '2' } })
    try {
      for (let i = 1; i <= 20; i++) await (await initializeFrom(server, `2001:db8:1:2::${i.toString(16)}`)).text()
      expect(server.service.mcpSessions.size).toBe(2)
    } finally {
      await server.stop()
    }
  })

  test('a full table evicts a quiet session of the busiest address; a session with an open stream is kept', async () => {
    const server = await startTestServer({ env: { MCP_MAX_SESSIONS: '4', MCP_MAX_SESSIONS_PER_CLIENT: '3' } })
    try {
      const streaming = await openSession(server.url) // from 127.0.0.1
      const stream = await fetch(`${server.url}/mcp`, { headers: { ...streaming, accept: 'text/event-stream' } })
      const reader = stream.body!.getReader()
      await reader.read()
      // Many addresses, one session each, far more than the table holds.
      for (let i = 1; i <= 50; i++) {
        const response = await initializeFrom(server, `203.0.113.${i}`)
        expect(response.status).toBe(200)
        await response.text()
      }
      expect(server.service.mcpSessions.size).toBe(4)
      expect((await post(server.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, streaming)).status).toBe(200)
      // One address with the most sessions loses its own first, before anybody else.
      for (let i = 0; i < 3; i++) await (await initializeFrom(server, '192.0.2.9')).text()
      expect(server.service.mcpSessions.sessionsOf('192.0.2.9')).toBe(2)
      expect(server.service.mcpSessions.sessionsOf('203.0.113.50')).toBe(1)
      const lone = await initializeFrom(server, '198.51.100.77')
      expect(lone.status).toBe(200)
      await lone.text()
      expect(server.service.mcpSessions.sessionsOf('192.0.2.9')).toBe(1)
      expect(server.service.mcpSessions.sessionsOf('203.0.113.50')).toBe(1)
      expect((await post(server.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, streaming)).status).toBe(200)
      await reader.cancel()
    } finally {
      await server.stop()
    }
  })

  test('a burst in one tick never overshoots the cap; the only refusal says Retry-After: 1, and it is true', async () => {
    const server = await startTestServer({ env: { MCP_MAX_SESSIONS: '3' } })
    try {
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => initializeFrom(server, `203.0.113.${i}`)))
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(3)
      expect(statuses.filter((s) => s === 503)).toHaveLength(17)
      for (const r of responses.filter((r) => r.status === 503)) expect(r.headers.get('retry-after')).toBe('1')
      expect(server.service.mcpSessions.size).toBe(3)
      // A second later (at once, in fact) the sessions are open and a new client gets a slot.
      const later = await initializeFrom(server, '198.51.100.1')
      expect(later.status).toBe(200)
      expect(server.service.mcpSessions.size).toBe(3)
    } finally {
      await server.stop()
    }
  })
})

describe('Origin', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { MCP_ALLOWED_ORIGINS: 'https://agent.example, http://localhost:*' } })
  })
  afterAll(() => server.stop())

  test('a foreign Origin is 403 on every method; BASE_URL, listed origins and no Origin are served', async () => {
    const evil = await post(server.url, INITIALIZE, { origin: 'http://evil.example' })
    expect(evil.status).toBe(403)
    expect(((await evil.json()) as any).error.message).toContain('Origin')
    const headers = await openSession(server.url)
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(`${server.url}/mcp`, {
        method,
        headers: { ...headers, accept: 'text/event-stream', origin: 'http://127.0.0.1.evil.example' },
      })
      expect(refused.status).toBe(403)
      await refused.text()
    }
    expect((await post(server.url, INITIALIZE, { origin: 'null' })).status).toBe(403)
    for (const origin of ['https://reviews.example.test', 'https://agent.example', 'http://localhost:5173', 'http://LOCALHOST:1']) {
      const response = await post(server.url, INITIALIZE, { origin })
      expect(response.status, origin).toBe(200)
      await response.text()
    }
    expect((await post(server.url, INITIALIZE, { origin: 'https://localhost:5173' })).status).toBe(403)
    expect((await post(server.url, INITIALIZE)).status).toBe(200)
  })

  test('MCP_ALLOWED_ORIGINS refuses what is not an origin', async () => {
    await expect(startTestServer({ env: { MCP_ALLOWED_ORIGINS: 'https://agent.example/path' } })).rejects.toThrow('MCP_ALLOWED_ORIGINS')
  })
})

describe('bounded requests', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  test('a chunked body without Content-Length is 413 once it passes the cap, and the rest is never read', async () => {
    let sent = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * MAX_BODY_BYTES) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: JSON_AND_SSE, body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    expect(((await response.json()) as any).error.code).toBe(-32600)
    expect(sent).toBeLessThan(16 * MAX_BODY_BYTES)
  })

  test('a batch of more than 10 messages is refused before any is run', async () => {
    const headers = await openSession(server.url)
    const batch = Array.from({ length: 11 }, (_, i) => ({
      jsonrpc: '2.0',
      id: 100 + i,
      method: 'tools/call',
      params: { name: 'get_reviews_since', arguments: { date: '1990-01-01' } },
    }))
    const response = await post(server.url, batch, headers)
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).error).toMatchObject({ code: -32600, message: expect.stringContaining('at most 10') })
    const ten = await post(server.url, batch.slice(0, 10), headers)
    expect(ten.status).toBe(200)
    expect(((await ten.json()) as any[]).map((m) => m.id).sort()).toEqual(batch.slice(0, 10).map((m) => m.id))
  })

  test('errors the transport raises carry the request id it read', async () => {
    const headers = await openSession(server.url)
    const badVersion = await post(
      server.url,
      { jsonrpc: '2.0', id: 'v-1', method: 'tools/list' },
      { ...headers, 'mcp-protocol-version': '1999-01-01' },
    )
    expect(badVersion.status).toBe(400)
    expect(((await badVersion.json()) as any).id).toBe('v-1')
    const noAccept = await post(server.url, { jsonrpc: '2.0', id: 'a-1', method: 'tools/list' }, { ...headers, accept: 'application/json' })
    expect(noAccept.status).toBe(406)
    expect(((await noAccept.json()) as any).id).toBe('a-1')
    const noSession = await post(server.url, { jsonrpc: '2.0', id: 's-1', method: 'tools/list' })
    expect(((await noSession.json()) as any).id).toBe('s-1')
    const unknownSession = await post(
      server.url,
      { jsonrpc: '2.0', id: 'u-1', method: 'tools/list' },
      { 'mcp-session-id': 'gone', 'mcp-protocol-version': '2025-06-18' },
    )
    expect(unknownSession.status).toBe(404)
    expect((await unknownSession.json()) as any).toMatchObject({ id: 'u-1', error: { code: -32001 } })
  })

  test('initialize without params inside a session, and tools/call with array arguments, are -32602 in plain words', async () => {
    const headers = await openSession(server.url)
    const init = await post(server.url, { jsonrpc: '2.0', id: 7, method: 'initialize' }, headers)
    expect((await init.json()) as any).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringContaining('params') } })
    const array = await post(
      server.url,
      { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_review', arguments: ['r-001'] } },
      headers,
    )
    const body = (await array.json()) as any
    expect(body).toMatchObject({
      id: 8,
      error: { code: -32602, message: 'Invalid params: arguments: Invalid input: expected object, received array' },
    })
    expect(body.error.message).not.toContain('MCP error')
  })

  test('JSON answers are compressed for clients that accept it', async () => {
    const headers = await openSession(server.url)
    for (const encoding of ['gzip', 'br']) {
      const response = await post(server.url, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { ...headers, 'accept-encoding': encoding })
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(((await response.json()) as any).result.tools).toHaveLength(TOOLS.length)
    }
    const plain = await post(server.url, { jsonrpc: '2.0', id: 10, method: 'tools/list' }, { ...headers, 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
  })
})
