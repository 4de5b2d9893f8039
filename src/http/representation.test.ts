import { describe, expect, test } from 'bun:test'
import {
  CachedRepresentation,
  chooseEncoding,
  etagListMatches,
  evaluateConditions,
  PRECOMPRESS_ABOVE,
  serveOffLoop,
  serveOptions,
  serveRepresentation,
} from './representation'

describe('chooseEncoding', () => {
  test.each([
    [null, null],
    ['', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['GZIP', 'gzip'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
  ] as const)('%p -> %p', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected)
  })
})

describe('etagListMatches (If-None-Match: weak comparison over a list)', () => {
  const etag = '"abc-1"'
  test.each([
    ['"abc-1"', true],
    ['W/"abc-1"', true],
    ['"x", "abc-1"', true],
    ['"x",W/"abc-1" ', true],
    ['*', true],
    ['"abc"', false],
    ['"x", "y"', false],
    ['abc-1', false],
  ])('%s -> %p', (header, expected) => {
    expect(etagListMatches(header, [etag], 'weak')).toBe(expected)
  })
})

describe("evaluateConditions: is the client's copy current (304)?", () => {
  const isNotModified = (request: Request, rep: CachedRepresentation) => evaluateConditions(request, rep) === 304
  const rep = CachedRepresentation.text('{"a":1}', 'application/json', new Date('2025-06-01T12:00:00.500Z'))
  const request = (headers: Record<string, string>) => new Request('http://x.test/', { headers })

  test('If-None-Match wins over If-Modified-Since', () => {
    expect(isNotModified(request({ 'if-none-match': '"other"', 'if-modified-since': 'Sun, 01 Jun 2025 12:00:00 GMT' }), rep)).toBe(false)
    expect(isNotModified(request({ 'if-none-match': rep.etag, 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }), rep)).toBe(true)
  })
  test('If-Modified-Since compares whole seconds; a bad date never matches', () => {
    expect(isNotModified(request({ 'if-modified-since': 'Sun, 01 Jun 2025 12:00:00 GMT' }), rep)).toBe(true)
    expect(isNotModified(request({ 'if-modified-since': 'Sun, 01 Jun 2025 11:59:59 GMT' }), rep)).toBe(false)
    expect(isNotModified(request({ 'if-modified-since': 'yesterday' }), rep)).toBe(false)
  })
})

describe('serveRepresentation', () => {
  const big = CachedRepresentation.text(JSON.stringify({ text: 'x'.repeat(4000) }), 'application/json', new Date(0))
  const options = serveOptions('public, max-age=60')

  test('serveOptions returns one object per distinct setting', () => {
    expect(serveOptions('public, max-age=60')).toBe(options)
    expect(serveOptions('public, max-age=60', { link: '<a>' })).toBe(serveOptions('public, max-age=60', { link: '<a>' }))
    expect(serveOptions('public, max-age=60', { link: '<a>' })).not.toBe(options)
  })

  test('compresses above 1 KiB, with Vary; HEAD has no body; a match is an empty 304', async () => {
    const gz = serveRepresentation(new Request('http://x.test/', { headers: { 'accept-encoding': 'gzip' } }), big, options)
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toBe('Accept-Encoding')
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(new TextDecoder().decode(big.body))
    const head = serveRepresentation(new Request('http://x.test/', { method: 'HEAD' }), big, options)
    expect(head.body).toBeNull()
    const notModified = serveRepresentation(new Request('http://x.test/', { headers: { 'if-none-match': big.etag } }), big, options)
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
  })
})

describe('serveOffLoop (large bodies)', () => {
  // Compressible but not trivially: a listing of distinct rows, over the off-loop threshold.
  const rows = Array.from({ length: 20_000 }, (_, i) => `{"id":"r${i}","text":"row ${i * 7919}"}`).join(',')
  const large = () => CachedRepresentation.text(`[${rows}]`, 'application/json', new Date('2026-01-01T00:00:00Z'))
  const options = serveOptions('public, max-age=60')
  const get = (headers: Record<string, string> = {}) => new Request('http://localhost/api/reviews/since/2020-01-01', { headers })

  test('an identity request is answered at once, compressing nothing', () => {
    const rep = large()
    expect(rep.body.byteLength).toBeGreaterThan(PRECOMPRESS_ABOVE)
    const response = serveOffLoop(get(), rep, options)
    expect(response).toBeInstanceOf(Response)
    expect(rep.isEncoded('gzip') || rep.isEncoded('br')).toBe(false)
  })

  test('a gzip request waits for the gzip form only, and a repeat is answered at once', async () => {
    const rep = large()
    const pending = serveOffLoop(get({ 'accept-encoding': 'gzip' }), rep, options)
    expect(pending).toBeInstanceOf(Promise)
    const response = await pending
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(Buffer.from(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer()))).equals(Buffer.from(rep.body))).toBe(true)
    expect(rep.isEncoded('gzip')).toBe(true)
    expect(rep.isEncoded('br')).toBe(false)
    expect(serveOffLoop(get({ 'accept-encoding': 'gzip' }), rep, options)).toBeInstanceOf(Response)
  })

  test('a revalidation is answered 304 without compressing', () => {
    const rep = large()
    const response = serveOffLoop(get({ 'accept-encoding': 'br', 'if-none-match': rep.etags[2]! }), rep, options) as Response
    expect(response.status).toBe(304)
    expect(response.headers.get('etag')).toBe(rep.etags[2]!)
    expect(rep.isEncoded('br')).toBe(false)
  })

  test('If-Match naming the gzip form of a client that prefers br: 412 against br, nothing compressed on the loop', () => {
    const rep = large()
    const response = serveOffLoop(get({ 'accept-encoding': 'br, gzip', 'if-match': rep.etags[1]! }), rep, options) as Response
    expect(response.status).toBe(412)
    expect(response.headers.get('etag')).toBe(rep.etags[2]!)
    expect(rep.isEncoded('gzip') || rep.isEncoded('br')).toBe(false)
  })

  test('concurrent requests for one coding get the same compressed bytes', async () => {
    const rep = large()
    const [a, b] = await Promise.all([
      serveOffLoop(get({ 'accept-encoding': 'br' }), rep, options),
      serveOffLoop(get({ 'accept-encoding': 'br' }), rep, options),
    ])
    const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()])
    expect(new Uint8Array(x)).toEqual(new Uint8Array(y))
    expect(a.headers.get('content-length')).toBe(String(x.byteLength))
  })
})

test('a coding has the same bytes (so one ETag names one body) whether it was compressed here or off the loop', async () => {
  // Varied JSON over 1 MB: where the runtime's own gzipSync and node:zlib's gzip part ways.
  const text = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ id: `r-${i}`, text: `visit ${(i * 7919) % 10007}` })))
  const here = CachedRepresentation.text(text, 'application/json', new Date(0))
  const offLoop = CachedRepresentation.text(text, 'application/json', new Date(0))
  expect(here.byteLength).toBeGreaterThan(1 << 20)
  for (const coding of ['gzip', 'br'] as const) expect(here.encoded(coding)).toEqual(await offLoop.encodedOffLoop(coding))
})

/** A representation of `reviews` rows whose body is deferred (as a data version's in pieces), counting where it is joined. */
function deferredRepresentation(reviews: number, etag: string) {
  const bytes = new TextEncoder().encode(JSON.stringify({ reviews: Array.from({ length: reviews }, (_, i) => ({ id: `d-${i}` })) }))
  const joined = { here: 0, offLoop: 0 }
  const rep = new CachedRepresentation(
    {
      byteLength: bytes.byteLength,
      etag,
      join: () => {
        joined.here++
        return bytes
      },
      joinOffLoop: async () => {
        joined.offLoop++
        return bytes
      },
    },
    'application/json',
    new Date(0),
  )
  return { bytes, rep, joined }
}

test('a large deferred body: HEAD, 304 and 412 answered at once without it; a GET joins it off the loop', async () => {
  const { bytes, rep, joined } = deferredRepresentation(8000, '"large-deferred"')
  expect(rep.byteLength).toBeGreaterThan(PRECOMPRESS_ABOVE)
  const options = serveOptions('no-cache')
  const request = (init: RequestInit) => new Request('http://x.test/reviews.json', init)
  const head = serveOffLoop(request({ method: 'HEAD' }), rep, options) as Response
  expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.byteLength)])
  expect((serveOffLoop(request({ headers: { 'if-none-match': rep.etag } }), rep, options) as Response).status).toBe(304)
  expect((serveOffLoop(request({ headers: { 'if-match': '"other"' } }), rep, options) as Response).status).toBe(412)
  expect(joined).toEqual({ here: 0, offLoop: 0 })
  const get = serveOffLoop(request({}), rep, options)
  expect(get).toBeInstanceOf(Promise)
  expect(new Uint8Array(await (await get).arrayBuffer())).toEqual(bytes)
  expect(joined).toEqual({ here: 0, offLoop: 1 })
})

test('a deferred body: its tag and length known at once, joined off the loop once, never on it when whole() is awaited', async () => {
  const { bytes, rep, joined } = deferredRepresentation(5000, '"deferred"')
  expect([rep.etag, rep.byteLength, rep.isWhole]).toEqual(['"deferred"', bytes.byteLength, false])
  const [a, b] = await Promise.all([rep.whole(), rep.whole(), rep.encodedOffLoop('gzip')])
  expect(a).toBe(bytes)
  expect(b).toBe(bytes)
  expect(rep.body).toBe(bytes)
  expect(joined).toEqual({ here: 0, offLoop: 1 })
  const wrong = new CachedRepresentation(
    { byteLength: 3, etag: '"w"', join: () => bytes, joinOffLoop: async () => bytes },
    'application/json',
    new Date(0),
  )
  await expect(wrong.whole()).rejects.toThrow('another length')
})

describe('brotli of a body over PRECOMPRESS_ABOVE is built off the loop', () => {
  const body = () =>
    CachedRepresentation.text(
      JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ id: i, text: `review ${i * 7919}` }))),
      'application/json',
      new Date('2026-01-01T00:00:00Z'),
    )
  const options = serveOptions('public, max-age=60')
  const get = (acceptEncoding: string) => new Request('http://localhost/reviews.json', { headers: { 'accept-encoding': acceptEncoding } })

  test('until it is ready, a client that takes gzip too gets gzip; then br', async () => {
    const rep = body()
    expect(rep.body.byteLength).toBeGreaterThan(PRECOMPRESS_ABOVE)
    const first = serveRepresentation(get('gzip, deflate, br'), rep, options)
    expect(first.headers.get('content-encoding')).toBe('gzip')
    expect(first.headers.get('etag')).toBe(rep.etags[1]!)
    await rep.encodedOffLoop('br')
    const next = serveRepresentation(get('gzip, deflate, br'), rep, options)
    expect(next.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await next.arrayBuffer()).equals(Buffer.from(rep.encoded('br')))).toBe(true)
  })

  test('a client that takes only br gets br at once', () => {
    const rep = body()
    expect(serveRepresentation(get('br'), rep, options).headers.get('content-encoding')).toBe('br')
  })

  test('a small body gets br at once', () => {
    const rep = CachedRepresentation.text(`{"text":"${'quite compressible '.repeat(200)}"}`, 'application/json', new Date())
    expect(rep.body.byteLength).toBeLessThan(PRECOMPRESS_ABOVE)
    expect(serveRepresentation(get('gzip, br'), rep, options).headers.get('content-encoding')).toBe('br')
  })
})
