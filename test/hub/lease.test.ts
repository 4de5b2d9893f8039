/**
 * The hub's lease across processes, black box: two `serve` processes on one DATA_DIR (as `serve --workers 2`
 * runs them), a real HTTPS subscriber trusted through NODE_EXTRA_CA_CERTS, and a CLI import. Subscriptions
 * are requested from the process that does not hold the lease (it records them, the holder verifies them);
 * the holder is killed with -9 in the middle of a fan-out; the other takes the lease over and every
 * subscriber ends with the latest content. A delivery in flight at the kill (the subscriber had the bytes,
 * the holder had not yet recorded the 2xx) is sent again: counted and bounded by the per-host concurrency.
 * LEASE_SUBSCRIBERS sets the fan-out (default 40; bench/workers.ts runs 1,000).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { business, review, reviews } from '../support/dataset'
import { eventsOf, MAIN, type Running, startListening, waitForEvent } from '../support/spawn'
import { hubTestEnv, localCertificateAuthority, Subscriber } from '../support/subscriber'

const BASE = 'https://reviews.lease.test'
const SUBSCRIBERS = Number(process.env.LEASE_SUBSCRIBERS ?? 40)
const PER_HOST = 4
const ca = localCertificateAuthority()
let subscriber: Subscriber
let dataDir: string
const processes: Running[] = []

const env = (dir = dataDir) => ({
  DATA_DIR: dir,
  PORT: '0',
  HOST: '127.0.0.1',
  BASE_URL: BASE,
  DATA_POLL_MS: '100',
  ...hubTestEnv(ca, { HUB_MAX_CONCURRENT_PER_HOST: String(PER_HOST), HUB_TIMEOUT_MS: '5000' }),
})

beforeAll(async () => {
  // Slow enough that the fan-out is still going when the holder is killed.
  subscriber = new Subscriber({ delayMs: 25 })
  dataDir = newDataDir()
}, 60_000)

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hub-lease-'))
  const seed = join(dir, 'seed.json')
  writeFileSync(seed, JSON.stringify({ business, reviews }))
  expect(Bun.spawnSync(['bun', MAIN, 'import', seed], { env: { ...process.env, DATA_DIR: dir } }).exitCode).toBe(0)
  return dir
}

function importOne(dir: string, id: string): void {
  const file = join(dir, `${id}.jsonl`)
  writeFileSync(file, JSON.stringify(review({ id, date: '2026-07-03', text: `Review ${id}.` })))
  expect(Bun.spawnSync(['bun', MAIN, 'import', file], { env: { ...process.env, DATA_DIR: dir } }).exitCode).toBe(0)
}
afterAll(() => {
  for (const running of processes) running.proc.kill('SIGKILL')
  subscriber.stop()
})

async function start(dir = dataDir): Promise<Running> {
  const running = await startListening(['bun', MAIN, 'serve'], env(dir), 60_000)
  processes.push(running)
  return running
}

const posts = (path: string) => subscriber.received.filter((r) => r.method === 'POST' && r.path === path)

test(`the lease holder is killed with -9 mid fan-out to ${SUBSCRIBERS} subscribers: the other process takes over and each gets the latest content`, async () => {
  const holder = await start()
  await waitForEvent(holder, (e) => e.event === 'hub_lease' && e.result === 'acquired')
  const standby = await start()
  expect(eventsOf(standby).some((e) => e.event === 'hub_lease')).toBe(false)

  // Requests to the standby: 202 there, verified by the holder.
  const paths = Array.from({ length: SUBSCRIBERS }, (_, i) => `/lease/${i}`)
  for (const path of paths) {
    const response = await fetch(`${standby.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.callback': subscriber.url(path), 'hub.mode': 'subscribe', 'hub.topic': `${BASE}/feed.xml` }),
    })
    expect(response.status).toBe(202)
  }
  const statusOf = async (path: string) =>
    (
      (await (
        await fetch(
          `${standby.url}/api/websub/hub?${new URLSearchParams({ 'hub.topic': `${BASE}/feed.xml`, 'hub.callback': subscriber.url(path) })}`,
        )
      ).json()) as { state: string }
    ).state
  for (const path of paths) while ((await statusOf(path)) !== 'active') await Bun.sleep(50)
  const verifications = eventsOf(holder).filter((e) => e.event === 'hub_verification' && e.result === 'verified')
  expect(verifications).toHaveLength(SUBSCRIBERS)
  expect(eventsOf(standby).some((e) => e.event === 'hub_verification')).toBe(false)

  // A change; the holder starts the fan-out and dies with part of it done.
  const file = join(dataDir, 'new.jsonl')
  writeFileSync(file, JSON.stringify(review({ id: 'lease-new', date: '2026-07-02', text: 'Delivered across a takeover.' })))
  expect(Bun.spawnSync(['bun', MAIN, 'import', file], { env: { ...process.env, DATA_DIR: dataDir } }).exitCode).toBe(0)
  const quarter = Math.ceil(SUBSCRIBERS / 4)
  await subscriber.next(() => subscriber.received.filter((r) => r.method === 'POST').length >= quarter, 30_000)
  holder.proc.kill('SIGKILL')
  const killedAt = Date.now()
  await holder.proc.exited
  const sentBeforeKill = subscriber.received.filter((r) => r.method === 'POST').length

  const taken = await waitForEvent(standby, (e) => e.event === 'hub_lease' && e.result === 'acquired', 15_000)
  const takeoverMs = Date.parse(String(taken.time)) - killedAt
  expect(takeoverMs).toBeLessThan(6000)

  // Every subscriber ends with the bytes a GET of the topic returns now.
  const latest = new Uint8Array(await (await fetch(`${standby.url}/feed.xml`)).arrayBuffer())
  expect(new TextDecoder().decode(latest)).toContain('lease-new')
  const deadline = Date.now() + 60_000
  while (paths.some((p) => !posts(p).some((r) => Bun.deepEquals(r.body, latest))) && Date.now() < deadline) await Bun.sleep(50)
  const missing = paths.filter((p) => !posts(p).some((r) => Bun.deepEquals(r.body, latest)))
  expect(missing).toEqual([])
  // Nobody ever got anything but the latest content, and at most the deliveries in flight at the kill came twice.
  for (const path of paths) for (const r of posts(path)) expect(r.body).toEqual(latest)
  const twice = paths.filter((p) => posts(p).length > 1)
  expect(twice.length).toBeLessThanOrEqual(PER_HOST)
  console.log(
    `lease takeover after kill -9: ${takeoverMs} ms; ${sentBeforeKill} of ${SUBSCRIBERS} delivered before the kill; ` +
      `${twice.length} delivered twice (in flight at the kill; at most ${PER_HOST})`,
  )
}, 180_000)

test('a holder that stops answering (SIGSTOP) loses the lease once it ends; woken up, it starts no more work', async () => {
  const dir = newDataDir()
  const holder = await start(dir)
  await waitForEvent(holder, (e) => e.event === 'hub_lease' && e.result === 'acquired')
  const standby = await start(dir)
  const path = '/frozen/0'
  const response = await fetch(`${standby.url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'hub.callback': subscriber.url(path), 'hub.mode': 'subscribe', 'hub.topic': `${BASE}/api/feed.json` }),
  })
  expect(response.status).toBe(202)
  await waitForEvent(holder, (e) => e.event === 'hub_verification' && e.result === 'verified')

  holder.proc.kill('SIGSTOP')
  const stoppedAt = Date.now()
  // Its process is alive: the standby waits the lease out (5 s) and takes it.
  const taken = await waitForEvent(standby, (e) => e.event === 'hub_lease' && e.result === 'acquired', 15_000)
  const takeoverMs = Date.parse(String(taken.time)) - stoppedAt
  expect(takeoverMs).toBeGreaterThan(3000)
  expect(takeoverMs).toBeLessThan(9000)
  importOne(dir, 'frozen-1')
  const first = await subscriber.next((r) => r.method === 'POST' && r.path === path, 15_000)
  expect(new TextDecoder().decode(first.body)).toContain('frozen-1')

  holder.proc.kill('SIGCONT')
  await waitForEvent(holder, (e) => e.event === 'hub_lease' && e.result === 'lost', 15_000)
  importOne(dir, 'frozen-2')
  const count = subscriber.received.length
  const second = await subscriber.next(
    (r) => r.method === 'POST' && r.path === path && new TextDecoder().decode(r.body).includes('frozen-2'),
    15_000,
    count,
  )
  expect(second.body).toEqual(new Uint8Array(await (await fetch(`${standby.url}/api/feed.json`)).arrayBuffer()))
  // The standby logs each delivery once its 2xx is recorded, a moment after the subscriber has it.
  await waitForEvent(standby, () => eventsOf(standby).filter((e) => e.event === 'hub_delivery').length >= 2)
  expect(eventsOf(standby).filter((e) => e.event === 'hub_delivery')).toHaveLength(2)
  expect(eventsOf(holder).filter((e) => e.event === 'hub_delivery')).toEqual([])
  console.log(`lease taken from a stopped holder after ${takeoverMs} ms`)
}, 120_000)
