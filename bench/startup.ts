/** Cold start of the binary to its first 200, and idle RSS, with the embedded sample data. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, median, rssMb, saveResult } from './lib'

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 10)

async function timeToFirst200(dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = 30000 + Math.floor(Math.random() * 20000)
  const started = performance.now()
  const proc = Bun.spawn([BINARY, 'serve'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, stdout: 'ignore', stderr: 'ignore' })
  let ms = NaN
  for (let i = 0; i < 20000; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/reviews.json`)
      if (response.status === 200) {
        await response.arrayBuffer()
        ms = performance.now() - started
        break
      }
    } catch {
      // Not listening yet.
    }
  }
  await Bun.sleep(1000)
  const rss = rssMb(proc.pid)
  proc.kill('SIGTERM')
  await proc.exited
  return { ms, rss }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'))
const first = await timeToFirst200(join(dir, 'data')) // Seeds the sample database.
const warm: { ms: number; rss: number }[] = []
for (let i = 0; i < RUNS; i++) warm.push(await timeToFirst200(join(dir, 'data')))
rmSync(dir, { recursive: true, force: true })
// Reference: the same binary's --version, i.e. the cost of starting the runtime at all.
const reference: number[] = []
for (let i = 0; i < RUNS; i++) {
  const t = performance.now()
  Bun.spawnSync([BINARY, '--version'])
  reference.push(performance.now() - t)
}
await saveResult('startup', {
  first_start_with_seeding_ms: Math.round(first.ms),
  cold_start_to_first_200_ms_median: Math.round(median(warm.map((w) => w.ms))),
  runtime_start_reference_ms_median: Math.round(median(reference)),
  idle_rss_mb_median: Math.round(median(warm.map((w) => w.rss))),
  runs: RUNS,
})
