/**
 * MCP sessions across processes: two `serve` processes on one DATA_DIR (as `--workers` or a proxy in front of
 * several puts them). A session opened on one is served by the other, ended everywhere by a DELETE on
 * either, 404 everywhere once unknown or expired; the caps count the sessions of both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { TOOLS } from '../../src/mcp/tools'
import { eventOnEither, JSON_AND_SSE, openSession, type Pair, post, readUntil, startPair } from './cross-process-pair'

const rpc = async (response: Response) => ({ status: response.status, body: (await response.json()) as any })
const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' })
const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
})

describe('one session, two processes', () => {
  let pair: Pair
  beforeAll(async () => {
    pair = await startPair()
  })
  afterAll(() => pair.stop())

  test('initialize on A; tools/list and tools/call on B and A; DELETE on B ends it on A too', async () => {
    const { a, b } = pair
    const headers = await openSession(a.url)
    const listed = await rpc(await post(b.url, toolsList(2), headers))
    expect(listed.status).toBe(200)
    expect(listed.body.result.tools.map((t: { name: string }) => t.name)).toEqual(TOOLS.map((t) => t.name))
    const onB = await rpc(await post(b.url, call(3, 'get_business', {}), headers))
    expect(onB.body.result.structuredContent.business.name).toBeString()
    const onA = await rpc(await post(a.url, call(4, 'search_reviews', { limit: 2 }), headers))
    expect(onA.body.result.structuredContent.reviews).toHaveLength(2)
    // The same call on the other process gives the same data (the text's fence id is drawn per answer, by design).
    const again = await rpc(await post(b.url, call(5, 'search_reviews', { limit: 2 }), headers))
    expect(again.body.result.structuredContent).toEqual(onA.body.result.structuredContent)

    const ended = await fetch(`${b.url}/mcp`, { method: 'DELETE', headers })
    expect(ended.status).toBe(200)
    for (const url of [a.url, b.url]) {
      const gone = await rpc(await post(url, toolsList(6), headers))
      expect(gone).toMatchObject({ status: 404, body: { id: 6, error: { code: -32001 } } })
      const stream = await fetch(`${url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
      expect(stream.status).toBe(404)
      await stream.text()
    }
  })

  test('an unknown session id is 404 on every process', async () => {
    for (const url of [pair.a.url, pair.b.url]) {
      const unknown = await rpc(
        await post(url, toolsList(7), { 'mcp-session-id': crypto.randomUUID(), 'mcp-protocol-version': '2025-06-18' }),
      )
      expect(unknown).toMatchObject({ status: 404, body: { id: 7, error: { code: -32001 } } })
    }
  })

  test("the SDK's client with every request alternating between the processes: initialize, lists, calls, its GET stream, close", async () => {
    const { a, b } = pair
    const seen: string[] = []
    const streams: number[] = []
    let turn = 0
    // Every request the client makes goes to the next process in turn.
    const alternating = (input: string | URL | Request, init?: RequestInit) => {
      const target = turn++ % 2 === 0 ? a.url : b.url
      seen.push(target)
      const url = new URL(input instanceof Request ? input.url : String(input))
      return fetch(`${target}${url.pathname}${url.search}`, init).then((response) => {
        if ((init?.method ?? 'GET') === 'GET') streams.push(response.status)
        return response
      })
    }
    const client = new Client({ name: 'alternating', version: '1' })
    const transport = new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), { fetch: alternating })
    await client.connect(transport)
    const { tools } = await client.listTools()
    expect(tools).toHaveLength(TOOLS.length)
    const business = (await client.callTool({ name: 'get_business', arguments: {} })) as any
    const ids: string[] = []
    for (let page = 0, cursor: string | undefined; page < 4; page++) {
      const result = (await client.callTool({ name: 'search_reviews', arguments: { limit: 3, ...(cursor ? { cursor } : {}) } })) as any
      expect(result.isError).toBeUndefined()
      ids.push(...result.structuredContent.reviews.map((r: { id: string }) => r.id))
      cursor = result.structuredContent.next_cursor ?? undefined
      if (!cursor) break
    }
    // A cursor from one process is good on the other: pages follow without duplicates.
    expect(new Set(ids).size).toBe(ids.length)
    const stats = (await client.callTool({ name: 'get_stats', arguments: { group_by: 'rating' } })) as any
    expect(stats.structuredContent.count).toBe(business.structuredContent.aggregate_rating.review_count)
    await client.setLoggingLevel('warning')
    expect((await client.listResources()).resources.length).toBeGreaterThan(0)
    expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0)
    // The client opened its GET stream on one of them.
    expect(streams).toContain(200)
    expect(new Set(seen)).toEqual(new Set([a.url, b.url]))

    const sessionId = transport.sessionId!
    await transport.terminateSession()
    await client.close()
    for (const url of [a.url, b.url]) {
      const gone = await post(url, toolsList(8), { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' })
      expect(gone.status).toBe(404)
      await gone.text()
    }
  })
})

describe('limits across processes (idle timeout 5 s, 2 sessions per address)', () => {
  let pair: Pair
  beforeAll(async () => {
    pair = await startPair({ MCP_SESSION_IDLE_MS: '5000', MCP_MAX_SESSIONS_PER_CLIENT: '2' })
  })
  afterAll(() => pair.stop())

  test('the per-address cap counts the sessions of both processes: a third closes the first, everywhere', async () => {
    const { a, b } = pair
    const first = await openSession(a.url)
    const second = await openSession(b.url)
    const third = await openSession(a.url)
    for (const url of [a.url, b.url]) {
      const evicted = await post(url, toolsList(2), first)
      expect(evicted.status).toBe(404)
      await evicted.text()
      for (const kept of [second, third]) {
        const alive = await post(url, toolsList(3), kept)
        expect(alive.status).toBe(200)
        await alive.text()
      }
    }
    for (const headers of [second, third]) await fetch(`${a.url}/mcp`, { method: 'DELETE', headers })
  })

  test('an idle session expires on every process; one whose stream is open on A lives on B; a DELETE on B ends the stream on A', async () => {
    const { a, b } = pair
    const quiet = await openSession(a.url)
    const streaming = await openSession(a.url)
    const stream = await fetch(`${a.url}/mcp`, { headers: { ...streaming, accept: 'text/event-stream' } })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    await readUntil(reader, (text) => text.includes(': stream open'))
    // Either process's sweeper may be the one that closes it (only events logged from here on count).
    // Expected within idle + one sweep (7.5 s); the margin is for a loaded machine.
    await eventOnEither(pair, (event) => event.event === 'mcp_session_closed' && event.reason === 'idle', 30_000)
    for (const url of [b.url, a.url]) {
      const expired = await rpc(await post(url, toolsList(4), quiet))
      expect(expired).toMatchObject({ status: 404, body: { error: { code: -32001 } } })
    }
    // Idle as long as the other, but its stream is open (on A): B serves it.
    const alive = await post(b.url, toolsList(5), streaming)
    expect(alive.status).toBe(200)
    await alive.text()

    const ended = await fetch(`${b.url}/mcp`, { method: 'DELETE', headers: { ...streaming, ...JSON_AND_SSE } })
    expect(ended.status).toBe(200)
    // A notices at its next sweep (every 2.5 s here) and closes the stream it serves.
    const rest = await readUntil(reader, () => false)
    expect(rest).not.toContain('event: message')
    const gone = await post(a.url, toolsList(6), streaming)
    expect(gone.status).toBe(404)
    await gone.text()
  }, 60_000)
})
