/**
 * What an agent needs beyond the tools' data: cursors that belong to their query, get_stats and its
 * HTTP twin, plain enums, completions, logging, progress, resource links, notes for a query that
 * matches nothing, and JSON-RPC ids as the document says. Through the SDK's own client.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { embeddedSample } from '../../src/catalog/seed'
import { business, review, reviews as baseReviews } from '../support/dataset'
import { dataDirWith } from '../support/data-dir'
import { MAIN } from '../support/spawn'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { getJson, mcpClient, stopWithClient, textOf, toolCaller } from '../support/mcp-client'
import type { StoredReview } from '../../src/reviews/schema'

const extra: StoredReview[] = Array.from({ length: 30 }, (_, i) =>
  review({
    id: `x-${String(i).padStart(3, '0')}`,
    rating: (i % 5) + 1,
    date: `2024-${String((i % 12) + 1).padStart(2, '0')}-10`,
    text: `Job number ${i}: the drain was done.`,
    technicians: i % 2 ? ['Sarah Chen'] : ['Mike Alvarez', 'Sarah Chen'],
    services: i % 3 ? ['drain-cleaning'] : [],
    service_area: i % 4 ? 'Springfield' : null,
    language: i % 5 ? 'en' : 'de',
    response: i % 3 === 0 ? { date: '2024-12-31', text: `Thanks ${i}` } : null,
  }),
)
const all = [...baseReviews, ...extra]
const published = all.filter((r) => r.verified)

let server: TestServer
let client: Client
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews: all } })
  client = await mcpClient(server, 'features-test')
})
afterAll(() => stopWithClient(client, server))

const call = toolCaller(() => client)
const http = (path: string) => getJson(server.url + path)
const version = () => server.service.catalog.current.revision

describe('cursors belong to their query', () => {
  test('a cursor used with other arguments, or with the other list tool, is an error naming cursor; limit may change', async () => {
    const first = await call('search_reviews', { min_rating: 2, limit: 5 })
    const cursor = first.structuredContent.next_cursor
    expect(cursor).toEqual(expect.any(String))
    expect(first.structuredContent.data_version).toBe(version())
    const other = await call('search_reviews', { min_rating: 3, limit: 5, cursor })
    expect(other.isError).toBe(true)
    expect(textOf(other)).toMatch(/^Invalid arguments: cursor: belongs to another query/)
    const dropped = await call('search_reviews', { limit: 5, cursor })
    expect(textOf(dropped)).toContain('cursor: belongs to another query')
    const since = await call('get_reviews_since', { date: '2020-01-01', cursor })
    expect(textOf(since)).toContain('cursor: belongs to another query')
    // The same query with another page size continues where the first page stopped.
    const next = await call('search_reviews', { min_rating: 2, limit: 50, cursor })
    expect(next.isError).toBeUndefined()
    const ids = [...first.structuredContent.reviews, ...next.structuredContent.reviews].map((r: any) => r.id)
    expect(ids).toEqual((await http('/api/reviews/search?min_rating=2&limit=100')).body.reviews.map((r: any) => r.id))
  })

  test('the HTTP search and since-listing refuse a cursor of another query with a 400 naming cursor', async () => {
    const page = await http('/api/reviews/search?rating=5&limit=1')
    const cursor = encodeURIComponent(page.body.next_cursor)
    const other = await http(`/api/reviews/search?rating=4&limit=1&cursor=${cursor}`)
    expect(other.status).toBe(400)
    expect(other.body.issues).toEqual([expect.objectContaining({ path: ['cursor'], code: 'cursor_mismatch' })])
    expect((await http(`/api/reviews/since/2020-01-01?cursor=${cursor}`)).status).toBe(400)
    const sincePage = await http('/api/reviews/since/2020-01-01?limit=2')
    const viaTool = await call('get_reviews_since', { date: '2020-01-01', limit: 2, cursor: sincePage.body.next_cursor })
    expect(viaTool.isError).toBeUndefined()
  })
})

describe('get_stats and GET /api/reviews/stats', () => {
  const mean = (rs: StoredReview[]) => (rs.length ? Math.round((rs.reduce((s, r) => s + r.rating, 0) / rs.length) * 100) / 100 : null)

  test('figures for a filter set, grouped by month, match the published reviews and the HTTP twin', async () => {
    const viaTool = (await call('get_stats', { mentions_service: 'drain-cleaning', group_by: 'month' })).structuredContent
    const viaHttp = (await http('/api/reviews/stats?mentions_service=drain-cleaning&group_by=month')).body
    expect(viaTool).toEqual(viaHttp)
    const drains = published.filter((r) => r.services.includes('drain-cleaning'))
    expect(viaTool.count).toBe(drains.length)
    expect(viaTool.average_rating).toBe(mean(drains))
    expect(viaTool.data_version).toBe(version())
    const months = [...new Set(drains.map((r) => r.date.slice(0, 7)))].sort()
    expect(viaTool.groups[0].key).toBe(months[0])
    expect(viaTool.groups.at(-1).key).toBe(months.at(-1))
    for (const group of viaTool.groups) {
      const inMonth = drains.filter((r) => r.date.startsWith(group.key))
      expect([group.key, group.count, group.average_rating]).toEqual([group.key, inMonth.length, mean(inMonth)])
    }
  })

  test('every grouping, and the unanswered low ratings', async () => {
    const groupings: Record<string, (r: StoredReview) => (string | null)[]> = {
      quarter: (r) => [`${r.date.slice(0, 4)}-Q${Math.ceil(Number(r.date.slice(5, 7)) / 3)}`],
      service: (r) => (r.services.length ? r.services : [null]),
      technician: (r) => (r.technicians.length ? r.technicians : [null]),
      area: (r) => [r.service_area],
      language: (r) => [r.language ?? null],
      rating: (r) => [String(r.rating)],
    }
    for (const [groupBy, keysOf] of Object.entries(groupings)) {
      const stats = (await call('get_stats', { group_by: groupBy })).structuredContent
      for (const group of stats.groups) {
        const members = published.filter((r) => keysOf(r).includes(group.key))
        expect([groupBy, group.key, group.count]).toEqual([groupBy, group.key, members.length])
      }
    }
    const low = (await call('get_stats', { since: '2024-01-01' })).structuredContent.unanswered_low_ratings
    const expected = published
      .filter((r) => r.date >= '2024-01-01' && r.rating <= 2 && !r.response)
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
    expect(low.count).toBe(expected.length)
    expect(low.review_ids).toEqual(expected.map((r) => r.id))
  })

  test('invalid arguments: the same issues over MCP and HTTP', async () => {
    const viaHttp = await http('/api/reviews/stats?group_by=week&limit=5&rating=9')
    expect(viaHttp.status).toBe(400)
    const paths = viaHttp.body.issues.map((i: any) => i.path[0]).sort()
    expect(paths).toEqual(['group_by', 'limit', 'rating'])
    const viaTool = await call('get_stats', { group_by: 'week', limit: 5, rating: 9 })
    expect(viaTool.isError).toBe(true)
    for (const issue of viaHttp.body.issues) expect(textOf(viaTool)).toContain(`${issue.path.join('.')}: ${issue.message}`)
    expect(textOf(viaTool)).toContain('group_by: must be one of month, quarter, service, technician, area, language, rating')
  })
})

describe('protocol features', () => {
  test('section and group_by are published as plain enums', async () => {
    const { tools } = await client.listTools()
    const section = (tools.find((t) => t.name === 'get_insights')!.inputSchema.properties as any).section
    expect(section).toMatchObject({ type: 'string', enum: ['summary', 'aspects', 'entities', 'topics', 'faq', 'owner'] })
    expect(section.anyOf).toBeUndefined()
    const groupBy = (tools.find((t) => t.name === 'get_stats')!.inputSchema.properties as any).group_by
    expect(groupBy.enum).toContain('technician')
  })

  test('completions offer review ids (unanswered first) and months that have reviews', async () => {
    const ids = await client.complete({
      ref: { type: 'ref/prompt', name: 'reply_to_review' },
      argument: { name: 'review_id', value: 'x-00' },
    })
    const newestFirst = server.service.catalog.current.reviews.all().filter((r) => r.id.startsWith('x-00'))
    expect(ids.completion.values).toEqual([
      ...newestFirst.filter((r) => !r.response).map((r) => r.id),
      ...newestFirst.filter((r) => r.response).map((r) => r.id),
    ])
    expect(ids.completion.values.slice(0, 6).sort()).toEqual(['x-001', 'x-002', 'x-004', 'x-005', 'x-007', 'x-008'])
    const months = await client.complete({
      ref: { type: 'ref/prompt', name: 'monthly_review_report' },
      argument: { name: 'month', value: '2025-0' },
    })
    expect(months.completion.values.sort()).toEqual(
      [...new Set(published.filter((r) => r.date.startsWith('2025-0')).map((r) => r.date.slice(0, 7)))].sort(),
    )
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: `${TEST_BASE_URL}/api/reviews/{id}` },
      argument: { name: 'id', value: 'r-00' },
    })
    expect(template.completion.values.length).toBeGreaterThan(3)
  })

  test('the logging capability: logging/setLevel is accepted', async () => {
    expect(client.getServerCapabilities()?.logging).toEqual({})
    expect(await client.setLoggingLevel('info')).toEqual({})
  })

  test('list results link each review resource after the text', async () => {
    const result = await call('search_reviews', { rating: 5, limit: 3 })
    const links = result.content.slice(1)
    expect(links).toEqual(
      result.structuredContent.reviews.map((r: any) =>
        expect.objectContaining({ type: 'resource_link', uri: `${TEST_BASE_URL}/api/reviews/${r.id}`, mimeType: 'application/json' }),
      ),
    )
    const read = await client.readResource({ uri: links[0].uri })
    expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe(result.structuredContent.reviews[0].id)
  })

  test('a query that matches nothing gets a note: close technicians and services, and words that match alone', async () => {
    const result = await call('search_reviews', { query: 'drain heatr sarah' })
    expect(result.structuredContent.total).toBe(0)
    const note = result.structuredContent.notes.find((n: any) => n.argument === 'query')
    expect(note.closest).toEqual(expect.arrayContaining(['Sarah Chen', 'water-heater-repair', 'drain-cleaning']))
    expect(note.message).toMatch(/Try fewer words: "drain"(, "sarah")? alone match/)
    expect(textOf(result)).toContain(`Note: ${note.message}`)
    const stats = await call('get_stats', { query: 'zzzz' })
    expect(textOf(stats)).toContain('Try fewer or other words')
    // A query that matches reviews excluded by other filters gets no such note.
    expect((await call('search_reviews', { query: 'drain', rating: 5, since: '2030-01-01' })).structuredContent.notes).toBeUndefined()
  })

  test('a fractional JSON-RPC id is refused with -32600 and id null, as the OpenAPI document says', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'initialize', params: {} }),
    })
    expect(response.status).toBe(400)
    expect((await response.json()) as any).toMatchObject({ id: null, error: { code: -32600 } })
    const doc = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as any
    const id = JSON.stringify(doc.components.schemas.JsonRpcResponse.properties.id)
    expect(id).not.toContain('"number"')
  })
})

describe('progress while insights compute', () => {
  test('over stdio: a get_insights that waits reports progress', async () => {
    const dataDir = dataDirWith(embeddedSample, 'reviews-mcp-progress-')
    const stdio = new Client({ name: 'progress-stdio', version: '1.0.0' })
    const transport = new StdioClientTransport({
      command: 'bun',
      args: [MAIN, 'mcp'],
      env: { ...(process.env as Record<string, string>), DATA_DIR: dataDir },
      stderr: 'pipe',
    })
    await stdio.connect(transport)
    try {
      const progress: { progress: number; message?: string }[] = []
      const result = (await stdio.callTool({ name: 'get_insights', arguments: { section: 'summary' } }, undefined, {
        onprogress: (p) => progress.push(p),
      })) as any
      expect(result.isError).toBeUndefined()
      expect(progress.length).toBeGreaterThan(0)
      expect(progress[0]!.message).toContain('Computing insights')
      expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1))
    } finally {
      await stdio.close()
    }
  }, 60_000)

  test('over HTTP: progress goes to the session stream the SDK client opens', async () => {
    const big = await startTestServer({ seed: embeddedSample })
    const http = new Client({ name: 'progress-http', version: '1.0.0' })
    await http.connect(new StreamableHTTPClientTransport(new URL(`${big.url}/mcp`)))
    try {
      const progress: { progress: number; message?: string }[] = []
      const result = (await http.callTool({ name: 'get_insights', arguments: { section: 'faq' } }, undefined, {
        onprogress: (p) => progress.push(p),
      })) as any
      expect(result.isError).toBeUndefined()
      expect(progress.length).toBeGreaterThan(0)
      expect(progress[0]!.message).toContain('Computing insights')
    } finally {
      await http.close()
      await big.stop()
    }
  }, 60_000)

  test('over stdio, a fractional id is answered with -32600 and id null', async () => {
    const proc = Bun.spawn(['bun', MAIN, 'mcp'], {
      env: { ...process.env, DATA_DIR: dataDirWith(undefined, 'reviews-mcp-id-') },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2.5, method: 'ping' })}\n`)
    proc.stdin.end()
    const [lines] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
    expect(JSON.parse(lines.split('\n')[0]!)).toMatchObject({ id: null, error: { code: -32600 } })
  }, 30_000)
})
