/**
 * `serve --workers N`, black box: real processes (the script and the compiled binary), one port, one DATA_DIR.
 * Each worker serves the same data version within 2 s of a CLI import; insights of a new version are computed
 * in one worker only; a killed worker is started again; SIGTERM stops them all; a supervisor killed with -9
 * takes its workers with it; a port held by another server (single, or with workers of its own) is refused.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary } from '../support/binary'
import { business, review, reviews } from '../support/dataset'
import { eventsOf, MAIN, type Running, startListening, waitForEvent } from '../support/spawn'

const started: Running[] = []
afterAll(() => {
  for (const running of started) {
    running.proc.kill('SIGKILL')
    for (const event of eventsOf(running)) if (event.event === 'worker_started') killQuietly(Number(event.pid))
  }
})

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {}
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function dataDirWith(count = reviews.length): string {
  const dir = mkdtempSync(join(tmpdir(), 'workers-'))
  const seed = join(dir, 'seed.json')
  writeFileSync(seed, JSON.stringify({ business, reviews: reviews.slice(0, count) }))
  const imported = Bun.spawnSync(['bun', MAIN, 'import', seed], { env: { ...process.env, DATA_DIR: dir } })
  if (imported.exitCode !== 0) throw new Error(imported.stderr.toString())
  return dir
}

async function serve(cmd: string[], env: Record<string, string>): Promise<Running> {
  const running = await startListening(cmd, { HOST: '127.0.0.1', PORT: '0', ...env }, 60_000)
  started.push(running)
  return running
}

type Health = { revision: number; started_at: string }

/** /healthz on a new connection each time, so the kernel picks a worker for each. */
async function health(url: string): Promise<Health> {
  return (await (await fetch(`${url}/healthz`, { headers: { connection: 'close' }, keepalive: false })).json()) as Health
}

/** Asks until each of `workers` processes (told apart by started_at) has answered with revision >= `revision`. */
async function everyWorkerAt(url: string, workers: number, revision: number, deadline: number): Promise<Map<string, number>> {
  const seen = new Map<string, number>()
  while (Date.now() < deadline) {
    const h = await health(url)
    seen.set(h.started_at, h.revision)
    if (seen.size >= workers && [...seen.values()].every((r) => r >= revision)) return seen
  }
  return seen
}

describe('serve --workers 2 (bun src/main.ts)', () => {
  test('two processes share the port and follow a CLI import within 2 s; insights are computed once; a killed worker comes back; SIGTERM stops all', async () => {
    const dataDir = dataDirWith()
    const running = await serve(['bun', MAIN, 'serve', '--workers', '2'], { DATA_DIR: dataDir })
    const listening = eventsOf(running).find((e) => e.event === 'listening')!
    expect(listening.workers).toBe(2)
    const pids = listening.pids as number[]
    expect(pids).toHaveLength(2)

    const before = await everyWorkerAt(running.url, 2, 0, Date.now() + 15_000)
    expect(before.size).toBe(2)
    const revision = Math.max(...before.values())
    const file = join(dataDir, 'one.jsonl')
    writeFileSync(file, JSON.stringify(review({ id: 'workers-new', date: '2026-07-01', text: 'Seen by every worker.' })))
    const imported = Bun.spawnSync(['bun', MAIN, 'import', file], { env: { ...process.env, DATA_DIR: dataDir } })
    expect(imported.exitCode).toBe(0)
    const importedAt = Date.now()
    const after = await everyWorkerAt(running.url, 2, revision + 1, importedAt + 2000)
    expect(after.size).toBe(2)
    expect([...after.values()].every((r) => r === revision + 1)).toBe(true)
    console.log(`every worker served revision ${revision + 1} ${Date.now() - importedAt} ms after the import returned`)

    // The new version's insights: one worker computes them, the other takes its result (or finds them stored).
    const updatedAt = ((await (await fetch(`${running.url}/healthz`)).json()) as { data_updated_at: string }).data_updated_at
    const computedHere = () =>
      eventsOf(running).filter((e) => e.event === 'insights_ready' && e.generated_at === updatedAt && e.computed_here === true)
    await waitForEvent(running, () => computedHere().length > 0, 30_000)
    await Bun.sleep(1000) // the other worker's poll and wait for the result (a count, not an event: nothing more may come)
    expect(computedHere()).toHaveLength(1)

    // A worker killed with -9 is started again; the port keeps answering meanwhile.
    process.kill(pids[1]!, 'SIGKILL')
    const exited = await waitForEvent(running, (e) => e.event === 'worker_exited' && e.pid === pids[1])
    expect(exited.signal).toBe('SIGKILL')
    const restarted = await waitForEvent(running, (e) => e.event === 'worker_started' && e.worker === exited.worker && e.pid !== pids[1])
    await waitForEvent(running, (e) => e.event === 'worker_listening' && e.pid === restarted.pid, 30_000)
    expect((await health(running.url)).revision).toBe(revision + 1)

    // SIGTERM stops the supervisor and every worker.
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    for (const pid of [pids[0]!, Number(restarted.pid)]) expect(alive(pid)).toBe(false)
  }, 120_000)
})

describe('serve --workers 2 (the compiled binary)', () => {
  test('serves; another server of another DATA_DIR cannot join its port, single or with workers; kill -9 of the supervisor ends its workers', async () => {
    const binary = compiledBinary()
    const running = await serve([binary, 'serve', '--workers', '2'], { DATA_DIR: dataDirWith(), PATH: '/usr/bin:/bin' })
    const port = new URL(running.url).port
    const { pids } = eventsOf(running).find((e) => e.event === 'listening') as { pids: number[] }
    const served = (await (await fetch(`${running.url}/reviews.json`)).json()) as { reviews: unknown[] }
    expect(served.reviews.length).toBeGreaterThan(3)

    const other = dataDirWith(3)
    for (const args of [['serve', '--workers', '2'], ['serve']]) {
      const refused = Bun.spawnSync([binary, ...args], {
        env: { PATH: '/usr/bin:/bin', DATA_DIR: other, PORT: port, HOST: '127.0.0.1' },
        timeout: 30_000,
      })
      expect(refused.exitCode).toBe(2)
      expect(refused.stderr.toString()).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    }
    // Only ours answer on it.
    for (let i = 0; i < 8; i++) {
      const dataset = (await (
        await fetch(`${running.url}/reviews.json`, { headers: { connection: 'close' }, keepalive: false })
      ).json()) as { reviews: unknown[] }
      expect(dataset.reviews).toHaveLength(served.reviews.length)
    }

    running.proc.kill('SIGKILL')
    await running.proc.exited
    const deadline = Date.now() + 10_000
    while (pids.some(alive) && Date.now() < deadline) await Bun.sleep(50)
    expect(pids.filter(alive)).toEqual([])
  }, 120_000)
})

describe('a stale single server of another DATA_DIR', () => {
  test('keeps its port: serve --workers 2 on it is refused with the usual message', async () => {
    const stale = await serve(['bun', MAIN, 'serve'], { DATA_DIR: dataDirWith(3) })
    const port = new URL(stale.url).port
    const refused = Bun.spawnSync(['bun', MAIN, 'serve', '--workers', '2'], {
      env: { ...process.env, DATA_DIR: dataDirWith(), PORT: port, HOST: '127.0.0.1' },
      timeout: 30_000,
    })
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr.toString()).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    const dataset = (await (await fetch(`${stale.url}/reviews.json`)).json()) as { reviews: unknown[] }
    expect(dataset.reviews.length).toBeLessThanOrEqual(3)
    stale.proc.kill('SIGTERM')
    await stale.proc.exited
  }, 60_000)
})
