/**
 * Failures: a failure word ("leaking", "broke", "came back") is a complaint about the work only when something
 * places it after the job ("again", "since", "the new outlet"); otherwise it is the trouble called about, the
 * job to be done (`Hit.job`: no opinion, and no cue for nearby feeling to attach to). Also not failures: a habit
 * of the past ("it used to leak"), the reason to call ("when it started leaking we called"), a warning ("about to
 * fail") and a return visit with a purpose ("came back the next day with the part").
 */
import { AFTERMATH_MARKERS, FAILURE_VERBS, FAILURES, JOB_MARKERS, PROSPECTIVE_MARKERS } from '../lexicon'
import { timeSpanAt } from './time-words'
import type { Clause, Hit, Token } from './types'
import { ARRIVAL, FIRST_PERSON, FIXTURES, REQUEST, TROUBLE } from './words'

export const FAILURE_SET = new Set(FAILURES)
export const AFTERMATH = new Set(AFTERMATH_MARKERS)
export const PROSPECTIVE = new Set(PROSPECTIVE_MARKERS)
export const FAILURE_VERB_SET = new Set(FAILURE_VERBS)
export const JOB_MARKER_SET = new Set(JOB_MARKERS)
/** Verbs of the customer getting or fitting something themselves ("the new faucet we bought"). */
export const OWN_VERBS = new Set(['buy', 'bought', 'order', 'purchase', 'get', 'pick', 'choose', 'install', 'put', 'fit', 'bring'])
export const PEOPLE = new Set(['he', 'she', 'they', 'tech', 'technician', 'plumber', 'electrician', 'guy', 'crew', 'team', 'installer'])
const AFTER_THE_JOB = '(after the job)'

/** A failure verb ("the new faucet drips", "the pipe burst again") is a complaint after the job only; as a noun ("a burst pipe") it is the job. */
export function failureVerbs({ tokens, hits }: Clause): void {
  for (const h of hits) {
    const t = tokens[h.start]!
    if (h.end - h.start !== 1 || !FAILURE_VERB_SET.has(t.lemma) || h.entry.fixed) continue
    const previous = tokens[h.start - 1]
    const verbUse =
      t.pos === 'VERB' ||
      /(ed|ing)$/.test(t.surface) ||
      (previous !== undefined &&
        !['DET', 'NUM', 'ADJ'].includes(previous.pos) &&
        !['no', 'any', 'all', 'some', 'of', 'those', 'these'].includes(previous.surface))
    if (!verbUse) {
      if (!h.negated) h.score = 0
      continue
    }
    if (h.entry.trouble && !h.negated) {
      h.entry = { ...h.entry, trouble: false, sentiment: -0.7, aspects: ['quality'], phrase: `${t.lemma} ${AFTER_THE_JOB}` }
      h.score = -0.7
    } else if (!h.entry.trouble && !h.negated) h.entry = { ...h.entry, phrase: `${t.lemma} ${AFTER_THE_JOB}` }
  }
}

/** "The new faucet we bought online was leaking", "a part I installed myself": the customer's own purchase or doing, the trouble called about. */
function customersOwn(tokens: Token[], k: number): boolean {
  return (
    FIRST_PERSON.has(tokens[k - 1]?.surface ?? '') ||
    tokens.slice(Math.max(0, k - 4), k).some((x, j, before) => FIRST_PERSON.has(x.surface) && OWN_VERBS.has(before[j + 1]?.lemma ?? '')) ||
    tokens
      .slice(k + 1, k + 5)
      .some(
        (x, j, after) =>
          FIRST_PERSON.has(x.surface) &&
          OWN_VERBS.has(after[j + 1]?.lemma ?? '') &&
          !['them', 'they', 'him', 'her'].includes(after[j + 2]?.surface ?? ''),
      )
  )
}

const helpCame = ({ tokens, segmentOf }: Clause, segment: number) =>
  tokens.some((t, k) => segmentOf[k] === segment && ARRIVAL.has(t.lemma) && t.pos === 'VERB' && t.lemma !== 'be')

/**
 * What places a failure after the job: a word of time anywhere in its scope, a word of the job before it, "after" behind it,
 * or (for the older failure words) a trouble noun of its own ("it failed and we had a leak").
 */
export function placedAfterJob(clause: Clause, h: Hit, sameSegment: boolean): boolean {
  const { tokens, segmentOf } = clause
  return tokens.some((t, k) => {
    if (k >= h.start && k < h.end) return false
    if (sameSegment && segmentOf[k] !== h.segment) return false
    const marker = (w: string) => AFTERMATH.has(w) || (!sameSegment && TROUBLE.has(w))
    if (!marker(t.surface) && !marker(t.lemma)) return false
    if (JOB_MARKER_SET.has(t.surface) || JOB_MARKER_SET.has(t.lemma)) return k < h.start && !customersOwn(tokens, k)
    // "broken since one week", "since Monday": how long the trouble had lasted (German "seit"), not "fine since".
    if (t.surface === 'since' && timeSpanAt(tokens, k + 1)) return false
    // "dripping since we moved in", "since I bought the house": the customer's own moment, before the job (unless it is theirs: "since we had them install it").
    if (
      t.surface === 'since' &&
      FIRST_PERSON.has(tokens[k + 1]?.surface ?? '') &&
      !tokens.slice(k + 2, k + 6).some((x) => ['them', 'they', 'him', 'her'].includes(x.surface))
    )
      return false
    // "failed on Friday evening and the emergency service came after two hours": the wait for help, not the job's aftermath.
    if (t.surface === 'after' && segmentOf[k] !== h.segment && timeSpanAt(tokens, k + 1)) return false
    // "... and the emergency service came already after two hours", "and they were here within the hour": when help came.
    if (
      ['after', 'within', 'already', 'later', 'next'].includes(t.surface) &&
      segmentOf[k] !== h.segment &&
      helpCame(clause, segmentOf[k]!)
    )
      return false
    // "leaking after the storm", "stopped working after a power cut": the aftermath of something else, the trouble called about.
    if (t.surface === 'after' && outsideEventAt(tokens, k + 1)) return false
    if (t.surface === 'after') return k >= h.end
    return true
  })
}

/** Events no tradesman did, which trouble follows: storms, frost, power cuts, holidays and parties, the customer's move. */
const OUTSIDE_EVENTS = new Set(
  'storm thunderstorm rain rainfall downpour flood flooding frost freeze snow snowfall hurricane heatwave wind winds power outage blackout cut earthquake winter move holiday holidays thanksgiving christmas easter party dinner wedding'.split(
    ' ',
  ),
)
/**
 * An outside event named at token i, past a determiner, an adjective or a span ("the storm", "a power cut", "weeks of
 * rain"), or another thing's failure ("after the bath overflowed", "after the neighbour's washing machine burst").
 */
function outsideEventAt(tokens: Token[], i: number): boolean {
  for (let k = i; k < i + 4 && k < tokens.length; k++) {
    const t = tokens[k]!
    if (OUTSIDE_EVENTS.has(t.lemma) || OUTSIDE_EVENTS.has(t.surface)) return t.surface !== 'cut' || tokens[k - 1]?.surface === 'power'
    if (
      !['DET', 'ADJ', 'PRON'].includes(t.pos) &&
      !['heavy', 'last', 'recent', 'big', 'cold', 'of'].includes(t.surface) &&
      !TIME_SPAN.has(t.surface)
    )
      break
  }
  const next = tokens.slice(i, i + 8)
  const failed = next.findIndex((t) => FAILURE_VERB_SET.has(t.lemma))
  return failed > 0 && !next.slice(0, failed).some((t) => PEOPLE.has(t.surface) || ['their', 'his', 'new'].includes(t.surface))
}
const TIME_SPAN = new Set(['days', 'weeks', 'months', 'hours'])

/** "The breaker would trip every time", "it used to leak": a habit of the past, the trouble called about. */
const habitual = (tokens: Token[], h: Hit) =>
  tokens[h.start - 1]?.surface === 'would' || (tokens[h.start - 1]?.surface === 'to' && tokens[h.start - 2]?.surface === 'used')

/** "The pump was about to fail", "it could break": a warning, not a failed job. */
const prospective = (tokens: Token[], h: Hit) => tokens.slice(Math.max(0, h.start - 3), h.start).some((t) => PROSPECTIVE.has(t.surface))

/** "When it started leaking we called them": the reason to call, not a failed job. */
function reasonToCall(tokens: Token[], h: Hit): boolean {
  const next = tokens.slice(h.end, h.end + 4)
  const reason = next.some(
    (t, k) =>
      FIRST_PERSON.has(t.surface) &&
      REQUEST.has(next[k + 1]?.lemma ?? '') &&
      !next.slice(0, k).some((x) => ['and', 'but', ','].includes(x.surface)),
  )
  return reason && (FAILURE_SET.has(h.entry.phrase) || h.entry.phrase.endsWith(AFTER_THE_JOB))
}

/**
 * "They cracked a tile", "he broke our vase": damage someone did to the house, not the trouble called about.
 * A review may drop the subject: "Cracked our tile while pulling the old toilet".
 */
export const damageDone = (tokens: Token[], h: Hit) =>
  h.end - h.start === 1 &&
  ['crack', 'cracked', 'break', 'broke', 'flood', 'flooded'].includes(tokens[h.start]!.surface.replace(/s$/, '')) &&
  (h.start === 0 || ['he', 'she', 'they'].includes(tokens[h.start - 1]?.surface ?? '')) &&
  ['a', 'an', 'the', 'our', 'my', 'one', 'two'].includes(tokens[h.end]?.surface ?? '') &&
  FAILURE_SET.has(h.entry.phrase)

/**
 * "Came back the next day to double check": a visit with a purpose, not a failure. So is a return with what was
 * needed or from an errand: "came back the next morning with the part", "was back in 40 minutes", "came back for free".
 * Only a person comes back with something: "the leak came back within a week" is the trouble returning.
 */
export function returnVisit(tokens: Token[], h: Hit): boolean {
  if (!['come back', 'be back'].includes(h.entry.phrase)) return false
  const after = tokens.slice(h.end, h.end + 6)
  // The nearest subject before it decides: a person, or the trouble (a trouble noun, a fixture, "it").
  const subject = tokens
    .slice(0, h.start)
    .findLast(
      (t) =>
        PEOPLE.has(t.surface) ||
        t.pos === 'PROPN' ||
        t.sentenceStart === true ||
        TROUBLE.has(t.lemma) ||
        FIXTURES.has(t.lemma) ||
        t.surface === 'it',
    )
  const person = subject !== undefined && !TROUBLE.has(subject.lemma) && !FIXTURES.has(subject.lemma) && subject.surface !== 'it'
  // A person's purpose may come later in the clause: "came back later once the window arrived to install it".
  const purposeWithin = person ? tokens.slice(h.end, h.end + 12) : after
  return (
    purposeWithin.some((t, k) => t.surface === 'to' && purposeWithin[k + 1]?.pos === 'VERB') ||
    (person &&
      after.some(
        (t, k) =>
          ['free', 'charge'].includes(t.surface) || (t.surface === 'with' && !['a', 'vengeance'].includes(after[k + 1]?.surface ?? '')),
      )) ||
    (person && ['in', 'within'].includes(after[0]?.surface ?? '') && timeSpanAt(tokens, h.end + 1))
  )
}

/** Is this hit the trouble called about (the job to be done) rather than a complaint about the work? */
function isTheJob(clause: Clause, h: Hit): boolean {
  const { tokens } = clause
  if (h.score < 0 && h.entry.aspects.includes('quality') && habitual(tokens, h) && !placedAfterJob(clause, h, false)) return true
  if (reasonToCall(tokens, h)) return true
  if (damageDone(tokens, h)) return false
  // A failure verb needs its own part of the clause to place it after the job ("our pipe burst at midnight, ... fine since" is the job).
  return h.entry.phrase.endsWith(AFTER_THE_JOB)
    ? !placedAfterJob(clause, h, true) || prospective(tokens, h)
    : (FAILURE_SET.has(h.entry.phrase) && (!placedAfterJob(clause, h, false) || prospective(tokens, h))) || returnVisit(tokens, h)
}

/** A failure with nothing placing it after the job, and no trouble noun, is the job to be done. */
export function failuresAsTheJob(clause: Clause): void {
  for (const h of clause.hits) {
    if (h.negated || !isTheJob(clause, h)) continue
    h.score = 0
    h.job = true
  }
}
