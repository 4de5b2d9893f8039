/**
 * The WebSub hub against a real HTTPS subscriber on 127.0.0.1 with a local CA: the whole
 * subscription lifecycle, deliveries, failures, restarts and limits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/core/config'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import type { TopicPath } from '../../src/feeds/websub-topics'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { echoChallenge, hubTestEnv, localCertificateAuthority, Subscriber, type Received } from '../support/subscriber'
import { review } from '../support/dataset'

const ca = localCertificateAuthority()
let subscriber: Subscriber
let server: TestServer
let clock = Date.now()

const hubEnv = (overrides: Record<string, string> = {}) => hubTestEnv(ca, overrides)

async function start(overrides: Record<string, string> = {}, options: { fakeClock?: boolean; dataDir?: string } = {}) {
  const now = options.fakeClock ? () => clock : Date.now
  server = await startTestServer({ hubConfig: loadHubConfig(hubEnv(overrides), now), dataDir: options.dataDir })
  return server
}

beforeAll(() => {
  subscriber = new Subscriber()
})
afterAll(() => subscriber.stop())
afterEach(async () => {
  await server?.stop()
})

const topic = (path: TopicPath) => `${TEST_BASE_URL}/${path}`

function hubPost(body: string | URLSearchParams, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: body.toString(),
  })
}

async function subscribe(callback: string, path: TopicPath, extra: Record<string, string> = {}, mode = 'subscribe') {
  const response = await hubPost(new URLSearchParams({ 'hub.callback': callback, 'hub.mode': mode, 'hub.topic': topic(path), ...extra }))
  expect(response.status).toBe(202)
  await server.service.hub.whenIdle()
}

const state = (callback: string, path: TopicPath) => server.service.hub.repository.find(callback, path)
const posts = (path: string) => subscriber.requests(path, 'POST')
let unique = 0
const callbackPath = (name: string) => `/${name}-${++unique}`

/** Commits a new review through a second connection, as the CLI import does, and lets the catalog notice. */
function importReview(id: string) {
  const db = openDatabase(join(server.dataDir, 'reviews.db'), MIGRATIONS)
  new ReviewRepository(db).write({ reviews: [review({ id, date: '2026-06-01', text: `Fresh review ${id}.` })] })
  db.close()
  return server.service.catalog.refresh()
}

describe('subscribe, verify, deliver', () => {
  test('each of the three topics is delivered on a change with its exact bytes, type, Link and signature', async () => {
    await start()
    const paths = {
      'feed.xml': callbackPath('atom'),
      'api/feed.json': callbackPath('json'),
      'reviews.json': callbackPath('dataset'),
    } as const
    for (const [t, p] of Object.entries(paths)) await subscribe(subscriber.url(p), t as TopicPath, { 'hub.secret': `secret-${p}` })
    for (const [t, p] of Object.entries(paths)) expect(state(subscriber.url(p), t as TopicPath)?.state).toBe('active')

    const verification = subscriber.requests(paths['feed.xml'], 'GET')[0]!
    const query = new URLSearchParams(verification.query)
    expect(query.get('hub.mode')).toBe('subscribe')
    expect(query.get('hub.topic')).toBe(topic('feed.xml'))
    expect(query.get('hub.lease_seconds')).toBe('864000')
    expect(query.get('hub.challenge')!.length).toBeGreaterThanOrEqual(20)

    expect(importReview('hub-e2e-1').sort()).toEqual(['api/feed.json', 'feed.xml', 'reviews.json'])
    await server.service.hub.whenIdle()
    for (const [t, p] of Object.entries(paths)) {
      const delivered = posts(p)
      expect(delivered).toHaveLength(1)
      const get = await fetch(`${server.url}/${t}`)
      const bytes = new Uint8Array(await get.arrayBuffer())
      const push = delivered[0]!
      expect(push.body).toEqual(bytes)
      expect(new TextDecoder().decode(push.body)).toContain('hub-e2e-1')
      expect(push.headers.get('content-type')).toBe(get.headers.get('content-type'))
      expect(push.headers.get('link')).toBe(`<${TEST_BASE_URL}/api/websub/hub>; rel="hub", <${topic(t as TopicPath)}>; rel="self"`)
      const expected = createHmac('sha256', `secret-${p}`).update(push.body).digest('hex')
      expect(push.headers.get('x-hub-signature')).toBe(`sha256=${expected}`)
    }
    expect(posts(paths['feed.xml'])[0]!.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
  })

  test('the callback query string is kept byte for byte', async () => {
    await start()
    const raw = `${callbackPath('query')}?token=a%2Fb%3D&x=%7e&empty=&plus=a+b&dup=1&dup=2`
    await subscribe(subscriber.url(raw), 'feed.xml')
    const verification = subscriber.received.filter((r) => r.method === 'GET').at(-1)!
    expect(verification.rawUrl.startsWith(`${subscriber.url(raw)}&hub.mode=subscribe&`)).toBe(true)
    importReview('hub-query-1')
    await server.service.hub.whenIdle()
    expect(subscriber.received.at(-1)!.rawUrl).toBe(subscriber.url(raw))
  })

  test('renewal keeps one subscription: exactly one delivery per change', async () => {
    await start()
    const p = callbackPath('renew')
    await subscribe(subscriber.url(p), 'api/feed.json', { 'hub.lease_seconds': '7200' })
    await subscribe(subscriber.url(p), 'api/feed.json', { 'hub.lease_seconds': '90000' })
    expect(state(subscriber.url(p), 'api/feed.json')).toMatchObject({ state: 'active', lease_seconds: 90000 })
    importReview('hub-renew-1')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(1)
  })

  test('unsubscribe is verified, then nothing more is delivered', async () => {
    await start()
    const p = callbackPath('unsub')
    await subscribe(subscriber.url(p), 'feed.xml')
    await subscribe(subscriber.url(p), 'feed.xml', {}, 'unsubscribe')
    const verification = subscriber.requests(p, 'GET').at(-1)!
    expect(new URLSearchParams(verification.query).get('hub.mode')).toBe('unsubscribe')
    expect(new URLSearchParams(verification.query).has('hub.lease_seconds')).toBe(false)
    expect(state(subscriber.url(p), 'feed.xml')?.state).toBe('removed')
    importReview('hub-unsub-1')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(0)
  })

  test('lease expiry without renewal stops deliveries', async () => {
    await start({ HUB_LEASE_MIN: '60' }, { fakeClock: true })
    const p = callbackPath('lease')
    await subscribe(subscriber.url(p), 'feed.xml', { 'hub.lease_seconds': '1' })
    expect(state(subscriber.url(p), 'feed.xml')?.lease_seconds).toBe(60)
    clock += 61_000
    importReview('hub-lease-1')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(0)
    expect(state(subscriber.url(p), 'feed.xml')?.state).toBe('expired')
  })
})

describe('verification failures reject and leave earlier state unchanged', () => {
  const refusals: [string, (r: Received) => Response | Promise<Response>][] = [
    ['a wrong challenge', () => new Response('not-the-challenge')],
    ['the challenge with extra bytes', (r) => new Response(`${new URLSearchParams(r.query).get('hub.challenge')}\n`)],
    ['a non-2xx status', (r) => new Response(new URLSearchParams(r.query).get('hub.challenge'), { status: 404 })],
    ['a redirect', (r) => new Response(null, { status: 302, headers: { location: `/elsewhere?${r.query}` } })],
    [
      'no answer within the timeout',
      async (r) => {
        await Bun.sleep(1500)
        return echoChallenge(r)
      },
    ],
  ]
  test.each(refusals)('%s', async (_, behaviour) => {
    await start({ HUB_TIMEOUT_MS: '300' })
    const p = callbackPath('refuse')
    await subscribe(subscriber.url(p), 'reviews.json', { 'hub.lease_seconds': '7200', 'hub.secret': 'first' })
    const before = state(subscriber.url(p), 'reviews.json')
    subscriber.on(p, (r) => (r.method === 'GET' ? behaviour(r) : new Response(null, { status: 204 })))
    await subscribe(subscriber.url(p), 'reviews.json', { 'hub.lease_seconds': '99999', 'hub.secret': 'second' })
    expect(state(subscriber.url(p), 'reviews.json')).toEqual(before)
    // A new subscription refused the same way is never created.
    const q = callbackPath('refuse-new')
    subscriber.on(q, behaviour)
    await subscribe(subscriber.url(q), 'reviews.json')
    expect(state(subscriber.url(q), 'reviews.json')).toBeNull()
    const [last] = server.service.db.query('SELECT state, reason FROM hub_verifications ORDER BY id DESC LIMIT 1').all() as {
      state: string
      reason: string
    }[]
    expect(last!.state).toBe('rejected')
    expect(last!.reason.length).toBeGreaterThan(0)
  })

  test('a callback whose certificate is not trusted is rejected (TLS error)', async () => {
    server = await startTestServer({ hubConfig: loadHubConfig({ ...hubEnv(), NODE_EXTRA_CA_CERTS: '' }) })
    const p = callbackPath('untrusted')
    await subscribe(subscriber.url(p), 'feed.xml')
    expect(state(subscriber.url(p), 'feed.xml')).toBeNull()
    const [last] = server.service.db.query('SELECT reason FROM hub_verifications ORDER BY id DESC LIMIT 1').all() as { reason: string }[]
    expect(last!.reason).toMatch(/^tls:/)
  })
})

describe('delivery failures', () => {
  test('three consecutive failures auto-unsubscribe, with a denied notice', async () => {
    await start()
    const p = callbackPath('failing')
    await subscribe(subscriber.url(p), 'feed.xml')
    subscriber.on(p, (r) => (r.method === 'GET' ? new Response('ok') : new Response('nope', { status: 500 })))
    importReview('hub-fail-1')
    const denied = await subscriber.next((r) => r.path === p && r.method === 'GET' && r.query.includes('hub.mode=denied'))
    expect(new URLSearchParams(denied.query).get('hub.topic')).toBe(topic('feed.xml'))
    expect(new URLSearchParams(denied.query).get('hub.reason')).toContain('3 consecutive')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(3)
    expect(state(subscriber.url(p), 'feed.xml')?.state).toBe('auto_unsubscribed')
    importReview('hub-fail-2')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(3)
  })

  test('a success in between resets the count', async () => {
    await start()
    const p = callbackPath('flaky')
    await subscribe(subscriber.url(p), 'feed.xml')
    const script = [500, 500, 200, 500, 500, 200]
    subscriber.on(p, (r) => (r.method === 'GET' ? echoChallenge(r) : new Response(null, { status: script.shift() ?? 200 })))
    importReview('hub-flaky-1')
    await subscriber.next((r) => r.path === p && r.method === 'POST', 5000, subscriber.received.length)
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(3)
    importReview('hub-flaky-2')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(6)
    expect(state(subscriber.url(p), 'feed.xml')).toMatchObject({ state: 'active', failures: 0 })
  })

  test('410 Gone removes the subscription at once', async () => {
    await start()
    const p = callbackPath('gone')
    await subscribe(subscriber.url(p), 'feed.xml')
    subscriber.on(p, (r) => (r.method === 'GET' ? echoChallenge(r) : new Response(null, { status: 410 })))
    importReview('hub-gone-1')
    await server.service.hub.whenIdle()
    expect(posts(p)).toHaveLength(1)
    expect(state(subscriber.url(p), 'feed.xml')?.state).toBe('removed')
  })

  test('a subscriber never receives older content after newer: a pending retry carries the newest bytes', async () => {
    await start({ HUB_RETRY_DELAYS_MS: '200,200' })
    const p = callbackPath('coalesce')
    await subscribe(subscriber.url(p), 'feed.xml')
    const script = [500]
    subscriber.on(p, (r) => (r.method === 'GET' ? echoChallenge(r) : new Response(null, { status: script.shift() ?? 200 })))
    importReview('hub-old-1')
    await subscriber.next((r) => r.path === p && r.method === 'POST')
    importReview('hub-new-2')
    await server.service.hub.whenIdle()
    const bodies = posts(p).map((r) => new TextDecoder().decode(r.body))
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toContain('hub-new-2')
    expect(bodies[1]).toContain('hub-old-1')
  })

  test('a restart mid-retry resumes the delivery from the database', async () => {
    await start({ HUB_RETRY_DELAYS_MS: '300,300' })
    const p = callbackPath('restart')
    await subscribe(subscriber.url(p), 'api/feed.json')
    const script = [503]
    subscriber.on(p, (r) => (r.method === 'GET' ? echoChallenge(r) : new Response(null, { status: script.shift() ?? 200 })))
    importReview('hub-restart-1')
    await subscriber.next((r) => r.path === p && r.method === 'POST')
    const dataDir = server.dataDir
    await server.stop(true)
    expect(posts(p)).toHaveLength(1)
    await start({ HUB_RETRY_DELAYS_MS: '300,300' }, { dataDir })
    const resumed = await subscriber.next((r) => r.path === p && r.method === 'POST', 5000, subscriber.received.indexOf(posts(p)[0]!) + 1)
    expect(new TextDecoder().decode(resumed.body)).toContain('hub-restart-1')
    await server.service.hub.whenIdle()
    expect(server.service.hub.repository.pendingDeliveries()).toBe(0)
  })
})

describe('fan-out', () => {
  test('1,000 subscribers all get one delivery, never more than the per-host limit in flight', async () => {
    const slow = new Subscriber({ delayMs: 5 })
    try {
      // A delivery timed out is sent again (at least once): a generous timeout keeps a loaded machine from doing so.
      await start({ HUB_MAX_CONCURRENT: '32', HUB_MAX_CONCURRENT_PER_HOST: '12', HUB_TIMEOUT_MS: '20000' })
      const store = server.service.hub.repository
      const now = Date.now()
      server.service.db.transaction(() => {
        for (let i = 0; i < 1000; i++) {
          store.activate(
            {
              id: 0,
              mode: 'subscribe',
              callback: slow.url(`/fan/${i}`),
              callback_host: 'localhost',
              topic: 'feed.xml',
              lease_seconds: 3600,
              secret: null,
              state: 'pending',
            },
            now,
          )
        }
      })()
      const started = performance.now()
      importReview('hub-fanout-1')
      await server.service.hub.whenIdle()
      const elapsed = performance.now() - started
      const delivered = slow.received.filter((r) => r.method === 'POST')
      expect(new Set(delivered.map((r) => r.path)).size).toBe(1000)
      expect(delivered).toHaveLength(1000)
      expect(slow.maxInFlight).toBeLessThanOrEqual(12)
      expect(slow.maxInFlight).toBeGreaterThan(1)
      console.log(`fan-out of 1,000 deliveries: ${elapsed.toFixed(0)} ms, at most ${slow.maxInFlight} in flight`)
    } finally {
      slow.stop()
    }
  }, 60_000)
})
