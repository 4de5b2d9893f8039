/** The MCP server over streamable HTTP, driven by the SDK's own client and by raw requests. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import http from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { stopWithClient, toolCaller } from '../support/mcp-client'
import { reviews as fixtureReviews } from '../support/dataset'

let server: TestServer
let client: Client
let transport: StreamableHTTPClientTransport
beforeAll(async () => {
  server = await startTestServer()
  client = new Client({ name: 'reviews-test', version: '1.0.0' })
  transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`))
  await client.connect(transport)
})
afterAll(() => stopWithClient(client, server))

const call = toolCaller(() => client)
const published = fixtureReviews.filter((r) => r.verified)

describe('SDK client over streamable HTTP', () => {
  test('initialize negotiates a protocol version and returns a session id', () => {
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(client.getServerVersion()?.name).toBe('reviews-service')
    expect(client.getServerCapabilities()?.tools).toBeDefined()
  })

  test('tools/list: six read-only tools with input and output schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual([
      'get_business',
      'search_reviews',
      'get_reviews_since',
      'get_review',
      'get_insights',
      'get_stats',
    ])
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true })
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.description!.length).toBeGreaterThan(60)
    }
    const search = tools.find((t) => t.name === 'search_reviews')!
    expect((search.inputSchema.properties as any).limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 })
    expect((search.inputSchema.properties as any).rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 })
  })

  test('get_business', async () => {
    const result = await call('get_business', {})
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent.business.name).toBe('Acme Home Services')
    expect(result.structuredContent.aggregate_rating.review_count).toBe(published.length)
    expect(result.content[0].text).toContain('Acme Home Services')
    expect((await call('get_business', { extra: 1 })).isError).toBe(true)
  })

  test('search_reviews returns the same reviews as GET /api/reviews/search for the same arguments', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { rating: 5 },
      { min_rating: 2, limit: 3 },
      { query: 'water heater' },
      { query: 'e', until: '2025-01-01' },
      { mentions_technician: 'mike' },
      { mentions_service: 'DRAIN-CLEANING' },
      { since: '2025-01-01', until: '2025-02-28', min_rating: 1 },
    ]
    for (const args of cases) {
      const viaMcp = (await call('search_reviews', args)).structuredContent
      const query = new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))
      const viaHttp = (await (await fetch(`${server.url}/api/reviews/search?${query}`)).json()) as Record<string, unknown>
      // The tool also says which data version the page was read from.
      expect(viaMcp).toEqual({ ...viaHttp, data_version: server.service.catalog.current.revision })
    }
  })

  test('search_reviews with invalid arguments is a tool error naming each argument and bound', async () => {
    const result = await call('search_reviews', { rating: 7, limit: 101, since: '2024-02-30', colour: 'red' })
    expect(result.isError).toBe(true)
    const text = result.content[0].text as string
    for (const part of [
      'rating: must be at most 5',
      'limit: must be at most 100',
      'since: must be a real calendar date',
      'colour: must be one of the known parameters',
    ]) {
      expect(text).toContain(part)
    }
    expect((await call('search_reviews', { rating: '5' })).content[0].text).toContain('rating: must be an integer')
    expect((await call('search_reviews', { rating: 2.5 })).content[0].text).toContain('rating: must be an integer')
  })

  test('get_reviews_since, get_review and get_insights, valid and invalid', async () => {
    const since = await call('get_reviews_since', { date: '2025-02-01' })
    expect(since.structuredContent.reviews.map((r: any) => r.id)).toEqual(['r-001', 'r-003', 'r-002'])
    expect((await call('get_reviews_since', { date: '2025-02-30' })).content[0].text).toContain('date: must be a real calendar date')
    expect((await call('get_reviews_since', {})).content[0].text).toContain('date: is required')

    const review = await call('get_review', { id: 'r-003' })
    expect(review.structuredContent).toEqual(published.find((r) => r.id === 'r-003'))
    const missing = await call('get_review', { id: 'r-007' })
    expect(missing.isError).toBe(true)
    expect(missing.content[0].text).toContain('No published review has the id "r-007"')
    expect((await call('get_review', { id: 'r'.repeat(201) })).content[0].text).toContain('id: must be at most 200 characters')
    expect((await call('get_review', {})).content[0].text).toContain('id: is required')
    expect((await call('get_review', { id: 'r-001', extra: true })).content[0].text).toContain(
      'extra: must be one of the known arguments: id',
    )

    const all = await call('get_insights', {})
    expect(all.structuredContent.review_count).toBe(published.length)
    const summary = await call('get_insights', { section: 'summary' })
    expect(Object.keys(summary.structuredContent)).toEqual(['summary'])
    expect((await call('get_insights', { section: 'gossip' })).content[0].text).toContain(
      'section: must be one of summary, aspects, entities, topics, faq',
    )
  })

  test('search_reviews errors are the HTTP search errors, issue for issue', async () => {
    const cases: Record<string, unknown>[] = [
      { rating: 7, limit: 101 },
      { rating: 0 },
      { rating: 2.5 },
      { min_rating: 0 },
      { min_rating: 5.5 },
      { limit: 0 },
      { since: '2024-02-30' },
      { until: 'yesterday' },
      { since: '2025-03-01', until: '2025-01-01' },
      { colour: 'red', rating: 6 },
      { query: '' },
      { mentions_technician: '' },
      { mentions_service: 'x'.repeat(500) },
    ]
    for (const args of cases) {
      const query = new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))
      const viaHttp = await fetch(`${server.url}/api/reviews/search?${query}`)
      const viaMcp = await call('search_reviews', args)
      if (viaHttp.status === 200) {
        expect(viaMcp.isError).toBeUndefined()
        expect(viaMcp.structuredContent).toEqual({
          ...((await viaHttp.json()) as object),
          data_version: server.service.catalog.current.revision,
        })
        continue
      }
      expect(viaHttp.status).toBe(400)
      const { issues } = (await viaHttp.json()) as { issues: { path: string[]; message: string }[] }
      expect(viaMcp.isError).toBe(true)
      expect(viaMcp.content[0].text).toBe(`Invalid arguments: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`)
    }
  })

  test("every structuredContent is valid against the tool's declared output schema", async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats(ajv)
    const { tools } = await client.listTools()
    const calls: [string, Record<string, unknown>][] = [
      ['get_business', {}],
      ['search_reviews', {}],
      ['search_reviews', { rating: 1, limit: 1 }],
      ['get_reviews_since', { date: '2024-01-01' }],
      ['get_review', { id: 'r-001' }],
      ['get_insights', {}],
      ['get_stats', {}],
      ...(['month', 'quarter', 'service', 'technician', 'area', 'language', 'rating'] as const).map(
        (group_by): [string, Record<string, unknown>] => ['get_stats', { group_by, min_rating: 2 }],
      ),
      ['search_reviews', { query: 'zzzz-nothing' }],
      ...(['summary', 'aspects', 'entities', 'topics', 'faq'] as const).map((section): [string, Record<string, unknown>] => [
        'get_insights',
        { section },
      ]),
    ]
    for (const [name, args] of calls) {
      const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!)
      const result = await call(name, args)
      expect(result.isError).toBeUndefined()
      if (!validate(result.structuredContent)) throw new Error(`${name} ${JSON.stringify(args)}: ${ajv.errorsText(validate.errors)}`)
    }
  })

  test('text renderings a model can read: one line per review with its id, insights in labelled sections', async () => {
    const search = await call('search_reviews', { rating: 1 })
    const text = search.content[0].text as string
    expect(text.split('\n')[0]).toBe(
      `${search.structuredContent.count} of ${search.structuredContent.total} matching reviews, newest first:`,
    )
    for (const review of search.structuredContent.reviews) expect(text).toContain(`[${review.id}]`)
    const nothing = (await call('search_reviews', { query: 'zzzz-nothing' })).content[0].text as string
    expect(nothing.split('\n')[0]).toBe('No matching reviews.')
    expect(nothing).toContain('Note: No review text contains "zzzz-nothing". Try fewer or other words')

    const insights = await call('get_insights', {})
    for (const heading of ['Aspects', 'Technicians:', 'Services:', 'Service areas:', 'FAQ:'])
      expect(insights.content[0].text).toContain(heading)
    expect(insights.content[0].text).toContain(insights.structuredContent.summary)
    const faq = await call('get_insights', { section: 'faq' })
    expect(faq.content[0].text).toContain(`Q: ${faq.structuredContent.faq[0].question}`)
    const summary = await call('get_insights', { section: 'summary' })
    expect(summary.content[0].text).toBe(summary.structuredContent.summary)
  })

  test('an unknown tool is a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool/)
  })

  test('resources/list and resources/read serve the datasets and feeds', async () => {
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(
      ['reviews.json', 'insights.json', 'api/feed.json', 'feed.xml'].map((p) => `${TEST_BASE_URL}/${p}`),
    )
    const read = await client.readResource({ uri: `${TEST_BASE_URL}/reviews.json` })
    const body = await (await fetch(`${server.url}/reviews.json`)).text()
    expect(read.contents[0]).toMatchObject({ mimeType: 'application/json', text: body })
    await expect(client.readResource({ uri: `${TEST_BASE_URL}/secrets` })).rejects.toMatchObject({ code: -32002 })
    for (const resource of resources) {
      const path = resource.uri.slice(TEST_BASE_URL.length)
      const served = await fetch(`${server.url}${path}`)
      const contents = (await client.readResource({ uri: resource.uri })).contents[0] as { mimeType: string; text: string }
      expect(served.headers.get('content-type')).toStartWith(contents.mimeType)
      expect(contents.text).toBe(await served.text())
    }
  })

  test('DELETE ends the session; reusing it is 404', async () => {
    const other = new Client({ name: 'short-lived', version: '1' })
    const otherTransport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`))
    await other.connect(otherTransport)
    const id = otherTransport.sessionId!
    await otherTransport.terminateSession()
    const reuse = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': id,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
    })
    expect(reuse.status).toBe(404)
    expect(((await reuse.json()) as any).error.code).toBe(-32001)
  })
})

describe('raw HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  }
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    })

  async function openSession(): Promise<string> {
    const response = await post(JSON.stringify(initialize))
    expect(response.status).toBe(200)
    const id = response.headers.get('mcp-session-id')!
    await response.text()
    await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    })
    return id
  }

  test('initialize with 2025-06-18 answers 200 with Mcp-Session-Id, exposed to browsers', async () => {
    const response = await post(JSON.stringify(initialize))
    expect(response.status).toBe(200)
    expect(response.headers.get('mcp-session-id')).toBeTruthy()
    expect(response.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
    const text = await response.text()
    expect(text).toContain('"protocolVersion":"2025-06-18"')
  })

  test('malformed JSON is a -32700 parse error', async () => {
    const response = await post('{"jsonrpc": "2.0", "id": 1, "method": ')
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).error.code).toBe(-32700)
  })

  test('a request without a session id, other than initialize, is 400; an unknown session id is 404', async () => {
    const noSession = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))
    expect(noSession.status).toBe(400)
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { 'mcp-session-id': 'not-a-session' })
    expect(unknown.status).toBe(404)
    const getWithout = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream' } })
    expect(getWithout.status).toBe(400)
  })

  test('missing Accept and wrong Content-Type are refused by the transport', async () => {
    const id = await openSession()
    const noAccept = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    })
    expect(noAccept.status).toBe(406)
    const wrongType = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }), {
      'content-type': 'text/plain',
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    })
    expect(wrongType.status).toBe(415)
  })

  test('an unknown method is a JSON-RPC -32601 error', async () => {
    const id = await openSession()
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'reviews/delete' }), {
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    })
    const text = await response.text()
    expect(text).toContain('"code":-32601')
  })

  test('a method named like a member of Object.prototype is unknown too, alone or in a batch', async () => {
    const id = await openSession()
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }
    for (const method of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method }), headers)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('"code":-32601')
    }
    // The batch's ping is answered beside the refusal.
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 10, method: 'ping' },
        { jsonrpc: '2.0', id: 11, method: 'toString' },
      ]),
      headers,
    )
    expect(batch.status).toBe(200)
    const text = await batch.text()
    expect(text).toContain('"id":10')
    expect(text).toContain('"code":-32601')
  })

  test('GET with a session opens the server-sent event stream at once', async () => {
    const id = await openSession()
    // node:http hands over the headers as soon as they arrive (the stream sends no data until there is some).
    const { status, type } = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const request = http.get(
        `${server.url}/mcp`,
        { headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' } },
        (response) => {
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']) })
          response.destroy()
        },
      )
      request.on('error', reject)
    })
    expect(status).toBe(200)
    expect(type).toContain('text/event-stream')
  })

  test('idle sessions expire', async () => {
    const id = await openSession()
    server.service.mcpSessions.expireIdle(Date.now() + 24 * 3600_000)
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    })
    expect(response.status).toBe(404)
  })
})
