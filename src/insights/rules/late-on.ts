/**
 * Late on a day or a visit: "he was late on both appointments", "the crew arrived late on Monday", "she was never late
 * on a single visit". The lexicon reads the bare "late on" as a time ("late on a Friday night", "late on in the
 * project"), so a lateness is read only where all of the clause says an arrival:
 * - a copula or an arrival just before it, an adverb or a negator between ("was always late on", "showed up late on");
 * - someone of the business as its subject (he, she, they, the plumber, a name), not the customer ("I was late on my
 *   payment"), not "it" (a time: "it was late on Christmas Eve"), not a thing ("the bill was late on arriving");
 * - a day or a visit after it (a weekday, "the second day", "both appointments", "every visit"), not a task ("late on
 *   the deadline", "late on returning our deposit");
 * - said, not supposed ("if you are late on your payment", "they might be late on the day"), nor reported ("the
 *   neighbour said the plumber was late on Monday").
 * Denied it is punctuality praised ("was never late on any visit").
 */
import { WEEKDAYS } from '../lexicon'
import { isTheirs } from './refusals'
import { type Clause, type Hit, type Token, timeEntry } from './types'
import { NOT_OR_NEVER, numberIn } from './words'

/** What one is late on when one is late for it: a day, a visit, an appointment. */
const ARRIVALS = new Set([
  ...WEEKDAYS,
  ...WEEKDAYS.map((d) => `${d}s`),
  'day',
  'days',
  'visit',
  'visits',
  'appointment',
  'appointments',
  'occasion',
  'occasions',
  'trip',
  'trips',
])
/** Words between "late on" and the day or visit: "both", "the second", "every", "our first", "any of the". */
const LEADING = new Set([
  'the',
  'a',
  'an',
  'our',
  'my',
  'both',
  'each',
  'every',
  'all',
  'any',
  'of',
  'one',
  'two',
  'three',
  'several',
  'multiple',
  'first',
  'second',
  'third',
  'last',
  'single',
  'separate',
  'agreed',
  'scheduled',
  'booked',
  'either',
  'moving',
])
/** Adverbs between the verb and "late": "was always late on", "showed up again late on". */
const BETWEEN = new Set([
  'always',
  'again',
  'also',
  'consistently',
  'constantly',
  'often',
  'usually',
  'even',
  'still',
  'once',
  'a',
  'bit',
  'little',
  'really',
  'very',
  'so',
  'quite',
])
/** Words that report what someone else said: "the neighbour said the plumber was late on Monday". */
const REPORTED = new Set(['say', 'tell', 'hear', 'claim', 'mention'])
/** What makes the lateness supposed, not said. */
const SUPPOSED = new Set(['if', 'should', 'might', 'may', 'would', 'could', 'will', "'ll", 'wo'])
const TIME_PHRASES = new Set(['late on', 'late on a'])
const LATE = timeEntry('late on', -0.8)
/** A negated lateness, damped as a negated sentiment word is (negation.ts). */
const ON_TIME = 0.8 * 0.74

/** The arrival verb before "late" (token k): where it is, and whether a negator stands between; or undefined. */
function arrivalBefore(tokens: readonly Token[], k: number): { at: number; denied: boolean } | undefined {
  let j = k - 1
  let denied = false
  while (j >= 0 && (BETWEEN.has(tokens[j]!.surface) || NOT_OR_NEVER.has(tokens[j]!.surface))) {
    if (NOT_OR_NEVER.has(tokens[j]!.surface)) denied = true
    j--
  }
  const verb = tokens[j]
  if (!verb) return undefined
  // "has never been late on": the negator stands before the perfect's "been".
  if (verb.surface === 'been') {
    let i = j - 1
    while (i >= 0 && (BETWEEN.has(tokens[i]!.surface) || NOT_OR_NEVER.has(tokens[i]!.surface))) {
      if (NOT_OR_NEVER.has(tokens[i]!.surface)) denied = true
      i--
    }
    if (tokens[i]?.lemma === 'have') return { at: i, denied }
  }
  if (verb.lemma === 'be' || verb.lemma === 'arrive') return { at: j, denied }
  if (verb.surface === 'up' && ['show', 'turn'].includes(tokens[j - 1]?.lemma ?? '')) return { at: j - 1, denied }
  return undefined
}

/** The nearest subject before token k (within six) is someone of the business, or a name. */
function theirsBefore(tokens: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 6); j--) {
    const t = tokens[j]!
    if (isTheirs(t) || t.pos === 'PROPN') return true
    if (t.pos === 'NOUN' || t.pos === 'PRON') return false
  }
  return false
}

/** A day or a visit follows "late on" (ending at token k), past its determiners and numbers. */
function dayAfter(tokens: readonly Token[], k: number): boolean {
  for (let j = k; j < Math.min(tokens.length, k + 5); j++) {
    const t = tokens[j]!
    if (ARRIVALS.has(t.surface)) return true
    if (!LEADING.has(t.surface) && numberIn(t.surface) === undefined) return false
  }
  return false
}

export function lateOnADay({ tokens, hits }: Clause): void {
  for (const h of hits) {
    // The lexicon's time phrases "late on" and "late on a" ("late on a Friday"), read as nothing so far.
    if (!TIME_PHRASES.has(h.entry.words.join(' ')) || h.score !== 0) continue
    const arrival = arrivalBefore(tokens, h.start)
    if (!arrival || !theirsBefore(tokens, arrival.at) || !dayAfter(tokens, h.end)) continue
    if (tokens.slice(0, h.start).some((t) => SUPPOSED.has(t.surface))) continue
    if (tokens.slice(0, arrival.at).some((t) => REPORTED.has(t.lemma))) continue
    lateness(h, arrival.denied)
  }
}

function lateness(h: Hit, denied: boolean): void {
  h.entry = LATE
  h.score = denied ? ON_TIME : LATE.sentiment
  h.negated = denied
}
