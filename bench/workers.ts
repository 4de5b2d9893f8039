/**
 * `serve --workers 2` against one process, same client, same run: throughput of /api/feed.json and a cached
 * search with wrk (neither side pinned: on a 2-core machine the client takes its share of the cores, as the
 * target says), server CPU per request (every process of each server), the ratio against the 1.3x target.
 * Then a data change on each: CPU time of each process while the new version is built and its insights are
 * computed (once among the workers, not once each). Then the hub: a fan-out to BENCH_LEASE_SUBSCRIBERS (1,000)
 * HTTPS subscribers with the lease holder killed with -9 midway (test/hub/lease.test.ts at that size).
 * Data: the embedded sample, one DATA_DIR per server. Prints the load average: the machine may be shared.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, median, OUT, ROOT, rssMb, saveResult, track } from './lib'

const duration = process.env.BENCH_WRK_SECONDS ?? '3'
const repeats = Number(process.env.BENCH_REPEATS ?? 5)
const connections = process.env.BENCH_WRK_CONNECTIONS ?? '32'
const subscribers = Number(process.env.BENCH_LEASE_SUBSCRIBERS ?? 1000)
const TARGET = 1.3
const TICK_US = 1e6 / Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim() || 100)

type Server = { proc: Bun.Subprocess; url: string; dataDir: string; lines: string[] }

/** The compiled binary on a fresh DATA_DIR (the embedded sample), resolved once it listens and has its insights. */
async function start(workers: number): Promise<Server> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-workers-')), 'data')
  const proc = track(
    Bun.spawn([BINARY, 'serve'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, WORKERS: String(workers), DATA_POLL_MS: '500' },
      stdout: 'ignore',
      stderr: 'pipe',
    }),
  )
  const lines: string[] = []
  const reader = proc.stderr.getReader()
  let buffer = ''
  let url: string | undefined
  while (!url) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`server exited: ${buffer}`)
    buffer += new TextDecoder().decode(value)
    const match = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(buffer)
    if (match) url = `http://127.0.0.1:${match[1]}`
  }
  lines.push(...buffer.split('\n').filter(Boolean))
  void (async () => {
    let rest = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      rest += new TextDecoder().decode(value)
      const parts = rest.split('\n')
      rest = parts.pop()!
      lines.push(...parts.filter(Boolean))
    }
  })()
  await (await fetch(`${url}/insights.json`)).arrayBuffer()
  return { proc, url, dataDir, lines }
}

/** The server's processes: the process itself and its children (the workers). */
function pidsOf(pid: number): number[] {
  try {
    return [pid, ...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
  } catch {
    return [pid]
  }
}

function cpuTicksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12])
}
const cpuTicks = (pid: number) => pidsOf(pid).reduce((sum, p) => sum + cpuTicksOf(p), 0)

type Run = { rps: number; cpuUs: number; p99: string; errors: number }

async function wrk(target: string, serverPid: number): Promise<Run> {
  const before = cpuTicks(serverPid)
  const run = Bun.spawn(['wrk', '-t2', `-c${connections}`, `-d${duration}s`, '--latency', target], { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(run.stdout).text()
  await run.exited
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    cpuUs: requests ? ((cpuTicks(serverPid) - before) * TICK_US) / requests : NaN,
    p99: /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?',
    errors: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0),
  }
}

const loadBefore = loadavg().map((x) => Number(x.toFixed(2)))
const one = await start(1)
const two = await start(2)
const endpoints = [
  { name: '/api/feed.json', path: '/api/feed.json' },
  { name: 'cached search', path: '/api/reviews/search?query=water%20heater&min_rating=4' },
]
const rows: Record<string, unknown>[] = []
for (const e of endpoints) {
  for (const server of [one, two]) if ((await fetch(server.url + e.path)).status !== 200) throw new Error(`${e.path} is not 200`)
  // Warm both first: each process compiles its hot paths on its own, and a worker sees only its share of the requests.
  for (const server of [one, two]) await wrk(server.url + e.path, server.proc.pid)
  const runs = { one: [] as Run[], two: [] as Run[] }
  // Back to back, alternating which goes first: each round is a fair pair even when the machine's load drifts.
  for (let r = 0; r < repeats; r++) {
    const order = r % 2 === 0 ? (['one', 'two'] as const) : (['two', 'one'] as const)
    for (const side of order) runs[side].push(await wrk((side === 'one' ? one : two).url + e.path, (side === 'one' ? one : two).proc.pid))
  }
  const ratio = median(runs.two.map((t, i) => t.rps / runs.one[i]!.rps))
  const cpu = (list: Run[]) => Number(median(list.map((x) => x.cpuUs)).toFixed(1))
  rows.push({
    endpoint: e.name,
    one_rps: Math.round(median(runs.one.map((x) => x.rps))),
    workers2_rps: Math.round(median(runs.two.map((x) => x.rps))),
    ratio: Number(ratio.toFixed(2)),
    target: TARGET,
    verdict: ratio >= TARGET ? 'met' : 'missed',
    one_cpu_us_per_request: cpu(runs.one),
    workers2_cpu_us_per_request: cpu(runs.two),
    one_p99: runs.one.at(-1)!.p99,
    workers2_p99: runs.two.at(-1)!.p99,
    errors: `${runs.one.reduce((s, x) => s + x.errors, 0)}/${runs.two.reduce((s, x) => s + x.errors, 0)}`,
  })
  console.log(JSON.stringify(rows.at(-1)))
}

/** Resident memory of each of a server's processes after the load (MB): each worker holds its own copy of the version. */
const rss = (server: Server) => pidsOf(server.proc.pid).map((pid) => Math.round(rssMb(pid)))
const memory = { one: rss(one), workers2: rss(two) }
console.log(JSON.stringify({ rss_mb: memory }))

/** A one-review import into `server`'s DATA_DIR; CPU time of each of its processes until the new insights are served. */
async function dataChange(server: Server): Promise<{ ms_per_process: number[]; computed_by: number }> {
  const pids = pidsOf(server.proc.pid)
  const before = pids.map(cpuTicksOf)
  const file = join(OUT, 'workers-one.jsonl')
  const id = `bench-workers-${server.proc.pid}`
  writeFileSync(
    file,
    `${JSON.stringify({ id, rating: 5, author: 'Bench', date: '2026-11-01', text: 'Quick and tidy water heater swap.', technicians: [], services: [], service_area: 'Springfield', source: 'google', verified: true, response: null })}\n`,
  )
  const imported = Bun.spawnSync([BINARY, 'import', file], { env: { ...process.env, DATA_DIR: server.dataDir } })
  if (imported.exitCode !== 0) throw new Error(imported.stderr.toString())
  const { data_updated_at } = (await (await fetch(`${server.url}/healthz`)).json()) as { data_updated_at: string }
  const ready = () => server.lines.filter((l) => l.includes('"insights_ready"') && l.includes(`"generated_at":"${data_updated_at}"`))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const revisionSeen = (await (await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } })).json()) as {
      data_updated_at: string
    }
    if (revisionSeen.data_updated_at === data_updated_at && ready().some((l) => l.includes('"computed_here":true'))) break
    await Bun.sleep(100)
  }
  await Bun.sleep(2000) // every process's poll and build of the version, and a waiting worker's read of the result
  return {
    ms_per_process: pids.map((p, i) => Math.round(((cpuTicksOf(p) - before[i]!) * TICK_US) / 1000)),
    computed_by: ready().filter((l) => l.includes('"computed_here":true')).length,
  }
}
const changeOne = await dataChange(one)
const changeTwo = await dataChange(two)
console.log(JSON.stringify({ data_change_one: changeOne, data_change_workers2: changeTwo }))
for (const server of [one, two]) server.proc.kill('SIGTERM')
await Promise.all([one.proc.exited, two.proc.exited])
for (const server of [one, two]) rmSync(join(server.dataDir, '..'), { recursive: true, force: true })

// The hub: the lease holder killed with -9 in the middle of a fan-out to `subscribers` HTTPS subscribers.
const fanOut = Bun.spawnSync(['bun', 'test', '--timeout', '600000', 'test/hub/lease.test.ts'], {
  cwd: ROOT,
  env: { ...process.env, LEASE_SUBSCRIBERS: String(subscribers) },
  timeout: 900_000,
})
const fanOutText = fanOut.stdout.toString() + fanOut.stderr.toString()
const fanOutLine = /lease takeover after kill -9: .*/.exec(fanOutText)?.[0] ?? `failed: ${fanOutText.slice(-2000)}`
console.log(fanOutLine)

await saveResult('workers', {
  wrk: `wrk -t2 -c${connections} -d${duration}s, unpinned; ${repeats} rounds of the two back to back, alternating; req/s medians, ratio the median of paired ratios`,
  data: 'embedded sample (750 reviews), one DATA_DIR per server',
  load_average_before: loadBefore,
  load_average_after: loadavg().map((x) => Number(x.toFixed(2))),
  rows,
  rss_mb_per_process: memory,
  data_change_cpu_ms: { one: changeOne, workers2: changeTwo },
  hub_fan_out: { subscribers, result: fanOutLine, passed: fanOut.exitCode === 0 },
})
