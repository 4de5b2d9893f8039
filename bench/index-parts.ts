/**
 * What the text index of a DATA_DIR's published reviews holds, part by part (bytes), and how long it takes to build:
 *   bun bench/index-parts.ts 100000
 */
import { join } from 'node:path'
import { openServiceDatabase } from '../src/service'
import { ReviewRepository } from '../src/reviews/repository'
import type { Review } from '../src/reviews/schema'
import { NgramIndex } from '../src/reviews/ngram-index'
import { searchableText } from '../src/reviews/search-index'
import { OUT } from './lib'

const size = Number(process.argv[2] ?? 100000)
const db = openServiceDatabase(join(OUT, `start-memory-${size}`))
const rows = new ReviewRepository(db).publishedJson()
const texts = rows.map((r) => searchableText(JSON.parse(r.json) as Review))
rows.length = 0
Bun.gc(true)
const started = performance.now()
const cpu = process.cpuUsage()
const index = new NgramIndex(texts.length, (p) => texts[p]!)
const ms = performance.now() - started
const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000
const parts: Record<string, number> = {}
for (const [key, value] of Object.entries(index.toParts().parts)) {
  let bytes = 0
  const visit = (v: unknown) => {
    if (ArrayBuffer.isView(v)) bytes += v.byteLength
    else if (v instanceof Map) for (const x of v.values()) visit(x)
    else if (Array.isArray(v)) for (const x of v) visit(x)
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x)
  }
  visit(value)
  if (bytes) parts[key] = Math.round(bytes / 1e4) / 100
}
console.log(
  JSON.stringify({
    reviews: texts.length,
    build_ms: Math.round(ms),
    cpu_ms: Math.round(cpuMs),
    total_mb: Math.round(index.bytes / 1e4) / 100,
    parts_mb: parts,
  }),
)
