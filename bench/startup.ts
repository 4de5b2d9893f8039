/**
 * Cold start of the compiled binary to its first 200 (GET /reviews.json, embedded sample data, an
 * already seeded data directory) against the smallest compiled Bun server built the same way, with
 * and without bytecode; then RSS at the first 200 and once insights are computed (idle).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, median, OUT, pinned, rssMb, saveResult, SERVER_CPU, track } from './lib'

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 10)

/** Spawn to first 200 on `path`; then, with `settle`, RSS once insights are computed and the process sat idle for a second. */
async function timeToFirst200(
  command: string[],
  env: Record<string, string>,
  path: string,
  settle: boolean,
): Promise<{ ms: number; listeningMs: number; rssAtFirst: number; rssIdle: number }> {
  const port = 30000 + Math.floor(Math.random() * 20000)
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
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      await response.arrayBuffer()
      if (response.status === 200) {
        ms = performance.now() - started
        break
      }
    } catch {
      // Not listening yet.
    }
  }
  const rssAtFirst = rssMb(proc.pid)
  let rssIdle = NaN
  if (settle) {
    await (await fetch(`http://127.0.0.1:${port}/insights.json`)).arrayBuffer()
    await Bun.sleep(1000)
    rssIdle = rssMb(proc.pid)
  }
  proc.kill('SIGTERM')
  await proc.exited
  return { ms, listeningMs, rssAtFirst, rssIdle }
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
const trivial = { plain: [] as number[], bytecode: [] as number[] }
for (const bytecode of [false, true]) {
  const file = await compileTrivial(bytecode)
  for (let i = 0; i < RUNS; i++) trivial[bytecode ? 'bytecode' : 'plain'].push((await timeToFirst200([file], {}, '/', false)).ms)
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
  trivial_server_ms: Math.round(median(trivial.plain)),
  trivial_server_bytecode_ms: Math.round(median(trivial.bytecode)),
  version_ms: Math.round(median(version)),
  rss_at_first_200_mb: Math.round(median(service.map((s) => s.rssAtFirst))),
  idle_rss_after_insights_mb: Math.round(median(service.map((s) => s.rssIdle))),
  runs: RUNS,
})
