/** 404, 405 with Allow, 500 without a stack trace, and no 500 for any hostile request. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../src/core/config'
import { createApp } from '../../src/app'
import { createService } from '../../src/service'
import { startTestServer, type TestServer } from '../support/server'
import { business, reviews } from '../support/dataset'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

describe('unknown paths and methods', () => {
  test.each(['/nope', '/reviews.json/extra', '/api', '/api/reviews', '/api/reviews/since', '/API/FEED.JSON'])(
    '%s is 404 not_found',
    async (path) => {
      const response = await fetch(server.url + path)
      expect(response.status).toBe(404)
      expect(((await response.json()) as { error: string }).error).toBe('not_found')
    },
  )

  test.each([
    ['POST', '/reviews.json'],
    ['PUT', '/api/reviews/search'],
    ['DELETE', '/feed.xml'],
    ['PATCH', '/api/reviews/r-001'],
    ['POST', '/api/reviews/since/2024-01-01'],
  ])('%s %s is 405 with Allow', async (method, path) => {
    const response = await fetch(server.url + path, { method, body: method === 'DELETE' ? undefined : 'x' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    const body = (await response.json()) as { error: string; message: string }
    expect(body.error).toBe('method_not_allowed')
    expect(body.message).toContain(method)
  })
})

describe('no input gives a 500', () => {
  const hostile = [
    '/api/reviews/search?query=%00',
    '/api/reviews/search?query=%ff%fe',
    '/api/reviews/search?query=' + 'a'.repeat(5000),
    '/api/reviews/search?rating=%20',
    '/api/reviews/search?limit=1e2',
    '/api/reviews/search?limit=-0',
    '/api/reviews/search?min_rating=NaN',
    '/api/reviews/search?min_rating=Infinity',
    '/api/reviews/search?rating=99999999999999999999999',
    '/api/reviews/search?since=0000-00-00',
    '/api/reviews/search?mentions_technician=%E2%80%AE',
    '/api/reviews/search?mentions_service=' + encodeURIComponent('"; DROP TABLE reviews;'),
    '/api/reviews/search?&&&=&=x',
    '/api/reviews/since/' + '9'.repeat(300),
    '/api/reviews/since/%00',
    '/api/reviews/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/api/reviews/' + encodeURIComponent('\u{1F527}'),
    '/api/reviews/%ZZ',
  ]
  test.each(hostile)('%s', async (path) => {
    const response = await fetch(server.url + path)
    expect(response.status).toBeGreaterThanOrEqual(200)
    expect(response.status).toBeLessThan(500)
    expect(response.headers.get('content-type')).toContain('json')
  })
})

describe('a server fault', () => {
  test('is 500 internal with no stack trace, logged, and the process keeps serving', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reviews-fault-'))
    const events: Record<string, unknown>[] = []
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' })
    const service = createService(config, { seed: { business, reviews }, log: (e) => events.push(e) })
    const app = createApp({
      config,
      catalog: service.catalog,
      search: service.search,
      log: (e) => events.push(e),
      plugins: [
        new Elysia().get('/boom', () => {
          throw new Error('secret internals at /srv/app.ts:12')
        }),
      ],
    })
    const boom = await app.handle(new Request('http://localhost/boom'))
    expect(boom.status).toBe(500)
    const body = await boom.text()
    expect(JSON.parse(body)).toEqual({ error: 'internal', message: 'Something went wrong on our side; the error was logged.' })
    expect(body).not.toContain('secret')
    expect(events.some((e) => e.event === 'internal_error' && String(e.error).includes('secret internals'))).toBe(true)
    expect((await app.handle(new Request('http://localhost/reviews.json'))).status).toBe(200)
    await service.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe('request log', () => {
  test('LOG_REQUESTS=1 writes one JSON event per request with method, path, status and time', async () => {
    const events: Record<string, unknown>[] = []
    let notify: () => void = () => {}
    const logged = new Promise<void>((resolve) => (notify = resolve))
    const logging = await startTestServer({
      env: { LOG_REQUESTS: '1' },
      log: (event) => {
        events.push(event)
        if (events.filter((e) => e.event === 'request').length === 2) notify()
      },
    })
    try {
      await fetch(`${logging.url}/reviews.json`)
      await fetch(`${logging.url}/missing`)
      await logged
      const requests = events.filter((e) => e.event === 'request')
      expect(requests.map((e) => [e.method, e.path, e.status])).toEqual([
        ['GET', '/reviews.json', 200],
        ['GET', '/missing', 404],
      ])
      for (const e of requests) expect(typeof e.ms).toBe('number')
    } finally {
      await logging.stop()
    }
  })
})
