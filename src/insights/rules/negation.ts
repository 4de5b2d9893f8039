/**
 * Negation (after VADER, Hutto & Gilbert 2014): a negator flips a sentiment word within three words after it,
 * looking past fillers ("never once had to wait") and quantities ("not a single speck of"), damped by -0.74; a
 * denied trouble noun ("zero issues", "never had a problem") is praise. A negation is used up by the first word it
 * flips, except across "or"/"nor" ("wasn't friendly or helpful"); a fronted "not once" negates the whole clause;
 * "stopped" before a doing denies it ("stopped responding"), and so do "failed to" ("failed to turn up") and "have yet to"
 * ("have yet to return my call").
 * Boosters ("really", "super") scale the next felt word. `collectHits` reads one clause's lexicon hits this way.
 */
import { INTENSIFIERS, NEGATION_FILLERS, QUANTITY_NOUNS } from '../lexicon'
import { matchAt } from './lexicon-index'
import { type Clause, type Hit, NEGATION_SCALAR, type Token, clamp } from './types'
import { isNegator, NEGATOR_SET, POSSESSIVE, SEGMENT_BREAKS } from './words'

export const NEGATION_WINDOW = 3
/** "zero issues", "never had a problem": praise as firm as "good". */
export const DENIED_TROUBLE = 0.7
export const FILLERS = new Set(NEGATION_FILLERS)
export const QUANTITY = new Set(QUANTITY_NOUNS)
type Negation = { at: number; carries: boolean; fronted?: boolean }

/** Words between a negator and the word it may flip, not counting fillers ("never once had to wait"). */
export function countWords(tokens: Token[], from: number, to: number): number {
  let n = 0
  for (let k = from + 1; k < to; k++) {
    const t = tokens[k]!
    // "a single speck of", "not a trace of": quantities the negation reaches through.
    if (QUANTITY.has(t.lemma) && tokens[k + 1]?.surface === 'of') continue
    if (t.surface === 'of' && QUANTITY.has(tokens[k - 1]?.lemma ?? '')) continue
    if (!FILLERS.has(t.surface) && !FILLERS.has(t.lemma)) n++
  }
  return n + 1
}

export function boost(tokens: Token[], i: number): number {
  const previous = tokens[i - 1]!
  const two = i > 1 ? `${tokens[i - 2]!.surface} ${previous.surface}` : ''
  return INTENSIFIERS[two] ?? INTENSIFIERS[previous.surface] ?? 1
}

/** "like ..." or "that" opening a clause ("that they", "that the price"), not "that" of "that level of rudeness". */
const feltClause = (tokens: Token[], k: number) =>
  tokens[k]?.surface === 'like' ||
  (tokens[k]?.surface === 'that' &&
    (tokens[k + 1]?.surface === 'the' || POSSESSIVE.has(tokens[k + 1]?.surface ?? '') || tokens[k + 1]?.pos === 'PRON'))

/** The negation a negator at token i opens, or undefined when the token is none. */
export function negationAt(tokens: Token[], i: number): Negation | undefined {
  const t = tokens[i]!
  // "Anything but cheap": the word denied; but "never anything but friendly", "nothing but problems" say it is all
  // there is (no negation at all).
  if (t.surface === 'but' && tokens[i - 1]?.surface === 'anything')
    return tokens.slice(Math.max(0, i - 5), i - 1).some(isNegator) ? undefined : { at: i, carries: false }
  if (t.surface === 'nothing' && tokens[i + 1]?.surface === 'but') return undefined
  if (
    NEGATOR_SET.has(t.surface) &&
    tokens.slice(i + 1, i + 4).some((x, k, next) => x.surface === 'anything' && next[k + 1]?.surface === 'but')
  )
    return undefined
  // "They have yet to return my call", "the part is yet to arrive": not yet done.
  if (t.surface === 'yet' && tokens[i + 1]?.surface === 'to' && ['have', 'be'].includes(tokens[i - 1]?.lemma ?? ''))
    return { at: i, carries: false }
  // "They stopped responding", "it stopped leaking": stopping a doing denies it.
  if (t.lemma === 'stop' && t.pos === 'VERB' && /ing$/.test(tokens[i + 1]?.surface ?? '') && tokens[i + 1]!.pos === 'VERB')
    return { at: i, carries: false }
  // "They failed to turn up", "failed to call back": failing to do it denies it.
  if (t.lemma === 'fail' && tokens[i + 1]?.surface === 'to') return { at: i, carries: false }
  if (!NEGATOR_SET.has(t.lemma) && !NEGATOR_SET.has(t.surface) && !(t.surface === 'no' && tokens[i + 1]?.surface === 'one'))
    return undefined
  // "Not only was he quick, he was helpful", "not just the English": adding, not denying.
  if (t.lemma === 'not' && ['only', 'just'].includes(tokens[i + 1]?.surface ?? '')) return undefined
  // "They are not the kind of company that works slow so they can charge you more", "not one of those outfits who":
  // the kind denied, what is first said of it, however far.
  if (
    ['not', "n't"].includes(t.surface) &&
    ((tokens[i + 1]?.surface === 'the' &&
      ['kind', 'type', 'sort'].includes(tokens[i + 2]?.surface ?? '') &&
      tokens[i + 3]?.surface === 'of') ||
      (tokens[i + 1]?.surface === 'one' && tokens[i + 2]?.surface === 'of' && ['those', 'these'].includes(tokens[i + 3]?.surface ?? '')))
  )
    return { at: i, carries: true }
  // "I don't feel like they were rude", "never felt that they rushed us": a denied feeling denies what it holds, the
  // window counted from "like" or "that".
  const feltLike = tokens.slice(i + 1, i + 3).findIndex((x) => x.lemma === 'feel')
  if (feltLike >= 0 && feltClause(tokens, i + 2 + feltLike)) return { at: i + 2 + feltLike, carries: false }
  // A fronted "not once", "never once", "not one time" negates the whole clause: "Not once in five years have they been late."
  const fronted =
    i <= 1 &&
    ['not', 'never'].includes(t.surface) &&
    (tokens[i + 1]?.surface === 'once' || (tokens[i + 1]?.surface === 'one' && tokens[i + 2]?.surface === 'time'))
  return { at: i, carries: fronted, fronted }
}

/** Verbs of meeting or finding: "never seen a cleaner kitchen", "never had a better experience". */
export const EXPERIENCE = new Set([
  'see',
  'have',
  'meet',
  'find',
  'experience',
  'know',
  'ask',
  'want',
  'wish',
  'get',
  'work',
  'deal',
  'use',
  'hire',
  // "never been treated so poorly", "never encountered such rudeness", "never received such a bill" (real train split).
  'treat',
  'encounter',
  'receive',
])
const COMPARED = new Set(['better', 'best', 'worse', 'worst', 'more', 'less', 'most', 'least'])
/**
 * A comparison with everything else is not negated by "never"/"not": "Never seen a cleaner kitchen", "could not
 * have asked for a better crew", "never had such horrible service" say the compared word's own feeling.
 */
export function comparedWithAll(tokens: Token[], negator: number, word: number, end = word + 1): boolean {
  const t = tokens[word]!
  // "never had such horrible service", "never seen so much mess": "such" and "so" compare too (also inside a phrase:
  // "never been treated so poorly").
  const such = tokens.slice(Math.max(negator + 1, word - 3), end - 1).some((x) => x.surface === 'such' || x.surface === 'so')
  const comparative =
    such ||
    COMPARED.has(t.surface) ||
    COMPARED.has(tokens[word - 1]?.surface ?? '') ||
    (/(er|est)$/.test(t.surface) && t.lemma !== t.surface)
  const between = tokens.slice(negator + 1, word)
  // "I have never been so intimidated", "never been this late": "never" with "so"/"such" after "be" says it emphatically.
  const emphatic = such && tokens[negator]!.surface === 'never' && between.some((x) => x.lemma === 'be')
  return comparative && (emphatic || between.some((x) => EXPERIENCE.has(x.lemma) && ['VERB', 'AUX'].includes(x.pos)))
}

/** Applies an open negation to a hit; returns the negation still open after it. */
function negate(tokens: Token[], hit: Hit, negation: Negation | undefined): Negation | undefined {
  const { entry, start, end } = hit
  if (entry.shielded || (entry.sentiment === 0 && !entry.trouble) || !negation) return negation
  if (!negation.carries && countWords(tokens, negation.at, start) > NEGATION_WINDOW) return negation
  if (comparedWithAll(tokens, negation.at, start, end)) return undefined
  hit.negated = true
  hit.score = entry.trouble ? DENIED_TROUBLE : entry.sentiment * NEGATION_SCALAR
  if (negation.fronted) return negation
  // A negation is used up by the word it flips, unless a list goes on: "wasn't friendly or helpful".
  const after = tokens[end]?.surface
  return after === 'or' || after === 'nor' || after === ',' ? { at: end, carries: true } : undefined
}

/** Sentiment hits of one clause, each with its negation applied, and the index of the part it sits in. */
export function collectHits(tokens: Token[]): Clause {
  const hits: Hit[] = []
  let segment = 0
  let negation: Negation | undefined
  const segmentOf: number[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (SEGMENT_BREAKS.has(t.surface)) {
      segment++
      if (t.surface === ',' || t.surface === '(' || t.surface === ':') negation = undefined
    }
    segmentOf[i] = segment
    if (t.extra) hits.push({ entry: t.extra, start: i, end: i + 1, score: t.extra.sentiment, negated: false, segment })
    const match = matchAt(tokens, i)
    // "super late", "really quick": a booster before a felt word scales it and says nothing itself.
    if (match && match.length === 1 && INTENSIFIERS[t.surface] !== undefined && i + 1 < tokens.length) {
      const following = matchAt(tokens, i + 1)
      if (following && following.entry.sentiment !== 0) continue
    }
    if (!match) {
      negation = negationAt(tokens, i) ?? negation
      continue
    }
    const { entry, length } = match
    const hit: Hit = { entry, start: i, end: i + length, score: entry.sentiment, negated: false, segment }
    negation = negate(tokens, hit, negation)
    // "We had a leak": the job to be done, not an opinion.
    if (!hit.negated && entry.trouble && !entry.fixed) hit.score = 0
    hit.score = clamp(hit.score * (i > 0 ? boost(tokens, i) : 1))
    hits.push(hit)
    if (entry.words.some((w) => NEGATOR_SET.has(w))) negation = undefined
    // "failed to turn up": the failure word is also the denial of what follows it.
    if (length === 1 && t.lemma === 'fail' && !hit.negated) negation = negationAt(tokens, i) ?? negation
    i += length - 1
  }
  for (let i = 0; i < tokens.length; i++) segmentOf[i] ??= segment
  return { tokens, hits, segmentOf }
}
