/**
 * Search latency inside the process, per dataset size and filter combination (p50/p99 over many
 * queries, wall and CPU time), against the reference of a plain indexed SQLite lookup in the same run.
 * Nothing caches results between calls: every round does the whole search.
 */
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { loadConfig } from '../src/core/config'
import { openData } from '../src/service'
import { OUT, percentile, saveResult } from './lib'

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 500)
const combos: Record<string, Record<string, unknown>> = {
  'no filter': {},
  rating: { rating: 1 },
  'min_rating + since': { min_rating: 4, since: '2025-01-01' },
  'query (common)': { query: 'water heater' },
  'query (rare)': { query: 'rip-off' },
  'query (1 char)': { query: 'z' },
  'query (1 char, in every review)': { query: 'e' },
  'query (2 chars)': { query: 'er' },
  'query (common word)': { query: 'the ' },
  'query (common word, 5 chars)': { query: ' the ' },
  'query (long common phrase)': { query: 'the whole job took less than an hour' },
  // Common phrases whose trigrams also occur elsewhere: every candidate text must be checked (the sample's
  // templated phrases above have a trigram found only inside them, which makes them exact sets).
  'query (common phrase, shared trigrams)': { query: 'on time' },
  'query (very common phrase)': { query: 'the technician' },
  technician: { mentions_technician: 'mike' },
  service: { mentions_service: 'drain-cleaning' },
  'query + filters': { query: 'on time', rating: 5, since: '2024-01-01', mentions_technician: 'priya' },
  'everything, no match': { query: 'zzqx', rating: 2, mentions_service: 'toilet-repair' },
}
const rows: Record<string, unknown>[] = []
for (const size of sizes) {
  const dataDir = join(OUT, `data-${size}`)
  if (!existsSync(dataDir)) continue
  const started = performance.now()
  const { db, catalog, search } = openData(loadConfig({ DATA_DIR: dataDir }), { log: () => {} })
  const openMs = performance.now() - started
  Bun.gc(true)
  const index = catalog.current.searchIndex
  const ids = db
    .query<{ id: string }, []>('SELECT id FROM reviews LIMIT 1000')
    .all()
    .map((r) => r.id)
  const lookup = db.prepare('SELECT json FROM reviews WHERE id = ?')
  const reference: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now()
    lookup.get(ids[i % ids.length]!)
    reference.push(performance.now() - t)
  }
  reference.sort((a, b) => a - b)
  // The text index is built with the snapshot from 20k reviews; below that, by the first text query.
  search.search({ limit: 1, query: 'x' } as never)
  const row: Record<string, unknown> = {
    reviews: size,
    // The machine may be shared: wall-time tails follow its load, CPU time much less.
    'load average (1 min) at start': Number(loadavg()[0]!.toFixed(2)),
    'snapshot build ms': Math.round(openMs),
    'text index build ms': Math.round(index.textIndexMs),
    'text index MB': Number((index.textIndexBytes / 1e6).toFixed(1)),
    'process RSS MB (all snapshot data)': Math.round(process.memoryUsage().rss / 1e6),
    'reference p50 (indexed lookup)': percentile(reference, 50).toFixed(3),
  }
  for (const [name, filters] of Object.entries(combos)) {
    const times: number[] = []
    const cpu: number[] = []
    let total = 0
    for (let i = 0; i < ROUNDS; i++) {
      // Wall time, and this process's CPU time: on a shared machine the difference is time spent descheduled.
      const c = process.cpuUsage()
      const t = performance.now()
      total = search.search({ limit: 20, ...filters } as never).total
      times.push(performance.now() - t)
      const used = process.cpuUsage(c)
      cpu.push((used.user + used.system) / 1000)
    }
    times.sort((a, b) => a - b)
    cpu.sort((a, b) => a - b)
    row[name] = {
      p50_ms: Number(percentile(times, 50).toFixed(3)),
      p99_ms: Number(percentile(times, 99).toFixed(3)),
      cpu_p99_ms: Number(percentile(cpu, 99).toFixed(3)),
      matches: total,
    }
  }
  rows.push(row)
  catalog.stop()
  db.close()
}
await saveResult('search', rows)
// The same figures as one table per size, for reading.
for (const row of rows) {
  console.log(
    `\n${row.reviews} reviews: text index ${row['text index MB']} MB, built in ${row['text index build ms']} ms; load ${row['load average (1 min) at start']}`,
  )
  console.log('combination'.padEnd(34), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'CPU p99'.padStart(8), 'matches'.padStart(9))
  for (const [name, value] of Object.entries(row)) {
    if (typeof value !== 'object' || value === null) continue
    const { p50_ms, p99_ms, cpu_p99_ms, matches } = value as Record<string, number>
    console.log(
      name.padEnd(34),
      String(p50_ms).padStart(8),
      String(p99_ms).padStart(8),
      String(cpu_p99_ms).padStart(8),
      String(matches).padStart(9),
    )
  }
}
