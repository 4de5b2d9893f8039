/**
 * The hub under abuse and faults, against the running server on port 0 and a real HTTPS subscriber
 * with a local CA: bodies counted as they stream, another process holding the database lock, slow
 * callbacks hogging outbound slots, bursts against the caps, the W3C rules on competing requests,
 * the status lookup, housekeeping and shutdown.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/core/config'
import { openDatabase } from '../../src/db/database'
import type { TopicPath } from '../../src/feeds/websub-topics'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import { review } from '../support/dataset'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { echoChallenge, localCertificateAuthority, Subscriber, type Received } from '../support/subscriber'

const ca = localCertificateAuthority()
let subscriber: Subscriber
let server: TestServer | undefined
let clock = Date.now()

beforeAll(() => {
  subscriber = new Subscriber()
})
afterAll(() => subscriber.stop())
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const hubEnv = (overrides: Record<string, string> = {}) => ({
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  NODE_EXTRA_CA_CERTS: ca.caFile,
  HUB_RETRY_DELAYS_MS: '20,40',
  HUB_TIMEOUT_MS: '3000',
  HUB_REQUESTS_PER_MINUTE: '100000',
  HUB_MAX_PENDING_PER_HOST: '100000',
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: '100000',
  HUB_MAX_CONCURRENT_PER_HOST: '1000',
  ...overrides,
})

async function start(
  overrides: Record<string, string> = {},
  options: { fakeClock?: boolean; dataDir?: string; env?: Record<string, string> } = {},
) {
  server = await startTestServer({
    hubConfig: loadHubConfig(hubEnv(overrides), options.fakeClock ? () => clock : Date.now),
    dataDir: options.dataDir,
    env: options.env,
  })
  return server
}

const topic = (path: TopicPath) => `${TEST_BASE_URL}/${path}`
let unique = 0
const callbackPath = (name: string) => `/${name}-${++unique}`

function hubPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server!.url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

const subscribeFields = (callback: string, path: TopicPath = 'feed.xml', mode = 'subscribe', extra: Record<string, string> = {}) => ({
  'hub.callback': callback,
  'hub.mode': mode,
  'hub.topic': topic(path),
  ...extra,
})

async function subscribed(callback: string, path: TopicPath = 'feed.xml') {
  expect((await hubPost(subscribeFields(callback, path))).status).toBe(202)
  await server!.service.hub.whenIdle()
  expect(server!.service.hub.repository.find(callback, path)?.state).toBe('active')
}

function importReview(id: string) {
  const db = openDatabase(join(server!.dataDir, 'reviews.db'), MIGRATIONS)
  new ReviewRepository(db).write({ reviews: [review({ id, date: '2026-06-01', text: `Fresh review ${id}.` })] })
  db.close()
  return server!.service.catalog.refresh()
}

/** Requests as they arrive at the subscriber, before it answers (the subscriber records them only once answered). */
function arrivals() {
  const seen: Received[] = []
  const waiters: { test: (r: Received) => boolean; resolve: () => void }[] = []
  return {
    seen,
    mark(r: Received) {
      seen.push(r)
      for (const waiter of waiters.filter((w) => w.test(r))) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    },
    next(test: (r: Received) => boolean = () => true): Promise<void> {
      if (seen.some(test)) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ test, resolve }))
    },
  }
}

/** A gate a subscriber behaviour waits on; `open()` lets it answer. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('request bodies', () => {
  test('a chunked upload past 8 KiB is refused with the JSON 413 after reading little of it', async () => {
    await start()
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65536
        if (pulled > 64 << 20) controller.close()
        else controller.enqueue(new Uint8Array(65536).fill(97))
      },
    })
    const response = await fetch(`${server!.url}/api/websub/hub`, {
      method: 'POST',
      body: endless,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large')
    expect(pulled).toBeLessThan(8 << 20)
  })

  test('a declared body over the hub cap is the JSON 413; over the server backstop (8 MiB) it is refused on any path before it is read', async () => {
    await start()
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const hub = await fetch(`${server!.url}/api/websub/hub`, { method: 'POST', body: new Uint8Array(9 * 1024), headers: form })
    expect(hub.status).toBe(413)
    expect(((await hub.json()) as { error: string }).error).toBe('payload_too_large')
    for (const path of ['/api/websub/hub', '/mcp', '/api/reviews/search', '/nowhere']) {
      const response = await fetch(`${server!.url}${path}`, { method: 'POST', body: new Uint8Array(9 << 20), headers: form })
      expect({ path, status: response.status }).toEqual({ path, status: 413 })
    }
  })
})

describe('W3C rules', () => {
  test('hub.lease_seconds is ignored on unsubscribe, and a percent-encoded topic is the topic', async () => {
    await start()
    const p = subscriber.url(callbackPath('encoded'))
    const encoded = `${TEST_BASE_URL}/%66eed.xml`
    expect((await hubPost({ 'hub.callback': p, 'hub.mode': 'subscribe', 'hub.topic': encoded })).status).toBe(202)
    await server!.service.hub.whenIdle()
    expect(server!.service.hub.repository.find(p, 'feed.xml')?.state).toBe('active')
    const unsubscribe = await hubPost(subscribeFields(p, 'feed.xml', 'unsubscribe', { 'hub.lease_seconds': 'forever' }))
    expect(unsubscribe.status).toBe(202)
    await server!.service.hub.whenIdle()
    expect(server!.service.hub.repository.find(p, 'feed.xml')?.state).toBe('removed')
  })

  test('the latest request for a (topic, callback) wins: a slow subscribe verified after a newer unsubscribe is discarded', async () => {
    await start()
    const path = callbackPath('latest')
    const slow = gate()
    const seen = arrivals()
    subscriber.on(path, async (r) => {
      seen.mark(r)
      if (new URLSearchParams(r.query).get('hub.mode') === 'subscribe') await slow.opened
      return echoChallenge(r)
    })
    const callback = subscriber.url(path)
    expect((await hubPost(subscribeFields(callback))).status).toBe(202)
    await seen.next((r) => r.query.includes('hub.mode=subscribe'))
    const unsubscribeSeen = seen.next((r) => r.query.includes('hub.mode=unsubscribe'))
    expect((await hubPost(subscribeFields(callback, 'feed.xml', 'unsubscribe'))).status).toBe(202)
    await unsubscribeSeen
    // Let the unsubscribe be decided first, then the old subscribe answers.
    const hub = server!.service.hub
    for (
      let i = 0;
      i < 100 &&
      (
        hub.repository.db.query("SELECT count(*) AS n FROM hub_verifications WHERE mode = 'unsubscribe' AND state = 'pending'").get() as {
          n: number
        }
      ).n;
      i++
    )
      await Bun.sleep(10)
    slow.open()
    await hub.whenIdle()
    expect(hub.repository.find(callback, 'feed.xml')?.state ?? null).not.toBe('active')
    importReview('latest-wins-1')
    await hub.whenIdle()
    expect(subscriber.requests(path, 'POST')).toHaveLength(0)
  }, 20_000)
})

describe('subscription status lookup', () => {
  test('GET on the hub answers state, lease, failures and last delivery; 404 when unknown; never the secret', async () => {
    await start()
    const path = callbackPath('status')
    const callback = subscriber.url(path)
    expect(
      (
        await hubPost(
          subscribeFields(callback, 'api/feed.json', 'subscribe', { 'hub.secret': 'do-not-show-me', 'hub.lease_seconds': '7200' }),
        )
      ).status,
    ).toBe(202)
    await server!.service.hub.whenIdle()
    const lookup = () =>
      fetch(`${server!.url}/api/websub/hub?${new URLSearchParams({ 'hub.topic': topic('api/feed.json'), 'hub.callback': callback })}`)
    const first = await lookup()
    expect(first.status).toBe(200)
    const before = (await first.json()) as Record<string, unknown>
    expect(before).toMatchObject({ state: 'active', consecutive_failures: 0, last_delivery: null })
    const expires = Date.parse(before.lease_expires_at as string)
    expect(Math.abs(expires - (Date.now() + 7200_000))).toBeLessThan(60_000)

    importReview('status-1')
    await server!.service.hub.whenIdle()
    const afterText = await (await lookup()).text()
    expect(afterText).not.toContain('do-not-show-me')
    const after = JSON.parse(afterText) as { last_delivery: { at: string; status: number } }
    expect(after.last_delivery.status).toBe(204)
    expect(Math.abs(Date.parse(after.last_delivery.at) - Date.now())).toBeLessThan(60_000)

    const unknown = await fetch(
      `${server!.url}/api/websub/hub?${new URLSearchParams({ 'hub.topic': topic('feed.xml'), 'hub.callback': callback })}`,
    )
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toBe('not_found')
  })
})

describe('caps under a burst', () => {
  test('pending verifications count against the per-host cap: 30 requests, cap 5, never more than 5 subscriptions', async () => {
    await start({ HUB_MAX_SUBSCRIPTIONS_PER_HOST: '5' })
    const held = gate()
    const paths = Array.from({ length: 30 }, () => callbackPath('burst'))
    for (const p of paths) {
      subscriber.on(p, async (r) => {
        await held.opened
        return echoChallenge(r)
      })
    }
    const statuses = await Promise.all(paths.map(async (p) => (await hubPost(subscribeFields(subscriber.url(p)))).status))
    expect(statuses.filter((s) => s === 202)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(25)
    held.open()
    await server!.service.hub.whenIdle()
    expect(server!.service.hub.repository.activeCount()).toBe(5)
  })

  test('per-host limits count per registrable domain: wildcard subdomains share one', async () => {
    await start({ HUB_ALLOW_PRIVATE_CALLBACKS: '0', HUB_MAX_PENDING_PER_HOST: '1' })
    server!.service.hub.stop() // Keep them pending.
    expect((await hubPost(subscribeFields('https://a1.tarpit.example.com/x'))).status).toBe(202)
    const second = await hubPost(subscribeFields('https://b2.tarpit.example.com/y'))
    expect(second.status).toBe(429)
    expect(((await second.json()) as { error: string }).error).toBe('too_many_pending')
    expect((await hubPost(subscribeFields('https://a1.other.example.org/x'))).status).toBe(202)
  })

  test('IPv6 clients are rate-limited per /64', async () => {
    await start({ HUB_REQUESTS_PER_MINUTE: '3', HUB_TRUST_PROXY: '1' })
    const statuses: number[] = []
    for (let i = 1; i <= 5; i++) {
      const response = await hubPost(subscribeFields(subscriber.url(callbackPath('v6'))), {
        'x-forwarded-for': `2001:db8:5:7:${i.toString(16)}::${i}`,
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429])
    const elsewhere = await hubPost(subscribeFields(subscriber.url(callbackPath('v6'))), { 'x-forwarded-for': '2001:db8:5:8::1' })
    expect(elsewhere.status).toBe(202)
  })
})

describe('outbound slots', () => {
  test('a flood of subscribes to a slow callback cannot hold back a delivery: verifications get at most half the slots', async () => {
    await start({ HUB_MAX_CONCURRENT: '4', HUB_TIMEOUT_MS: '4000' })
    const active = callbackPath('active')
    await subscribed(subscriber.url(active))
    const tarpit = gate()
    const seen = arrivals()
    const floodPaths = Array.from({ length: 20 }, () => callbackPath('tarpit'))
    for (const p of floodPaths)
      subscriber.on(p, async (r) => {
        seen.mark(r)
        await tarpit.opened
        return echoChallenge(r)
      })
    for (const p of floodPaths) expect((await hubPost(subscribeFields(subscriber.url(p)))).status).toBe(202)
    await seen.next()
    const started = performance.now()
    const delivered = subscriber.next((r) => r.path === active && r.method === 'POST', 8000)
    importReview('slots-1')
    await delivered
    const ms = performance.now() - started
    console.log(`delivery with 20 verifications hanging on a tarpit: ${ms.toFixed(0)} ms`)
    expect(ms).toBeLessThan(2000) // One timeout is 4 s; before, the delivery waited for it.
    tarpit.open()
    await server!.service.hub.whenIdle()
  }, 30_000)

  test('while every slot is taken, waiting for one costs no CPU (no 0 ms timer loop)', async () => {
    // A slow data poll, so the measurement is the hub's alone.
    await start({ HUB_MAX_CONCURRENT: '2', HUB_TIMEOUT_MS: '5000' }, { env: { DATA_POLL_MS: '60000' } })
    const hang = gate()
    const seen = arrivals()
    const paths = Array.from({ length: 6 }, () => callbackPath('hang'))
    for (const p of paths) {
      await subscribed(subscriber.url(p))
      subscriber.on(p, async (r) => {
        if (r.method !== 'POST') return echoChallenge(r)
        seen.mark(r)
        await hang.opened
        return new Response(null, { status: 204 })
      })
    }
    // This process's CPU share over one second, measured first with nothing waiting (the baseline of a
    // shared machine: the test's own servers, GC), then with deliveries waiting for slots. A 0 ms timer
    // loop cost 9.2% of a core above the baseline; waiting on promises costs nothing measurable.
    const cpuShare = async () => {
      const cpuBefore = process.cpuUsage()
      const wallBefore = performance.now()
      await Bun.sleep(1000)
      const cpu = process.cpuUsage(cpuBefore)
      return (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore)
    }
    const baseline = await cpuShare()
    importReview('cpu-1')
    await seen.next()
    // The lower of two seconds: a loop costs in both, a collection or a neighbour's burst in one (3.5% seen once in CI).
    const share = Math.min(await cpuShare(), await cpuShare())
    console.log(`CPU while waiting for a slot: ${(share * 100).toFixed(1)}% of one core (baseline ${(baseline * 100).toFixed(1)}%)`)
    expect(share - baseline).toBeLessThan(0.03)
    hang.open()
    await server!.service.hub.whenIdle()
    expect(
      new Set(subscriber.received.filter((r) => r.method === 'POST' && r.path.startsWith('/hang')).map((r) => r.path)).size,
    ).toBeGreaterThanOrEqual(6)
  }, 30_000)
})

describe('another process holding the database lock (a CLI import)', () => {
  test('the event loop never waits long, a subscribe is told to retry, a confirmed verification and a retry are never lost', async () => {
    await start()
    const hub = server!.service.hub
    // A subscription whose first delivery fails, so a retry is due while the lock is held.
    const retrying = callbackPath('retry')
    await subscribed(subscriber.url(retrying))
    let deliveries = 0
    subscriber.on(retrying, (r) =>
      r.method === 'POST' ? new Response(null, { status: ++deliveries === 1 ? 500 : 204 }) : echoChallenge(r),
    )
    // A verification that will answer while the lock is held.
    const pendingPath = callbackPath('confirm-under-lock')
    const answer = gate()
    const seen = arrivals()
    subscriber.on(pendingPath, async (r) => {
      seen.mark(r)
      await answer.opened
      return echoChallenge(r)
    })
    expect((await hubPost(subscribeFields(subscriber.url(pendingPath)))).status).toBe(202)
    await seen.next()

    importReview('lock-1')
    await subscriber.next((r) => r.path === retrying && r.method === 'POST')

    const holder = new Database(join(server!.dataDir, 'reviews.db'))
    holder.exec('BEGIN EXCLUSIVE')
    try {
      answer.open()
      // Health stays quick while the writes wait.
      const latencies: number[] = []
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now()
        expect((await fetch(`${server!.url}/healthz`)).status).toBeLessThan(600)
        latencies.push(performance.now() - t0)
        await Bun.sleep(30)
      }
      console.log(`/healthz while another process holds the lock: at most ${Math.max(...latencies).toFixed(1)} ms`)
      expect(Math.max(...latencies)).toBeLessThan(250)
      const refused = await hubPost(subscribeFields(subscriber.url(callbackPath('during-lock'))))
      expect(refused.status).toBe(503)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await refused.json()) as { error: string }).error).toBe('busy')
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
    const confirmed = subscriber.url(pendingPath)
    for (let i = 0; i < 300 && hub.repository.find(confirmed, 'feed.xml')?.state !== 'active'; i++) await Bun.sleep(10)
    expect(hub.repository.find(confirmed, 'feed.xml')?.state).toBe('active')
    // The retry chain survived the lock: the second attempt came, soon.
    await subscriber.next(
      (r) => r.path === retrying && r.method === 'POST',
      5000,
      subscriber.received.findIndex((r) => r.path === retrying && r.method === 'POST') + 1,
    )
    await hub.whenIdle()
    expect(deliveries).toBeGreaterThanOrEqual(2)
  }, 30_000)
})

describe('housekeeping', () => {
  test('finished verifications go after a day, ended subscriptions after 30 days', async () => {
    clock = Date.now()
    const first = await start({}, { fakeClock: true })
    const keep = subscriber.url(callbackPath('keep'))
    const gone = subscriber.url(callbackPath('gone'))
    await subscribed(keep)
    await subscribed(gone)
    expect((await hubPost(subscribeFields(gone, 'feed.xml', 'unsubscribe'))).status).toBe(202)
    await first.service.hub.whenIdle()
    const dataDir = first.dataDir
    const count = (db: Database, table: string) => (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    expect(count(first.service.db, 'hub_verifications')).toBe(3)
    await first.stop(true)

    clock += 2 * 24 * 3600_000
    const second = await start(
      { HUB_LEASE_MAX: String(365 * 24 * 3600), HUB_LEASE_DEFAULT: String(365 * 24 * 3600) },
      { fakeClock: true, dataDir },
    )
    expect(count(second.service.db, 'hub_verifications')).toBe(0)
    expect(count(second.service.db, 'hub_subscriptions')).toBe(2)
    await second.stop(true)

    clock += 31 * 24 * 3600_000
    const third = await start({}, { fakeClock: true, dataDir })
    expect(third.service.hub.repository.find(gone, 'feed.xml')).toBeNull()
    expect(third.service.hub.repository.find(keep, 'feed.xml')).not.toBeNull() // Expired, but only just ended.
  })
})

describe('shutdown', () => {
  test('stop returns within 5 s with 50 verifications hanging, and they stay pending for the next start', async () => {
    await start({ HUB_TIMEOUT_MS: '30000' })
    const never = gate()
    const seen = arrivals()
    const paths = Array.from({ length: 50 }, () => callbackPath('hang-stop'))
    for (const p of paths)
      subscriber.on(p, async (r) => {
        seen.mark(r)
        await never.opened
        return echoChallenge(r)
      })
    for (const p of paths) expect((await hubPost(subscribeFields(subscriber.url(p)))).status).toBe(202)
    await seen.next()
    const dataDir = server!.dataDir
    const started = performance.now()
    await server!.stop(true)
    server = undefined
    expect(performance.now() - started).toBeLessThan(5000)
    const db = new Database(join(dataDir, 'reviews.db'))
    expect((db.query("SELECT count(*) AS n FROM hub_verifications WHERE state = 'pending'").get() as { n: number }).n).toBe(50)
    db.close()
    never.open()
  }, 30_000)
})
