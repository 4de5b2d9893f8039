/**
 * The streamable HTTP transport at the JSON-RPC and HTTP level: protocol versions, errors for bad
 * input, session expiry, and server-sent event streams that outlive Bun's idle timeout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js'
import { mcpRoutes } from '../../src/api/mcp'
import { McpSessions } from '../../src/api/mcp-sessions'
import { readUntil } from '../support/event-stream'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'

const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'protocol-test', version: '1' } },
})

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...JSON_AND_SSE, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function openSession(url: string): Promise<Record<string, string>> {
  const response = await post(url, initialize('2025-06-18'))
  expect(response.status).toBe(200)
  await response.text()
  const headers = { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' }
  expect((await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202)
  return headers
}

const rpc = async (response: Response) => ({ status: response.status, body: (await response.json()) as any })

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.stop()
})

describe('protocol versions', () => {
  test('2025-06-18 and every newer version the SDK supports are accepted as asked', async () => {
    const newer = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v >= '2025-06-18')
    expect(newer).toContain('2025-06-18')
    for (const version of newer) {
      const { status, body } = await rpc(await post(server.url, initialize(version)))
      expect(status).toBe(200)
      expect(body.result.protocolVersion).toBe(version)
      expect(body.result.serverInfo.name).toBe('reviews-service')
    }
  })

  test('an unknown version is answered with the latest one (the client then decides)', async () => {
    const { body } = await rpc(await post(server.url, initialize('1999-01-01')))
    expect(body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION)
  })

  test('an unsupported Mcp-Protocol-Version header after initialize is 400', async () => {
    const headers = await openSession(server.url)
    const { status, body } = await rpc(
      await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...headers, 'mcp-protocol-version': '1999-01-01' }),
    )
    expect(status).toBe(400)
    expect(body.error.message).toContain('Unsupported protocol version')
  })
})

describe('JSON-RPC errors', () => {
  test('initialize with bad params is -32602 naming each field, with the request id, and opens no session', async () => {
    const before = server.service.mcpSessions.size
    const { status, body } = await rpc(
      await post(server.url, { jsonrpc: '2.0', id: 'init-7', method: 'initialize', params: { protocolVersion: 20250618 } }),
    )
    expect(status).toBe(400)
    expect(body.id).toBe('init-7')
    expect(body.error.code).toBe(-32602)
    for (const field of ['protocolVersion:', 'capabilities:', 'clientInfo:']) expect(body.error.message).toContain(field)
    expect(server.service.mcpSessions.size).toBe(before)
  })

  test('valid JSON that is not a JSON-RPC message is -32600, with or without a session', async () => {
    for (const body of [{ hello: 'world' }, [], 42, { jsonrpc: '1.0', id: 1, method: 'tools/list' }]) {
      const without = await rpc(await post(server.url, body))
      expect(without).toMatchObject({ status: 400, body: { error: { code: -32600 } } })
    }
    const headers = await openSession(server.url)
    const within = await rpc(await post(server.url, { hello: 'world' }, headers))
    expect(within).toMatchObject({ status: 400, body: { error: { code: -32600 } } })
  })

  test('bad params on tools/call and resources/read are -32602 naming the field', async () => {
    const headers = await openSession(server.url)
    const noName = await rpc(await post(server.url, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } }, headers))
    expect(noName.body).toMatchObject({ id: 3, error: { code: -32602 } })
    expect(noName.body.error.message).toContain('name')
    const argumentsNotObject = await rpc(
      await post(server.url, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_review', arguments: 'r-001' } }, headers),
    )
    expect(argumentsNotObject.body).toMatchObject({ id: 4, error: { code: -32602 } })
    expect(argumentsNotObject.body.error.message).toContain('arguments')
    const noUri = await rpc(await post(server.url, { jsonrpc: '2.0', id: 5, method: 'resources/read', params: {} }, headers))
    expect(noUri.body).toMatchObject({
      id: 5,
      error: { code: -32602, message: 'Invalid params: uri: Invalid input: expected string, received undefined' },
    })
    const unknownResource = await rpc(
      await post(server.url, { jsonrpc: '2.0', id: 6, method: 'resources/read', params: { uri: 'file:///etc/passwd' } }, headers),
    )
    expect(unknownResource.body).toMatchObject({
      id: 6,
      error: {
        code: -32002,
        message: 'Unknown resource file:///etc/passwd. See resources/list and resources/templates/list.',
        data: { uri: 'file:///etc/passwd' },
      },
    })
    const unknownTool = await rpc(
      await post(server.url, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'drop_tables', arguments: {} } }, headers),
    )
    expect(unknownTool.body).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringMatching(/^Unknown tool "drop_tables"\. Tools: get_business, /) },
    })
  })

  test('the transport refuses a missing Accept or a wrong Content-Type before any session is opened', async () => {
    const before = server.service.mcpSessions.size
    const noAccept = await rpc(await post(server.url, initialize('2025-06-18'), { accept: 'application/json' }))
    expect(noAccept).toMatchObject({ status: 406, body: { error: { code: -32000 } } })
    const wrongType = await rpc(await post(server.url, initialize('2025-06-18'), { 'content-type': 'text/plain' }))
    expect(wrongType).toMatchObject({ status: 415, body: { error: { code: -32000 } } })
    const form = await rpc(await post(server.url, 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }))
    expect(form.status).toBe(415)
    expect(server.service.mcpSessions.size).toBe(before)
  })

  test('GET without Accept: text/event-stream is 406; a second stream on one session is 409', async () => {
    const headers = await openSession(server.url)
    const wrongAccept = await fetch(`${server.url}/mcp`, { headers: { ...headers, accept: 'application/json' } })
    expect(wrongAccept.status).toBe(406)
    await wrongAccept.text()
    const first = await fetch(`${server.url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
    expect(first.status).toBe(200)
    const second = await fetch(`${server.url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
    expect(second.status).toBe(409)
    await second.text()
    await first.body!.cancel()
  })

  test('a JSON body over 1 MiB is 413', async () => {
    const big = JSON.stringify({ ...initialize('2025-06-18'), padding: 'x'.repeat(1 << 20) })
    expect((await post(server.url, big)).status).toBe(413)
  })

  test('OPTIONS preflight allows the MCP headers from any origin', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://inspector.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(response.headers.get('access-control-allow-headers')).toContain('mcp-session-id')
  })
})

describe('session lifetime', () => {
  test('with a tiny idle setting, an unused session expires by itself and then answers 404', async () => {
    let expired: () => void
    const expiredOnce = new Promise<void>((resolve) => (expired = resolve))
    const quick = await startTestServer({
      env: { MCP_SESSION_IDLE_MS: '1000' },
      log: (event) => {
        if (event.event === 'mcp_session_closed' && event.reason === 'idle') expired()
      },
    })
    try {
      const headers = await openSession(quick.url)
      expect(quick.service.mcpSessions.size).toBe(1)
      await expiredOnce
      expect(quick.service.mcpSessions.size).toBe(0)
      const response = await rpc(await post(quick.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers))
      expect(response).toMatchObject({ status: 404, body: { error: { code: -32001 } } })
    } finally {
      await quick.stop()
    }
  })

  test('a session idle for less than the setting is kept', async () => {
    const headers = await openSession(server.url)
    server.service.mcpSessions.expireIdle(Date.now() + 1000) // under the 30-minute default
    expect((await post(server.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, headers)).status).toBe(200)
  })
})

describe('server-sent event streams', () => {
  /** The MCP routes alone on their own Bun server, with its idle timeout at the minimum and the transport's keep-alive at `keepAliveMs`. */
  async function standalone(keepAliveMs: number) {
    const { catalog, search } = server.service
    const sessions = new McpSessions(
      { catalog, search, baseUrl: TEST_BASE_URL },
      { idleMs: 60_000, maxSessions: 10, keepAliveMs, log: () => {} },
    )
    const app = new Elysia().use(mcpRoutes(sessions)).listen({ port: 0, hostname: '127.0.0.1', idleTimeout: 1 })
    return {
      url: `http://127.0.0.1:${app.server!.port}`,
      stop: async () => {
        await sessions.closeAll()
        await app.stop(true)
      },
    }
  }

  test('quiet streams get keep-alive comments', async () => {
    const app = await standalone(50)
    try {
      const headers = await openSession(app.url)
      const response = await fetch(`${app.url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      const reader = response.body!.getReader()
      const text = await readUntil(reader, (t) => t.split(': keepalive\n\n').length > 2)
      expect(text.split(': keepalive\n\n').length, text).toBeGreaterThan(2)
      expect(text.startsWith(': stream open\n\n')).toBe(true)
      await reader.cancel()
    } finally {
      await app.stop()
    }
  })

  test("a quiet stream outlives Bun's idle timeout (the route lifts it for GET /mcp)", async () => {
    // Keep-alive comments off, so only the lifted timeout can keep the socket open. Bun checks idle
    // sockets every 4 s: with idleTimeout 1 an ordinary quiet response is cut within about 4 s.
    const app = await standalone(0)
    try {
      const headers = await openSession(app.url)
      const response = await fetch(`${app.url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
      const reader = response.body!.getReader()
      expect(await readUntil(reader, (t) => t.includes(': stream open'))).toContain(': stream open')
      const outcome = await Promise.race([
        reader.read().then(
          (chunk) => (chunk.done ? 'ended' : 'data'),
          (error) => `failed: ${error}`,
        ),
        Bun.sleep(5_500).then(() => 'still open'),
      ])
      expect(outcome).toBe('still open')
      await reader.cancel()
    } finally {
      await app.stop()
    }
  }, 10_000)
})
