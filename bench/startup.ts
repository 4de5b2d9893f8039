/**
 * Cold start of the compiled binary to its first 200 (GET /reviews.json, embedded sample data, an
 * already seeded data directory) against the smallest compiled Bun server built the same way, with
 * and without bytecode, in wall time and in CPU time (the process's threads, at the first 200); then
 * RSS at the first 200 and once insights are computed (idle).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, freePort, median, OUT, pinned, rssMb, saveResult, SERVER_CPU, track } from './lib'

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 10)

/** Spawn to first 200 on `path`; then, with `settle`, RSS once insights are computed and the process sat idle for a second. */
async function timeToFirst200(
  command: string[],
  env: Record<string, string>,
  path: string,
  settle: boolean,
): Promise<{ ms: number; cpuMs: number; listeningMs: number; rssAtFirst: number; rssIdle: number }> {
  const port = await freePort()
  const started = performance.now()
  const proc = track(
    Bun.spawn(pinned(SERVER_CPU, command), {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdout: 'ignore',
      stderr: 'pipe',
    }),
  )
  // When the server logs that it listens: splits the start into "until listening" and "first request".
  let listeningMs = NaN
  void (async () => {
    let text = ''
    for await (const chunk of proc.stderr) {
      text += new TextDecoder().decode(chunk)
      if (Number.isNaN(listeningMs) && text.includes('"listening"')) listeningMs = performance.now() - started
    }
  })()
  let ms = NaN
  const deadline = started + 20_000
  while (performance.now() < deadline && proc.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      await response.arrayBuffer()
      if (response.status === 200) {
        ms = performance.now() - started
        break
      }
    } catch {
      // Not listening yet: ask again in a moment (a tight loop would take CPU from the starting server).
      await Bun.sleep(1)
    }
  }
  if (proc.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${proc.exitCode} before answering`)
  const cpuMs = cpuTimeMs(proc.pid)
  const rssAtFirst = rssMb(proc.pid)
  let rssIdle = NaN
  if (settle) {
    await (await fetch(`http://127.0.0.1:${port}/insights.json`)).arrayBuffer()
    await Bun.sleep(1000)
    rssIdle = rssMb(proc.pid)
  }
  proc.kill('SIGTERM')
  await proc.exited
  return { ms, cpuMs, listeningMs, rssAtFirst, rssIdle }
}

/** CPU time the process's threads have had so far (ms): a start's cost whatever else the machine runs. */
function cpuTimeMs(pid: number): number {
  let ns = 0
  for (const task of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
  return ns / 1e6
}

async function compileTrivial(bytecode: boolean): Promise<string> {
  const outfile = join(OUT, bytecode ? 'trivial-server-bytecode' : 'trivial-server')
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, 'trivial-server.ts')],
    compile: { outfile },
    minify: true,
    target: 'bun',
    bytecode,
  })
  if (!result.success) throw new Error(result.logs.join('\n'))
  return outfile
}

const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'))
const env = { DATA_DIR: join(dir, 'data') }
const first = await timeToFirst200([BINARY, 'serve'], env, '/reviews.json', false) // Seeds the sample database.
const service: Awaited<ReturnType<typeof timeToFirst200>>[] = []
for (let i = 0; i < RUNS; i++) service.push(await timeToFirst200([BINARY, 'serve'], env, '/reviews.json', true))
rmSync(dir, { recursive: true, force: true })
const trivial = { plain: [] as number[], bytecode: [] as number[], bytecodeCpu: [] as number[] }
for (const bytecode of [false, true]) {
  const file = await compileTrivial(bytecode)
  for (let i = 0; i < RUNS; i++) {
    const run = await timeToFirst200([file], {}, '/', false)
    trivial[bytecode ? 'bytecode' : 'plain'].push(run.ms)
    if (bytecode) trivial.bytecodeCpu.push(run.cpuMs)
  }
}
const version: number[] = []
for (let i = 0; i < RUNS; i++) {
  const t = performance.now()
  Bun.spawnSync(pinned(SERVER_CPU, [BINARY, '--version']))
  version.push(performance.now() - t)
}
await saveResult('startup', {
  binary: BINARY.replace(/^.*\/(dist|bench)\//, '$1/'),
  first_start_with_seeding_ms: Math.round(first.ms),
  cold_start_to_first_200_ms: Math.round(median(service.map((s) => s.ms))),
  cold_start_to_listening_log_ms: Math.round(median(service.map((s) => s.listeningMs))),
  cpu_at_first_200_ms: Math.round(median(service.map((s) => s.cpuMs))),
  trivial_server_ms: Math.round(median(trivial.plain)),
  trivial_server_bytecode_ms: Math.round(median(trivial.bytecode)),
  trivial_server_bytecode_cpu_ms: Math.round(median(trivial.bytecodeCpu)),
  version_ms: Math.round(median(version)),
  rss_at_first_200_mb: Math.round(median(service.map((s) => s.rssAtFirst))),
  idle_rss_after_insights_mb: Math.round(median(service.map((s) => s.rssIdle))),
  runs: RUNS,
})
