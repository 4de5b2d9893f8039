/**
 * How long it took, stated as a fact (speed):
 * - "It took over an hour to drop off a tire", "took more than 40 min", "took nearly a month": a span said to be long
 *   ("over", "more than", "nearly", "almost", "at least") is a speed complaint; so is the customer's own
 *   time spent ("it took me two hours to get the truck"), in hours or longer.
 * - "It only took 20 minutes", "took less than an hour", "we only waited 10 minutes": a span said to be short is speed
 *   praise (an hour at most, for a wait).
 * - "The car wasn't done when I came to pick it up", "when we returned nothing had been done", "still not ready when
 *   I called": work not finished by the time the customer came back is a speed complaint.
 * - "It took them two months to come out", "took 5 weeks to get my deposit back": weeks or longer before what the
 *   customer waited for, or days before someone came, is a speed complaint; "took three days to complete" is the job's
 *   own length.
 * A bare span ("the job took three days") says nothing by itself and is left alone.
 */
import { lookupTable } from '../../core/lookup-table'
import { type Token, timeEntry } from './types'
import { isNumber } from './types'
import { WEEKDAYS } from '../lexicon'
import { timeSpanAt } from './time-words'
import { CUSTOMER_OBJECTS, FIRST_PERSON, NOT_OR_NEVER, numberIn } from './words'

const WEEKDAYS_SET = new Set(WEEKDAYS)

/** Units of time in minutes, by the word written. */
export const UNITS: Record<string, number> = lookupTable({
  minute: 1,
  minutes: 1,
  min: 1,
  mins: 1,
  hour: 60,
  hours: 60,
  hr: 60,
  hrs: 60,
  day: 1440,
  days: 1440,
  week: 10080,
  weeks: 10080,
  month: 43200,
  months: 43200,
  year: 525600,
  years: 525600,
})
/** Units said in the plural without a number ("it took weeks"). */
const BARE_UNITS = new Set(['days', 'weeks', 'months', 'years'])
// Not "a full day": an install that takes a full day is said plainly, without complaint.
const LONG = new Set(['over', 'nearly', 'almost', 'least', 'more', 'well'])
const SHORT = new Set(['only', 'just', 'less', 'under'])
const RETURNING = new Set(['come', 'go', 'return', 'arrive', 'call', 'get', 'show', 'check', 'stop'])

/** The span after "take" at token i: its length in minutes and the words said of it; undefined when there is none. */
function spanAfter(
  tokens: Token[],
  i: number,
): { minutes: number; long: boolean; short: boolean; customer: boolean; end: number; bare?: boolean } | undefined {
  let k = i + 1
  const customer = CUSTOMER_OBJECTS.has(tokens[k]?.surface ?? '')
  if (customer || ['them', 'him', 'her'].includes(tokens[k]?.surface ?? '')) k++
  // "took weeks", "took several days": days or longer without a number.
  if (['several', 'many'].includes(tokens[k]?.surface ?? '') && BARE_UNITS.has(tokens[k + 1]?.surface ?? '')) k++
  if (BARE_UNITS.has(tokens[k]?.surface ?? ''))
    return { minutes: UNITS[tokens[k]!.surface]!, long: false, short: false, customer, end: k + 1, bare: true }
  const said: string[] = []
  while (k < tokens.length && k < i + 6 && !isNumber(tokens[k]!) && !['a', 'an'].includes(tokens[k]!.surface)) {
    said.push(tokens[k]!.surface)
    k++
  }
  if (said.some((w) => !LONG.has(w) && !SHORT.has(w) && !['than', 'about', 'around', 'close', 'to', 'a', 'good'].includes(w)))
    return undefined
  // "a full day", "an hour", "2 hours", "45 min".
  let unitAt = k + 1
  if (tokens[k + 1]?.surface === 'full' || tokens[k + 1]?.surface === 'good') {
    said.push('full')
    unitAt = k + 2
  }
  const unit = tokens[unitAt]
  const minutes = UNITS[unit?.surface ?? '']
  if (minutes === undefined || k >= tokens.length) return undefined
  return {
    minutes,
    long: said.some((w) => LONG.has(w) && w !== 'more') || (said.includes('more') && said.includes('than')),
    short: said.some((w) => SHORT.has(w)),
    customer,
    end: unitAt + 1,
  }
}

const ANSWERING = new Set(['respond', 'reply', 'answer', 'return', 'call', 'email', 'text', 'send'])
/** The customer's side after "took days for": their own doing, not a wait on the business. */
const OWN_SIDE = new Set([...CUSTOMER_OBJECTS, 'my', 'our', 'myself', 'ourselves'])
/** Who answers for the business after "took days for": them, or anyone there. */
const ANSWERERS = new Set(['them', 'him', 'her', 'anyone', 'anybody', 'someone', 'somebody'])
/** The span ends in days ("three days", not "a day") at least. */
const manyDays = (tokens: Token[], span: { minutes: number; end: number }) =>
  span.minutes === UNITS.day && tokens[span.end - 1]!.surface.endsWith('s')
const daysOrLonger = (tokens: Token[], span: { minutes: number; end: number }) => manyDays(tokens, span) || span.minutes >= UNITS.week!
/**
 * "It took them a month to get back to me", "took him three days to return my call": an answer that took days is a
 * speed complaint, whatever the answer said (a day is not said to be long; a repair's days may be the job's own).
 * Where the answer starts (its words are masked, so "get back to" is not read as praise), or -1.
 */
function slowAnswerAt(tokens: Token[], span: { minutes: number; end: number; customer: boolean }): number {
  if (!daysOrLonger(tokens, span)) return -1
  // "for them to respond" is the business's answer; "for me to reply", "for the bank to send it" are someone else's,
  // and so is the customer's own "took me days to reply".
  if (span.customer || (tokens[span.end]?.surface === 'for' && !ANSWERERS.has(tokens[span.end + 1]?.surface ?? ''))) return -1
  const to = toAfter(tokens, span.end)
  const verb = tokens[to + 1]
  if (to < 0 || !verb) return -1
  if (ANSWERING.has(verb.lemma) || (verb.lemma === 'get' && tokens[to + 2]?.surface === 'back')) return to + 1
  return -1
}

/** The "to" of what the span was spent before: right after it, or after "for them" ("for the new technician to"); -1 if none. */
function toAfter(tokens: Token[], end: number): number {
  if (tokens[end]?.surface === 'to') return end
  if (tokens[end]?.surface !== 'for') return -1
  const to = tokens.slice(end + 1, end + 6).findIndex((x) => x.surface === 'to')
  return to < 0 ? -1 : end + 1 + to
}

/** What takes its own time: "took three weeks to complete", "took two days to build" is the job's length, not a wait. */
const OWN_LENGTH = new Set([
  'complete',
  'finish',
  'build',
  'install',
  'do',
  'paint',
  'make',
  'dry',
  'cure',
  'heal',
  'diagnose',
  'figure',
  'find',
  'track',
  'learn',
  'decide',
  'save',
  'settle',
  'load',
  'move',
  'drive',
  'walk',
  'work',
])
/** "as promised", "what they quoted": the span was the time agreed, kept. */
const AGREED = new Set(['quote', 'promise', 'expect', 'estimate', 'plan', 'agree', 'schedule'])
/** Arriving, bringing and answering: what days of waiting are spent before (not "get": "two days to get the part"). */
const COMING = new Set([...ANSWERING, 'come', 'show', 'arrive', 'hear', 'bring', 'deliver'])
/**
 * "It took them two months to come out", "took almost 5 weeks to get my deposit back", "took 5 days for the new
 * technician to show up": weeks or longer before something the customer waited for, or days before someone came, is
 * a speed complaint. Not the job's own length ("took three days to complete"), nor a span said to be the one agreed
 * ("which is about what they quoted", "as promised").
 */
function slowComing(tokens: Token[], span: { minutes: number; end: number; customer: boolean }): boolean {
  if (!daysOrLonger(tokens, span)) return false
  const after = tokens.slice(span.end)
  if (after.some((x, j) => AGREED.has(x.lemma) && ['what', 'as', 'they', 'he', 'she'].includes(after[j - 1]?.surface ?? ''))) return false
  // "to arrive", "for them to arrive", "for the new technician to show up"; not the customer's own ("took days for me
  // to call them back", "took me days to reply").
  const k = toAfter(tokens, span.end)
  if (k < 0 || OWN_SIDE.has(tokens[span.end + 1]?.surface ?? '')) return false
  const verb = tokens[k + 1]
  if (verb?.pos !== 'VERB' || OWN_LENGTH.has(verb.lemma) || (span.customer && ANSWERING.has(verb.lemma))) return false
  // Days are a wait only before someone comes ("three days to come out"); "three days to fix" may be the job's own.
  return !manyDays(tokens, span) || COMING.has(verb.lemma)
}

/** "wasn't done", "not ready", "nothing had been done", followed by "when I came back": the work unfinished on return. */
function unfinishedAt(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (!['done', 'ready', 'finished', 'fixed'].includes(t.surface)) return false
  const before = tokens.slice(Math.max(0, k - 4), k)
  const denied = before.some((x) => ['not', "n't", 'nt', 'nothing'].includes(x.surface))
  // "not done right", "not done properly": the quality of the work, not its speed.
  if (!denied || ['right', 'properly', 'correctly', 'well', 'to'].includes(tokens[k + 1]?.surface ?? '')) return false
  const after = tokens.slice(k + 1, k + 6)
  const when = after.findIndex((x) => x.surface === 'when' || x.surface === 'by')
  const returning =
    when >= 0 &&
    after.slice(when + 1).some((x) => RETURNING.has(x.lemma) && x.pos === 'VERB') &&
    after.slice(when + 1).some((x) => x.surface === 'i' || x.surface === 'we')
  // "When we returned nothing had been done": the return before it.
  const returned = tokens
    .slice(Math.max(0, k - 8), k)
    .some((x, j, all) => x.surface === 'when' && all.slice(j + 1).some((y) => ['return', 'come', 'arrive', 'get'].includes(y.lemma)))
  return returning || returned
}

/** Marks spans said to be long or short, and work unfinished on the customer's return (a sentence rule). */
export function durations(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.extra) continue
    if (t.lemma === 'take' && t.pos === 'VERB') {
      const span = spanAfter(tokens, k)
      if (!span) continue
      // "It only took 20 minutes"; "never took over a day" is praise.
      const before = tokens.slice(Math.max(0, k - 2), k)
      const short = span.short || before.some((x) => x.surface === 'only' || x.surface === 'just')
      const negated = before.some((x) => NOT_OR_NEVER.has(x.surface))
      // The customer's own time counts when it is measured ("took me three hours to get someone"), not "took me days".
      const long = !short && (span.long || (span.customer && !span.bare && span.minutes >= 60))
      const answer = negated || short ? -1 : slowAnswerAt(tokens, span)
      if (answer >= 0) {
        t.extra = timeEntry('took days to answer', -0.6, 'speed')
        for (let m = answer; m < Math.min(tokens.length, answer + 4); m++) tokens[m]!.masked = true
        continue
      }
      if (!negated && !short && slowComing(tokens, span)) {
        t.extra = timeEntry('took weeks to come', -0.6, 'speed')
        continue
      }
      if (negated) {
        if (long) t.extra = timeEntry('never took long', 0.5, 'speed')
      } else if (short && span.minutes <= 60) t.extra = timeEntry('took a short time', 0.5, 'speed')
      else if (long) t.extra = timeEntry('took a long time', -0.6, 'speed')
      continue
    }
    // "We only waited 10 minutes", "waited less than 5 minutes": a short wait said as short (an hour at most).
    if (t.lemma === 'wait' && t.pos === 'VERB') {
      const span = spanAfter(tokens, k)
      const only = tokens.slice(Math.max(0, k - 2), k).some((x) => x.surface === 'only' || x.surface === 'just')
      // The span's unit in minutes times its number ("3 hours": 180; "an hour": 60).
      const count = span ? (numberIn(tokens[span.end - 2]!.surface) ?? 1) : 0
      const denied = tokens.slice(Math.max(0, k - 3), k).some((x) => NOT_OR_NEVER.has(x.surface))
      if (span && (span.short || only) && count * span.minutes <= 60 && !denied) {
        t.extra = timeEntry('waited a short time', 0.5, 'speed')
        // The lexicon's "wait" (a complaint cue) is this judgement now.
        t.masked = true
      }
      continue
    }
    if (unfinishedAt(tokens, k)) {
      t.extra = timeEntry('not done on return', -0.6, 'speed')
      return
    }
  }
}

/** Doings whose delay "not ... until" tells: fixed, replaced, finished, heard back, sent. */
const DONE_LATE = new Set([
  'fix',
  'repair',
  'replace',
  'finish',
  'complete',
  'hear',
  'receive',
  'deliver',
  'return',
  'send',
  'respond',
  'reply',
  'address',
])
const LATER_TIMES = new Set([
  'next',
  'following',
  'end',
  'afternoon',
  'evening',
  'morning',
  'weekend',
  'day',
  'week',
  'month',
  'year',
  'spring',
  'summer',
  'fall',
  'autumn',
  'winter',
])
const AGREED_WORDS = new Set([
  'promise',
  'promised',
  'agree',
  'agreed',
  'schedule',
  'scheduled',
  'plan',
  'planned',
  'quote',
  'quoted',
  'expect',
  'expected',
])
/** The months by name ("may" left out: it is as often the verb). */
const MONTHS = new Set(['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'])

/** What the customer gets, denied with "I" or "we" for its subject: "we didn't hear back until Monday". */
const GOT = new Set(['hear', 'receive'])

/**
 * "The disposal wasn't fixed until two months after the work order", "we didn't hear back until the next week", "we
 * did not receive the invoice until March": done in the end, but late (speed, not the work left undone). A doing
 * denied just before "until" and a time after it; not the customer's own ("I didn't send it until Monday"), a doing
 * none of these ("they won't leave until it's perfect"), a condition ("until the job is done"), what they could not
 * do yet ("can't replace it until the insurance approves"), nor the time agreed ("until the afternoon, as promised").
 * An arrival ("did not arrive until Friday") is left to the lexicon's punctuality.
 */
export function doneOnlyLate(tokens: Token[]): void {
  for (let k = 1; k < tokens.length; k++) {
    if (!['until', 'till'].includes(tokens[k]!.surface)) continue
    const next = tokens[k + 1]?.surface ?? ''
    // "until the following week", not a condition ("until the job is done", "until the insurance approves it").
    const dated = next === 'the' && LATER_TIMES.has(tokens[k + 2]?.surface ?? '')
    const timed = timeSpanAt(tokens, k + 1) || MONTHS.has(next) || WEEKDAYS_SET.has(next) || ['after', 'later'].includes(next) || dated
    if (!timed) continue
    // "as promised", "as agreed": done when it was meant to be.
    if (tokens.slice(k + 1).some((x, j, rest) => x.surface === 'as' && AGREED_WORDS.has(rest[j + 1]?.lemma ?? ''))) continue
    const verbAt = tokens.slice(Math.max(0, k - 4), k).findLastIndex((x) => DONE_LATE.has(x.lemma))
    if (verbAt < 0) continue
    const at = Math.max(0, k - 4) + verbAt
    const before = tokens.slice(Math.max(0, at - 4), at)
    const denied = before.findLastIndex((x) => NOT_OR_NEVER.has(x.surface))
    // "can't replace it until the insurance approves", "did not finish curing until the next day".
    if (before.some((x) => ['ca', 'can', 'could', 'cannot'].includes(x.surface)) || tokens[at + 1]?.surface.endsWith('ing')) continue
    const customers = !GOT.has(tokens[at]!.lemma) && before.slice(0, denied).some((x) => FIRST_PERSON.has(x.surface))
    if (denied < 0 || customers || tokens[k]!.extra) continue
    // On "until": a phrase that reads the denied doing ("wasn't fixed") would swallow a mark on the verb.
    tokens[k]!.extra = timeEntry('done only late', -0.6, 'speed')
    // The denied doing is this judgement now, not work left undone (where no phrase reads it).
    tokens[at]!.masked = true
  }
}
