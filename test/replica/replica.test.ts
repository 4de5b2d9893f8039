/**
 * A read replica in small: a second `serve` process on a copy of the primary's database (VACUUM INTO another
 * DATA_DIR, as Litestream or LiteFS would hand it over), with the hub's work off (HUB_OUTBOUND=0), serves the
 * same bytes and ETags as the primary on every read route of the route table, insights included once computed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readRoutes } from '../../src/api/read-routes'
import { DATABASE_FILE } from '../../src/db/database'
import { dataDirWith } from '../support/data-dir'
import { MAIN, type Running, startListening } from '../support/spawn'
import { localCertificateAuthority, Subscriber } from '../support/subscriber'

const BASE_URL = 'https://reviews.example.test'
let primary: Running
let replica: Running
let primaryDir = ''
let replicaDir = ''
const subscriber = new Subscriber()

const serve = (dataDir: string, env: Record<string, string> = {}) =>
  startListening(['bun', MAIN, 'serve'], {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    BASE_URL,
    HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    NODE_EXTRA_CA_CERTS: localCertificateAuthority().caFile,
    ...env,
  })

/** A copy made before the primary computed insights: this replica computes its own. */
let coldDir = ''

beforeAll(async () => {
  primaryDir = dataDirWith(undefined, 'reviews-primary-')
  coldDir = mkdtempSync(join(tmpdir(), 'reviews-cold-replica-'))
  const source = new Database(join(primaryDir, DATABASE_FILE))
  source.exec(`VACUUM INTO '${join(coldDir, DATABASE_FILE)}'`)
  source.close()
  primary = await serve(primaryDir)
  // Insights computed and stored by the primary before the copy: the replica serves the stored ones. What the
  // primary has served from the code alone (robots.txt, OpenAPI) is recorded too: the copy carries its Last-Modified.
  for (const path of ['/insights.json', '/robots.txt', '/embed.js', '/docs', '/.well-known/openapi.json'])
    expect((await fetch(primary.url + path)).status).toBe(200)
  const db = new Database(join(primaryDir, DATABASE_FILE))
  try {
    for (let i = 0; i < 500 && (db.query<{ n: number }, []>('SELECT count(*) AS n FROM insights').get()?.n ?? 0) === 0; i++)
      await Bun.sleep(20)
    replicaDir = mkdtempSync(join(tmpdir(), 'reviews-replica-'))
    db.exec(`VACUUM INTO '${join(replicaDir, DATABASE_FILE)}'`)
  } finally {
    db.close()
  }
  replica = await serve(replicaDir, { HUB_OUTBOUND: '0' })
}, 60_000)

afterAll(async () => {
  for (const running of [primary, replica]) running?.proc.kill('SIGTERM')
  await Promise.all([primary?.proc.exited, replica?.proc.exited])
  for (const dir of [primaryDir, replicaDir, coldDir]) if (dir) rmSync(dir, { recursive: true, force: true })
  subscriber.server.stop(true)
})

/** What must be equal between two answers to one request: status, the headers that name the content, and the bytes. */
async function answer(base: string, path: string, headers: Record<string, string>, method = 'GET') {
  const response = await fetch(base + path, { method, headers, decompress: false } as RequestInit)
  const named = ['content-type', 'content-encoding', 'etag', 'last-modified', 'link', 'cache-control', 'vary', 'content-length']
  return {
    status: response.status,
    headers: Object.fromEntries(named.map((name) => [name, response.headers.get(name)])),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  }
}

const CODINGS = ['identity', 'gzip', 'br'] as const

/** The same answers from both, for each coding, for GET and HEAD, and the primary's ETag is a 304 on the replica. */
async function expectSame(path: string) {
  for (const coding of CODINGS) {
    for (const method of ['GET', 'HEAD']) {
      const headers = { 'accept-encoding': coding }
      const [fromPrimary, fromReplica] = await Promise.all([
        answer(primary.url, path, headers, method),
        answer(replica.url, path, headers, method),
      ])
      expect(fromReplica, `${method} ${path} (${coding})`).toEqual(fromPrimary)
      if (method === 'GET' && fromPrimary.status === 200) {
        expect(fromPrimary.headers.etag, path).toBeString()
        const revalidated = await fetch(replica.url + path, { headers: { ...headers, 'if-none-match': fromPrimary.headers.etag! } })
        expect(revalidated.status, `${path} revalidated on the replica`).toBe(304)
      }
    }
  }
}

describe('a replica on a copy of the database', () => {
  test('every read route of the route table: the same status, bytes, ETag and Last-Modified as the primary', async () => {
    const dataset = (await (await fetch(`${primary.url}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] }
    const firstPage = (await (await fetch(`${primary.url}/api/reviews/search?limit=3`)).json()) as { next_cursor: string }
    const oldest = dataset.reviews.at(-1)!.date
    // Each route's requests; a route added to the table without requests here fails the test.
    const requests: Record<string, string[]> = {
      '/reviews.json': ['/reviews.json'],
      '/api/reviews/search': [
        '/api/reviews/search',
        '/api/reviews/search?limit=3',
        `/api/reviews/search?limit=3&cursor=${encodeURIComponent(firstPage.next_cursor)}`,
        '/api/reviews/search?q=furnace&rating=5',
        '/api/reviews/search?min_rating=1&max_rating=2&has_response=false',
      ],
      '/api/reviews/since/:date': [`/api/reviews/since/${oldest}`, '/api/reviews/since/2026-01-01?limit=5'],
      '/api/reviews/:id': [`/api/reviews/${encodeURIComponent(dataset.reviews[0]!.id)}`, '/api/reviews/no-such-review'],
      '/api/feed.json': ['/api/feed.json'],
      '/feed.xml': ['/feed.xml'],
      '/insights.json': ['/insights.json'],
    }
    const table = readRoutes({ catalog: undefined as never, search: undefined as never, read: { cacheControl: '', baseUrl: BASE_URL } })
    expect(Object.keys(requests).sort()).toEqual(table.map((route) => route.path).sort())
    for (const paths of Object.values(requests)) for (const path of paths) await expectSame(path)
  }, 60_000)

  test('the other public GETs too: stats, the pages, sitemap.xml, robots.txt, the widget script, /docs and OpenAPI', async () => {
    for (const path of ['/api/reviews/stats?group_by=rating', '/', '/insights', '/developers', '/sitemap.xml', '/embed/fragment'])
      await expectSame(path)
    for (const path of ['/robots.txt', '/embed.js', '/docs', '/.well-known/openapi.json']) await expectSame(path)
  }, 60_000)

  test('a replica copied before any insights were stored computes its own: the same bytes and ETag', async () => {
    const cold = await serve(coldDir, { HUB_OUTBOUND: '0' })
    try {
      for (const coding of CODINGS) {
        const headers = { 'accept-encoding': coding }
        const [fromPrimary, fromCold] = await Promise.all([
          answer(primary.url, '/insights.json', headers),
          answer(cold.url, '/insights.json', headers),
        ])
        expect(fromCold, coding).toEqual(fromPrimary)
      }
    } finally {
      cold.proc.kill('SIGTERM')
      await cold.proc.exited
    }
  }, 60_000)

  test('HUB_OUTBOUND=0: the replica makes no hub request (the primary, asked the same, verifies at once)', async () => {
    const subscribe = (url: string, callback: string) =>
      fetch(`${url}/api/websub/hub`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': `${BASE_URL}/api/feed.json`, 'hub.callback': callback }),
      })
    expect((await subscribe(replica.url, subscriber.url('/via-replica'))).status).toBe(202)
    expect((await subscribe(primary.url, subscriber.url('/via-primary'))).status).toBe(202)
    await subscriber.next((r) => r.path === '/via-primary' && r.method === 'GET')
    expect(subscriber.requests('/via-replica')).toEqual([])
  })
})
