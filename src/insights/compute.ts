/**
 * The insights dataset, computed from the published reviews: per-aspect sentiment with trend and
 * examples, per-entity figures, recurring topics, an FAQ and a summary. Deterministic: the same
 * reviews give the same bytes. Every sentence of the FAQ and summary is built from the figures in
 * the same object, so each claim can be checked against them.
 */
import { quarterOf } from '../core/dates'
import type { Business, Review } from '../reviews/schema'
import {
  analyzeText,
  contextFor,
  polarityOf,
  type AnalysisContext,
  type AspectMention,
  type Polarity,
  type TextAnalysis,
  type WeighedAnalysis,
} from './analyzer'
import { hasText, readableText, storedLanguage, type LocalizedReview } from './language'
import { ASPECTS } from './lexicon'
import { linkFigures, mentions } from './links'
import { ownerView } from './owner-view'
import { buildFaq, buildSummary } from './prose'
import type { AspectInsight, Insights } from './schema'
import { oddsTheRatingReads, ratingMade, withRating } from './rating-prior'
import { topicsOf } from './topics'
import { vocabularyFaq, vocabularyOf } from './vocabulary'

/** Reads texts elsewhere (a Worker, see analysis-worker.ts) and answers their analyses in the same order. */
export type TextAnalyzer = (texts: string[], context: AnalysisContext) => Promise<TextAnalysis[]>

type Split = { positive: number; negative: number; neutral: number }
/** A review's feeling about an aspect, and the clause that says it (the mention whose own sentiment agrees). */
type ReviewAspects = Map<string, { score: number; clause: string }>
/**
 * How one review's text was read: null when it has no English text to read. The text alone: its rating is applied
 * where the readings are aggregated (rating-prior.ts), so a reading stays valid when only the rating changes.
 */
export type Reading = { language: string; translated: boolean; analysis: WeighedAnalysis | null }

const EXAMPLES_PER_SIDE = 2
const ENTITY_REVIEW_IDS = 5

/** Never written to: what a compact reading has in place of the parts the aggregation does not read. */
const NONE: never[] = []
Object.freeze(NONE)

/**
 * A reading with only what computeInsightsFrom reads of it: each aspect mention's aspect, sentiment, score and clause;
 * each clause's score (and text, which a tracked topic is matched in: `clauseText` false drops it when the business
 * tracks none); the phrases; the learned component's complaint odds, which the review's rating is weighed with
 * (complaint-odds.ts; the strongest candidate's sentence text left out: a complaint the rating makes is never quoted).
 * The lexicon cues of clauses and mentions (most of a reading's objects) are left out, and so are a clause's aspect
 * ids. Held per review for a whole computation (100k of them at once), and stored so.
 */
export function compactReading(reading: Reading, clauseText = true): Reading {
  const analysis = reading.analysis
  if (!analysis) return { language: reading.language, translated: reading.translated, analysis: null }
  return {
    language: reading.language,
    translated: reading.translated,
    analysis: {
      clauses: analysis.clauses.map((c) => ({ text: clauseText ? c.text : '', score: c.score, aspects: NONE, cues: NONE })),
      aspects: analysis.aspects.map((m) => ({ aspect: m.aspect, sentiment: m.sentiment, score: m.score, clause: m.clause, cues: NONE })),
      score: analysis.score,
      phrases: analysis.phrases,
      ...(analysis.odds ? { odds: oddsTheRatingReads(analysis.odds, analysis.aspects) } : {}),
    },
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100
const ratingPolarity = (rating: number): Polarity => (rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'neutral')
const emptySplit = (): Split => ({ positive: 0, negative: 0, neutral: 0 })

/** Memoises per-review analysis by id and text, so a recompute after an import only reads what is new. */
export class InsightsEngine {
  private memo = new Map<string, Reading>()

  /** `analyzer`: where computeAsync reads texts (a Worker, see analysis-worker.ts); without one, on this thread. */
  constructor(private readonly analyzer?: TextAnalyzer) {}
  private context?: { business: Business; value: AnalysisContext }
  /** Texts analysed so far (not served from memory): what a recompute actually cost. */
  analysed = 0

  private contextOf(business: Business): AnalysisContext {
    if (this.context?.business !== business) {
      // A different business (its services are masked in the text) invalidates every reading.
      if (this.context) this.memo.clear()
      this.context = { business, value: contextFor(business) }
    }
    return this.context.value
  }

  /** A reading made before (stored per review): a compute uses it instead of reading the text again. */
  remember(review: LocalizedReview, reading: Reading): void {
    this.memo.set(memoKey(review), reading)
  }

  reading(review: LocalizedReview, context: AnalysisContext): Reading {
    const key = memoKey(review)
    let reading = this.memo.get(key)
    if (!reading) {
      const { language, text, translated } = readableText(review)
      if (text !== null) this.analysed++
      reading = { language, translated, analysis: text === null ? null : analyzeText(text, context) }
      this.memo.set(key, reading)
    }
    return reading
  }

  compute(business: Business, reviews: Review[], generatedAt: string): Insights {
    const context = this.contextOf(business)
    const readings = reviews.map((r) => this.reading(r, context))
    this.forgetAllBut(reviews)
    return computeInsightsFrom(business, reviews, readings, generatedAt)
  }

  /** The same, yielding to the event loop between batches so a large first analysis never stalls requests. */
  async computeAsync(business: Business, reviews: Review[], generatedAt: string): Promise<Insights> {
    const context = this.contextOf(business)
    if (this.analyzer) await this.readElsewhere(reviews, context, this.analyzer)
    const readings: Reading[] = new Array(reviews.length)
    const pause = () => new Promise((resolve) => setImmediate(resolve))
    await pause() // Let the caller (a server starting up) answer its first requests first.
    for (let start = 0; start < reviews.length; start += ANALYSIS_BATCH) {
      const end = Math.min(reviews.length, start + ANALYSIS_BATCH)
      for (let i = start; i < end; i++) readings[i] = this.reading(reviews[i]!, context)
      if (end < reviews.length) await pause()
    }
    this.forgetAllBut(reviews)
    return computeInsightsFrom(business, reviews, readings, generatedAt)
  }

  /** Reads every text not yet memoised through the analyzer, in batches, so the readings below come from the memo. */
  private async readElsewhere(reviews: Review[], context: AnalysisContext, analyzer: TextAnalyzer): Promise<void> {
    const todo = new Map<string, { language: string; translated: boolean; text: string | null }>()
    for (const review of reviews) {
      const key = memoKey(review)
      if (!this.memo.has(key) && !todo.has(key)) todo.set(key, readableText(review))
    }
    const toRead = [...todo].filter(([, r]) => r.text !== null)
    const batches: Promise<void>[] = []
    for (let start = 0; start < toRead.length; start += WORKER_BATCH) {
      const batch = toRead.slice(start, start + WORKER_BATCH)
      batches.push(
        analyzer(
          batch.map(([, r]) => r.text!),
          context,
        ).then((analyses) => {
          for (const [i, [key, r]] of batch.entries())
            this.memo.set(key, { language: r.language, translated: r.translated, analysis: analyses[i]! })
        }),
      )
    }
    await Promise.all(batches)
    this.analysed += toRead.length
    for (const [key, r] of todo) if (r.text === null) this.memo.set(key, { language: r.language, translated: r.translated, analysis: null })
  }

  private forgetAllBut(reviews: Review[]): void {
    const live = new Set(reviews.map(memoKey))
    if (this.memo.size > live.size) for (const key of this.memo.keys()) if (!live.has(key)) this.memo.delete(key)
  }
}

const memoKey = (review: LocalizedReview) =>
  `${review.id}\u0000${review.text}\u0000${review.language ?? ''}\u0000${review.translation ? `${review.translation.language}\u0000${review.translation.text}` : ''}`

// About 10 ms of analysis between yields: requests never wait long behind a large first computation.
const ANALYSIS_BATCH = 100
/** Texts per message to the analysis worker. */
const WORKER_BATCH = 500

/** One-shot computation (tests, the `analyze` command); the server keeps an InsightsEngine. */
export function computeInsights(business: Business, reviews: Review[], generatedAt: string): Insights {
  return new InsightsEngine().compute(business, reviews, generatedAt)
}

/** `reported`: the aspect ids of the business's vocabulary (a default it dropped is not counted). */
function perReviewAspects(analysis: TextAnalysis | null, reported: Set<string>): ReviewAspects {
  const byAspect = new Map<string, AspectMention[]>()
  for (const mention of analysis?.aspects ?? [])
    if (reported.has(mention.aspect)) byAspect.set(mention.aspect, [...(byAspect.get(mention.aspect) ?? []), mention])
  const result: ReviewAspects = new Map()
  for (const [aspect, mentions] of byAspect) {
    // A review's feeling about an aspect: the sum of its mentions, kept within [-1, 1]; quoted by the
    // strongest mention that feels the same way, so the excerpt says what its label says (never one the review's
    // rating made: its words alone do not say it).
    const score = Math.max(
      -1,
      Math.min(
        1,
        mentions.reduce((s, m) => s + m.score, 0),
      ),
    )
    const polarity = polarityOf(score)
    const agreeing = mentions
      .filter((m) => m.sentiment === polarity && !ratingMade(m))
      .sort((a, b) => Math.abs(b.score) - Math.abs(a.score))[0]
    result.set(aspect, { score, clause: agreeing?.clause ?? '' })
  }
  return result
}

/** A review's polarity per aspect, for the owner view's period counts. */
const polarities = (found: ReviewAspects): Map<string, Polarity> => new Map([...found].map(([id, { score }]) => [id, polarityOf(score)]))

/**
 * The insights of `reviews` from their readings (`readings[i]` is review i's), however those were obtained. `collect`
 * is called between the steps: each step makes short-lived garbage over every review (at 100k reviews the runtime
 * let it grow the process by about 460 MB before collecting it); the insights child collects there (insights-child.ts).
 */
export function computeInsightsFrom(
  business: Business,
  reviews: Review[],
  readings: Reading[],
  generatedAt: string,
  collect: () => void = () => {},
): Insights {
  const vocabulary = vocabularyOf(business)
  const labels = new Map<string, string>(ASPECTS.map((a) => [a.id, a.label]))
  const reported = new Set(vocabulary.aspects.map((a) => a.id))
  // Each review's reading weighed with its star rating (rating-prior.ts): the one place the insights apply it.
  const reviewAspects = readings.map((r, i) => perReviewAspects(r.analysis && withRating(r.analysis, reviews[i]!.rating), reported))
  collect()
  const aspects = vocabulary.aspects
    .map(({ id, label }) => aspectInsight(id, label ?? labels.get(id)!, reviews, reviewAspects))
    .sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id))

  const entityFigures = (matches: (r: Review) => boolean) => {
    const mentioned = reviews.filter(matches)
    const split = emptySplit()
    for (const r of mentioned) split[ratingPolarity(r.rating)]++
    return {
      mention_count: mentioned.length,
      average_rating: mentioned.length ? round2(mentioned.reduce((s, r) => s + r.rating, 0) / mentioned.length) : null,
      sentiment: split,
      review_ids: mentioned.slice(0, ENTITY_REVIEW_IDS).map((r) => r.id),
    }
  }

  const technicians = business.technicians
    .map(({ name }) => {
      const mentioned = mentions.technician(name)
      const figures = entityFigures(mentioned)
      const tally = new Map<string, { n: number; sum: number }>()
      reviews.forEach((r, i) => {
        if (!mentioned(r)) return
        for (const [aspect, { score }] of reviewAspects[i]!) {
          const t = tally.get(aspect) ?? { n: 0, sum: 0 }
          t.n++
          t.sum += score
          tally.set(aspect, t)
        }
      })
      const techAspects = [...tally]
        .map(([id, t]) => ({ id, mention_count: t.n, score: round2(t.sum / t.n) }))
        .sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id))
      return { name, ...figures, aspects: techAspects }
    })
    .sort((a, b) => b.mention_count - a.mention_count || a.name.localeCompare(b.name))
  const services = business.services
    .map(({ id, name }) => ({ id, name, ...entityFigures(mentions.service(id)) }))
    .sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id))
  const serviceAreas = business.service_areas
    .map((name) => ({ name, ...entityFigures(mentions.area(name)) }))
    .sort((a, b) => b.mention_count - a.mention_count || a.name.localeCompare(b.name))

  const languages = languageFigures(reviews, readings)
  const topics = topicsOf(
    business,
    readings.flatMap((r, i) => (r.analysis ? [{ id: reviews[i]!.id, analysis: r.analysis, language: 'en' }] : [])),
    vocabulary.topics,
  )
  collect()
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
  for (const r of reviews) distribution[String(r.rating) as keyof typeof distribution]++
  const ratings = {
    average: reviews.length ? round2(reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) : null,
    distribution,
    replied: reviews.filter((r) => r.response).length,
  }
  // Every figure with the search behind it, and the reviews each aspect split and topic counts (links.ts).
  const feelings = reviewAspects.map((byAspect) => new Map([...byAspect].map(([aspect, { score }]) => [aspect, polarityOf(score)])))
  const unlinked = {
    generated_at: generatedAt,
    review_count: reviews.length,
    ratings,
    languages,
    summary: '',
    aspects,
    entities: { technicians, services, service_areas: serviceAreas },
    topics,
    faq: [],
    owner: ownerView(reviews, (i) => polarities(reviewAspects[i]!), aspects),
  }
  const insights: Insights = linkFigures(unlinked, reviews, feelings)
  collect()
  insights.faq = vocabularyFaq(buildFaq(business, reviews, insights), insights, vocabulary)
  insights.summary = buildSummary(business, reviews, insights)
  return insights
}

/** Reviews per stored language (what search's `language` filter matches, not the guess used to read), and how many were read. */
function languageFigures(reviews: Review[], readings: Reading[]): Insights['languages'] {
  const counts: Record<string, number> = {}
  let unknownLanguage = 0
  for (const r of reviews) {
    const key = storedLanguage(r)
    if (key === null) unknownLanguage++
    else counts[key] = (counts[key] ?? 0) + 1
  }
  return {
    counts: Object.fromEntries(Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))),
    unknown_language: unknownLanguage,
    with_text: reviews.filter(hasText).length,
    analysed: readings.filter((r) => r.analysis).length,
    translated: readings.filter((r) => r.analysis && r.translated).length,
  }
}

type UnlinkedAspect = Omit<AspectInsight, 'search_urls' | 'trend'> & { trend: Omit<AspectInsight['trend'][number], 'search_url'>[] }

function aspectInsight(id: string, label: string, reviews: Review[], reviewAspects: ReviewAspects[]): UnlinkedAspect {
  const split = emptySplit()
  let sum = 0
  const trend = new Map<string, { n: number; sum: number }>()
  const positives: AspectInsight['examples'] = []
  const negatives: AspectInsight['examples'] = []
  reviews.forEach((review, i) => {
    const found = reviewAspects[i]!.get(id)
    if (!found) return
    const polarity = polarityOf(found.score)
    split[polarity]++
    sum += found.score
    const period = quarterOf(review.date)
    const t = trend.get(period) ?? { n: 0, sum: 0 }
    t.n++
    t.sum += found.score
    trend.set(period, t)
    // Reviews come newest first: the first clear ones are the most recent.
    const list = polarity === 'positive' ? positives : polarity === 'negative' ? negatives : undefined
    if (list && list.length < EXAMPLES_PER_SIDE && found.clause && !list.some((e) => e.excerpt === found.clause))
      list.push({ review_id: review.id, excerpt: found.clause, sentiment: polarity })
  })
  const mentions = split.positive + split.negative + split.neutral
  return {
    id,
    label,
    mention_count: mentions,
    sentiment: split,
    score: mentions ? round2(sum / mentions) : 0,
    trend: [...trend]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, t]) => ({ period, mention_count: t.n, score: round2(t.sum / t.n) })),
    examples: [...positives, ...negatives],
  }
}
