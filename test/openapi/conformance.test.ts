/**
 * The server against its own OpenAPI document, through Prism (@stoplight/prism-cli) run as a validating
 * proxy: every request below, fixed and generated (fast-check), goes through it, and any response that
 * drifts from the document (status, headers, body) fails the test. A request the document calls invalid
 * must get a 4xx from the server too. A second Prism over a deliberately wrong document shows that the
 * check catches drift.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/core/config'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'

type Violation = { location: string[]; severity: string; message: string }
type Exchange = { request: string; status: number; violations: Violation[] }

const PRISM = join(import.meta.dir, '..', '..', 'node_modules', '.bin', 'prism')
const HUB_REQUESTS_PER_MINUTE = 12

async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

/** Starts `prism proxy` and resolves once it says it is listening. */
async function startPrism(documentFile: string, upstream: string): Promise<{ url: string; process: Bun.Subprocess }> {
  const port = await freePort()
  // Its log goes to a file: a pipe nobody reads would fill up and stall it.
  const log = `${documentFile}.log`
  const process = Bun.spawn([PRISM, 'proxy', documentFile, upstream, '--host', '127.0.0.1', '--port', String(port)], {
    stdout: 'pipe',
    stderr: Bun.file(log),
  })
  const reader = (process.stdout as ReadableStream<Uint8Array>).getReader()
  let seen = ''
  const timeout = setTimeout(() => process.kill(), 30_000)
  while (!seen.includes('Prism is listening')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`prism exited before listening: ${seen}${await Bun.file(log).text()}`)
    seen += new TextDecoder().decode(value)
  }
  clearTimeout(timeout)
  // Keep draining its log so the pipe never fills.
  void (async () => {
    while (!(await reader.read()).done) {}
  })()
  return { url: `http://127.0.0.1:${port}`, process }
}

let server: TestServer
let prism: { url: string; process: Bun.Subprocess }
let driftPrism: { url: string; process: Bun.Subprocess }
let workDir = ''
const exchanges: Exchange[] = []

beforeAll(async () => {
  server = await startTestServer({ hubConfig: loadHubConfig({ HUB_REQUESTS_PER_MINUTE: String(HUB_REQUESTS_PER_MINUTE) }) })
  const document = await (await fetch(`${server.url}/.well-known/openapi.json`)).json()
  workDir = mkdtempSync(join(tmpdir(), 'prism-'))
  writeFileSync(join(workDir, 'openapi.json'), JSON.stringify(document))
  // The wrong document: the dataset promises a field it never has, and the ETag a form it never takes.
  const drifted = structuredClone(document) as any
  drifted.components.schemas.ReviewsDataset.required.push('not_there')
  drifted.paths['/api/reviews/{id}'].get.responses['200'].headers.ETag.schema.pattern = '^W/'
  writeFileSync(join(workDir, 'drifted.json'), JSON.stringify(drifted))
  ;[prism, driftPrism] = await Promise.all([
    startPrism(join(workDir, 'openapi.json'), server.url),
    startPrism(join(workDir, 'drifted.json'), server.url),
  ])
}, 60_000)

afterAll(async () => {
  for (const p of [prism, driftPrism]) {
    p?.process.kill()
    await p?.process.exited
  }
  await server?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}, via = prism): Promise<Response> {
  const response = await fetch(via.url + path, { ...init, signal: AbortSignal.timeout(15_000) }).catch((error) => {
    throw new Error(`${init.method ?? 'GET'} ${path} through Prism: ${error}`)
  })
  const header = response.headers.get('sl-violations')
  const violations: Violation[] = header ? JSON.parse(header) : []
  exchanges.push({ request: `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers ?? {})}`, status: response.status, violations })
  await response.arrayBuffer()
  return response
}

const responseViolations = (list: Exchange[]) =>
  list.flatMap((e) => e.violations.filter((v) => v.location[0] === 'response').map((v) => ({ request: e.request, status: e.status, ...v })))

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'prism-test', version: '1.0.0' } },
}

describe('responses match the OpenAPI document (Prism validating proxy)', () => {
  test('every operation, every status the tests can provoke', async () => {
    const reads = [
      '/reviews.json',
      '/insights.json',
      '/api/feed.json',
      '/feed.xml',
      '/api/reviews/search?rating=5',
      '/api/reviews/since/2025-01-01',
      '/api/reviews/r-001',
      '/docs',
      '/.well-known/openapi.json',
    ]
    for (const path of reads) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const ok = await send(path, { headers: { 'accept-encoding': encoding } })
        expect(ok.status).toBe(200)
        const etag = ok.headers.get('etag')!
        expect((await send(path, { headers: { 'accept-encoding': encoding, 'if-none-match': etag } })).status).toBe(304)
        expect((await send(path, { headers: { 'accept-encoding': encoding, 'if-match': '"stale"' } })).status).toBe(412)
      }
    }
    expect((await send('/healthz')).status).toBe(200)
    expect((await send('/metrics')).status).toBe(200)
    expect((await send('/api/reviews/nope')).status).toBe(404)
    expect((await send('/api/reviews/since/2024-02-30')).status).toBe(400)
    expect((await send('/api/reviews/since/yesterday')).status).toBe(400)
    expect((await send('/api/reviews/search?since=2025-03-01&until=2025-01-01')).status).toBe(400)
    expect((await send('/api/reviews/search?limit=%2B5')).status).toBe(400)
    expect((await send('/reviews.json', { method: 'DELETE' })).status).toBe(405)

    // The hub: 202, 400, 413, 415, then 429 once the per-client limit is spent.
    const topic = `${TEST_BASE_URL}/feed.xml`
    expect(
      (
        await send(
          '/api/websub/hub',
          form({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': 'https://subscriber.example/cb?id=1' }),
        )
      ).status,
    ).toBe(202)
    expect(
      (
        await send(
          '/api/websub/hub',
          form({ 'hub.mode': 'unsubscribe', 'hub.topic': topic, 'hub.callback': 'https://subscriber.example/cb?id=1' }),
        )
      ).status,
    ).toBe(202)
    expect(
      (await send('/api/websub/hub', form({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': 'http://subscriber.example/cb' })))
        .status,
    ).toBe(400)
    expect(
      (
        await send(
          '/api/websub/hub',
          form({ 'hub.mode': 'subscribe', 'hub.topic': `${TEST_BASE_URL}/other`, 'hub.callback': 'https://subscriber.example/cb' }),
        )
      ).status,
    ).toBe(400)
    expect((await send('/api/websub/hub', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      415,
    )
    let limited: Response | undefined
    for (let i = 0; i < HUB_REQUESTS_PER_MINUTE + 1 && !limited; i++) {
      const response = await send('/api/websub/hub', form({ 'hub.mode': 'bogus' }))
      if (response.status === 429) limited = response
    }
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/)

    // MCP: initialize (200 with a session), a notification (202), then the transport's errors.
    const opened = await send('/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(initialize) })
    expect(opened.status).toBe(200)
    const session = { ...MCP_HEADERS, 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' }
    expect(
      (
        await send('/mcp', {
          method: 'POST',
          headers: session,
          body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        })
      ).status,
    ).toBe(202)
    expect(
      (await send('/mcp', { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) }))
        .status,
    ).toBe(200)
    // Not JSON-RPC (Prism cannot forward a body that is not JSON at all: it never answers).
    expect((await send('/mcp', { method: 'POST', headers: MCP_HEADERS, body: '{"hello":"world"}' })).status).toBe(400)
    expect(
      (
        await send('/mcp', {
          method: 'POST',
          headers: { ...MCP_HEADERS, 'mcp-session-id': 'unknown' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
        })
      ).status,
    ).toBe(404)
    expect(
      (await send('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, accept: 'application/json' }, body: JSON.stringify(initialize) }))
        .status,
    ).toBe(406)
    expect(
      (await send('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, 'content-type': 'text/plain' }, body: JSON.stringify(initialize) }))
        .status,
    ).toBe(415)
    expect((await send('/mcp', { method: 'DELETE', headers: session })).status).toBe(200)
    // Last: the server answers 413 without reading the body, and Prism does not reuse that connection well.
    expect(
      (
        await send(
          '/api/websub/hub',
          form({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': 'https://subscriber.example/cb', pad: 'x'.repeat(9000) }),
        )
      ).status,
    ).toBe(413)

    expect(responseViolations(exchanges)).toEqual([])
  }, 60_000)

  test('generated searches (fast-check): no response drifts, and what the document refuses the server refuses', async () => {
    const numeral = fc.oneof(fc.integer({ min: -2, max: 120 }).map(String), fc.constantFrom('+5', '05', '1e0', '3.5', '', 'x', '5.0'))
    const date = fc.oneof(
      fc.date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2024-02-30', '2024-13-01', 'yesterday', '2024-1-01'),
    )
    const text = fc.oneof(fc.constantFrom('Mike', 'water', 'José', 'café', '', '%', 'drain-cleaning', 'MIKE'), fc.string({ maxLength: 8 }))
    const query = fc.record(
      {
        rating: numeral,
        min_rating: numeral,
        limit: numeral,
        since: date,
        until: date,
        query: text,
        mentions_technician: text,
        mentions_service: text,
      },
      { requiredKeys: [] },
    )
    const before = exchanges.length
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString()
        await send(`/api/reviews/search${qs ? `?${qs}` : ''}`)
        const last = exchanges.at(-1)!
        expect([200, 400]).toContain(last.status)
        if (last.violations.some((v) => v.location[0] === 'request' && v.severity === 'Error')) expect(last.status).toBe(400)
      }),
      { numRuns: 120, seed: 15 },
    )
    await fc.assert(
      fc.asyncProperty(date, async (day) => {
        await send(`/api/reviews/since/${encodeURIComponent(day)}`)
        const last = exchanges.at(-1)!
        if (last.violations.some((v) => v.location[0] === 'request' && v.severity === 'Error')) expect(last.status).toBe(400)
      }),
      { numRuns: 40, seed: 15 },
    )
    const generated = exchanges.slice(before)
    expect(generated.filter((e) => e.status === 200).length).toBeGreaterThan(10)
    expect(generated.filter((e) => e.status === 400).length).toBeGreaterThan(10)
    expect(responseViolations(generated)).toEqual([])
  }, 60_000)

  // Prism 5 cannot proxy HEAD (it answers 500 application/problem+json itself), so HEAD is checked here
  // directly: the status and every header the document marks required, and no body.
  test('HEAD, checked without Prism: documented status and required headers, empty body', async () => {
    const document = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as any
    const concrete: Record<string, string> = {
      '/api/reviews/since/{date}': '/api/reviews/since/2025-01-01',
      '/api/reviews/{id}': '/api/reviews/r-001',
      '/reviews/{id}': '/reviews/r-001',
    }
    // The hub's status lookup answers 200 only for a subscription that exists: test/hardening/hub.test.ts covers it.
    const heads = Object.entries<any>(document.paths).filter(([, item]) => item.head)
    // Every GET but /mcp's event stream has its HEAD.
    expect(heads.length).toBe(Object.entries<any>(document.paths).filter(([path, item]) => item.get && path !== '/mcp').length)
    for (const [path, item] of heads) {
      if (path === '/api/websub/hub') continue
      const response = await fetch(server.url + (concrete[path] ?? path), { method: 'HEAD' })
      expect({ path, status: response.status }).toEqual({ path, status: 200 })
      const required = Object.entries<any>(item.head.responses['200'].headers ?? {}).filter(([, h]) => h.required)
      for (const [name, header] of required) {
        const value = response.headers.get(name)
        expect({ path, name, present: value !== null }).toEqual({ path, name, present: true })
        if (header.schema.pattern) expect(value).toMatch(new RegExp(header.schema.pattern))
        if (header.schema.enum) expect(header.schema.enum).toContain(value)
      }
      expect(await response.text()).toBe('')
    }
  })

  test('a document that drifts from the server is caught', async () => {
    const dataset = await send('/reviews.json', {}, driftPrism)
    const review = await send('/api/reviews/r-001', {}, driftPrism)
    expect(dataset.status).toBe(200)
    expect(review.status).toBe(200)
    const caught = responseViolations(exchanges.slice(-2))
    expect(caught.some((v) => v.request.startsWith('GET /reviews.json') && v.location.join('.').startsWith('response.body'))).toBe(true)
    expect(caught.some((v) => v.request.startsWith('GET /api/reviews/r-001') && v.location.join('.').toLowerCase().includes('etag'))).toBe(
      true,
    )
  })
})
