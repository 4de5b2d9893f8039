/**
 * Data changes while serving (CONTRACT.md, Data changes): a served database of N reviews, /healthz polled
 * every few ms from this process, while the CLI imports into the same DATA_DIR.
 * - one review: /healthz p99 and max during the change, time from the import's end to the review being served;
 * - a burst (BENCH_BURST imports, one a second): /healthz p99 and max, RSS against its idle value, time from the
 *   last import to insights of the last revision;
 * - a restart: time from spawn to the first /insights.json (stored insights) and to its being for the last revision;
 * - what a one-review import costs: CPU of the whole server process (every thread) and of its main thread from the
 *   import to the new version's insights, the build worker's and the event loop's parts (version_built), what the
 *   insights computation reused and read (insights_computed), and the bytes of reviews.json copied to it;
 * - RSS idle (served, insights ready) against the issue's figures; through the burst, the server's /proc status and
 *   smaps_rollup every 50 ms (anonymous, file and shared memory, threads), kept with its log lines (each version's
 *   heap and array buffers, versions not yet collected) in bench/out/data-changes-burst-N.json;
 * - `mcp` over stdio at BENCH_MCP_SIZE reviews (default 50000, 0 skips it): the first get_insights of a new
 *   session once insights are stored.
 * Each target is printed with its verdict. Sizes: BENCH_CHANGE_SIZES (default 10000,100000). The server is the
 * compiled binary (BENCH_BINARY), or the source with BENCH_FROM_SOURCE=1. RSS idle is read BENCH_IDLE_WAIT_MS (default
 * 1000) after the insights are current: the insights Worker's memory is given back to the system over the following
 * seconds, later on a loaded machine.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { BINARY, eachLine, OUT, ROOT, percentile, rssMb, saveResult, track } from './lib'
import { generateDataset } from '../src/sample/generate'
import { ReviewRepository } from '../src/reviews/repository'
import { openServiceDatabase } from '../src/service'
import { VersionBuilder, takeIn } from '../src/catalog/builder'
import { DatasetBytes } from '../src/catalog/dataset-bytes'
import { DATABASE_FILE } from '../src/db/database'
import type { Review } from '../src/reviews/schema'

const sizes = (process.env.BENCH_CHANGE_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number)
const burst = Number(process.env.BENCH_BURST ?? 20)
const idleWaitMs = Number(process.env.BENCH_IDLE_WAIT_MS ?? 1000)
const fromSource = process.env.BENCH_FROM_SOURCE === '1'
const command = (args: string[]) => (fromSource ? ['bun', join(ROOT, 'src', 'main.ts'), ...args] : [BINARY, ...args])

type Server = { proc: Bun.Subprocess<'ignore', 'ignore', 'pipe'>; url: string; events: Record<string, unknown>[] }

async function serve(dataDir: string): Promise<Server> {
  const proc = track(
    Bun.spawn(command(['serve']), {
      env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', DATA_POLL_MS: '200' },
      stdin: 'ignore',
      stdout: 'ignore',
      stderr: 'pipe',
    }),
  )
  const events: Record<string, unknown>[] = []
  const reader = proc.stderr.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let resolveUrl!: (url: string) => void
  const url = new Promise<string>((resolve) => (resolveUrl = resolve))
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      const lines = buffer.split('\n')
      buffer = lines.pop()!
      for (const line of lines) {
        try {
          const event = JSON.parse(line) as Record<string, unknown>
          events.push(event)
          if (event.event === 'listening') resolveUrl(String(event.url))
        } catch {}
      }
    }
  })()
  return { proc, url: await url, events }
}

/** Milliseconds the server's main thread (thread id = process id) has run on a CPU (Linux schedstat). */
const mainThreadCpuMs = (pid: number) => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6

/** Milliseconds of CPU (user + system) the whole process has used, every thread (its workers) included. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat, counted from the state (field 3) here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * Polls /healthz back to back, 2 ms apart, until stopped: each answer's wall time, and how long the server's main
 * thread ran meanwhile ("held": what a loaded machine does not inflate; a loop held by a build shows there).
 */
function poller(url: string, pid: number) {
  const times: number[] = []
  const held: number[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const cpu = mainThreadCpuMs(pid)
      const started = performance.now()
      await (await fetch(`${url}/healthz`)).arrayBuffer()
      times.push(performance.now() - started)
      held.push(mainThreadCpuMs(pid) - cpu)
      await Bun.sleep(2)
    }
  })()
  return {
    async stop() {
      running = false
      await done
      const sorted = [...times].sort((a, b) => a - b)
      const heldSorted = [...held].sort((a, b) => a - b)
      return {
        answers: times.length,
        p99_ms: round(percentile(sorted, 99)),
        max_ms: round(sorted[sorted.length - 1] ?? NaN),
        held_p99_ms: round(percentile(heldSorted, 99)),
        held_max_ms: round(heldSorted[heldSorted.length - 1] ?? NaN),
      }
    },
  }
}

const round = (x: number) => Math.round(x * 10) / 10

/** RSS (MB) of the server's child processes (the insights computation runs in one, insights-child.ts), summed. */
function childrenRssMb(pid: number): number {
  let total = 0
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        total += rssMb(Number(child))
  } catch {}
  return total
}

/** The memory lines of /proc/<pid>/status and smaps_rollup, MB (Threads: a count), read together. */
function procMemory(pid: number): Record<string, number> {
  const figures: Record<string, number> = {}
  try {
    for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
      const match = /^(VmRSS|RssAnon|RssFile|RssShmem|VmHWM|Threads):\s+(\d+)/.exec(line)
      if (match) figures[match[1]!] = match[1] === 'Threads' ? Number(match[2]) : Math.round(Number(match[2]) / 1024)
    }
    for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n')) {
      const match = /^(Private_Dirty|Shared_Dirty|Anonymous|Pss):\s+(\d+)/.exec(line)
      if (match) figures[`smaps_${match[1]}`] = Math.round(Number(match[2]) / 1024)
    }
  } catch {}
  return figures
}

function importOne(dataDir: string, file: string): void {
  const result = Bun.spawnSync(command(['import', file]), { env: { ...process.env, DATA_DIR: dataDir } })
  if (result.exitCode !== 0) throw new Error(`import failed: ${result.stderr}`)
}

/** Milliseconds until `probe` holds; a probe that throws (a request cut while insights compute) is tried again. */
async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return performance.now() - started
    await Bun.sleep(5)
  }
  return Number.POSITIVE_INFINITY
}

const insightsRevision = async (url: string) => {
  const response = await fetch(`${url}/insights.json`)
  const body = (await response.json()) as { review_count: number; generated_at: string }
  return body
}
const health = async (url: string) =>
  (await (await fetch(`${url}/healthz`)).json()) as { revision: number; review_count: number; data_updated_at: string }
const insightsCurrent = async (url: string) => {
  const [insights, state] = await Promise.all([insightsRevision(url), health(url)])
  return insights.generated_at === state.data_updated_at
}

/** RSS after insights, the issue's targets (MB). */
const RSS_TARGETS_MB: Record<number, number> = { 10000: 150, 100000: 400, 1000000: 2000 }
const mcpSize = Number(process.env.BENCH_MCP_SIZE ?? 50000)
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
const loadAverage = () =>
  loadavg()
    .map((x) => Math.round(x * 10) / 10)
    .join(' ')

/** A served database of `size` generated reviews in a new DATA_DIR under bench/out. */
function seededDataDir(name: string, size: number) {
  const dataDir = join(OUT, name)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const dataset = generateDataset({ count: size, seed: 5, endDate: '2026-11-15', years: 8 })
  const db = openServiceDatabase(dataDir)
  new ReviewRepository(db).write(dataset)
  db.close()
  return { dataDir, dataset }
}

/** One `mcp` session over stdio (JSON-RPC lines): resolves each request's answer by id. */
function mcpSession(dataDir: string) {
  const started = performance.now()
  const proc = track(
    Bun.spawn(command(['mcp']), { env: { ...process.env, DATA_DIR: dataDir }, stdin: 'pipe', stdout: 'pipe', stderr: 'ignore' }),
  )
  const waiting = new Map<number, (message: unknown) => void>()
  void eachLine(proc.stdout, (line) => {
    const message = JSON.parse(line) as { id?: number }
    if (message.id !== undefined) waiting.get(message.id)?.(message)
  })
  let nextId = 1
  const request = (method: string, params: unknown) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++
      waiting.set(id, resolve)
      proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
    })
  return {
    started,
    request,
    async initialize() {
      await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } })
      proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
    },
    async close() {
      proc.stdin.end()
      await proc.exited
    },
  }
}

/** The first get_insights of an `mcp` session once a previous session has computed and stored them. */
async function firstGetInsights(size: number) {
  const { dataDir } = seededDataDir(`mcp-${size}`, size)
  const getInsights = { name: 'get_insights', arguments: {} }
  const first = mcpSession(dataDir)
  await first.initialize()
  const computing = performance.now()
  await first.request('tools/call', getInsights)
  const computeMs = performance.now() - computing
  await first.close()
  const second = mcpSession(dataDir)
  await second.initialize()
  const initializeMs = performance.now() - second.started
  const sent = performance.now()
  const answer = (await second.request('tools/call', getInsights)) as { result?: { isError?: boolean } }
  const firstCallMs = performance.now() - sent
  const fromSpawnMs = performance.now() - second.started
  await second.close()
  if (!answer.result || answer.result.isError) throw new Error(`get_insights failed: ${JSON.stringify(answer).slice(0, 300)}`)
  return {
    mcp_reviews: size,
    compute_ms: Math.round(computeMs),
    initialize_ms: Math.round(initializeMs),
    first_call_ms: Math.round(firstCallMs),
    from_spawn_ms: Math.round(fromSpawnMs),
    load_average: loadAverage(),
  }
}

/**
 * What the event loop and the build worker spend on a one-review import, in this process (the catalog's own
 * VersionBuilder and takeIn on a DATA_DIR of `size` reviews): the worker's parts, and the loop's take-in of the
 * new version parsing every row (as before rows were reused) against reusing the rows whose bytes did not change.
 * Main-thread CPU from Linux schedstat, so a loaded machine inflates the wall times, not these.
 */
async function buildCosts(size: number) {
  const { dataDir } = seededDataDir(`build-${size}`, size)
  const db = openServiceDatabase(dataDir)
  const store = new ReviewRepository(db)
  const builder = new VersionBuilder(join(dataDir, DATABASE_FILE))
  const built = async (previous: Parameters<VersionBuilder['build']>[0]) => {
    const reply = await builder.build(previous)
    if (!reply.ok) throw new Error(reply.error)
    return reply
  }
  const onLoop = async (work: () => Promise<unknown>) => {
    const cpu = mainThreadCpuMs(process.pid)
    const started = performance.now()
    await work()
    return { cpu_ms: Math.round(mainThreadCpuMs(process.pid) - cpu), wall_ms: Math.round(performance.now() - started) }
  }
  const first = await built(null)
  const taken = await takeIn(first, () => false)
  const base = JSON.parse(new TextDecoder().decode(DatasetBytes.fromParts(first.dataset).rows(0, first.rowEnds[0]!))) as Review
  store.write({ reviews: [{ ...base, id: 'build-one', date: '2026-11-15', text: `${base.text} (one more)` }] })
  const next = await built({
    contentKey: first.contentKey,
    updatedAt: new Date(first.updatedAt),
    rows: { hashes: first.rowHashes, rowEnds: first.rowEnds },
  })
  const parseAll = await onLoop(() => takeIn(next, () => false))
  let parsed = 0
  const reuse = await onLoop(async () => {
    const ids = taken.prepared.ids!
    parsed = (await takeIn(next, () => false, { reviews: { id: (p) => ids[p]! } })).parsed
  })
  builder.end()
  db.close()
  return {
    build_reviews: size,
    worker_ms: roundValues(next.ms),
    dataset_bytes: DatasetBytes.fromParts(next.dataset).byteLength,
    // Posted to the worker per build (copies of the previous rows' hashes and ends); everything it posts back is transferred.
    bytes_to_worker: next.rowHashes.byteLength + next.rowEnds.byteLength,
    take_in_parse_all: parseAll,
    take_in_reuse: { ...reuse, parsed },
    load_average: loadAverage(),
  }
}

const roundValues = (values: Record<string, number>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Math.round(v)]))

const results: Record<string, unknown>[] = []
for (const size of (process.env.BENCH_BUILD_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number)) {
  const costs = await buildCosts(size)
  results.push(costs)
  console.log(JSON.stringify(costs))
  console.log(
    `${size}: a one-review import's build: worker ${JSON.stringify(costs.worker_ms)} ms; event loop taking the version in: ` +
      `${costs.take_in_parse_all.cpu_ms} ms CPU parsing every row, ${costs.take_in_reuse.cpu_ms} ms reusing the unchanged ones ` +
      `(${costs.take_in_reuse.parsed} parsed); reviews.json ${(costs.dataset_bytes / 1e6).toFixed(1)} MB transferred, not copied; ` +
      `${(costs.bytes_to_worker / 1e6).toFixed(2)} MB copied to the worker (load ${costs.load_average})`,
  )
}
let lastEvents: Record<string, unknown>[] = []
for (const size of sizes) {
  const { dataDir, dataset } = seededDataDir(`changes-${size}`, size)
  const base = dataset.reviews[0]!
  const reviewFile = (id: string) => {
    const file = join(OUT, `change-${id}.jsonl`)
    writeFileSync(file, `${JSON.stringify({ ...base, id, date: '2026-11-15', text: `${base.text} (${id})` })}\n`)
    return file
  }

  let server = await serve(dataDir)
  const firstInsightsMs = await until(async () => (await fetch(`${server.url}/insights.json`)).status === 200, 600_000)
  await until(() => insightsCurrent(server.url), 600_000)
  await Bun.sleep(idleWaitMs)
  const idleRss = rssMb(server.proc.pid)

  const datasetBytes = (await (await fetch(`${server.url}/reviews.json`)).arrayBuffer()).byteLength

  // One review.
  let poll = poller(server.url, server.proc.pid)
  await Bun.sleep(300)
  const eventsBefore = server.events.length
  const cpuBefore = processCpuMs(server.proc.pid)
  const mainBefore = mainThreadCpuMs(server.proc.pid)
  importOne(dataDir, reviewFile('one-0'))
  const visibleMs = await until(async () => (await fetch(`${server.url}/api/reviews/one-0`)).status === 200, 30_000)
  const cpuVisible = processCpuMs(server.proc.pid)
  const oneInsightsMs = await until(() => insightsCurrent(server.url), 600_000)
  const one = await poll.stop()
  // The pollers' own requests are in these figures too (a few hundred /healthz answers, about 0.1 ms each).
  const oneCpu = {
    process_to_visible_ms: Math.round(cpuVisible - cpuBefore),
    process_to_insights_ms: Math.round(processCpuMs(server.proc.pid) - cpuBefore),
    main_thread_ms: Math.round(mainThreadCpuMs(server.proc.pid) - mainBefore),
  }
  const oneEvents = server.events.slice(eventsBefore)
  const oneBuilt = oneEvents.find((e) => e.event === 'version_built')
  const oneInsights = oneEvents.find((e) => e.event === 'insights_computed')

  // A burst: one import a second.
  poll = poller(server.url, server.proc.pid)
  let peakRss = idleRss
  let childPeakRss = 0
  let togetherPeakRss = idleRss
  const idleMemory = procMemory(server.proc.pid)
  let peakMemory = idleMemory
  const burstStarted = performance.now()
  const samples: Record<string, number>[] = []
  const sampler = setInterval(() => {
    const memory = procMemory(server.proc.pid)
    const own = memory.VmRSS ?? rssMb(server.proc.pid)
    const children = childrenRssMb(server.proc.pid)
    samples.push({ ms: Math.round(performance.now() - burstStarted), ...memory, children })
    if (own > peakRss) peakMemory = memory
    peakRss = Math.max(peakRss, own)
    childPeakRss = Math.max(childPeakRss, children)
    togetherPeakRss = Math.max(togetherPeakRss, own + children)
  }, 50)
  for (let i = 0; i < burst; i++) {
    const started = performance.now()
    importOne(dataDir, reviewFile(`burst-${i}`))
    await Bun.sleep(Math.max(0, 1000 - (performance.now() - started)))
  }
  const lastVisibleMs = await until(async () => (await fetch(`${server.url}/api/reviews/burst-${burst - 1}`)).status === 200, 30_000)
  const burstInsightsMs = await until(() => insightsCurrent(server.url), 600_000)
  clearInterval(sampler)
  const bursting = await poll.stop()
  const afterRss = rssMb(server.proc.pid)
  const afterMemory = procMemory(server.proc.pid)
  writeFileSync(join(OUT, `data-changes-burst-${size}.json`), JSON.stringify({ samples, events: server.events }))
  const versionsBuilt = server.events.filter((e) => e.event === 'version_built').length

  // A restart: stored insights.
  const before = server
  server.proc.kill('SIGTERM')
  await server.proc.exited
  const restartAt = performance.now()
  server = await serve(dataDir)
  const listeningMs = performance.now() - restartAt
  await until(async () => (await fetch(`${server.url}/insights.json`)).status === 200, 600_000)
  const restartInsightsMs = performance.now() - restartAt
  const restartCurrent = await insightsCurrent(server.url)
  lastEvents = [...before.events, ...server.events]
  server.proc.kill('SIGTERM')
  await server.proc.exited

  const row = {
    reviews: size,
    one_p99_ms: one.p99_ms,
    one_max_ms: one.max_ms,
    one_held_p99_ms: one.held_p99_ms,
    one_held_max_ms: one.held_max_ms,
    one_visible_ms: Math.round(visibleMs),
    one_insights_ms: Math.round(oneInsightsMs),
    burst_imports: burst,
    burst_p99_ms: bursting.p99_ms,
    burst_max_ms: bursting.max_ms,
    burst_held_p99_ms: bursting.held_p99_ms,
    burst_held_max_ms: bursting.held_max_ms,
    burst_last_visible_ms: Math.round(lastVisibleMs),
    burst_insights_after_last_ms: Math.round(burstInsightsMs),
    first_insights_ms: Math.round(firstInsightsMs),
    idle_rss_mb: Math.round(idleRss),
    dataset_bytes: datasetBytes,
    one_cpu: oneCpu,
    one_build: oneBuilt && { worker_ms: oneBuilt.worker_ms, loop_ms: oneBuilt.loop_ms, parsed: oneBuilt.parsed },
    one_insights: oneInsights ?? null,
    burst_peak_rss_mb: Math.round(peakRss),
    burst_child_peak_rss_mb: Math.round(childPeakRss),
    burst_together_peak_rss_mb: Math.round(togetherPeakRss),
    after_rss_mb: Math.round(afterRss),
    // /proc/<pid>/status and smaps_rollup when idle, at the burst's peak and after it (the series: bench/out/data-changes-burst-N.json).
    burst_memory: { idle: idleMemory, peak: peakMemory, after: afterMemory },
    versions_built_off_loop: versionsBuilt,
    restart_listening_ms: Math.round(listeningMs),
    restart_insights_ms: Math.round(restartInsightsMs),
    restart_insights_current: restartCurrent,
    load_average: loadAverage(),
  }
  results.push(row)
  console.log(JSON.stringify(row))
  const rssTarget = RSS_TARGETS_MB[size]
  console.log(
    [
      `${size}: one-review import /healthz p99 ${one.p99_ms} ms (< 50: ${verdict(one.p99_ms < 50)}), max ${one.max_ms} ms (< 100: ${verdict(one.max_ms < 100)})` +
        `; main thread ran p99 ${one.held_p99_ms} ms, max ${one.held_max_ms} ms per answer (load ${row.load_average})`,
      `  visible after ${Math.round(visibleMs)} ms (< 2000: ${verdict(visibleMs < 2000)})`,
      `  burst of ${burst}: p99 ${bursting.p99_ms} ms (< 50: ${verdict(bursting.p99_ms < 50)}), max ${bursting.max_ms} ms (main thread p99 ${bursting.held_p99_ms}, max ${bursting.held_max_ms}); RSS peak ${Math.round(peakRss)} MB vs idle ${Math.round(idleRss)} MB (<= 1.5x: ${verdict(peakRss <= 1.5 * idleRss)})` +
        `; the insights child process peaked at ${Math.round(childPeakRss)} MB, server and child together at ${Math.round(togetherPeakRss)} MB (${(togetherPeakRss / idleRss).toFixed(2)}x idle)`,
      `  server memory (MB) idle / at the burst's peak / after it: ${['VmRSS', 'RssAnon', 'RssFile', 'RssShmem', 'Threads']
        .map((k) => `${k} ${idleMemory[k]} / ${peakMemory[k]} / ${afterMemory[k]}`)
        .join(', ')}; the heap's figures per version: the server's version_built lines (bench/out/data-changes-burst-${size}.json)`,
      `  insights of the last revision ${Math.round(burstInsightsMs)} ms after it was visible, one computation ${Math.round(firstInsightsMs)} ms (<= 2x: ${verdict(burstInsightsMs <= 2 * firstInsightsMs)})`,
      `  restart: /insights.json after ${Math.round(restartInsightsMs)} ms (< 2000: ${verdict(restartInsightsMs < 2000)}), for the last revision: ${restartCurrent}`,
      `  RSS after insights (idle) ${Math.round(idleRss)} MB` +
        (rssTarget ? ` (< ${rssTarget}: ${verdict(idleRss < rssTarget)})` : ' (no target at this size)'),
      `  one-review import cost: server CPU ${oneCpu.process_to_visible_ms} ms to visible, ${oneCpu.process_to_insights_ms} ms to its insights ` +
        `(main thread ${oneCpu.main_thread_ms} ms); build ${JSON.stringify(row.one_build ?? null)}; insights ${JSON.stringify(oneInsights ?? null)}; ` +
        `reviews.json ${(datasetBytes / 1e6).toFixed(1)} MB written once to the insights child process's stdin`,
    ].join('\n'),
  )
}

if (mcpSize > 0) {
  const mcp = await firstGetInsights(mcpSize)
  results.push(mcp)
  console.log(JSON.stringify(mcp))
  console.log(
    `${mcpSize} over stdio MCP, insights stored: first get_insights answered ${mcp.first_call_ms} ms after it was sent ` +
      `(< 1000: ${verdict(mcp.first_call_ms < 1000)}), ${mcp.from_spawn_ms} ms after the process was started (initialize answered after ${mcp.initialize_ms} ms); ` +
      `computing them the first time took ${mcp.compute_ms} ms (load ${mcp.load_average})`,
  )
}
if (process.env.BENCH_DEBUG) console.log(JSON.stringify(lastEvents))
await saveResult('data-changes', results)
