import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { computeInWorker } from './src/insights/analysis-worker'
import { generateDataset } from './src/sample/generate'
import { ReviewRepository } from './src/reviews/repository'
import { openServiceDatabase } from './src/service'
import { ANALYSER_RELEASE } from './src/insights/release'
const N = Number(process.env.N ?? 10000)
const dir = `/tmp/dc/memw-${N}`
const fresh = !existsSync(dir)
const { business, reviews } = generateDataset({ count: N, seed: 5, endDate: '2026-11-15', years: 8 })
const db = openServiceDatabase(dir)
if (fresh) new ReviewRepository(db).write({ business, reviews })
const pub = new ReviewRepository(db).publishedJson().map((r) => JSON.parse(r.json))
db.close()
const dataset = new TextEncoder().encode(JSON.stringify({ reviews: pub }))
const hwm = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024)
const rss = () => Math.round(process.memoryUsage().rss / 1e6)
Bun.gc(true)
console.log('before', rss(), 'hwm', hwm())
for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
  const t = performance.now()
  let stats: any
  await computeInWorker(business, dataset, 'x', undefined, { dbPath: join(dir, 'reviews.db'), release: ANALYSER_RELEASE, onStats: (s) => (stats = s) })
  await Bun.sleep(300); Bun.gc(true)
  console.log('run', i, Math.round(performance.now() - t), 'ms; rss', rss(), 'hwm', hwm(), JSON.stringify(stats))
}
