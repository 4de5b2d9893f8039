/**
 * Memory of a large `serve` start, phase by phase: a DATA_DIR of N generated reviews (kept under bench/out between
 * runs), the server started on it, its RSS read every 50 ms, and each phase named by the server's own log lines:
 * - `listening`: the process started, the database opened, the port bound (the version not built yet);
 * - `version`: the first version built in the build worker and taken in (`version_built`);
 * - `text_index`: the version's text index arrived from the worker (`text_index_built`);
 * - `compressed`: reviews.json's gzip and br forms made on the thread pool (`compressed`);
 * - `insights`: /insights.json answers for the served revision;
 * - `settled`: BENCH_SETTLE_MS (default 10000) later, nothing running.
 * For each phase: RSS when it ended, the peak RSS during it, and the process's CPU (every thread) and wall time.
 * The start is run twice: the first computes insights (none stored), the second reuses the stored ones, so its
 * figures are the data version's alone.
 *
 * A watchdog kills the server once its RSS passes BENCH_RSS_LIMIT_MB (default 8000): the machine is shared.
 * Sizes: BENCH_START_SIZES (default 100000). Source by default (BENCH_BINARY_START=1: the compiled binary).
 *   BENCH_START_SIZES=100000,200000,400000 bun bench/start-memory.ts
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { BINARY, eachLine, OUT, ROOT, saveResult, track } from './lib'
import { generateDataset } from '../src/sample/generate'
import { ReviewRepository } from '../src/reviews/repository'
import { openServiceDatabase } from '../src/service'

const sizes = (process.env.BENCH_START_SIZES ?? '100000').split(',').filter(Boolean).map(Number)
const limitMb = Number(process.env.BENCH_RSS_LIMIT_MB ?? 8000)
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 10000)
const runs = Number(process.env.BENCH_START_RUNS ?? 2)
const command = process.env.BENCH_BINARY_START === '1' ? [BINARY, 'serve'] : ['bun', join(ROOT, 'src', 'main.ts'), 'serve']

const status = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return ''
  }
}
const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(status(pid))?.[1] ?? 0) / 1024
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return NaN
  }
}
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

/** A DATA_DIR of `size` generated reviews, written once (in a child process, so this one stays small). */
async function dataDirOf(size: number): Promise<string> {
  const dataDir = join(OUT, `start-memory-${size}`)
  const done = join(dataDir, '.seeded')
  if (existsSync(done)) return dataDir
  if (process.env.BENCH_SEED_CHILD !== '1') {
    const seeding = Bun.spawn(['bun', import.meta.path], {
      env: { ...process.env, BENCH_SEED_CHILD: '1', BENCH_START_SIZES: String(size) },
      stdout: 'inherit',
      stderr: 'inherit',
    })
    if ((await seeding.exited) !== 0) throw new Error('seeding failed')
    return dataDir
  }
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const db = openServiceDatabase(dataDir)
  const repository = new ReviewRepository(db)
  // In parts: a million generated reviews at once is a few GB in this process.
  const part = 100_000
  for (let from = 0; from < size; from += part) {
    const dataset = generateDataset({ count: Math.min(part, size - from), seed: 5 + from, endDate: '2026-11-15', years: 8 })
    if (from > 0) delete (dataset as { business?: unknown }).business
    repository.write({
      ...dataset,
      reviews: dataset.reviews.map((r) => ({ ...r, id: from > 0 ? `${r.id}-${from}` : r.id })),
    })
  }
  db.close()
  await Bun.write(done, '')
  return dataDir
}

type Phase = { phase: string; at_ms: number; rss_mb: number; peak_mb: number; cpu_ms: number }

async function start(size: number, dataDir: string) {
  const proc = track(
    Bun.spawn(command, {
      env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', DATA_POLL_MS: '200' },
      stdin: 'ignore',
      stdout: 'ignore',
      stderr: 'pipe',
    }),
  )
  const began = performance.now()
  const phases: Phase[] = []
  let peak = 0
  let killed = false
  const sampler = setInterval(() => {
    const rss = rssMbOf(proc.pid)
    peak = Math.max(peak, rss)
    if (rss > limitMb && !killed) {
      killed = true
      proc.kill('SIGKILL')
      console.log(`watchdog: ${size}: RSS ${Math.round(rss)} MB > ${limitMb} MB, server killed`)
    }
  }, 50)
  const mark = (phase: string) => {
    if (phases.some((p) => p.phase === phase)) return
    const rss = rssMbOf(proc.pid)
    peak = Math.max(peak, rss)
    phases.push({
      phase,
      at_ms: Math.round(performance.now() - began),
      rss_mb: Math.round(rss),
      peak_mb: Math.round(peak),
      cpu_ms: Math.round(cpuMsOf(proc.pid)),
    })
    peak = rss
  }
  const events: Record<string, unknown>[] = []
  let url = ''
  const listening = Promise.withResolvers<void>()
  // At the end of its stderr (the server died) nothing waits for a listening line any more.
  void eachLine(proc.stderr, (line) => {
    let event: Record<string, unknown>
    try {
      event = JSON.parse(line) as Record<string, unknown>
    } catch {
      return
    }
    events.push(event)
    if (event.event === 'listening') {
      url = String(event.url)
      mark('listening')
      listening.resolve()
    } else if (event.event === 'version_built') mark('version')
    else if (event.event === 'text_index_built') mark('text_index')
    else if (event.event === 'compressed') mark('compressed')
  }).then(() => listening.resolve())
  await listening.promise
  const exited = () => killed || proc.exitCode !== null
  const deadline = performance.now() + 1_800_000
  for (;;) {
    if (exited() || performance.now() > deadline) break
    try {
      const [insights, health] = await Promise.all([
        fetch(`${url}/insights.json`).then((r) => (r.ok ? (r.json() as Promise<{ generated_at: string }>) : null)),
        fetch(`${url}/healthz`).then((r) => r.json() as Promise<{ data_updated_at: string; revision: number }>),
      ])
      if (insights && insights.generated_at === health.data_updated_at && phases.some((p) => p.phase === 'version')) break
    } catch {}
    await Bun.sleep(100)
  }
  if (!exited()) mark('insights')
  if (!exited()) {
    await Bun.sleep(settleMs)
    mark('settled')
  }
  clearInterval(sampler)
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status(proc.pid))?.[1] ?? 0) / 1024
  proc.kill('SIGTERM')
  await proc.exited
  const insightsEvent = events.find((e) => e.event === 'insights_computed')
  const built = events.find((e) => e.event === 'version_built')
  return {
    reviews: size,
    killed,
    phases,
    peak_rss_mb: Math.round(hwm),
    version_built: built && { worker_ms: built.worker_ms, loop_ms: built.loop_ms },
    insights_computed: insightsEvent ?? null,
    load_average: load(),
  }
}

if (process.env.BENCH_SEED_CHILD === '1') {
  await dataDirOf(sizes[0]!)
  process.exit(0)
}

const results: unknown[] = []
for (const size of sizes) {
  const dataDir = await dataDirOf(size)
  for (let run = 0; run < runs; run++) {
    if (run === 0 && process.env.BENCH_KEEP_INSIGHTS !== '1') {
      // The first start computes insights afresh: the stored ones (and per-review analyses) are dropped.
      const db = openServiceDatabase(dataDir)
      db.exec('DELETE FROM insights')
      db.exec('DELETE FROM review_analyses')
      // A computation's result is also kept under its lease (several processes compute once): dropped too.
      db.exec("DELETE FROM leases WHERE name LIKE 'insights:%'")
      db.close()
    }
    const result = { run: run === 0 ? 'insights computed' : 'insights stored', ...(await start(size, dataDir)) }
    results.push(result)
    console.log(JSON.stringify(result))
    console.log(
      `${size} (${result.run}): ` +
        result.phases.map((p) => `${p.phase} ${p.at_ms} ms: ${p.rss_mb} MB (peak ${p.peak_mb}, cpu ${p.cpu_ms} ms)`).join('; ') +
        `; VmHWM ${result.peak_rss_mb} MB; load ${result.load_average}`,
    )
    if (result.killed) break
  }
}
await saveResult('start-memory', results)
