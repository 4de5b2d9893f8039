/**
 * The native fast path for hot reads (src/api/fast-reads.ts) answers byte for byte and header for
 * header what the framework's routes answer, and hands every case it does not own to the framework.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fastReadRoutes } from '../../src/api/fast-reads'
import { rawRequest } from '../support/raw-http'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
const logged: Record<string, unknown>[] = []
beforeAll(async () => {
  server = await startTestServer({ env: { LOG_REQUESTS: '1' }, log: (event) => void logged.push(event) })
  // Insights are computed in the background: wait for them so both paths see the same state.
  await server.service.catalog.current.insights()
})
afterAll(() => server.stop())

const PATHS = [
  '/reviews.json',
  '/insights.json',
  '/api/feed.json',
  '/feed.xml',
  '/api/reviews/r-001',
  '/api/reviews/since/2025-01-01',
  '/api/reviews/since/1900-01-01',
  '/api/reviews/since/2025-01-01?limit=2',
  '/api/reviews/search?rating=5',
  '/api/reviews/search?query=heater&min_rating=4&limit=3',
  '/api/reviews/search',
  '/api/reviews/search?sort=highest&language=EN&limit=2',
  '/api/reviews/since/2024-01-01?service_area=springfield',
  // Not the fast case: handed to the framework, same answer.
  '/api/reviews/search?rating=9&rating=2&bogus=1',
  '/api/reviews/since/2024-02-30',
  '/api/reviews/since/2025-01-01?limit=0',
  '/api/reviews/no-such-review',
  '/api/reviews/r%2D001',
  '/api/reviews/search?sort=best',
  '/api/reviews/since/2025-01-01?sort=oldest',
]

const HEADER_SETS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip, deflate' },
  { 'accept-encoding': 'br;q=0, gzip;q=0.5' },
]

type Answer = { status: number; headers: Record<string, string>; body: string }
async function answer(response: Response, method: string): Promise<Answer> {
  const body = Buffer.from(await response.arrayBuffer())
  // The server adds Content-Length where a response did not set it (app.handle shows none): check it, then compare without it.
  const length = response.headers.get('content-length')
  if (length !== null && response.status !== 304 && method !== 'HEAD') expect(Number(length)).toBe(body.byteLength)
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'content-length'))
  return { status: response.status, headers, body: body.toString('base64') }
}

const overNetwork = (path: string, method: string, headers: Record<string, string>) =>
  fetch(server.url + path, { method, headers, decompress: false } as RequestInit).then((r) => answer(r, method))
const throughFramework = (path: string, method: string, headers: Record<string, string>) =>
  server.service.app.handle(new Request(server.url + path, { method, headers })).then((r) => answer(r, method))

describe('same answer as the framework', () => {
  test.each(PATHS)('%s', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      for (const headers of HEADER_SETS) {
        const native = await overNetwork(path, method, headers)
        expect(native).toEqual(await throughFramework(path, method, headers))
        const etag = native.headers.etag
        if (!etag) continue
        // Revalidation and preconditions: 304 for the tag of any coding, 412 for a failed If-Match.
        for (const conditional of <Record<string, string>[]>[
          { 'if-none-match': etag },
          { 'if-none-match': `W/${etag.slice(0, -1)}.br"` },
          { 'if-match': '"other"' },
          { 'if-modified-since': native.headers['last-modified']! },
        ]) {
          const both = { ...headers, ...conditional }
          expect(await overNetwork(path, method, both)).toEqual(await throughFramework(path, method, both))
        }
      }
    }
  })
})

describe('what the fast path leaves to the framework', () => {
  test('wrong method: 405 with Allow; OPTIONS: the preflight', async () => {
    const post = await fetch(`${server.url}/reviews.json`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(((await post.json()) as { error: string }).error).toBe('method_not_allowed')
    const preflight = await fetch(`${server.url}/api/feed.json`, { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('a path that is not canonical is 404, not the resource', async () => {
    // Raw requests: the runtime's fetch would send //reviews.json as /reviews.json.
    for (const path of ['//reviews.json', '/api//feed.json', '/reviews.json/', '/api/reviews//r-001']) {
      const response = await rawRequest(server.service.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
      expect({ path, status: response.status }).toEqual({ path, status: 404 })
      expect(JSON.parse(response.body).error).toBe('not_found')
    }
  })

  test('an invalid Host is 400 on a hot path', async () => {
    for (const host of ['', 'a:99999', 'bad host']) {
      const response = await rawRequest(server.service.port, `GET /reviews.json HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body).error).toBe('invalid_host')
    }
  })

  test('the request log has one line per request, whichever path answered', async () => {
    logged.length = 0
    await fetch(`${server.url}/api/feed.json`)
    await fetch(`${server.url}/api/reviews/search?rating=0`)
    await fetch(`${server.url}/api/reviews/r-001`, { method: 'HEAD' })
    const requests = logged.filter((e) => e.event === 'request').map((e) => `${e.method} ${e.path} ${e.status}`)
    expect(requests).toEqual(['GET /api/feed.json 200', 'GET /api/reviews/search 400', 'HEAD /api/reviews/r-001 200'])
  })
})

describe('the routes themselves', () => {
  const deps = () => {
    const fallbackCalls: string[] = []
    const routes = fastReadRoutes({
      catalog: server.service.catalog,
      search: server.service.search,
      read: { cacheControl: 'public, max-age=60', baseUrl: 'https://reviews.example.test' },
      log: () => {},
      logRequests: false,
      fallback: (request) => {
        fallbackCalls.push(request.url)
        return new Response('framework', { status: 299 })
      },
    })
    return { routes, fallbackCalls }
  }
  const call = (
    handler: (r: Request & { params?: Record<string, string> }) => Response | Promise<Response>,
    url: string,
    params?: Record<string, string>,
  ) => Promise.resolve(handler(Object.assign(new Request(url), { params })))

  test('answers the fast cases itself', async () => {
    const { routes, fallbackCalls } = deps()
    const base = 'http://127.0.0.1:1'
    expect((await call(routes['/reviews.json']!.GET, `${base}/reviews.json`)).status).toBe(200)
    expect((await call(routes['/insights.json']!.GET, `${base}/insights.json`)).status).toBe(200)
    expect((await call(routes['/api/reviews/search']!.GET, `${base}/api/reviews/search?rating=5`)).status).toBe(200)
    expect((await call(routes['/api/reviews/search']!.GET, `${base}/api/reviews/search?rating=5`)).status).toBe(200)
    expect(
      (await call(routes['/api/reviews/since/:date']!.GET, `${base}/api/reviews/since/2025-01-01`, { date: '2025-01-01' })).status,
    ).toBe(200)
    expect((await call(routes['/api/reviews/:id']!.HEAD, `${base}/api/reviews/r-001`, { id: 'r-001' })).status).toBe(200)
    expect(fallbackCalls).toEqual([])
  })

  test('hands everything else to the framework', async () => {
    const { routes, fallbackCalls } = deps()
    const base = 'http://127.0.0.1:1'
    const cases: [keyof typeof routes, string, Record<string, string>?][] = [
      ['/api/reviews/search', `${base}/api/reviews/search?limit=1000`],
      ['/api/reviews/since/:date', `${base}/api/reviews/since/2025-02-30`, { date: '2025-02-30' }],
      ['/api/reviews/:id', `${base}/api/reviews/nope`, { id: 'nope' }],
      ['/reviews.json', `${base}//reviews.json`],
    ]
    for (const [path, url, params] of cases) expect((await call(routes[path]!.GET, url, params)).status).toBe(299)
    expect(fallbackCalls).toHaveLength(cases.length)
  })

  test('the app hands these routes to the runtime (they win over the framework mapping of the same paths)', () => {
    const routes = (server.service.app.config as { serve?: { routes?: Record<string, Record<string, unknown>> } }).serve?.routes
    for (const path of [
      '/reviews.json',
      '/insights.json',
      '/api/feed.json',
      '/feed.xml',
      '/api/reviews/search',
      '/api/reviews/since/:date',
      '/api/reviews/:id',
    ]) {
      expect(typeof routes?.[path]?.GET).toBe('function')
      expect(typeof routes?.[path]?.HEAD).toBe('function')
    }
  })
})
