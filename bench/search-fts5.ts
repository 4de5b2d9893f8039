/**
 * Why `query` runs on our own n-gram index and not on SQLite FTS5: the same generated reviews are indexed
 * both ways in this process, then each query is answered both ways (the total count of matches and the 20
 * newest), with the ratio FTS5 / ours per query. FTS5's trigram tokenizer is the only FTS5 tokenizer that
 * does substring matching; it cannot match a query shorter than three characters at all.
 *
 *   BENCH_FTS_SIZE=100000 bun bench/search-fts5.ts
 */
import { Database } from 'bun:sqlite'
import { foldText } from '../src/reviews/ngram-index'
import { SearchIndex } from '../src/reviews/search-index'
import { generateDataset } from '../src/sample/generate'
import { percentile } from './lib'

const SIZE = Number(process.env.BENCH_FTS_SIZE ?? 100_000)
const ROUNDS = Number(process.env.BENCH_FTS_ROUNDS ?? 50)
const QUERIES = ['water heater', 'rip-off', 'on time', 'the technician', 'the whole job took less than an hour', 'zzqx', 'er', 'z']

const { reviews } = generateDataset({ count: SIZE, seed: 7, endDate: '2026-11-15', years: 8 })

let started = performance.now()
const ours = new SearchIndex(reviews as never)
ours.search({ text: 'x', limit: 1 })
const oursBuildMs = performance.now() - started

started = performance.now()
const db = new Database(':memory:')
db.run("CREATE VIRTUAL TABLE fts USING fts5(text, tokenize = 'trigram remove_diacritics 1')")
const insert = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)')
db.transaction(() => {
  // rowid = position in newest-first order, so ORDER BY rowid gives the newest matches first.
  for (const [position, review] of reviews.entries()) insert.run(position + 1, review.text)
})()
const ftsBuildMs = performance.now() - started
const ftsCount = db.prepare<{ n: number }, [string]>('SELECT count(*) AS n FROM fts WHERE fts MATCH ?')
const ftsPage = db.prepare<{ rowid: number }, [string]>('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid LIMIT 20')

/** An FTS5 string literal: the query as one phrase. */
const phrase = (query: string) => `"${query.replaceAll('"', '""')}"`

function time(run: () => number): { p50: number; p99: number; total: number } {
  const times: number[] = []
  let total = 0
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now()
    total = run()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99), total }
}

console.log(`${SIZE} reviews; build: n-gram index ${Math.round(oursBuildMs)} ms, FTS5 trigram ${Math.round(ftsBuildMs)} ms`)
console.log('query | matches | ours p50 ms | FTS5 p50 ms | FTS5 / ours (p50)')
for (const query of QUERIES) {
  const text = foldText(query)
  const a = time(() => ours.search({ text, limit: 20 }).total)
  if (query.length < 3) {
    console.log(`${JSON.stringify(query)} | ${a.total} | ${a.p50.toFixed(3)} | cannot match (trigram needs 3+ characters) | -`)
    continue
  }
  const b = time(() => {
    ftsPage.all(phrase(query))
    return ftsCount.get(phrase(query))!.n
  })
  // FTS5's trigram matching folds case and diacritics as ours does; the counts must agree.
  const agree = a.total === b.total ? '' : ` (FTS5 counted ${b.total})`
  console.log(`${JSON.stringify(query)} | ${a.total}${agree} | ${a.p50.toFixed(3)} | ${b.p50.toFixed(3)} | ${(b.p50 / a.p50).toFixed(0)}x`)
}
