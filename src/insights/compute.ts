/**
 * The insights dataset, computed from the published reviews: per-aspect sentiment with trend and
 * examples, per-entity figures, recurring topics, an FAQ and a summary. Deterministic: the same
 * reviews give the same bytes. Every sentence of the FAQ and summary is built from the figures in
 * the same object, so each claim can be checked against them.
 */
import type { Business, Review } from '../reviews/schema'
import { foldForSearch } from '../core/text'
import { analyzeText, polarityOf, type Polarity, type TextAnalysis } from './analyzer'
import { ASPECTS, ASPECT_CUES, TOPIC_STOPWORDS, SENTIMENT, type AspectId } from './lexicon'
import type { AspectInsight, Insights } from './schema'

type Split = { positive: number; negative: number; neutral: number }
type ReviewAspects = Map<AspectId, { score: number; clause: string }>

const EXAMPLES_PER_SIDE = 2
const ENTITY_REVIEW_IDS = 5
const MIN_TOPIC_REVIEWS = 3
const MAX_TOPICS = 12
const MIN_MENTIONS_FOR_BEST = 3

const round2 = (x: number) => Math.round(x * 100) / 100
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0)
const ratingPolarity = (rating: number): Polarity => (rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'neutral')
const emptySplit = (): Split => ({ positive: 0, negative: 0, neutral: 0 })
const quarter = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Memoises per-review analysis by id and text, so a recompute after an import only reads what is new. */
export class InsightsEngine {
  private memo = new Map<string, TextAnalysis>()
  /** Texts analysed so far (not served from memory): what a recompute actually cost. */
  analysed = 0

  analysis(review: Review): TextAnalysis {
    const key = `${review.id}\u0000${review.text}`
    let analysis = this.memo.get(key)
    if (!analysis) {
      this.analysed++
      analysis = analyzeText(review.text)
      this.memo.set(key, analysis)
    }
    return analysis
  }

  compute(business: Business, reviews: Review[], generatedAt: string): Insights {
    const analyses = reviews.map((r) => this.analysis(r))
    this.forgetAllBut(reviews)
    return computeInsightsFrom(business, reviews, analyses, generatedAt)
  }

  /** The same, yielding to the event loop between batches so a large first analysis never stalls requests. */
  async computeAsync(business: Business, reviews: Review[], generatedAt: string): Promise<Insights> {
    const analyses: TextAnalysis[] = new Array(reviews.length)
    const pause = () => new Promise((resolve) => setImmediate(resolve))
    await pause() // Let the caller (a server starting up) answer its first requests first.
    for (let start = 0; start < reviews.length; start += ANALYSIS_BATCH) {
      const end = Math.min(reviews.length, start + ANALYSIS_BATCH)
      for (let i = start; i < end; i++) analyses[i] = this.analysis(reviews[i]!)
      if (end < reviews.length) await pause()
    }
    this.forgetAllBut(reviews)
    return computeInsightsFrom(business, reviews, analyses, generatedAt)
  }

  private forgetAllBut(reviews: Review[]): void {
    const live = new Set(reviews.map((r) => `${r.id}\u0000${r.text}`))
    if (this.memo.size > live.size) for (const key of this.memo.keys()) if (!live.has(key)) this.memo.delete(key)
  }
}

// About 10 ms of analysis between yields: requests never wait long behind a large first computation.
const ANALYSIS_BATCH = 100

/** One-shot computation (tests, the `analyze` command); the server keeps an InsightsEngine. */
export function computeInsights(business: Business, reviews: Review[], generatedAt: string): Insights {
  return new InsightsEngine().compute(business, reviews, generatedAt)
}

function perReviewAspects(analysis: TextAnalysis): ReviewAspects {
  const byAspect: ReviewAspects = new Map()
  for (const mention of analysis.aspects) {
    const current = byAspect.get(mention.aspect)
    // A review's feeling about an aspect: the sum of its mentions, kept within [-1, 1].
    if (current) current.score = Math.max(-1, Math.min(1, current.score + mention.score))
    else byAspect.set(mention.aspect, { score: mention.score, clause: mention.clause })
  }
  return byAspect
}

function computeInsightsFrom(business: Business, reviews: Review[], analyses: TextAnalysis[], generatedAt: string): Insights {
  const reviewAspects = analyses.map(perReviewAspects)
  const aspects = ASPECTS.map(({ id, label }) => aspectInsight(id, label, reviews, reviewAspects)).sort(
    (a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id),
  )

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
      const figures = entityFigures((r) => r.technicians.includes(name))
      const tally = new Map<AspectId, { n: number; sum: number }>()
      reviews.forEach((r, i) => {
        if (!r.technicians.includes(name)) return
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
    .map(({ id, name }) => ({ id, name, ...entityFigures((r) => r.services.includes(id)) }))
    .sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id))
  const serviceAreas = business.service_areas
    .map((name) => ({ name, ...entityFigures((r) => r.service_area === name) }))
    .sort((a, b) => b.mention_count - a.mention_count || a.name.localeCompare(b.name))

  const topics = recurringTopics(business, reviews, analyses)
  const insights: Insights = {
    generated_at: generatedAt,
    review_count: reviews.length,
    summary: '',
    aspects,
    entities: { technicians, services, service_areas: serviceAreas },
    topics,
    faq: [],
  }
  insights.faq = buildFaq(business, reviews, insights)
  insights.summary = buildSummary(business, reviews, insights)
  return insights
}

function aspectInsight(id: AspectId, label: string, reviews: Review[], reviewAspects: ReviewAspects[]): AspectInsight {
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
    const period = quarter(review.date)
    const t = trend.get(period) ?? { n: 0, sum: 0 }
    t.n++
    t.sum += found.score
    trend.set(period, t)
    // Reviews come newest first: the first clear ones are the most recent.
    const list = polarity === 'positive' ? positives : polarity === 'negative' ? negatives : undefined
    if (list && list.length < EXAMPLES_PER_SIDE) list.push({ review_id: review.id, excerpt: found.clause, sentiment: polarity })
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

/** Adjacent content-word pairs that recur across reviews, leaving out the fixed aspects' own cues and the roster. */
function recurringTopics(business: Business, reviews: Review[], analyses: TextAnalysis[]): Insights['topics'] {
  const excluded = new Set<string>(TOPIC_STOPWORDS)
  for (const cues of Object.values(ASPECT_CUES)) for (const cue of cues) if (!cue.includes(' ')) excluded.add(cue)
  for (const word of Object.keys(SENTIMENT)) if (!word.includes(' ')) excluded.add(word)
  for (const { name } of business.technicians) for (const part of foldForSearch(name).split(/\s+/)) excluded.add(part)
  for (const word of foldForSearch(business.name).split(/\s+/)) excluded.add(word)
  const seen = new Map<string, { reviews: number[] }>()
  analyses.forEach((analysis, i) => {
    const phrases = new Set<string>()
    for (const clause of analysis.terms) {
      for (let k = 0; k + 1 < clause.length; k++) {
        const [a, b] = [clause[k]!, clause[k + 1]!]
        if (a === b || excluded.has(foldForSearch(a)) || excluded.has(foldForSearch(b))) continue
        phrases.add(`${a} ${b}`)
      }
    }
    for (const phrase of phrases) {
      const entry = seen.get(phrase) ?? { reviews: [] }
      entry.reviews.push(i)
      seen.set(phrase, entry)
    }
  })
  return [...seen]
    .filter(([, e]) => e.reviews.length >= MIN_TOPIC_REVIEWS)
    .sort(([pa, a], [pb, b]) => b.reviews.length - a.reviews.length || pa.localeCompare(pb))
    .slice(0, MAX_TOPICS)
    .map(([phrase, e]) => {
      const split = emptySplit()
      for (const i of e.reviews) split[ratingPolarity(reviews[i]!.rating)]++
      return { phrase, mention_count: e.reviews.length, sentiment: split, review_ids: e.reviews.slice(0, ENTITY_REVIEW_IDS).map((i) => reviews[i]!.id) }
    })
}

function aspectAnswer(aspect: AspectInsight | undefined, yes: string, no: string): { answer: string; review_ids: string[] } {
  if (!aspect || aspect.mention_count === 0) return { answer: 'No review mentions this yet.', review_ids: [] }
  const { positive, negative } = aspect.sentiment
  const share = percent(positive, aspect.mention_count)
  const verdict = share >= 75 ? yes : share >= 50 ? `Mostly, with reservations: ${yes.charAt(0).toLowerCase()}${yes.slice(1)}` : no
  return {
    answer: `${verdict} ${positive} of the ${plural(aspect.mention_count, 'review')} that mention ${aspect.label.toLowerCase()} are positive (${share}%) and ${negative} negative.`,
    review_ids: aspect.examples.map((e) => e.review_id),
  }
}

function buildFaq(business: Business, reviews: Review[], insights: Insights): Insights['faq'] {
  const aspect = (id: AspectId) => insights.aspects.find((a) => a.id === id)
  const faq: Insights['faq'] = [
    { question: 'Are they punctual?', ...aspectAnswer(aspect('punctuality'), 'Yes, reviewers find them punctual.', 'Punctuality is a common complaint.') },
    { question: 'Are they good value for money?', ...aspectAnswer(aspect('price'), 'Yes, reviewers find the prices fair.', 'Reviewers often find them expensive.') },
    { question: 'Are the technicians professional and courteous?', ...aspectAnswer(aspect('professionalism'), 'Yes, reviewers describe them as professional and courteous.', 'Courtesy is a recurring complaint.') },
    { question: 'Is the work done right?', ...aspectAnswer(aspect('quality'), 'Yes, reviewers are happy with the quality of the work.', 'Reviewers report problems with the quality of the work.') },
    { question: 'How quickly can they come out?', ...aspectAnswer(aspect('speed'), 'Quickly, by most accounts.', 'Waiting times are a common complaint.') },
    { question: 'Do they keep customers informed?', ...aspectAnswer(aspect('communication'), 'Yes, reviewers praise their communication.', 'Communication is a common complaint.') },
    { question: 'Do they clean up after the job?', ...aspectAnswer(aspect('cleanliness'), 'Yes, reviewers say they leave the place clean.', 'Reviewers mention mess left behind.') },
  ]

  const ranked = insights.entities.technicians.filter((t) => t.mention_count >= MIN_MENTIONS_FOR_BEST && t.average_rating !== null)
  const best = [...ranked].sort((a, b) => b.average_rating! - a.average_rating! || b.mention_count - a.mention_count || a.name.localeCompare(b.name))[0]
  faq.push({
    question: 'Who is the best-reviewed technician?',
    answer: best
      ? `${best.name}: an average of ${best.average_rating} stars over ${plural(best.mention_count, 'review')} that mention them (technicians with at least ${MIN_MENTIONS_FOR_BEST} mentions).`
      : `No technician is mentioned in at least ${MIN_MENTIONS_FOR_BEST} reviews yet.`,
    review_ids: best?.review_ids ?? [],
  })

  // Best technician for each of the three most-reviewed services, by co-mention.
  for (const service of insights.entities.services.slice(0, 3)) {
    if (service.mention_count === 0) continue
    const pairs = business.technicians
      .map(({ name }) => {
        const both = reviews.filter((r) => r.services.includes(service.id) && r.technicians.includes(name))
        return { name, n: both.length, average: both.length ? round2(both.reduce((s, r) => s + r.rating, 0) / both.length) : 0, ids: both.map((r) => r.id) }
      })
      .filter((p) => p.n >= 2)
      .sort((a, b) => b.average - a.average || b.n - a.n || a.name.localeCompare(b.name))
    const top = pairs[0]
    faq.push({
      question: `Who is the best-reviewed technician for ${service.name.toLowerCase()}?`,
      answer: top
        ? `${top.name}: ${plural(top.n, 'review')} mention both ${top.name.split(' ')[0]} and ${service.name.toLowerCase()}, averaging ${top.average} stars.`
        : `No technician is mentioned together with ${service.name.toLowerCase()} in at least 2 reviews yet.`,
      review_ids: top?.ids.slice(0, ENTITY_REVIEW_IDS) ?? [],
    })
  }

  const unhappy = reviews.map((r, i) => ({ r, i })).filter(({ r }) => r.rating <= 2)
  const complaints = insights.aspects
    .map((a) => ({ a, n: a.sentiment.negative }))
    .filter(({ n }) => n > 0)
    .sort((x, y) => y.n - x.n || x.a.id.localeCompare(y.a.id))
    .slice(0, 3)
  faq.push({
    question: 'What do unhappy customers complain about?',
    answer:
      complaints.length === 0
        ? `${plural(unhappy.length, 'review')} give 1 or 2 stars; none of them names a specific aspect.`
        : `${plural(unhappy.length, 'review')} give 1 or 2 stars. The most frequent negative mentions are ${complaints
            .map(({ a, n }) => `${a.label.toLowerCase()} (${n})`)
            .join(', ')}.`,
    review_ids: complaints.flatMap(({ a }) => a.examples.filter((e) => e.sentiment === 'negative').map((e) => e.review_id)),
  })
  return faq
}

function buildSummary(business: Business, reviews: Review[], insights: Insights): string {
  if (reviews.length === 0) return `${business.name} has no published reviews yet.`
  const mean = round2(reviews.reduce((s, r) => s + r.rating, 0) / reviews.length)
  const fives = reviews.filter((r) => r.rating === 5).length
  const sentences = [`${business.name} has ${plural(reviews.length, 'verified review')} with an average of ${mean} stars; ${percent(fives, reviews.length)}% give five stars.`]
  const praised = insights.aspects
    .filter((a) => a.sentiment.positive > 0)
    .sort((a, b) => b.sentiment.positive - a.sentiment.positive || a.id.localeCompare(b.id))
    .slice(0, 2)
  if (praised.length) {
    sentences.push(`Customers most often praise ${praised.map((a) => `${a.label.toLowerCase()} (${a.sentiment.positive} positive of ${a.mention_count} mentions)`).join(' and ')}.`)
  }
  const criticised = insights.aspects.filter((a) => a.sentiment.negative > 0).sort((a, b) => b.sentiment.negative - a.sentiment.negative || a.id.localeCompare(b.id))[0]
  if (criticised) sentences.push(`The most common complaint concerns ${criticised.label.toLowerCase()} (${criticised.sentiment.negative} negative of ${criticised.mention_count} mentions).`)
  const tech = insights.entities.technicians[0]
  if (tech && tech.mention_count > 0) sentences.push(`${tech.name} is the most mentioned technician (${plural(tech.mention_count, 'review')}, averaging ${tech.average_rating} stars).`)
  const service = insights.entities.services[0]
  if (service && service.mention_count > 0) sentences.push(`The most reviewed service is ${service.name.toLowerCase()} (${plural(service.mention_count, 'review')}, averaging ${service.average_rating} stars).`)
  const responded = reviews.filter((r) => r.response).length
  sentences.push(`The business has replied publicly to ${responded} of them (${percent(responded, reviews.length)}%).`)
  return sentences.join(' ')
}
