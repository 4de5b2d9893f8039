/**
 * SIGTERM with 50 verifications hanging on a slow callback: the compiled binary exits 0 within 5 s,
 * and the unfinished verifications, durable in SQLite, are sent again by the next start.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary } from '../support/binary'
import { startListening, type Running } from '../support/spawn'
import { echoChallenge, localCertificateAuthority, Subscriber, type Received } from '../support/subscriber'

const ca = localCertificateAuthority()
const subscriber = new Subscriber()
const workDir = mkdtempSync(join(tmpdir(), 'reviews-shutdown-'))
const processes: Running[] = []
afterAll(() => {
  for (const running of processes) running.proc.kill('SIGKILL')
  subscriber.stop()
  rmSync(workDir, { recursive: true, force: true })
})

const env = {
  DATA_DIR: join(workDir, 'data'),
  PORT: '0',
  HOST: '127.0.0.1',
  BASE_URL: 'https://reviews.example.test',
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  NODE_EXTRA_CA_CERTS: ca.caFile,
  HUB_TIMEOUT_MS: '60000',
  HUB_MAX_PENDING_PER_HOST: '1000',
  PATH: '/usr/bin:/bin',
}

test('SIGTERM exits within 5 s with hanging verifications, which resume at the next start', async () => {
  const arrived: Received[] = []
  let answer = false
  const paths = Array.from({ length: 50 }, (_, i) => `/hang-${i}`)
  for (const path of paths) {
    subscriber.on(path, async (r) => {
      arrived.push(r)
      while (!answer) await Bun.sleep(50)
      return echoChallenge(r)
    })
  }
  const first = await startListening([compiledBinary(), 'serve'], env)
  processes.push(first)
  for (const path of paths) {
    const response = await fetch(`${first.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'hub.callback': subscriber.url(path),
        'hub.mode': 'subscribe',
        'hub.topic': 'https://reviews.example.test/feed.xml',
      }),
    })
    expect(response.status).toBe(202)
  }
  while (arrived.length < 4) await Bun.sleep(20)

  const started = performance.now()
  first.proc.kill('SIGTERM')
  expect(await first.proc.exited).toBe(0)
  const ms = performance.now() - started
  console.log(`SIGTERM to exit with 50 verifications hanging: ${ms.toFixed(0)} ms`)
  expect(ms).toBeLessThan(5000)

  answer = true
  const before = arrived.length
  const second = await startListening([compiledBinary(), 'serve'], env)
  processes.push(second)
  const deadline = Date.now() + 20_000
  const resumed = () => new Set(arrived.slice(before).map((r) => r.path)).size
  while (resumed() < 50 && Date.now() < deadline) await Bun.sleep(50)
  expect(resumed()).toBe(50)
  // And they take effect: the status lookup says active.
  const lookup = `${second.url}/api/websub/hub?${new URLSearchParams({ 'hub.topic': 'https://reviews.example.test/feed.xml', 'hub.callback': subscriber.url(paths[0]!) })}`
  let state = ''
  while (state !== 'active' && Date.now() < deadline) {
    state = ((await (await fetch(lookup)).json()) as { state: string }).state
    if (state !== 'active') await Bun.sleep(50)
  }
  expect(state).toBe('active')
}, 60_000)
