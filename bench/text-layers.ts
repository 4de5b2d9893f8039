/**
 * A search on a version whose text index is in layers (src/reviews/text-layers.ts: the last whole index plus the texts
 * added since, as after a run of one-review imports) against the same search on a whole text index over the same
 * reviews, in this run: p50/p99 per query and the ratio. Each round of the layered side reads a version that has not
 * looked the query up yet (a version keeps its last 16 lookups), so the mapping is in every figure. Also the cost of
 * the next version's text index, layers against whole.
 *   BENCH_LAYERS_SIZE=100000 BENCH_LAYERS_CHANGES=20 bun bench/text-layers.ts
 */
import { loadavg } from 'node:os'
import { corpusOf, NgramIndex, splicedCorpus } from '../src/reviews/ngram-index'
import { searchableText, SearchIndex, type IndexFilters } from '../src/reviews/search-index'
import { nextLayerMaps } from '../src/reviews/text-layers'
import type { Review } from '../src/reviews/schema'
import { generateDataset } from '../src/sample/generate'
import { percentile, saveResult } from './lib'

const size = Number(process.env.BENCH_LAYERS_SIZE ?? 100_000)
const changes = Number(process.env.BENCH_LAYERS_CHANGES ?? 20)
const ROUNDS = Number(process.env.BENCH_LAYERS_ROUNDS ?? 60)
const QUERIES = ['water heater', 'rip-off', 'e', 'the ', 'on time', 'the technician', 'the whole job took less than an hour', 'zzqx']

const { reviews: generated } = generateDataset({ count: size + changes, seed: 42, endDate: '2026-11-15', years: 3 })
const reviews = generated as Review[]
// The oldest `size` reviews were indexed whole; the newest `changes` arrived one at a time since.
const before = reviews.slice(changes)
const now = reviews
const texts = now.map((r) => searchableText(r))
const baseStarted = performance.now()
const base = new NgramIndex(before.length, (p) => texts[p + changes]!)
const wholeMs = performance.now() - baseStarted
const reuse = Int32Array.from(now, (_, i) => (i < changes ? -1 : i - changes))
const layersStarted = performance.now()
const { deltaReuse, ...maps } = nextLayerMaps(null, before.length, 1, reuse)
const deltaCorpus = splicedCorpus(
  corpusOf(0, () => ''),
  deltaReuse,
  (k) => texts[maps.deltaHere[k]!]!,
)
const delta = new NgramIndex(maps.deltaHere.length, () => '', deltaCorpus).toParts().parts
const layersMs = performance.now() - layersStarted
const baseParts = base.toParts().parts

const whole = new SearchIndex(now)
whole.adoptTextIndex({ whole: new NgramIndex(now.length, (p) => texts[p]!).toParts().parts }, 0)
const layeredVersion = () => {
  const index = new SearchIndex(now, undefined, { deferText: true })
  index.adoptTextIndex({ layers: { base: baseParts, delta, maps, deltaCorpus } }, 0)
  return index
}

const time = (run: () => unknown) => {
  const started = performance.now()
  run()
  return performance.now() - started
}
const rows: Record<string, unknown>[] = []
for (const text of QUERIES) {
  const filters: IndexFilters = { text, limit: 20 }
  const versions = Array.from({ length: ROUNDS }, layeredVersion)
  const layered = versions.map((index) => time(() => index.search(filters))).sort((a, b) => a - b)
  const reference = Array.from({ length: ROUNDS }, () => time(() => whole.search(filters))).sort((a, b) => a - b)
  const same = JSON.stringify(versions[0]!.search(filters)) === JSON.stringify(whole.search(filters))
  const row = {
    query: text,
    matches: whole.search(filters).total,
    same_answer: same,
    whole_p50_ms: +percentile(reference, 50).toFixed(3),
    layered_p50_ms: +percentile(layered, 50).toFixed(3),
    whole_p99_ms: +percentile(reference, 99).toFixed(3),
    layered_p99_ms: +percentile(layered, 99).toFixed(3),
    ratio_p50: +(percentile(layered, 50) / Math.max(percentile(reference, 50), 0.001)).toFixed(1),
  }
  rows.push(row)
  console.log(JSON.stringify(row))
}
const build = { reviews: size, changes, whole_text_index_ms: Math.round(wholeMs), layers_ms: Math.round(layersMs * 10) / 10 }
console.log(
  `text index for the next version at ${size} reviews after ${changes} one-review changes: layers ${build.layers_ms} ms, ` +
    `a whole one ${build.whole_text_index_ms} ms (load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
)
await saveResult('text-layers', { build, rows })
