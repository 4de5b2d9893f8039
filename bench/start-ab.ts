/**
 * Cold start of two builds, alternating: spawn (pinned to CPU 0) to the first 200 of /reviews.json on an
 * already seeded data directory, 15 rounds; prints each build's median and the median of the paired ratios.
 *   bun bench/start-ab.ts <binary A> <binary B>
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
const bins = process.argv.slice(2)
const dirs = bins.map(() => join(mkdtempSync(join(tmpdir(), 'bench-start-ab-')), 'data'))
async function once(bin: string, dir: string) {
  const port = 30000 + Math.floor(Math.random() * 20000)
  const t0 = performance.now()
  const p = Bun.spawn(['taskset', '-c', '0', bin, 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir },
    stderr: 'ignore',
    stdout: 'ignore',
  })
  let ms = 0
  while (performance.now() - t0 < 10000) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/reviews.json`)
      await r.arrayBuffer()
      if (r.status === 200) {
        ms = performance.now() - t0
        break
      }
    } catch {}
  }
  p.kill()
  await p.exited
  return ms
}
for (let i = 0; i < bins.length; i++) await once(bins[i]!, dirs[i]!) // seed
const times: number[][] = bins.map(() => [])
const ratios: number[] = []
for (let r = 0; r < 15; r++) {
  const round = []
  for (let i = 0; i < bins.length; i++) {
    const j = r % 2 ? bins.length - 1 - i : i
    round[j] = await once(bins[j]!, dirs[j]!)
  }
  for (const [i, t] of round.entries()) times[i]!.push(t)
  ratios.push(round[1]! / round[0]!)
}
const med = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)]!
for (const [i, b] of bins.entries()) console.log(b, 'median first 200 ms', med(times[i]!).toFixed(1))
console.log('median paired ratio second/first', med(ratios).toFixed(2))
