/**
 * A whole review is read with its star rating (src/insights/rating-prior.ts), the same way wherever it is read: the
 * insights' splits, `analyze --rating` (explainLines) and the review's own reading agree, on real review text
 * (test/insights/real/documents.jsonl) with whatever learned weights ship; a complaint the rating made out is counted
 * but never quoted; a review's sentences are still read without it.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeText, contextFor, polarityOf } from '../../src/insights/analyzer'
import { compactReading, computeInsights, computeInsightsFrom } from '../../src/insights/compute'
import { explainLines } from '../../src/insights/explain'
import { analyzeReview, ratingMade } from '../../src/insights/rating-prior'
import type { Review } from '../../src/reviews/schema'
import { sampleBusiness } from '../../src/sample/business'
import { review } from '../support/dataset'

const AT = '2026-01-01T00:00:00.000Z'
const context = contextFor(sampleBusiness)
const reviews: Review[] = readFileSync(join(import.meta.dir, 'real/documents.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line, i) => {
    const d = JSON.parse(line) as { id: string; text: string; rating: number }
    return review({
      id: d.id,
      rating: d.rating,
      date: `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      text: d.text,
      language: 'en',
    }) as Review
  })

/** A review's feeling per aspect, as the insights sum it. */
function feelings(r: Review) {
  const sums = new Map<string, number>()
  for (const m of analyzeReview(r.text, r.rating, context).aspects) sums.set(m.aspect, (sums.get(m.aspect) ?? 0) + m.score)
  return new Map([...sums].map(([aspect, s]) => [aspect, polarityOf(Math.max(-1, Math.min(1, s)))]))
}

describe('a review read with its rating, on real text', () => {
  const insights = computeInsights(sampleBusiness, reviews, AT)

  test("the insights' splits count each review as its rated reading feels", () => {
    const all = reviews.map(feelings)
    for (const aspect of insights.aspects)
      for (const sentiment of ['positive', 'negative', 'neutral'] as const)
        expect(all.filter((f) => f.get(aspect.id) === sentiment).length).toBe(aspect.sentiment[sentiment])
  })

  test('the rating acts on real reviews, and only through the review: a rating changed changes the insights', () => {
    const moved = reviews.filter(
      (r) => JSON.stringify(analyzeReview(r.text, r.rating, context)) !== JSON.stringify(analyzeText(r.text, context)),
    )
    const made = moved.flatMap((r) => analyzeReview(r.text, r.rating, context).aspects.filter(ratingMade))
    expect(made.length).toBeGreaterThan(0)
    const first = moved[0]!
    const asThree = reviews.map((r) => (r.id === first.id ? { ...r, rating: 3 } : r))
    expect(computeInsights(sampleBusiness, asThree, AT).aspects).not.toEqual(insights.aspects)
  })

  test('a compact reading (stored per review, without its rating) gives the same insights as the full one', () => {
    const compact = reviews.map((r) =>
      compactReading({ language: 'en', translated: false, analysis: JSON.parse(JSON.stringify(analyzeText(r.text, context))) }, false),
    )
    expect(compact.every((r) => r.analysis!.odds!.strongest?.text !== undefined || r.analysis!.odds!.strongest === null)).toBe(true)
    expect(computeInsightsFrom(sampleBusiness, reviews, compact, AT)).toEqual(insights)
  })

  test('no example quotes a mention the rating made: its words alone do not say it', () => {
    const byId = new Map(reviews.map((r) => [r.id, r]))
    for (const aspect of insights.aspects)
      for (const e of aspect.examples) {
        const r = byId.get(e.review_id)!
        const quoted = analyzeReview(r.text, r.rating, context).aspects.filter((m) => m.aspect === aspect.id && m.clause === e.excerpt)
        expect(quoted.some((m) => !ratingMade(m))).toBe(true)
      }
  })

  test('explainLines with the rating reads as the insights do; without it, as the text alone', () => {
    for (const r of reviews.slice(0, 60)) {
      const rated = analyzeReview(r.text, r.rating, context).aspects
      expect(explainLines([r.text], sampleBusiness, r.rating)[0]!.aspects).toEqual(
        rated.map((a) => ({ aspect: a.aspect, polarity: a.sentiment, score: a.score, clause: a.clause, cues: a.cues })),
      )
      expect(explainLines([r.text], sampleBusiness)[0]!.aspects.map((a) => a.aspect)).toEqual(
        analyzeText(r.text, context).aspects.map((a) => a.aspect),
      )
    }
  })
})
