/**
 * Outside hubs (HUB_EXTERNAL_URLS) against two real hubs running here: a plain HTTP one and an HTTPS one
 * with the local CA. Each is advertised as another rel="hub" on every topic (Link headers, the feeds'
 * hub links, the OpenAPI document) and pinged with hub.mode=publish on every topic change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { ConfigError, loadHubConfig } from '../../src/core/config'
import { openDatabase } from '../../src/db/database'
import { TOPIC_PATHS } from '../../src/feeds/websub-topics'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import { review } from '../support/dataset'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { localCertificateAuthority, Subscriber, type Received } from '../support/subscriber'

const ca = localCertificateAuthority()
type Ping = { path: string; contentType: string | null; form: URLSearchParams }

/** A small outside hub: records every publish ping; the first `failFirst` pings are answered 503. */
function plainHub(failFirst = 0) {
  const pings: Ping[] = []
  let waiting: { count: number; resolve: () => void }[] = []
  let failures = failFirst
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    reusePort: false,
    async fetch(request) {
      const url = new URL(request.url)
      pings.push({ path: url.pathname, contentType: request.headers.get('content-type'), form: new URLSearchParams(await request.text()) })
      for (const waiter of waiting.filter((w) => pings.length >= w.count)) waiter.resolve()
      waiting = waiting.filter((w) => pings.length < w.count)
      if (failures > 0) {
        failures--
        return new Response('busy', { status: 503 })
      }
      return new Response(null, { status: 204 })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/publish`,
    pings,
    until: (count: number) =>
      pings.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    stop: () => server.stop(true),
  }
}

let server: TestServer
let httpHub: ReturnType<typeof plainHub>
let httpsHub: Subscriber

beforeAll(async () => {
  httpHub = plainHub(1)
  httpsHub = new Subscriber()
  server = await startTestServer({
    hubConfig: loadHubConfig({
      NODE_EXTRA_CA_CERTS: ca.caFile,
      HUB_RETRY_DELAYS_MS: '20,40',
      HUB_TIMEOUT_MS: '3000',
      HUB_EXTERNAL_URLS: `${httpHub.url}, ${httpsHub.url('/hub?tenant=reviews')}`,
    }),
  })
})
afterAll(async () => {
  await server.stop()
  httpHub.stop()
  httpsHub.stop()
})

const ours = `${TEST_BASE_URL}/api/websub/hub`
const outside = () => [httpHub.url, httpsHub.url('/hub?tenant=reviews')]

describe('outside hubs are advertised on every topic', () => {
  test.each(TOPIC_PATHS)('%s: Link on GET and HEAD names our hub, then each outside hub, then self', async (path) => {
    const expected = `${[ours, ...outside()].map((hub) => `<${hub}>; rel="hub"`).join(', ')}, <${TEST_BASE_URL}/${path}>; rel="self"`
    for (const method of ['GET', 'HEAD']) expect((await fetch(`${server.url}/${path}`, { method })).headers.get('link')).toBe(expected)
  })

  test('the feeds list every hub: JSON Feed hubs[], Atom <link rel="hub">', async () => {
    const feed = (await (await fetch(`${server.url}/api/feed.json`)).json()) as { hubs: { type: string; url: string }[] }
    expect(feed.hubs).toEqual([ours, ...outside()].map((url) => ({ type: 'WebSub', url })))
    const atom = await (await fetch(`${server.url}/feed.xml`)).text()
    const hubs = [...atom.matchAll(/<link rel="hub" href="([^"]+)"\/>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(hubs).toEqual([ours, ...outside()])
  })

  test('the OpenAPI document names them, and its Link pattern admits the header sent', async () => {
    const document = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as any
    const link = document.paths['/feed.xml'].get.responses['200'].headers.Link
    for (const hub of outside()) expect(link.description).toContain(hub)
    const sent = (await fetch(`${server.url}/feed.xml`)).headers.get('link')!
    expect(sent).toMatch(new RegExp(link.schema.pattern))
    expect(document.paths['/api/websub/hub'].post.description).toContain(httpHub.url)
  })
})

describe('outside hubs are pinged on every topic change', () => {
  test('hub.mode=publish with hub.url and hub.topic, once per changed topic per hub; a refused ping is retried', async () => {
    const db = openDatabase(join(server.dataDir, 'reviews.db'), MIGRATIONS)
    new ReviewRepository(db).write({ reviews: [review({ id: 'outside-1', date: '2026-06-01', text: 'Fresh for the outside hubs.' })] })
    db.close()
    const changed = await server.service.catalog.refresh()
    expect([...changed].sort()).toEqual([...TOPIC_PATHS].sort())
    await server.service.hub.whenIdle()
    const topics = TOPIC_PATHS.map((path) => `${TEST_BASE_URL}/${path}`).sort()

    // The plain HTTP hub refused the first ping (503): that one came again, so 3 + 1.
    await httpHub.until(4)
    expect(httpHub.pings).toHaveLength(4)
    for (const ping of httpHub.pings) {
      expect(ping.path).toBe('/publish')
      expect(ping.contentType).toBe('application/x-www-form-urlencoded')
      expect(ping.form.get('hub.mode')).toBe('publish')
      expect(ping.form.get('hub.url')).toBe(ping.form.get('hub.topic'))
    }
    expect([...new Set(httpHub.pings.map((p) => p.form.get('hub.topic')))].sort()).toEqual(topics)

    // The HTTPS hub (trusted through NODE_EXTRA_CA_CERTS) got each topic once, its own query string kept.
    const received: Received[] = httpsHub.requests('/hub', 'POST')
    expect(received).toHaveLength(3)
    for (const r of received) expect(r.query).toBe('tenant=reviews')
    expect(received.map((r) => new URLSearchParams(new TextDecoder().decode(r.body)).get('hub.topic')).sort()).toEqual(topics)
    expect(server.service.hub.metrics.pings).toEqual({ accepted: 6, retry: 1 })
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    expect(metrics).toContain('websub_publish_pings_total{result="accepted"} 6\n')
    expect(metrics).toContain('websub_publish_pings_total{result="retry"} 1\n')
  })

  test('a change whose ping never went out (its holder died first) is pinged by the next holder, once', async () => {
    const hubConfig = server.service.hub.config
    const dataDir = server.dataDir
    const dbPath = join(dataDir, 'reviews.db')
    const etags = async () =>
      Object.fromEntries(
        await Promise.all(
          TOPIC_PATHS.map(async (path) => [
            path,
            (await fetch(`${server.url}/${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })).headers.get('etag'),
          ]),
        ),
      )
    // What each hub took is recorded: every topic as it is now.
    const now = await etags()
    let db = openDatabase(dbPath, MIGRATIONS)
    const recorded = db.query<{ hub: string; topic: string; etag: string }, []>('SELECT hub, topic, etag FROM hub_pings').all()
    expect(recorded).toHaveLength(2 * TOPIC_PATHS.length)
    for (const row of recorded) expect(row.etag).toBe(now[row.topic]!)
    db.close()

    // A change the holder never pinged about: committed while no process serves this DATA_DIR.
    await server.stop(true)
    db = openDatabase(dbPath, MIGRATIONS)
    new ReviewRepository(db).write({
      reviews: [review({ id: 'outside-2', date: '2026-06-02', text: 'Written while the holder was gone.' })],
    })
    db.close()
    const plainBefore = httpHub.pings.length
    const secureBefore = httpsHub.requests('/hub', 'POST').length
    server = await startTestServer({ dataDir, hubConfig })
    await httpHub.until(plainBefore + TOPIC_PATHS.length)
    await server.service.hub.whenIdle()
    const topics = TOPIC_PATHS.map((path) => `${TEST_BASE_URL}/${path}`).sort()
    expect(
      httpHub.pings
        .slice(plainBefore)
        .map((p) => p.form.get('hub.topic'))
        .sort(),
    ).toEqual(topics)
    const secure = httpsHub.requests('/hub', 'POST').slice(secureBefore)
    expect(secure.map((r) => new URLSearchParams(new TextDecoder().decode(r.body)).get('hub.topic')).sort()).toEqual(topics)

    // The hubs now know the current content: a restart with nothing new pings nobody.
    await server.stop(true)
    server = await startTestServer({ dataDir, hubConfig })
    await server.service.hub.whenIdle()
    expect(server.service.hub.leading).toBe(true)
    expect(httpHub.pings).toHaveLength(plainBefore + TOPIC_PATHS.length)
    expect(httpsHub.requests('/hub', 'POST')).toHaveLength(secureBefore + TOPIC_PATHS.length)
  })

  test('HUB_EXTERNAL_URLS takes http(s) URLs only, and names the bad one', () => {
    expect(loadHubConfig({}).externalUrls).toEqual([])
    expect(() => loadHubConfig({ HUB_EXTERNAL_URLS: 'https://hub.example/, ftp://x.example/' })).toThrow(ConfigError)
    expect(() => loadHubConfig({ HUB_EXTERNAL_URLS: 'https://hub.example/, ftp://x.example/' })).toThrow(/ftp:\/\/x.example/)
    expect(() => loadHubConfig({ HUB_EXTERNAL_URLS: 'https://user:pw@hub.example/' })).toThrow(ConfigError)
  })
})
