/**
 * Generates the 1k..1M datasets with the sample generator and imports each into its own DATA_DIR
 * with the compiled binary, measuring import time and peak RSS (VmHWM).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BINARY, OUT, ROOT, saveResult } from './lib'
import sample from '../data/sample.json'

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number)
const businessFile = join(OUT, 'business.json')
writeFileSync(businessFile, JSON.stringify(sample.business))
const results: Record<string, unknown>[] = []
for (const size of sizes) {
  const file = join(OUT, `reviews-${size}.jsonl`)
  if (!existsSync(file)) {
    const gen = Bun.spawnSync([
      'bun',
      join(ROOT, 'scripts', 'generate-sample.ts'),
      '--count',
      String(size),
      '--format',
      'jsonl',
      '--out',
      file,
      '--years',
      '8',
    ])
    if (gen.exitCode !== 0) throw new Error(gen.stderr.toString())
  }
  const dataDir = join(OUT, `data-${size}`)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const started = performance.now()
  const child = Bun.spawn([BINARY, 'import', file, '--business', businessFile], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // VmHWM is the peak resident set so far: sampled until the process ends, the last reading is its peak.
  let peakKb = 0
  const sampler = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0))
    } catch {}
  }, 20)
  const code = await child.exited
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  const output = await new Response(child.stdout).text()
  if (code !== 0) throw new Error(`import of ${size} failed (exit ${code}): ${output} ${await new Response(child.stderr).text()}`)
  results.push({ reviews: size, import_seconds: Number(seconds.toFixed(2)), peak_rss_mb: Math.round(peakKb / 1024), output: output.trim() })
}
await saveResult('import', results)
