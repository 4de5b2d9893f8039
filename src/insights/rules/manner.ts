/**
 * Time and speed words that are not about the service: "late" as a date ("late Friday afternoon") or about
 * something else ("the late review"), the customer's own pace or wish ("I quickly realized", "we needed someone
 * fast"), a slow drain, readiness ("quick to answer" is about the answer), the time a failure took.
 */
import { SPEED_MANNER_WORDS, CUSTOMER_VERBS, SERVICE_RECEIVING_VERBS, IRREALIS_VERBS } from '../lexicon'
import { type Clause, type Hit, NEGATION_SCALAR, type Token, clamp } from './types'
import { SPEED_NOUN_SET, TIME_NOUN_SET, ARRIVAL, FAMILY, FIRST_PERSON, FIXTURES, OTHER_SUBJECTS, REQUEST } from './words'

export const SPEED_MANNER = new Set(SPEED_MANNER_WORDS)
export const CUSTOMER_VERB_SET = new Set(CUSTOMER_VERBS)
export const RECEIVING = new Set(SERVICE_RECEIVING_VERBS)
export const IRREALIS = new Set(IRREALIS_VERBS)
/** Adjectives of speed that can qualify a noun ("a quick look"); adverbs like "quickly" cannot. */
export const SPEED_ADJECTIVES = new Set(['quick', 'fast', 'speedy', 'swift', 'rapid', 'prompt', 'slow'])
/** Nouns "late" can qualify and still speak of the visit ("a late arrival", "a late start"). */
export const LATE_ABOUT_VISIT = new Set([
  'arrival',
  'start',
  'tech',
  'technician',
  'plumber',
  'electrician',
  'crew',
  'guy',
  'show',
  'appearance',
  'notice',
  'cancellation',
  'reschedule',
])
/** "late Friday afternoon", "early the next morning", "it was late October": a date, unless someone arrived late. */
export function lateAsDate({ tokens }: Clause, h: Hit): boolean {
  if ((h.entry.phrase !== 'late' && h.entry.phrase !== 'early') || h.end - h.start !== 1) return false
  // "a building from the late 1700s", "in the early 90s", "late 2019": a period.
  if (
    /^'?\d+(s|'s)?$/.test(tokens[h.end]?.surface ?? '') &&
    !/^(am|pm|a\.m\.|p\.m\.|min|mins|minutes?|hours?|hrs?)$/.test(tokens[h.end + 1]?.surface ?? '')
  )
    return true
  let k = h.end
  while (k < h.end + 3 && ['the', 'that', 'this', 'next', 'last', 'on', 'in', 'a', 'of'].includes(tokens[k]?.surface ?? '')) k++
  if (!tokens[k] || !TIME_NOUN_SET.has(tokens[k]!.lemma)) return false
  const verb = [h.start - 1, h.start - 2].map((j) => tokens[j]).find((x) => x && ARRIVAL.has(x.lemma) && ['VERB', 'AUX'].includes(x.pos))
  const expletive = verb !== undefined && tokens.slice(Math.max(0, h.start - 3), h.start).some((x) => x.surface === 'it')
  return !verb || expletive
}

/** "Sorry for the late review", "a late lunch": lateness of something else than the visit. */
export const lateOfSomethingElse = ({ tokens }: Clause, h: Hit): boolean =>
  (h.entry.phrase === 'late' || h.entry.phrase === 'early') &&
  h.end - h.start === 1 &&
  ['the', 'a', 'this', 'my', 'our', 'his', 'her', 'their'].includes(tokens[h.start - 1]?.surface ?? '') &&
  tokens[h.end]?.pos === 'NOUN' &&
  !TIME_NOUN_SET.has(tokens[h.end]!.lemma) &&
  !LATE_ABOUT_VISIT.has(tokens[h.end]!.lemma)

/** "My husband fixed the fence", "I fixed it": someone of the household did it. */
export const householdFix = ({ tokens }: Clause, h: Hit): boolean =>
  ['fix', 'fixed', 'repair'].includes(h.entry.phrase) &&
  ([h.start - 1, h.start - 2].some((j) => FAMILY.has(tokens[j]?.lemma ?? '') && ['my', 'our'].includes(tokens[j - 1]?.surface ?? '')) ||
    FIRST_PERSON.has(tokens[h.start - 1]?.surface ?? ''))

/** "the drain had been slow for months", "explained everything slow and clear": the fixture's trouble or the manner of speaking. */
function slowNotService({ tokens }: Clause, h: Hit): boolean {
  if (!['slow', 'slowly'].includes(h.entry.phrase)) return false
  if (tokens.slice(Math.max(0, h.start - 3), h.start).some((t) => ['explain', 'talk', 'speak', 'walk', 'go', 'show'].includes(t.lemma)))
    return true
  const fixture = tokens.slice(Math.max(0, h.start - 4), h.start).findLastIndex((t) => FIXTURES.has(t.lemma))
  return (
    fixture >= 0 &&
    !tokens.slice(Math.max(0, h.start - 4) + fixture + 1, h.start).some((x) => ['he', 'she', 'they', 'tech', 'service'].includes(x.surface))
  )
}

/** The token nearest to a hit, in its own part of the clause, that `accept` takes. */
function nearest({ tokens, segmentOf }: Clause, h: Hit, accept: (t: Token, k: number) => boolean) {
  let best: { token: Token; index: number; distance: number } | undefined
  for (let k = 0; k < tokens.length; k++) {
    if (k >= h.start && k < h.end) continue
    if (segmentOf[k] !== h.segment || !accept(tokens[k]!, k)) continue
    const distance = k < h.start ? h.start - k : k - h.end + 1
    if (!best || distance < best.distance) best = { token: tokens[k]!, index: k, distance }
  }
  return best
}

/** "quick to answer", "slow to take any responsibility": readiness, judged by what was done (which takes its feeling). */
function readiness({ hits }: Clause, h: Hit): boolean {
  const done = hits.find(
    (x) =>
      x !== h &&
      x.segment === h.segment &&
      x.start > h.end &&
      x.start <= h.end + 5 &&
      (x.score !== 0 || x.entry.aspects.length) &&
      !x.entry.aspects.includes('speed'),
  )
  if (!done) return false
  done.score = clamp(h.score < 0 ? (done.score !== 0 ? done.score * NEGATION_SCALAR : h.score) : done.score * 1.3)
  return true
}

/** The customer's own doing or wish: "I quickly realized", "right away I could smell gas", "we needed someone fast". */
function customersOwnPace(clause: Clause, h: Hit): boolean {
  const { tokens, segmentOf } = clause
  const verb = nearest(clause, h, (t) => t.pos === 'VERB')
  // "the same day I called": a first-person subject after the word, of a verb of asking, starts a clause of its own.
  const subject = nearest(
    clause,
    h,
    (t, k) => OTHER_SUBJECTS.has(t.surface) || (FIRST_PERSON.has(t.surface) && !(k > h.start && REQUEST.has(tokens[k + 1]?.lemma ?? ''))),
  )
  const wish = tokens.some(
    (t, k) =>
      k < h.start &&
      segmentOf[k] === h.segment &&
      IRREALIS.has(t.lemma) &&
      t.pos === 'VERB' &&
      [k - 1, k - 2].some((j) => FIRST_PERSON.has(tokens[j]?.surface ?? '')),
  )
  return (
    wish ||
    (verb !== undefined && CUSTOMER_VERB_SET.has(verb.token.lemma)) ||
    (subject !== undefined && FIRST_PERSON.has(subject.token.surface) && (!verb || !RECEIVING.has(verb.token.lemma)))
  )
}

/** A word of speed ("quick", "slowly") that says nothing of the service's speed: true when it is to be dropped. */
function speedNotService(clause: Clause, h: Hit): boolean {
  if (!SPEED_MANNER.has(h.entry.phrase) || h.negated) return false
  if (slowNotService(clause, h)) return true
  const next = clause.tokens[h.end]
  // "a quick look", "a quick question": the adjective qualifies another noun ("the quick service" is about the service whoever speaks of it).
  if (SPEED_ADJECTIVES.has(h.entry.phrase) && next && next.pos === 'NOUN')
    return !SPEED_NOUN_SET.has(next.lemma) && !SPEED_NOUN_SET.has(next.surface)
  if (SPEED_ADJECTIVES.has(h.entry.phrase) && next?.surface === 'to' && ['VERB', 'AUX'].includes(clause.tokens[h.end + 1]?.pos ?? ''))
    return readiness(clause, h)
  return customersOwnPace(clause, h)
}

/** "started leaking within a week": the time a failure took, not the service's speed ("fixed our blocked drain quickly" is). */
const failureTime = ({ hits, tokens }: Clause, h: Hit): boolean =>
  h.entry.aspects.includes('speed') &&
  h.score > 0 &&
  hits.some(
    (f) => f.score < 0 && f.entry.aspects.includes('quality') && h.start >= f.end && h.start - f.end <= 2 && tokens[f.end]?.pos !== 'NOUN',
  )

/**
 * Speed and time words that say nothing about the service are dropped, or lend their sense to the verb they
 * qualify: "a quick question" (another noun), "I quickly realized" / "right away I could smell gas" (the
 * customer's own doing), "we needed someone fast" (a wish), "quick to answer" (readiness: the answer's aspect),
 * "late Friday afternoon" (a date).
 */
export function readManner(clause: Clause): void {
  const drop = new Set<Hit>()
  for (const h of clause.hits) {
    const other = lateAsDate(clause, h) || lateOfSomethingElse(clause, h) || householdFix(clause, h)
    if (speedNotService(clause, h) || other) drop.add(h)
  }
  for (const h of clause.hits) if (failureTime(clause, h)) drop.add(h)
  if (drop.size) clause.hits.splice(0, clause.hits.length, ...clause.hits.filter((h) => !drop.has(h)))
}
