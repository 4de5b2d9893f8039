/**
 * Raw records to reviews ready to write, one batch at a time: normalised, enriched, checked against the
 * contract's schema, and each id held to one content across the whole import (SeenReviews remembers
 * an id, where it was and a hash of its JSON, not the review).
 */
import { check } from '../core/issues'
import { createEnricher } from '../insights/enrich'
import { reviewJson } from '../reviews/repository'
import { type Business, ImportedReview, type StoredReview } from '../reviews/schema'
import { type ImportProblems, problemsFrom } from './errors'
import { loadLanguageDetector } from './language'
import { normalizeRecord, type TextTally } from './normalize'
import type { RawRecord } from './records'
import { SeenReviews } from './seen-reviews'

/** Receives each review to write, with its canonical JSON, in file order. */
export type ReviewSink = (review: StoredReview, json: string) => void

export class ReviewChecker {
  private readonly enrich: (review: StoredReview) => StoredReview
  private readonly seen = new SeenReviews()
  private detectorLoaded = false
  private readonly tally: TextTally = { loneSurrogates: 0 }
  private repaired = { reviews: 0, first: '' }

  constructor(
    private readonly business: Business,
    private readonly defaultSource: string,
    private readonly problems: ImportProblems,
    /** Called while no problem has been found: after one, nothing will be written, so nothing more is handed on. */
    private readonly sink?: ReviewSink,
  ) {
    this.enrich = createEnricher(business)
  }

  /** Distinct reviews so far. */
  get count(): number {
    return this.seen.size
  }

  /** Lets go of what it remembers (a temporary database). */
  close(): void {
    this.seen.close()
  }

  /** What the summary must say about the text as stored (empty when it is the text as written). */
  notes(): string[] {
    const { loneSurrogates } = this.tally
    if (loneSurrogates === 0) return []
    const reviews = this.repaired.reviews
    return [
      `${loneSurrogates.toLocaleString('en-US')} lone surrogate${loneSurrogates === 1 ? '' : 's'} (half of a character, as a JSON "\\ud83d" escape without its other half) became U+FFFD in ${reviews.toLocaleString('en-US')} review${reviews === 1 ? '' : 's'}, the first at ${this.repaired.first}`,
    ]
  }

  async checkAll(records: RawRecord[]): Promise<void> {
    // The detector costs ~0.25 s and ~60 MB to load: only once some text has no language from its source.
    if (!this.detectorLoaded && records.some(needsDetection)) {
      await loadLanguageDetector()
      this.detectorLoaded = true
    }
    for (const record of records) this.check(record)
  }

  private check(record: RawRecord): void {
    const before = this.tally.loneSurrogates
    const result = normalizeRecord(record, this.business, this.defaultSource, this.tally)
    if ('problems' in result) {
      this.problems.inRecord(...result.problems)
      return
    }
    if (this.tally.loneSurrogates > before && this.repaired.reviews++ === 0) this.repaired.first = record.location
    const review = this.enrich(result.review)
    // The record as it will be written, against the contract's schema: nothing the rules above missed gets in.
    const issues = check(ImportedReview, review)
    if (issues.length) {
      this.problems.inRecord(...problemsFrom(record.location, issues))
      return
    }
    const json = reviewJson(review)
    const hash = contentHash(json)
    const earlier = this.seen.find(review.id)
    if (earlier) {
      // The same review twice (overlapping pages fetched again) is one review; two different ones under one id are a problem.
      if (earlier.hash !== hash)
        this.problems.inRecord({
          location: record.location,
          field: 'id',
          reason: `"${review.id}" repeats the id of ${earlier.location} with different content`,
        })
      return
    }
    this.seen.add(review.id, record.location, hash)
    if (this.sink && this.problems.empty) this.sink(review, json)
  }
}

/** 52 bits of wyhash, exact in a double: two different reviews under one id pass as the same with odds of 1 in 4.5e15. */
function contentHash(json: string): number {
  return Number(BigInt.asUintN(52, BigInt(Bun.hash.wyhash(json))))
}

const blank = (value: unknown) => value === undefined || value === null || value === ''
function needsDetection(record: RawRecord): boolean {
  const { language, translation } = record.value
  return (
    blank(language) || (typeof translation === 'object' && translation !== null && blank((translation as { language?: unknown }).language))
  )
}
