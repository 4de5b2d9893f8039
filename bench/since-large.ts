/**
 * A large since-listing (200k reviews, from the biggest imported dataset): the first request, then
 * repeats, identity and compressed, against a bare Bun static route serving the same bytes in the same
 * run. A listing served from cache costs a repeat about what the static route costs; one rebuilt per
 * request pays the JSON join (and the compression) every time.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, OUT, peakRssMb, rssMb, saveResult, startBinary, track } from './lib'

const WANTED = Number(process.env.BENCH_SINCE_REVIEWS ?? 200_000)
const REPEATS = Number(process.env.BENCH_SINCE_REPEATS ?? 5)
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number)
const size = sizes.sort((a, b) => b - a).find((n) => existsSync(join(OUT, `data-${n}`)))
if (!size) throw new Error('no imported dataset: run bun bench/datasets.ts first')
// The steady state: a fresh 1M-review start spends its first minutes building the search index and reading insights on
// the main thread (requests then wait for the event loop); see RESULTS.md. Measured once insights are computed.
const { proc, url } = await startBinary({ DATA_DIR: join(OUT, `data-${size}`), LOG_REQUESTS: '0' }, false, true)

// The newest day whose since-listing holds at least WANTED reviews, by bisection on the search's total.
const count = async (date: string) =>
  ((await (await fetch(`${url}/api/reviews/search?since=${date}&limit=1`)).json()) as { total: number }).total
const day = (n: number) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
let lo = 0
let hi = 365 * 40
while (lo < hi) {
  const mid = (lo + hi + 1) >>> 1
  if ((await count(day(mid))) >= Math.min(WANTED, size)) lo = mid
  else hi = mid - 1
}
const since = day(lo)
const listed = await count(since)

/** Wall time of one GET, body read to the end, with curl's own timer (no client-side decoding). */
function timed(target: string, encoding?: string): { ms: number; bytes: number; status: number } {
  const args = encoding ? ['-H', `Accept-Encoding: ${encoding}`] : []
  const run = Bun.spawnSync(['curl', '-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}', ...args, target])
  const [status, bytes, seconds] = run.stdout.toString().split(' ').map(Number)
  return { ms: Math.round(seconds! * 10000) / 10, bytes: bytes!, status: status! }
}

const path = `/api/reviews/since/${since}`
const rows: Record<string, unknown>[] = []
const manifest: { path: string; file: string; headers: Record<string, string> }[] = []
const variants = [undefined, 'gzip', 'br'] as const
const service: Record<string, { first: number; repeats: number[]; bytes: number }> = {}
for (const encoding of variants) {
  const first = timed(url + path, encoding)
  if (first.status !== 200) throw new Error(`${path}: ${first.status}`)
  const repeats = Array.from({ length: REPEATS }, () => timed(url + path, encoding).ms)
  service[encoding ?? 'identity'] = { first: first.ms, repeats, bytes: first.bytes }
  const file = join(OUT, `since-${encoding ?? 'identity'}.bin`)
  Bun.spawnSync(['curl', '-s', '-o', file, ...(encoding ? ['-H', `Accept-Encoding: ${encoding}`] : []), url + path])
  manifest.push({
    path: `/${encoding ?? 'identity'}`,
    file,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(encoding ? { 'content-encoding': encoding } : {}) },
  })
}
const rss = rssMb(proc.pid)
const peak = peakRssMb(proc.pid)
proc.kill('SIGTERM')
await proc.exited

writeFileSync(join(OUT, 'since-manifest.json'), JSON.stringify(manifest))
const bare = track(
  Bun.spawn([process.execPath, join(import.meta.dir, 'bare-bun.ts'), join(OUT, 'since-manifest.json')], {
    stdout: 'pipe',
    stderr: 'inherit',
  }),
)
const reader = bare.stdout.getReader()
const bareUrl = new TextDecoder().decode((await reader.read()).value).trim()
for (const encoding of variants) {
  const key = encoding ?? 'identity'
  const reference = Array.from({ length: REPEATS }, () => timed(`${bareUrl}/${key}`).ms)
  const s = service[key]!
  rows.push({
    encoding: key,
    bytes: s.bytes,
    first_request_ms: s.first,
    repeat_median_ms: median(s.repeats),
    bare_bun_static_median_ms: median(reference),
    repeat_vs_static: Number((median(s.repeats) / median(reference)).toFixed(2)),
  })
}
bare.kill('SIGTERM')
await bare.exited
await saveResult('since', {
  dataset_reviews: size,
  since,
  listed_reviews: listed,
  service_rss_mb: Math.round(rss),
  service_peak_rss_mb: Math.round(peak),
  rows,
})
