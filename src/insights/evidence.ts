/**
 * The evidence behind an aspect's count, review by review: the mentions the analyser found (clause, its own
 * sentiment and score, the cues that fired) and the review's feeling about the aspect they add up to, which is
 * what put the review in the aspect's positive, negative or neutral split. Read again for the reviews of one
 * page, the same way the insights read them (language.ts's text basis, the business's context, the review's rating), on the
 * analysis worker (analysis-worker.ts), so the event loop does none of it.
 */
import type { Business, Review } from '../reviews/schema'
import { contextFor, polarityOf } from './analyzer'
import { readableText } from './language'
import { withRating } from './rating-prior'
import { type TextAnalyzer, workerAnalyzer } from './analysis-worker'
import type { AspectEvidence } from './schema'

export type { AspectEvidence } from './schema'

let shared: TextAnalyzer | undefined

/** The mentions of `aspect` in each review, in the reviews' order. `analyze` defaults to the shared analysis worker. */
export async function aspectEvidence(
  business: Business,
  reviews: readonly Review[],
  aspect: string,
  analyze: TextAnalyzer = (shared ??=
    workerAnalyzer()),
): Promise<AspectEvidence[]> {
  const texts = reviews.map((r) => readableText(r).text)
  const toRead = texts.filter((t): t is string => t !== null)
  const analyses = await analyze(toRead, contextFor(business))
  let next = 0
  return reviews.map((review, i) => {
    // Read with the review's rating, as the insights read it (rating-prior.ts).
    const analysis = texts[i] === null ? undefined : withRating(analyses[next++]!, review.rating)
    const found = (analysis?.aspects ?? []).filter((m) => m.aspect === aspect)
    const score = Math.max(
      -1,
      Math.min(
        1,
        found.reduce((s, m) => s + m.score, 0),
      ),
    )
    return {
      review_id: review.id,
      aspect,
      sentiment: polarityOf(score),
      score: Math.round(score * 1000) / 1000,
      mentions: found.map((m) => ({ clause: m.clause, sentiment: m.sentiment, score: m.score, cues: m.cues })),
    }
  })
}
