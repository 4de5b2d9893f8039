/** ETag, Last-Modified, 304, HEAD, compression, CORS and Cache-Control on every read endpoint. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(server.url + path, { method, headers, decompress: false } as RequestInit)

const READ_PATHS = [
  '/reviews.json',
  '/insights.json',
  '/api/feed.json',
  '/feed.xml',
  '/api/reviews/since/2025-01-01',
  '/api/reviews/r-001',
  '/api/reviews/search?rating=5',
]

describe.each(READ_PATHS)('%s', (path) => {
  test('carries a strong ETag, Last-Modified, Cache-Control and CORS', async () => {
    const response = await get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/)
    expect(Date.parse(response.headers.get('last-modified')!)).not.toBeNaN()
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag')
  })

  test('If-None-Match with the ETag gives 304 with an empty body and the ETag', async () => {
    const etag = (await get(path)).headers.get('etag')!
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const response = await get(path, { 'if-none-match': header })
      expect(response.status).toBe(304)
      expect(response.headers.get('etag')).toBe(etag)
      expect(await response.text()).toBe('')
    }
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200)
  })

  test('If-Modified-Since matches; If-None-Match wins over it', async () => {
    const first = await get(path)
    const lastModified = first.headers.get('last-modified')!
    expect((await get(path, { 'if-modified-since': lastModified })).status).toBe(304)
    expect((await get(path, { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200)
    expect((await get(path, { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).status).toBe(200)
    expect((await get(path, { 'if-modified-since': 'garbage' })).status).toBe(200)
  })

  test('HEAD answers like GET without a body', async () => {
    const getResponse = await get(path)
    const head = await get(path, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(getResponse.headers.get('etag'))
    expect(head.headers.get('content-type')).toBe(getResponse.headers.get('content-type'))
    expect(await head.text()).toBe('')
  })

  test('Authorization is ignored', async () => {
    const plain = await (await get(path)).text()
    const withAuth = await get(path, { authorization: 'Bearer whatever' })
    expect(withAuth.status).toBe(200)
    expect(await withAuth.text()).toBe(plain)
  })
})

describe('compression', () => {
  test('gzip and br bodies above 1 KiB decode to the identity bytes, with Vary', async () => {
    const identity = await get('/reviews.json')
    const body = new Uint8Array(await identity.arrayBuffer())
    expect(body.byteLength).toBeGreaterThan(1024)
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(identity.headers.get('vary')).toBe('Accept-Encoding')

    const gz = await get('/reviews.json', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer()))).toEqual(Buffer.from(body))

    const br = await get('/reviews.json', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))).toEqual(Buffer.from(body))
  })

  test('q=0 refuses an encoding; small bodies are never compressed', async () => {
    const refused = await get('/reviews.json', { 'accept-encoding': 'br;q=0, gzip' })
    expect(refused.headers.get('content-encoding')).toBe('gzip')
    const small = await get('/api/reviews/r-001', { 'accept-encoding': 'gzip, br' })
    expect(small.headers.get('content-encoding')).toBeNull()
  })
})

// RFC 9110 §8.8.3: a strong validator changes when the bytes do, and gzip and br bytes are not the identity bytes.
describe('per-coding ETags', () => {
  const CODINGS = { identity: 'identity', gzip: 'gzip', br: 'br' } as const
  const etagsOf = async (path: string) => {
    const tags: Record<string, string> = {}
    for (const [name, accept] of Object.entries(CODINGS)) {
      const response = await get(path, { 'accept-encoding': accept })
      expect(response.headers.get('content-encoding') ?? 'identity').toBe(name)
      tags[name] = response.headers.get('etag')!
      await response.arrayBuffer()
    }
    return tags
  }

  test.each(['/reviews.json', '/api/feed.json', '/feed.xml', '/insights.json', '/api/reviews/since/2024-01-01'])(
    '%s: identity, gzip and br each have their own strong ETag',
    async (path) => {
      const tags = await etagsOf(path)
      for (const tag of Object.values(tags)) expect(tag).toMatch(/^"[!#-~]+"$/)
      expect(new Set(Object.values(tags)).size).toBe(3)
    },
  )

  test("If-None-Match with the ETag of any coding is a 304 for every Accept-Encoding, carrying the negotiated coding's ETag", async () => {
    const tags = await etagsOf('/reviews.json')
    for (const sent of Object.values(tags)) {
      for (const [name, accept] of Object.entries(CODINGS)) {
        const response = await get('/reviews.json', { 'accept-encoding': accept, 'if-none-match': sent })
        expect({ sent, accept, status: response.status }).toEqual({ sent, accept, status: 304 })
        expect(response.headers.get('etag')).toBe(tags[name]!)
        expect(response.headers.get('vary')).toBe('Accept-Encoding')
        expect(await response.text()).toBe('')
      }
    }
    // Weak forms match too (If-None-Match compares weakly); a tag of another version does not.
    expect((await get('/reviews.json', { 'accept-encoding': 'gzip', 'if-none-match': `W/${tags.br}` })).status).toBe(304)
    const stale = tags.gzip!.replace(/^"./, '"~')
    expect((await get('/reviews.json', { 'accept-encoding': 'gzip', 'if-none-match': stale })).status).toBe(200)
  })

  test('a body at or under 1 KiB is only ever identity: one ETag, and a made-up coding tag is not a match', async () => {
    const response = await get('/api/reviews/r-001', { 'accept-encoding': 'gzip' })
    const etag = response.headers.get('etag')!
    expect((await get('/api/reviews/r-001', { 'if-none-match': etag.replace(/"$/, '.gz"') })).status).toBe(200)
  })
})

describe('If-Match and If-Unmodified-Since (RFC 9110 §13.1.1, §13.1.4)', () => {
  test('If-Match with the ETag of the coding served, or *, serves 200; anything else, weak tags included, is 412', async () => {
    const identity = (await get('/reviews.json')).headers.get('etag')!
    const gzip = (await get('/reviews.json', { 'accept-encoding': 'gzip' })).headers.get('etag')!
    for (const header of [identity, `"x", ${identity}`, '*']) expect((await get('/reviews.json', { 'if-match': header })).status).toBe(200)
    for (const header of [gzip, `"x", ${gzip}`, '*'])
      expect((await get('/reviews.json', { 'if-match': header, 'accept-encoding': 'gzip' })).status).toBe(200)
    for (const header of ['"x"', `W/${identity}`]) {
      const response = await get('/reviews.json', { 'if-match': header })
      expect(response.status).toBe(412)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('etag')).toBe(identity)
      expect(await response.json()).toEqual({ error: 'precondition_failed', message: expect.any(String) })
    }
    expect((await get('/reviews.json', { 'if-match': '"x"' }, 'HEAD')).status).toBe(412)
  })

  test('If-Unmodified-Since before the last change is 412; at or after it, or unparsable, serves 200; If-Match wins over it', async () => {
    const lastModified = (await get('/reviews.json')).headers.get('last-modified')!
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString()
    expect((await get('/reviews.json', { 'if-unmodified-since': before })).status).toBe(412)
    expect((await get('/reviews.json', { 'if-unmodified-since': lastModified })).status).toBe(200)
    expect((await get('/reviews.json', { 'if-unmodified-since': 'garbage' })).status).toBe(200)
    expect((await get('/reviews.json', { 'if-unmodified-since': before, 'if-match': '*' })).status).toBe(200)
  })

  test("If-Match with another content-coding's ETag fails the strong comparison: 412 (RFC 9110 §8.8.3, §13.1.1)", async () => {
    for (const path of ['/reviews.json', '/api/feed.json', '/feed.xml']) {
      const identity = (await get(path)).headers.get('etag')!
      const gzip = (await get(path, { 'accept-encoding': 'gzip' })).headers.get('etag')!
      const br = (await get(path, { 'accept-encoding': 'br' })).headers.get('etag')!
      expect(new Set([identity, gzip, br]).size).toBe(3)
      expect((await get(path, { 'if-match': gzip })).status).toBe(412)
      expect((await get(path, { 'if-match': br })).status).toBe(412)
      expect((await get(path, { 'if-match': identity, 'accept-encoding': 'gzip' })).status).toBe(412)
      expect((await get(path, { 'if-match': br, 'accept-encoding': 'gzip' })).status).toBe(412)
      expect((await get(path, { 'if-match': gzip, 'accept-encoding': 'br' })).status).toBe(412)
      expect((await get(path, { 'if-match': br, 'accept-encoding': 'br, gzip' })).status).toBe(200)
      // If-None-Match stays weak and coding-blind: any coding's tag is a 304.
      expect((await get(path, { 'if-none-match': gzip })).status).toBe(304)
    }
  })

  test('a failed precondition wins over a matching If-None-Match', async () => {
    const etag = (await get('/reviews.json')).headers.get('etag')!
    expect((await get('/reviews.json', { 'if-match': '"x"', 'if-none-match': etag })).status).toBe(412)
  })
})

describe('CORS and topics', () => {
  test('OPTIONS preflight answers 204 with allow headers', async () => {
    const response = await get('/api/reviews/search', { origin: 'https://app.example', 'access-control-request-method': 'GET' }, 'OPTIONS')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('GET')
  })

  test.each(['/feed.xml', '/api/feed.json', '/reviews.json'])('%s carries Link rel=hub and rel=self', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await get(path, {}, method)
      expect(response.headers.get('link')).toBe(`<${TEST_BASE_URL}/api/websub/hub>; rel="hub", <${TEST_BASE_URL}${path}>; rel="self"`)
    }
  })

  test('every kind of response carries CORS: health, metrics, docs, OpenAPI, hub, MCP', async () => {
    const responses = [
      await get('/healthz'),
      await get('/metrics'),
      await get('/docs'),
      await get('/.well-known/openapi.json'),
      await fetch(`${server.url}/api/websub/hub`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'hub.mode=x',
      }),
      await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      }),
      await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        }),
      }),
    ]
    for (const response of responses) {
      expect({ url: response.url, cors: response.headers.get('access-control-allow-origin') }).toEqual({ url: response.url, cors: '*' })
      await response.arrayBuffer()
    }
  })

  test('errors are JSON with CORS too', async () => {
    const response = await get('/nowhere')
    expect(response.status).toBe(404)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual({ error: 'not_found', message: 'Nothing is served at /nowhere.' })
  })
})
