/**
 * Cold start of two or more builds, alternating: spawn (pinned to CPU 0) to the first 200 of /reviews.json on an
 * already seeded data directory, 15 rounds (BENCH_AB_ROUNDS); prints each build's median wall time and CPU time
 * (user + system of the whole process, killed at its first 200) and the medians of the paired ratios against the first.
 *   bun bench/start-ab.ts <binary A> <binary B>
 * CPU time says what a start costs whatever else the machine runs; wall time includes waiting for a CPU.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, median, pinned, SERVER_CPU, track } from './lib'

const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 15)
const bins = process.argv.slice(2)
if (bins.length < 2) throw new Error('usage: bun bench/start-ab.ts <binary A> <binary B> [...]')
const roots = bins.map(() => mkdtempSync(join(tmpdir(), 'bench-start-ab-')))

/** Spawn to first 200; the process is killed right away, so its CPU time is what the start cost. */
async function once(bin: string, dir: string): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort()
  const t0 = performance.now()
  const proc = track(
    Bun.spawn(pinned(SERVER_CPU, [bin, 'serve']), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir },
      stderr: 'ignore',
      stdout: 'ignore',
    }),
  )
  let ms = NaN
  while (performance.now() - t0 < 10_000 && proc.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/reviews.json`)
      await response.arrayBuffer()
      if (response.status === 200) {
        ms = performance.now() - t0
        break
      }
    } catch {
      // Not listening yet: ask again in a moment (a tight loop would take CPU from the starting server).
      await Bun.sleep(1)
    }
  }
  proc.kill('SIGKILL')
  await proc.exited
  const usage = proc.resourceUsage()
  return { ms, cpuMs: usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 : NaN }
}

const dirs = roots.map((root) => join(root, 'data'))
for (let i = 0; i < bins.length; i++) await once(bins[i]!, dirs[i]!) // Seeds each data directory.
const runs = bins.map(() => [] as { ms: number; cpuMs: number }[])
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the order, so neither build always runs right after the other.
  const order = r % 2 ? [...bins.keys()].reverse() : [...bins.keys()]
  for (const i of order) runs[i]!.push(await once(bins[i]!, dirs[i]!))
}
for (const root of roots) rmSync(root, { recursive: true, force: true })

const ratio = (i: number, key: 'ms' | 'cpuMs') => median(runs[i]!.map((run, r) => run[key] / runs[0]![r]![key])).toFixed(2)
for (const [i, bin] of bins.entries()) {
  const wall = median(runs[i]!.map((run) => run.ms)).toFixed(1)
  const cpu = median(runs[i]!.map((run) => run.cpuMs)).toFixed(1)
  const ratios = i === 0 ? '' : `  paired ratio to the first: wall ${ratio(i, 'ms')}, cpu ${ratio(i, 'cpuMs')}`
  console.log(`${bin}: first 200 median ${wall} ms, cpu ${cpu} ms${ratios}`)
}
