/**
 * Incremental insights: each review's analysis is kept in the database (ReviewRepository.analyses, migration 005)
 * under the analyser's release and a hash of what was read, so a recompute after an import analyses only the
 * reviews that are new or changed and aggregates the stored analyses of the others. Runs in the insights Worker,
 * on its own connection (a lock held by an import is waited for there, never on the event loop).
 */
import { Database } from 'bun:sqlite'
import { ReviewRepository, type StoredAnalysis } from '../reviews/repository'
import type { Business, Review } from '../reviews/schema'
import { analyzeText, contextFor } from './analyzer'
import { compactReading, computeInsightsFrom, type Reading } from './compute'
import { readableText } from './language'
import { vocabularyOf } from './vocabulary'
import type { Insights } from './schema'

/** What a computation took from the store and what it read afresh. */
export type IncrementalStats = { reused: number; analysed: number; saved: number; readMs: number; computeMs: number; saveMs: number }

/** Stored readings read between two calls of `between` (100k reviews: a few collections, a second or two in all). */
const COLLECT_EVERY = 25_000

/** More stored analyses than reviews by this share: the analyses of removed reviews are pruned. */
const PRUNE_SHARE = 0.1

/** The hash of what the analyser reads of a review (text, language, translation) and knows of the business. */
export function inputHash(review: Review, contextKey: string): string {
  const translation = review.translation ? `${review.translation.language ?? ''}\u0000${review.translation.text}` : ''
  return Bun.hash(`${contextKey}\u0000${review.language ?? ''}\u0000${translation}\u0000${review.text}`).toString(36)
}

/**
 * The insights of `reviews`, reading only what the store does not hold for this release, then storing what was read.
 * A store that cannot be written (locked past the busy timeout, read-only) costs the saving, not the insights.
 */
export function computeIncrementally(
  dbPath: string,
  release: string,
  business: Business,
  reviews: Review[],
  generatedAt: string,
  /** Called between the phases (readings gathered, each step of the aggregation): the insights child collects its garbage there. */
  between: () => void = () => {},
): { insights: Insights; stats: IncrementalStats } {
  const db = new Database(dbPath)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    const store = new ReviewRepository(db)
    const contextKey = Bun.hash(JSON.stringify(contextFor(business))).toString(36)
    const started = performance.now()
    const hashes = reviews.map((r) => inputHash(r, contextKey))
    const positions = new Map<string, number>()
    for (let i = 0; i < reviews.length; i++) positions.set(reviews[i]!.id, i)
    const reused = new Uint8Array(reviews.length)
    // Each stored reading goes straight to its review's place: no memo keyed by whole texts (at 100k reviews those
    // keys alone are tens of MB, built several times over). Readings are kept compact (compute.ts, compactReading),
    // and stored so: the lexicon cues were most of their objects. A clause's text is only read for a tracked topic.
    const clauseText = vocabularyOf(business).topics.length > 0
    const readings: Reading[] = new Array(reviews.length)
    let stored = 0
    for (const row of store.analyses(release)) {
      // Each row's JSON is garbage once read: collected every so many rows rather than left to grow the process.
      if (++stored % COLLECT_EVERY === 0) between()
      const i = positions.get(row.reviewId)
      if (i === undefined || reused[i] || hashes[i] !== row.inputHash) continue
      readings[i] = compactReading(JSON.parse(row.json) as Reading, clauseText)
      reused[i] = 1
    }
    const read = performance.now()
    const context = contextFor(business)
    const fresh: StoredAnalysis[] = []
    let analysed = 0
    for (let i = 0; i < reviews.length; i++) {
      if (reused[i]) continue
      const { language, text, translated } = readableText(reviews[i]!)
      if (text !== null) analysed++
      const reading = compactReading({ language, translated, analysis: text === null ? null : analyzeText(text, context) })
      fresh.push({ reviewId: reviews[i]!.id, inputHash: hashes[i]!, json: JSON.stringify(reading) })
      readings[i] = clauseText ? reading : compactReading(reading, false)
    }
    between()
    const insights = computeInsightsFrom(business, reviews, readings, generatedAt, between)
    const computed = performance.now()
    let saved = 0
    const pruneRemoved = stored - (reviews.length - fresh.length) > Math.max(100, reviews.length * PRUNE_SHARE)
    if (fresh.length || pruneRemoved) {
      try {
        store.saveAnalyses(release, fresh, { pruneRemoved })
        saved = fresh.length
      } catch {
        // Locked or read-only: the next computation reads these reviews again.
      }
    }
    const stats = {
      reused: reviews.length - fresh.length,
      analysed,
      saved,
      readMs: Math.round(read - started),
      computeMs: Math.round(computed - read),
      saveMs: Math.round(performance.now() - computed),
    }
    return { insights, stats }
  } finally {
    db.close()
  }
}
