/**
 * The data version alone, in this process: a Catalog opened on a DATA_DIR of N reviews (made by bench/start-memory.ts,
 * bench/out/start-memory-N), its first version built in the build worker as `serve` builds it, insights never
 * computed. Per phase (version taken in, text index adopted, compressed forms made, settled: BENCH_SETTLE_MS, default
 * 10 s, later), this process's RSS when the phase ended and its peak during it, and after a full collection the heap, the array buffers, and the objects by type.
 * Then what each part holds: the heap again after dropping the reviews' ids, then their columns, then the text index.
 * Exits (code 2) once its RSS passes BENCH_RSS_LIMIT_MB (default 8000).
 *   bun bench/version-memory.ts 400000
 */
import { heapStats } from 'bun:jsc'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { Catalog } from '../src/catalog/catalog'
import { openServiceDatabase } from '../src/service'
import { ReviewRepository } from '../src/reviews/repository'
import { OUT } from './lib'

const size = Number(process.argv[2] ?? 100000)
const limitMb = Number(process.env.BENCH_RSS_LIMIT_MB ?? 8000)
const dataDir = join(OUT, `start-memory-${size}`)
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10
let peak = 0
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss()
  peak = Math.max(peak, rss)
  if (rss > limitMb * 1e6) {
    console.log(`watchdog: RSS ${mb(rss)} MB > ${limitMb} MB, stopped`)
    process.exit(2)
  }
}, 50)
const started = performance.now()
const rows: Record<string, unknown>[] = []
function phase(name: string) {
  const rss = process.memoryUsage.rss()
  const row: Record<string, unknown> = {
    phase: name,
    at_ms: Math.round(performance.now() - started),
    rss_mb: mb(rss),
    peak_mb: mb(Math.max(peak, rss)),
  }
  Bun.gc(true)
  const h = heapStats()
  Object.assign(row, {
    after_gc_rss_mb: mb(process.memoryUsage.rss()),
    heap_mb: mb(h.heapSize),
    array_buffers_mb: mb(process.memoryUsage().arrayBuffers),
    objects: h.objectCount,
    top: Object.entries(h.objectTypeCounts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([type, count]) => `${type} ${count}`)
      .join(', '),
  })
  rows.push(row)
  console.log(JSON.stringify(row))
  peak = process.memoryUsage.rss()
}

phase('start')
const db = openServiceDatabase(dataDir)
const events: Record<string, unknown>[] = []
const catalog = new Catalog(new ReviewRepository(db), {
  baseUrl: 'http://localhost',
  computeInsights: () => new Promise(() => {}),
  log: (event) => events.push(event),
  firstVersionOffLoop: true,
  pollMs: 3_600_000,
})
const seen = (name: string) => events.some((e) => e.event === name)
catalog.start()
await catalog.whenServing()
phase('version')
while (!seen('text_index_built')) await Bun.sleep(20)
await Bun.sleep(100)
phase('text_index')
while (!seen('compressed')) await Bun.sleep(20)
phase('compressed')
// Freed memory goes back to the system over a few seconds (the allocators' scavengers): RSS again 10 s later.
await Bun.sleep(Number(process.env.BENCH_SETTLE_MS ?? 10_000))
phase('settled')
const snapshot = catalog.current
const parts = {
  reviews: snapshot.reviews.length,
  body_mb: mb(snapshot.representations['reviews.json'].body.byteLength),
  gzip_mb: mb(snapshot.representations['reviews.json'].encoded('gzip').byteLength),
  br_mb: mb(snapshot.representations['reviews.json'].encoded('br').byteLength),
}
console.log(JSON.stringify(parts))
// What the parts hold: dropped one after another (the version is unusable after this).
const internals = snapshot as unknown as {
  reviews: { ids: unknown; byId: unknown; columns: unknown }
  byId: unknown
  columns: unknown
  index?: { columns: unknown; ngrams?: unknown }
}
// The reviews: their ids (and the map of positions by id), then their columns.
internals.reviews.ids = []
internals.reviews.byId = new Map()
internals.byId = new Map()
phase('without the ids')
internals.reviews.columns = undefined
internals.columns = undefined
if (internals.index) internals.index.columns = undefined
phase('without the columns')
if (internals.index) internals.index.ngrams = undefined
phase('without the text index')
clearInterval(sampler)
console.log(
  JSON.stringify({
    reviews: size,
    events: events.filter((e) => e.event !== 'request'),
    load_average: loadavg().map((x) => Math.round(x * 10) / 10),
  }),
)
catalog.stop()
process.exit(0)
