/**
 * A whole review read with its star rating. The analyser reads sentences and knows nothing of the stars; the learned
 * component's probabilities (complaint-odds.ts) were fitted on sentences at their own mix of complaints and praise.
 * The rating changes that mix: a one- or two-star review nearly always holds a complaint, a five-star review seldom
 * does. So the rating shifts the prior odds of a complaint in its review, as a classifier's outputs are corrected for
 * new prior probabilities (Saerens, Latinne and Decaestecker 2002): posterior log-odds = the model's log-odds + the
 * rating's shift, decided at even odds.
 * - 1 or 2 stars, and nothing in the review read as a complaint: its strongest complaint candidate (an aspect one of
 *   its sentences names, by the rules or likely by the model, weighed P(named) x P(complaint)) becomes a complaint
 *   when its shifted odds reach even: the aspect's mentions in that sentence turn negative, or the sentence is added
 *   as one. A review whose sentences name no aspect ("Terrible. Avoid.") has no candidate and stays silent.
 * - 5 stars: each complaint read must reach even odds after the shift, unless a strong rule read it (a rule reading
 *   whose score is at least STRONG_RULE in size: an emphatic complaint word, or a failure stated outright), and either
 *   way the model's complaint classifier must give its sentence a fair chance of holding one (SENTENCE_HOLDS). One
 *   that does not stays a neutral mention of its aspect: the aspect is named, the complaint is not believed.
 * - 3 and 4 stars, no rating, or a reading without the model's odds (the rules alone): the reading as it is.
 * Sentences are never read with a rating: the sentence-level figures are the analyser's alone. What the rating made
 * carries the cue RATING_CUE (the evidence and `analyze --json` show it) and is never quoted as an insights example:
 * its words alone do not say it. The shifts and the strong-rule bar were chosen on the dev split of the whole reviews
 * (`bun scripts/insights-accuracy.ts --split dev`).
 */
import type { AnalysisContext, AspectMention, WeighedAnalysis } from './analyzer'
import { analyzeText } from './analyzer'

/**
 * The log prior-odds shift of a complaint in a review of each rating: 1-2 stars e^1 (the odds times 2.7), 5 stars
 * e^-3 (divided by 20). The five-star shift was chosen on the dev split's five-star reviews by the complaints they do
 * not make (labelled), keeping every labelled complaint kept at the least shift and the mild complaints an owner
 * should see ("a little pricey", "they were a bit late"). It was -2.5 until the model's complaint classifier let it
 * add complaints said without a complaint word; with the first such model, -2.5, -3, -3.5, -4 and -5 left 8, 6, 5, 4
 * and 3 of 108 such reviews, keeping 5, 5, 5, 5 and 3 of the 6 labelled complaints; with the one shipped, 6, 6, 4, 3
 * and 3, keeping the same. From -3.5 on "a little pricey" is doubted, so -3.
 */
export const RATING_SHIFT: Readonly<Record<number, number>> = { 1: 1, 2: 1, 5: -3 }
/** A rule reading at least this strong stays a complaint in a five-star review whatever the odds (see SENTENCE_HOLDS). */
export const STRONG_RULE = 0.7
/**
 * In a five-star review a complaint stands only where the model's complaint classifier also gives its sentence at
 * least this chance of holding one, a strong rule's included: a lateness told as a story and forgiven, dust the
 * customer's own fan stirred up. Chosen between what dev's five-star reviews tell as stories (0.2 and below) and
 * plain written facts an owner should see ("she was ten minutes late": 0.35 to 0.5), not at even odds, which doubted
 * those facts.
 */
export const SENTENCE_HOLDS = 0.25
/** The cue of a mention the rating turned, added or set to neutral. */
export const RATING_CUE = '(rating)'
/**
 * The score of a complaint the rating made out, as the learned component scores what it adds; stronger (down to -1)
 * where the review praises the aspect elsewhere, so that the review's feeling about it, its mentions summed, is the
 * complaint the rating made out ("I have to find someone to fix it properly" read as praise beside it).
 */
const MADE_OUT = -0.5

const logit = (p: number) => Math.log(Math.max(p, 1e-9) / Math.max(1 - p, 1e-9))
/** Whether the shifted odds reach even: logit(p) + shift >= 0. */
const believed = (p: number, shift: number) => logit(p) + shift >= 0
const withCue = (cues: readonly string[]) => (cues.includes(RATING_CUE) ? [...cues] : [...cues, RATING_CUE])

/**
 * One review's analysis read with its star rating: the analysis itself when the rating changes nothing, else a copy
 * with the mentions the rating turned, added or set to neutral. Pure; a second call changes nothing more.
 */
export function withRating<A extends WeighedAnalysis>(analysis: A, rating: number | null | undefined): A {
  const shift = rating === null || rating === undefined ? undefined : RATING_SHIFT[rating]
  const odds = analysis.odds
  if (!odds || shift === undefined) return analysis
  const aspects = shift > 0 ? madeOut(analysis.aspects, odds, shift) : doubted(analysis.aspects, odds, shift)
  return aspects === analysis.aspects ? analysis : { ...analysis, aspects }
}

/** A review's text read as the insights read the review: the analyser, then its rating's prior. */
export function analyzeReview(text: string, rating: number | null | undefined, context: AnalysisContext = {}): WeighedAnalysis {
  return withRating(analyzeText(text, context), rating)
}

/** Whether the rating made this mention (turned, added or set to neutral): counted, never quoted as an example. */
export const ratingMade = (mention: Pick<AspectMention, 'cues'>): boolean => mention.cues.includes(RATING_CUE)

type Odds = NonNullable<WeighedAnalysis['odds']>

/** 1-2 stars: the strongest candidate of a review read without a complaint becomes one when the shifted odds say so. */
function madeOut(mentions: AspectMention[], odds: Odds, shift: number): AspectMention[] {
  const best = odds.strongest
  if (!best || mentions.some((m) => m.sentiment === 'negative') || !believed(best.strength, shift)) return mentions
  const here = (m: AspectMention, i: number) => m.aspect === best.aspect && odds.mentions[i]?.sentence === best.sentence
  const elsewhere = mentions.reduce((sum, m, i) => (m.aspect === best.aspect && !here(m, i) ? sum + m.score : sum), 0)
  const score = Math.max(-1, Math.min(MADE_OUT, MADE_OUT - elsewhere))
  let turned = false
  const out = mentions.map((m, i) => {
    if (!here(m, i)) return m
    turned = true
    return { ...m, sentiment: 'negative' as const, score, cues: withCue(m.cues) }
  })
  if (!turned) out.push({ aspect: best.aspect, sentiment: 'negative', score, clause: best.text, cues: [RATING_CUE] })
  return out
}

/** 5 stars: a complaint not read by a strong rule must reach even odds after the shift, else it is neutral. */
function doubted(mentions: AspectMention[], odds: Odds, shift: number): AspectMention[] {
  let changed = false
  const out = mentions.map((m, i) => {
    const o = odds.mentions[i]
    if (m.sentiment !== 'negative' || !o) return m
    const sentenceHolds = (o.sentenceComplaint ?? 1) >= SENTENCE_HOLDS
    if (sentenceHolds && ((o.ruled && Math.abs(m.score) >= STRONG_RULE) || believed(o.complaint, shift))) return m
    changed = true
    return { ...m, sentiment: 'neutral' as const, score: 0, cues: withCue(m.cues) }
  })
  return changed ? out : mentions
}

/**
 * The odds with only what `withRating` reads (what a stored reading keeps of them): the odds of each complaint, and where the
 * strongest candidate's aspect is mentioned in its own sentence; the candidate's text is never quoted by the insights.
 */
export function oddsTheRatingReads(
  { strongest, mentions }: NonNullable<WeighedAnalysis['odds']>,
  aspects: AspectMention[],
): WeighedAnalysis['odds'] {
  return {
    strongest: strongest && { ...strongest, text: '' },
    mentions: mentions.map((o, i) =>
      o && (aspects[i]!.sentiment === 'negative' || (aspects[i]!.aspect === strongest?.aspect && o.sentence === strongest.sentence))
        ? o
        : null,
    ),
  }
}
