/**
 * Clause-level aspect-based sentiment of one English review text. wink-nlp (with its English lite
 * model, bundled in the npm package) gives sentences, tokens, lemmas and part-of-speech tags; the
 * domain lexicon (lexicon.ts, phrases.ts) says which aspect a phrase talks about and how it feels.
 *
 * How a sentence is read:
 * 1. Idioms and fixed expressions are matched first and keep their own sense ("couldn't be happier",
 *    "no complaints", "cost an arm and a leg", "later that day").
 * 2. Contrast words ("but", "although", "except", "however") split the sentence into clauses judged
 *    apart; a clause is further cut at commas and "and" into parts, and an aspect takes the sentiment
 *    of its own part when that part has one ("Quick and affordable", "Friendly guy, late though"). A complaint
 *    conceded by later praise of the same aspect ("not cheap but worth it", "Pricey? Worth it.") is left out.
 * 3. A negator flips a sentiment word within three words before it, looking past fillers ("never
 *    once had to wait"); a negation is used up by the first word it flips, except across "or"/"nor".
 *    Nouns of trouble ("issue", "leak") carry no opinion unless denied ("zero issues" is praise).
 * 4. Anything said in the scope of another company ("the last plumber never showed") is left out,
 *    except a comparison that judges this business ("cheaper than the other quotes"). Others are also named
 *    by number ("two never called back"), in general ("every plumber I've called"), by the one who sent them
 *    ("the plumber the home warranty sent"), or as met long before ("a plumber last spring").
 * 5. The business's own service names are masked: "drain cleaning" is a service, not cleanliness.
 * 6. What is not an opinion of the business stays neutral: the trouble that needed fixing ("our heater
 *    died"; a failure counts only when something places it after the job: "again", "since", "the new
 *    outlet", but not a new part the customer bought), the customer's situation or fears ("before we called",
 *    "repairs scare me", "I expected to pay a fortune"), the trouble's history, diagnosis and mess ("terrible for
 *    years", "turned out to be a dirty filter", "disgusting mess"), the object of a repair ("patched the stain"),
 *    a return visit with the part, time words ("later that day"). A quoted amount and a billed one are compared.
 *
 * Where each rule lives (src/insights/rules/, each file with its examples in a test beside it):
 *   tokenize.ts          sentences, tokens, lemmas, tags          lexicon-index.ts   the lexicon as one matcher
 *   service-names.ts     the business's own services masked       competitor-*.ts    who else is named, and how far
 *   implied-price.ts     quote against bill                       time-words.ts      clock times, weekdays, out of hours
 *   contrast.ts          clauses, concessions                     negation.ts        negators, boosters, the hits of a clause
 *   failures.ts          failure or the job to be done            manner.ts          time and speed words not about the service
 *   story.ts             the customer's story, history, diagnosis sarcasm.ts         scare quotes and sarcasm markers
 *   aspects.ts           from hits to aspects and their feeling   read-clause.ts     the order clause rules run in
 *   Complaints stated as facts, without an opinion word:
 *   refusals.ts          refused, or work left undone             charges.ts         had to pay, charged for, 3 times the price
 *   promises.ts          supposed to, and then not                short-lived.ts     redone soon after, made it worse
 *   deprived.ts          never got a call back, a refund          manner-of-work.ts  not installed properly
 *   or-continues.ts      "never showed or phoned"                after-the-job.ts   "a day later it wouldn't start"
 *   deposits.ts          "they kept most of our deposit", "we   cheaper-elsewhere.ts "other shops are cheaper"
 *                        never got our deposit back"
 *   damage.ts            "the tech cracked the sink"              durations.ts       "took over an hour", "not done when I came"
 *   wishes.ts            "could have been cleaner", "if they had   timely.ts          "they never respond in a timely manner"
 *                        just called", "how hard is it to call   fault-remains.ts   "still cold", "the leak came back"
 *                        back?"
 *   money.ts             "€150", "150 euros": one reading of an amount
 *   capacity.ts          "no new clients", "fully booked", "no weekend call-outs"
 *   left-behind.ts       "left rubble in our drive", "left the windows streaky"
 *   completion.ts        "finished on time" is speed, "arrived on time" punctuality
 *   late-on.ts           "he was late on both appointments" (not "it was late on a Friday", "I was late on my rent")
 *   silence.ts           "they never rang", "nobody phoned to say why"; a customer ignored (in person, or after asking)
 *   customers-own.ts     the customer's lateness, mess, cancellation, and a fault they own ("that was my fault")
 *   time-words.ts also: an arrival window too wide ("an 8 hour window")
 *
 * Taken from VADER (Hutto & Gilbert 2014): the three-word negation window and its damping scalar
 * (-0.74) for a flipped word, booster words that scale the next sentiment word, and the "but" rule
 * (what precedes "but" weighs half, what follows one and a half times) for the review's overall score.
 * wink's own negation flag and sentence sentiment are not used: its negation scope runs to the end
 * of the sentence, which turned "couldn't be happier with the quick service" into a complaint.
 */
import { readEmbeddedJson } from '../core/embedded-file'
import type { Business } from '../reviews/schema'
import {
  type Polarity,
  type AspectMention,
  type ClauseAnalysis,
  type TextAnalysis,
  type AnalysisContext,
  type Token,
  clamp,
} from './rules/types'
import { readDoc, sentenceTokens } from './rules/tokenize'
import { TROUBLE } from './rules/words'
import { maskPhrases } from './rules/service-names'
import { noRoom } from './rules/capacity'
import { ignored, silence } from './rules/silence'
import { leftBehind } from './rules/left-behind'
import { faultRemains } from './rules/fault-remains'
import { billedTime, compareAmounts } from './rules/implied-price'
import { repeatVisits } from './rules/visits'
import { refusals } from './rules/refusals'
import { statedCharges } from './rules/charges'
import { priceRaised } from './rules/price-rises'
import { brokenPromises } from './rules/promises'
import { shortLived } from './rules/short-lived'
import { breakdownAfterTheJob } from './rules/after-the-job'
import { connectionFailures } from './rules/connection'
import { depositsKept } from './rules/deposits'
import { climateInThePlace, pestsInThePlace } from './rules/the-place'
import { secondOpinion } from './rules/second-opinion'
import { cheaperElsewhere } from './rules/cheaper-elsewhere'
import { damageDone } from './rules/damage'
import { doneOnlyLate, durations } from './rules/durations'
import { compareTimes, compareDays, offHours, waitedForArrival, wideWindow } from './rules/time-words'
import { markCompetitors, isLive } from './rules/competitor-scope'
import { splitClauses, withoutConceded, withoutWorthConceded } from './rules/contrast'
import { readClause } from './rules/read-clause'
import { aspectsOf } from './rules/aspects'
import { nounPhrases, joinTokens } from './rules/noun-phrases'
import { type Cue, type LearnedModel, withLearned } from './rules/learned'
import { ComplaintWeigher, type ComplaintOdds, LEARNED_CUE } from './complaint-odds'
import { customAspectsOf } from './rules/custom-aspects'
import { vocabularyOf } from './vocabulary'
import LEARNED_WEIGHTS_FILE from './learned-weights.json' with { type: 'file' }
import type { AspectId } from './lexicon'

/**
 * The shipped weights, read on first use (embedded as a file, core/embedded-file.ts says why).
 */
let shippedModel: LearnedModel | undefined
const shipped = () => (shippedModel ??= readEmbeddedJson<LearnedModel>(LEARNED_WEIGHTS_FILE))

export type { Polarity, AspectMention, ClauseAnalysis, TextAnalysis, AnalysisContext } from './rules/types'
/**
 * A text's analysis with what the learned component thought of its complaints (complaint-odds.ts), for a decision over
 * the whole review (rating-prior.ts). `odds` is absent when the rules were read alone.
 */
export type WeighedAnalysis = TextAnalysis & { odds?: ComplaintOdds }

const NEUTRAL_BAND = 0.1
/** Rules that mark a whole sentence's tokens before it is split into clauses, in this order. */
export const SENTENCE_RULES: readonly ((tokens: Token[]) => void)[] = [
  markCompetitors,
  compareAmounts,
  billedTime,
  repeatVisits,
  refusals,
  statedCharges,
  priceRaised,
  brokenPromises,
  shortLived,
  breakdownAfterTheJob,
  faultRemains,
  noRoom,
  silence,
  ignored,
  leftBehind,
  depositsKept,
  connectionFailures,
  secondOpinion,
  pestsInThePlace,
  climateInThePlace,
  cheaperElsewhere,
  damageDone,
  durations,
  doneOnlyLate,
  compareTimes,
  compareDays,
  offHours,
  wideWindow,
  waitedForArrival,
]
const CLEANING_BUSINESS =
  /\b(cleaning (company|service|services|crew|business)|maid|maids|janitorial|housekeeping|carpet cleaning|window cleaning)\b/i
/**
 * What the analyser should know about a business: its service names and aliases are masked (they are
 * what the review is about, not opinions: "drain cleaning"), except single words that are themselves
 * trouble nouns ("leak": "no leaks since" is praise); a cleaning company's cleanliness is its quality.
 */
export function contextFor(business: Pick<Business, 'name' | 'description' | 'services'>): AnalysisContext {
  const phrases = business.services
    .flatMap((s) => [s.name, ...(s.aliases ?? [])])
    .map((p) => p.toLowerCase().replace(/[-/]/g, ' ').split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 1 || !TROUBLE.has(words[0]!))
  const { custom } = vocabularyOf(business)
  return {
    maskedPhrases: phrases,
    cleaningBusiness: CLEANING_BUSINESS.test(`${business.name} ${business.description}`),
    ...(custom.length ? { custom } : {}),
  }
}
export const polarityOf = (score: number): Polarity => (score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral')
export function analyzeText(text: string, context: AnalysisContext = {}): WeighedAnalysis {
  const doc = readDoc(text)
  const model = typeof context.learned === 'object' ? context.learned : shipped()
  const useModel = context.learned !== false && model.labels.length > 0
  const weigher = useModel && ComplaintWeigher.applies(model) ? new ComplaintWeigher(model, context.cleaningBusiness) : undefined
  let sentenceIndex = 0
  const clauses: ClauseAnalysis[] = []
  const aspects: AspectMention[] = []
  const phrases: string[][] = []
  // The business's own aspects (rules/custom-aspects.ts): read beside the defaults, never instead of their rules.
  const custom: AspectMention[] = []
  let total = 0
  doc.sentences().each((sentence: any) => {
    const tokens = sentenceTokens(sentence)
    if (context.maskedPhrases?.length) maskPhrases(tokens, context.maskedPhrases)
    for (const rule of SENTENCE_RULES) rule(tokens)
    const split = splitClauses(tokens)
    const sentenceMentions: { mention: AspectMention; index: number }[] = []
    const customMentions: { mention: AspectMention; index: number }[] = []
    const cues: Cue[] = []
    split.forEach((clauseTokens, index) => {
      const hits = readClause(clauseTokens)
      for (const [aspect, { score: s, cues }] of customAspectsOf(clauseTokens, hits, context.custom ?? []))
        customMentions.push({
          // A custom aspect's id travels where the defaults' do; consumers read it as a string.
          mention: { aspect: aspect as AspectId, sentiment: polarityOf(s), score: round(s), clause: joinTokens(clauseTokens), cues },
          index,
        })
      const found = aspectsOf(clauseTokens, hits, context)
      const live = hits.filter((h) => isLive(clauseTokens, h))
      for (const h of hits)
        cues.push({
          aspects: h.entry.aspects.length ? h.entry.aspects : h.entry.weak,
          score: h.score,
          // Set aside: another company's scope, the job to be done, or an opinion word a rule silenced (score 0).
          live: !h.job && isLive(clauseTokens, h) && !(h.score === 0 && h.entry.sentiment !== 0),
          ...(h.entry.explicit ? { explicit: true } : {}),
        })
      const score = clamp(live.reduce((s, h) => s + h.score, 0))
      const clauseText = joinTokens(clauseTokens)
      clauses.push({
        text: clauseText,
        score: round(score),
        aspects: [...found.keys()],
        cues: hits
          .filter((h) => h.score !== 0 || h.entry.aspects.length)
          .map((h) => ({
            phrase: clauseTokens
              .slice(h.start, h.end)
              .map((x) => x.raw)
              .join(' ')
              .replace(/ (n't|'s)\b/gi, '$1'),
            score: round(h.score),
            negated: h.negated,
            aspect: h.entry.aspects[0] ?? null,
          })),
      })
      phrases.push(nounPhrases(clauseTokens.filter((t) => !t.competitor)))
      // VADER's "but" rule for the overall score: before a contrast half weight, after it one and a half.
      const weight = split.length > 1 ? (index < split.length - 1 ? 0.5 : 1.5) : 1
      total += score * weight
      for (const [aspect, { score: aspectScore, cues }] of found) {
        sentenceMentions.push({
          mention: { aspect, sentiment: polarityOf(aspectScore), score: round(aspectScore), clause: clauseText, cues },
          index,
        })
      }
    })
    const kept = withoutConceded(sentenceMentions)
    if (context.onSentence) context.onSentence(tokens, ruledReading(kept), cues)
    aspects.push(...(useModel ? withModel(model, tokens, kept, cues, context.cleaningBusiness, weigher, sentenceIndex) : kept))
    sentenceIndex++
    custom.push(...withoutConceded(customMentions))
  })
  const found = [...withoutWorthConceded(aspects), ...custom]
  const analysis: WeighedAnalysis = { clauses, aspects: found, score: round(clamp(total)), phrases }
  if (weigher) analysis.odds = weigher.odds(found)
  return analysis
}
const round = (value: number) => Math.round(value * 1000) / 1000

/** The rules' mentions of one sentence as the learned component sees them: aspect → summed score. */
function ruledReading(mentions: readonly AspectMention[]): Map<AspectId, number> {
  const ruled = new Map<AspectId, number>()
  for (const m of mentions) ruled.set(m.aspect, (ruled.get(m.aspect) ?? 0) + m.score)
  return ruled
}
/**
 * The model's verdict applied to the rules' mentions of one sentence: aspects added, dropped or turned. A cleaning
 * company's cleanliness is its quality (the rules read it so): the model adds no cleanliness there.
 */
function withModel(
  model: LearnedModel,
  tokens: Token[],
  mentions: AspectMention[],
  cues: readonly Cue[],
  cleaningBusiness = false,
  weigher?: ComplaintWeigher,
  sentenceIndex = 0,
): AspectMention[] {
  const ruled = ruledReading(mentions)
  const { aspects: learned, p } = withLearned(model, tokens, ruled, cues)
  const out = mentions.filter((m) => learned.get(m.aspect) === ruled.get(m.aspect))
  let sentence: string | undefined
  const text = () => (sentence ??= joinTokens(tokens))
  for (const [aspect, score] of learned)
    if (score !== ruled.get(aspect) && !(cleaningBusiness && aspect === 'cleanliness' && !ruled.has(aspect)))
      out.push({ aspect, sentiment: polarityOf(score), score, clause: text(), cues: [LEARNED_CUE] })
  weigher?.sentence(sentenceIndex, p, ruled, cues, out, text)
  return out
}
