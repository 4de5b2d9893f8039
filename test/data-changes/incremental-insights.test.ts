/**
 * Incremental insights (issue: insights stored per revision, per-review analysis stored, aggregates recomputed):
 * each review's analysis is kept in the database under the analyser's release and a hash of what was read, so a
 * computation after an import reads only the new or changed reviews, and gives the same insights as reading all.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { computeInChildProcess } from '../../src/insights/analysis-worker'
import { computeInsights } from '../../src/insights/compute'
import { ANALYSER_RELEASE } from '../../src/insights/release'
import { computeIncrementally, type IncrementalStats } from '../../src/insights/stored-analyses'
import { ReviewRepository } from '../../src/reviews/repository'
import type { Business, Review } from '../../src/reviews/schema'
import { generateDataset } from '../../src/sample/generate'
import { openServiceDatabase } from '../../src/service'
import { DATABASE_FILE } from '../../src/db/database'

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step()
})

const AT = '2026-11-15T00:00:00.000Z'

function setup(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-incremental-'))
  const { business, reviews } = generateDataset({ count, seed: 7, endDate: '2026-11-15', years: 3 })
  const db = openServiceDatabase(dir)
  const store = new ReviewRepository(db)
  store.write({ business, reviews })
  cleanup.push(() => {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const published = () => store.publishedJson().map((r) => JSON.parse(r.json) as Review)
  return { dbPath: join(dir, DATABASE_FILE), store, db, business: business as Business, published }
}

const storedRows = (db: ReturnType<typeof openServiceDatabase>, release: string) =>
  db.query<{ n: number }, [string]>('SELECT count(*) AS n FROM review_analyses WHERE release = ?').get(release)!.n

describe('per-review analyses stored', () => {
  test('a second computation reads nothing again, and both equal a computation that reads every review', () => {
    const { dbPath, db, business, published } = setup(300)
    const reviews = published()
    const n = reviews.length // the verified ones
    expect(n).toBeGreaterThan(250)
    const whole = computeInsights(business, reviews, AT)
    const first = computeIncrementally(dbPath, ANALYSER_RELEASE, business, reviews, AT)
    expect(first.stats.reused).toBe(0)
    expect(first.stats.saved).toBe(n)
    expect(first.stats.analysed).toBeGreaterThan(n * 0.8) // the English ones (the rest have no English text to read)
    expect(first.insights).toEqual(whole)
    expect(storedRows(db, ANALYSER_RELEASE)).toBe(n)

    const second = computeIncrementally(dbPath, ANALYSER_RELEASE, business, reviews, AT)
    expect(second.stats).toMatchObject({ reused: n, analysed: 0, saved: 0 })
    expect(second.insights).toEqual(whole)
  }, 60_000)

  test('readings are stored and held compact (no lexicon cues), and give the same insights, tracked topics included', () => {
    const { dbPath, db, business, published } = setup(300)
    const reviews = published()
    // A tracked topic is matched in the clauses' text: the one part of a reading kept only for it.
    const tracking = { ...business, topics: ['water heater', 'drain'] } as Business
    const whole = computeInsights(tracking, reviews, AT)
    expect(whole.topics.filter((t) => t.mention_count > 0).map((t) => t.phrase)).toEqual(expect.arrayContaining(['water heater']))
    expect(computeIncrementally(dbPath, ANALYSER_RELEASE, tracking, reviews, AT).insights).toEqual(whole)
    expect(computeIncrementally(dbPath, ANALYSER_RELEASE, tracking, reviews, AT).insights).toEqual(whole)
    const rows = db.query<{ json: string }, []>('SELECT json FROM review_analyses').all()
    expect(rows.length).toBe(reviews.length)
    const cues = rows.reduce((n, { json }) => n + (json.match(/"cues":\[[^\]]/g)?.length ?? 0), 0)
    expect(cues).toBe(0)
    const clauses = rows.reduce((n, { json }) => n + (json.match(/"text":/g)?.length ?? 0), 0)
    expect(clauses).toBeGreaterThan(reviews.length)
  }, 60_000)

  test('after an import only the new and the changed reviews are read; the others are aggregated from the store', () => {
    const { dbPath, db, store, business, published } = setup(300)
    const n = published().length
    computeIncrementally(dbPath, ANALYSER_RELEASE, business, published(), AT)
    const [changed, , rating] = store.publishedJson().map((r) => JSON.parse(r.json) as Review)
    const added = { ...changed!, id: 'incremental-new', text: 'The technician was late and rude, but the price was fair.' }
    store.write({
      reviews: [
        { ...changed!, text: `${changed!.text} The crew left a mess in the garage.` },
        // Only the rating changes: its text is the same, so its analysis is reused.
        { ...rating!, rating: rating!.rating === 5 ? 4 : 5 },
        added,
      ],
    })
    const reviews = published()
    const after = computeIncrementally(dbPath, ANALYSER_RELEASE, business, reviews, AT)
    expect(after.stats).toMatchObject({ reused: n - 1, analysed: 2, saved: 2 })
    expect(after.insights).toEqual(computeInsights(business, reviews, AT))
    // The changed review's earlier analysis is replaced, not kept beside the new one.
    expect(storedRows(db, ANALYSER_RELEASE)).toBe(n + 1)
  }, 60_000)

  test("another analyser release reads every review again and drops the previous release's analyses", () => {
    const { dbPath, db, business, published } = setup(120)
    computeIncrementally(dbPath, ANALYSER_RELEASE, business, published(), AT)
    const other = computeIncrementally(dbPath, `${ANALYSER_RELEASE}-next`, business, published(), AT)
    expect(other.stats).toMatchObject({ reused: 0, saved: published().length })
    expect(storedRows(db, ANALYSER_RELEASE)).toBe(0)
    expect(storedRows(db, `${ANALYSER_RELEASE}-next`)).toBe(published().length)
  }, 60_000)

  test('a business whose services change (they are masked in the text) reads every review again', () => {
    const { dbPath, business, published } = setup(120)
    computeIncrementally(dbPath, ANALYSER_RELEASE, business, published(), AT)
    const renamed = { ...business, services: [...business.services, { id: 'extra-service', name: 'Gutter guard install' }] }
    const again = computeIncrementally(dbPath, ANALYSER_RELEASE, renamed, published(), AT)
    expect(again.stats.reused).toBe(0)
  }, 60_000)

  test('removed reviews: their analyses are pruned once they are more than a tenth of the store', () => {
    const { dbPath, db, store, business, published } = setup(300)
    computeIncrementally(dbPath, ANALYSER_RELEASE, business, published(), AT)
    const kept = store.publishedJson().slice(0, 100)
    store.write({ reviews: kept.map((r) => JSON.parse(r.json)), replace: true })
    computeIncrementally(dbPath, ANALYSER_RELEASE, business, published(), AT)
    expect(storedRows(db, ANALYSER_RELEASE)).toBe(published().length)
    expect(published().length).toBeLessThanOrEqual(100)
  }, 60_000)

  test("through the insights Worker: the dataset's bytes in, stored analyses used, what it reused reported", async () => {
    const { dbPath, business, published } = setup(200)
    const reviews = published()
    const dataset = new TextEncoder().encode(JSON.stringify({ reviews }))
    const runs: IncrementalStats[] = []
    const store = { dbPath, release: ANALYSER_RELEASE, onStats: (stats: IncrementalStats) => runs.push(stats) }
    const first = await computeInChildProcess(business, [dataset], AT, undefined, store)!
    const second = await computeInChildProcess(business, [dataset], AT, undefined, store)!
    expect(runs.map((r) => r.reused)).toEqual([0, reviews.length])
    expect(second).toEqual(first)
    expect(first).toEqual(computeInsights(business, reviews, AT))
  }, 60_000)
})
