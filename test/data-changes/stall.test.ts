/**
 * A data change never stalls serving (CONTRACT.md, Data changes): a server on 10k reviews, polled on
 * /healthz every few milliseconds, while the CLI imports one review into its database from another
 * process. Fails when the server's event loop is held (the next version built on it), and when the new
 * review is not served within 2 s of the import's end.
 *
 * On a shared machine a slow answer may only mean the server was not scheduled; what this test holds the
 * server to is the time its main thread spent running during each answer (Linux schedstat), which a busy
 * machine does not inflate: a loop held by a synchronous build shows up there whatever the load. Wall
 * times are printed beside it; the figures against the real targets are bench/data-changes.ts's.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateDataset } from '../../src/sample/generate'
import { ReviewRepository } from '../../src/reviews/repository'
import { openServiceDatabase } from '../../src/service'
import { MAIN, startListening, type Running } from '../support/spawn'

const SIZE = 10_000
/**
 * The longest the server's main thread may run during one /healthz answer, and the 99th percentile (ms). On a
 * loaded machine one answer's window stretches over several of the 4 ms slices a version is taken in by, and
 * counts them all: 250 ms stays far below a build held on the loop (628 ms measured for the previous build).
 */
const MAX_MS = 250
const P99_MS = 50

let dir: string
let running: Running | undefined
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reviews-stall-'))
  const dataDir = join(dir, 'data')
  const { business, reviews } = generateDataset({ count: SIZE, seed: 11, endDate: '2026-11-15', years: 4 })
  const db = openServiceDatabase(dataDir)
  new ReviewRepository(db).write({ business, reviews })
  db.close()
  running = await startListening(['bun', MAIN, 'serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATA_POLL_MS: '100' })
  // Settle: the first version's deferred work (feeds, index, insights) is done before the change is measured.
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline && (await fetch(`${running.url}/insights.json`)).status !== 200) await Bun.sleep(100)
}, 300_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

/** Milliseconds the server's main thread (its thread id is the process id) has spent on a CPU. */
const mainThreadCpuMs = (pid: number) => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6

/** Polls /healthz back to back (a few ms apart) until `stop` resolves: each answer's wall time, and the server's main-thread CPU time meanwhile. */
async function pollHealth(url: string, pid: number, stop: Promise<unknown>): Promise<{ wall: number[]; held: number[] }> {
  const wall: number[] = []
  const held: number[] = []
  let done = false
  void stop.then(() => (done = true))
  while (!done) {
    const cpu = mainThreadCpuMs(pid)
    const started = performance.now()
    const response = await fetch(`${url}/healthz`)
    await response.arrayBuffer()
    wall.push(performance.now() - started)
    held.push(mainThreadCpuMs(pid) - cpu)
    await Bun.sleep(3)
  }
  return { wall, held }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

test('a one-review import into a served 10k-review database keeps /healthz answering, and is served within 2 s', async () => {
  const url = running!.url
  const file = join(dir, 'one.jsonl')
  const id = 'stall-test-review'
  const base = generateDataset({ count: 1, seed: 99, endDate: '2026-11-16', years: 1 }).reviews[0]!
  writeFileSync(file, `${JSON.stringify({ ...base, id, date: '2026-11-16', verified: true })}\n`)

  let release!: () => void
  const stop = new Promise<void>((resolve) => (release = resolve))
  const polling = pollHealth(url, running!.proc.pid, stop)

  const imported = Bun.spawn(['bun', MAIN, 'import', file], {
    env: { ...process.env, DATA_DIR: join(dir, 'data') },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  expect(await imported.exited).toBe(0)
  const importedAt = performance.now()
  let visibleMs = Number.POSITIVE_INFINITY
  while (performance.now() - importedAt < 10_000) {
    if ((await fetch(`${url}/api/reviews/${id}`)).status === 200) {
      visibleMs = performance.now() - importedAt
      break
    }
    await Bun.sleep(10)
  }
  // Keep polling while the rest of the new version (insights) is worked on.
  const insightsDeadline = performance.now() + 15_000
  while (performance.now() < insightsDeadline) {
    const insights = (await (await fetch(`${url}/insights.json`)).json()) as { review_count: number }
    if (
      insights.review_count > 0 &&
      ((await fetch(`${url}/healthz`).then((r) => r.json())) as { review_count: number }).review_count === insights.review_count
    )
      break
    await Bun.sleep(50)
  }
  release()
  const { wall, held } = await polling
  const max = Math.max(...held)
  const p99 = percentile(held, 0.99)
  // The build runs on other threads: on a machine with more runnable threads than cores it waits its turn.
  const overload = Math.max(1, loadavg()[0]! / cpus().length)
  const figures =
    `${held.length} /healthz answers: server main thread ran p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms per answer ` +
    `(wall p99 ${percentile(wall, 0.99).toFixed(1)} ms, max ${Math.max(...wall).toFixed(1)} ms); visible after ${visibleMs.toFixed(0)} ms ` +
    `(load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`
  console.log(figures)
  expect(visibleMs, figures).toBeLessThan(2000 * overload)
  expect(max, figures).toBeLessThan(MAX_MS)
  expect(p99, figures).toBeLessThan(P99_MS)
}, 120_000)
