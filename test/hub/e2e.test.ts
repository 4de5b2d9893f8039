/**
 * End to end, black box: the real server process (trusting the test CA through NODE_EXTRA_CA_CERTS,
 * as in production), a real HTTPS subscriber, and a CLI import in a third process.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAIN, startListening, type Running } from '../support/spawn'
import { hubTestEnv, localCertificateAuthority, Subscriber } from '../support/subscriber'
import { business, review, reviews } from '../support/dataset'

const BASE = 'https://reviews.e2e.test'
const ca = localCertificateAuthority()
let subscriber: Subscriber
let running: Running
let dataDir: string

beforeAll(async () => {
  subscriber = new Subscriber()
  dataDir = mkdtempSync(join(tmpdir(), 'hub-e2e-'))
  const env = { DATA_DIR: dataDir }
  // Our own dataset first, so the server starts on known data.
  const seed = join(dataDir, 'seed.json')
  writeFileSync(seed, JSON.stringify({ business, reviews }))
  expect(Bun.spawnSync(['bun', MAIN, 'import', seed], { env: { ...process.env, ...env } }).exitCode).toBe(0)
  running = await startListening(['bun', MAIN, 'serve'], {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    BASE_URL: BASE,
    DATA_POLL_MS: '100',
    ...hubTestEnv(ca),
  })
})
afterAll(() => {
  running?.proc.kill('SIGTERM')
  subscriber.stop()
})

test('subscribe to all three topics, import a review with the CLI, receive each topic once with the new bytes', async () => {
  const topics = ['feed.xml', 'api/feed.json', 'reviews.json']
  for (const topic of topics) {
    const response = await fetch(`${running.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'hub.callback': subscriber.url(`/e2e/${topic}`),
        'hub.mode': 'subscribe',
        'hub.topic': `${BASE}/${topic}`,
      }),
    })
    expect(response.status).toBe(202)
    await subscriber.next((r) => r.path === `/e2e/${topic}` && r.method === 'GET')
  }
  // Let the verifications' answers be recorded before the change (the hub activates on the response).
  const metricsShowActive = async () =>
    (await (await fetch(`${running.url}/metrics`)).text()).includes('websub_subscriptions{state="active"} 3')
  for (let i = 0; i < 200 && !(await metricsShowActive()); i++) await Bun.sleep(10)
  expect(await metricsShowActive()).toBe(true)

  const file = join(dataDir, 'new.jsonl')
  writeFileSync(file, JSON.stringify(review({ id: 'e2e-new', date: '2026-07-01', text: 'Pushed to every subscriber.' })))
  const imported = Bun.spawnSync(['bun', MAIN, 'import', file], { env: { ...process.env, DATA_DIR: dataDir } })
  expect(imported.stdout.toString()).toContain('1 inserted')

  for (const topic of topics) {
    const push = await subscriber.next((r) => r.path === `/e2e/${topic}` && r.method === 'POST')
    const get = await fetch(`${running.url}/${topic}`)
    expect(push.body).toEqual(new Uint8Array(await get.arrayBuffer()))
    expect(push.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect(push.headers.get('link')).toBe(`<${BASE}/api/websub/hub>; rel="hub", <${BASE}/${topic}>; rel="self"`)
    expect(new TextDecoder().decode(push.body)).toContain('e2e-new')
  }
  expect(subscriber.received.filter((r) => r.method === 'POST')).toHaveLength(3)
})
