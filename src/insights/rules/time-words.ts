/**
 * Time words: clock times compared ("arrived at 7:55 for an 8:00 appointment"), weekdays compared ("called Monday,
 * fixed Tuesday"), service out of hours ("came out at 10 pm on a Sunday"), and spans of time ("two hours", "last
 * winter") other rules ask about.
 */
import { WEEKDAYS, OFF_HOURS, COMING_VERBS } from '../lexicon'
import { type Token, isNumber, timeEntry } from './types'
import { FIRST_PERSON, numberIn, TIME_NOUN_SET, REQUEST, SERVICE_PEOPLE } from './words'

/** A clock time in tokens at i ("7:55", "8:00", "9 o'clock", "10am", "3 pm"), in hours after midnight; bare 1-6 are afternoon. */
export function clockAt(tokens: Token[], i: number): number | undefined {
  if (tokens[i]?.surface === 'noon') return 12
  if (tokens[i]?.surface === 'midnight') return 24
  // "7:55", "7.30" (as much of Europe writes it), "10am", "3 pm".
  const m = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm|a\.m\.|p\.m\.)?\.?$/.exec(tokens[i]?.surface ?? '')
  if (!m) return undefined
  let hours = Number(m[1]) + Number(m[2] ?? 0) / 60
  if (hours > 24) return undefined
  const suffix = m[3] ?? (['am', 'pm', 'a.m.', 'p.m.'].includes(tokens[i + 1]?.surface ?? '') ? tokens[i + 1]!.surface : undefined)
  if (suffix?.startsWith('p') && hours < 12) hours += 12
  else if (!suffix && hours >= 1 && hours < 7) hours += 12
  return hours
}
/** Words that name the time agreed before a clock time: "booked for 9", "appointment at 8", "agreed 10am", "due at 2". */
const BOOKED = new Set([
  'booked',
  'booking',
  'book',
  'appointment',
  'agreed',
  'scheduled',
  'slot',
  'window',
  'due',
  'expected',
  'promised',
  'arranged',
  'supposed',
  'meant',
  // A time said beforehand: "he said he would be here at 9", "they told us they'd come at 10".
  'said',
  'told',
  'would',
  "'d",
])
const SPAN_UNITS = new Set([
  'minute',
  'minutes',
  'min',
  'mins',
  'hour',
  'hours',
  'hr',
  'hrs',
  'day',
  'days',
  'time',
  'times',
  'late',
  'early',
])
/** Words that name an arrival before a clock time: "arrived 1pm", "got here at 12". */
const ARRIVING = new Set(['arrive', 'come', 'show', 'turn', 'appear', 'get', 'rock', 'roll'])

/** The booked time a clock at i is compared with in the words after it: "for an 8:00 appointment", "instead of 10", "rather than 8". */
function bookedAfter(tokens: Token[], i: number): { hours: number; instead: boolean } | undefined {
  for (let k = i + 1; k < Math.min(tokens.length - 1, i + 5); k++) {
    const s = tokens[k]!.surface
    // "instead of 10", "rather than 8", ", not at 9 as promised".
    const instead =
      (s === 'instead' && tokens[k + 1]?.surface === 'of') ||
      (s === 'rather' && tokens[k + 1]?.surface === 'than') ||
      (s === 'not' && tokens[k + 1]?.surface === 'at')
    if (s !== 'for' && !instead) continue
    const from = instead ? k + 2 : k + 1
    const at = ['a', 'an', 'the', 'my', 'our'].includes(tokens[from]?.surface ?? '') ? from + 1 : from
    const hours = clockAt(tokens, at)
    return hours === undefined ? undefined : { hours, instead }
  }
  return undefined
}

/** The booked time named before an arrival at i: "booked for 9am, he got here at 12", "booked 8-10, arrived 1pm" (a window's end). */
function bookedBefore(tokens: Token[], i: number): number | undefined {
  for (let k = i - 2; k >= Math.max(0, i - 10); k--) {
    const range = /^\d{1,2}-(\d{1,2})$/.exec(tokens[k]!.surface)
    const hours = range ? clockAt([{ ...tokens[k]!, surface: range[1]! }], 0) : clockAt(tokens, k)
    if (hours === undefined || !tokens.slice(Math.max(0, k - 5), k).some((t) => BOOKED.has(t.surface) || BOOKED.has(t.lemma))) continue
    const windowEnd = tokens[k + 1]?.surface === '-' ? clockAt(tokens, k + 2) : undefined
    return windowEnd ?? hours
  }
  // "told between 8 and 12, he came at 4": a window's end.
  for (let k = i - 2; k >= Math.max(3, i - 10); k--) {
    const hours = clockAt(tokens, k)
    if (
      hours !== undefined &&
      tokens[k - 1]?.surface === 'and' &&
      tokens[k - 3]?.surface === 'between' &&
      clockAt(tokens, k - 2) !== undefined
    )
      return hours
  }
  return undefined
}

/**
 * Times compared: "arrived at 7:55 for an 8:00 appointment" is punctual; "showed up at 3 for a 9 o'clock", "came at
 * noon instead of 8" and "booked for 9am, he got here at 12" are not. The judgement is attached to the arrival
 * time's token.
 */
export function compareTimes(tokens: Token[]): void {
  for (let i = 1; i < tokens.length; i++) {
    const before = tokens[i - 1]!
    const afterArriving = ARRIVING.has(before.lemma) || (before.surface === 'here' && ARRIVING.has(tokens[i - 2]?.lemma ?? ''))
    if (!['at', 'around', 'by'].includes(before.surface) && !afterArriving) continue
    const arrival = clockAt(tokens, i)
    // "came 10 minutes early", "got there 5 hours late": a span, not a clock time.
    if (arrival === undefined || SPAN_UNITS.has(tokens[i + 1]?.surface ?? '')) continue
    const compared = bookedAfter(tokens, i)
    // A time agreed earlier in the sentence is set against an arrival, not against "all done by 11".
    const arrived =
      afterArriving ||
      tokens.slice(Math.max(0, i - 4), i - 1).some((t) => ARRIVING.has(t.lemma) || ['here', 'door', 'site'].includes(t.surface))
    const booked = compared?.hours ?? (arrived ? bookedBefore(tokens, i) : undefined)
    if (booked === undefined) continue
    const minutesLate = (arrival - booked) * 60
    if (minutesLate <= 5 && !compared?.instead) tokens[i]!.extra = timeEntry('arrived by the booked time', 0.7)
    else if (minutesLate > 10) tokens[i]!.extra = timeEntry('arrived after the booked time', -0.8)
  }
}
export const OFF_HOURS_SET = new Set(OFF_HOURS)
export const COMING = new Set(COMING_VERBS)
/**
 * Days compared: a weekday the customer asked on ("Called Monday", "Booked Monday") and a later weekday in
 * the same sentence on which the job was done ("they were here Tuesday morning", "fixed Tuesday") measure
 * the wait: a day or less is speed, four or more is slowness. The judgement is attached to the second day.
 */
export function compareDays(tokens: Token[]): void {
  const days = tokens.map((t, i) => ({ i, day: WEEKDAYS.indexOf(t.lemma) })).filter((d) => d.day >= 0)
  if (days.length < 2) return
  const asked = days.find((d) => tokens.slice(Math.max(0, d.i - 3), d.i).some((t) => REQUEST.has(t.lemma) && t.pos === 'VERB'))
  const done =
    asked && days.find((d) => d.i > asked.i && !tokens.slice(Math.max(asked.i + 1, d.i - 3), d.i).some((t) => REQUEST.has(t.lemma)))
  if (!asked || !done || tokens[done.i]!.extra) return
  let wait = (done.day - asked.day + 7) % 7
  // "Called on a Monday ... until the following Monday": a week.
  if (wait === 0 && tokens.slice(asked.i + 1, done.i).some((t) => ['following', 'next', 'until'].includes(t.surface))) wait = 7
  if (wait <= 1) tokens[done.i]!.extra = timeEntry('done the day after asking', 0.7, 'speed')
  else if (wait >= 4) tokens[done.i]!.extra = timeEntry('days after asking', -0.6, 'speed')
}
/**
 * Out of hours: someone who came out on a Sunday, a holiday or late in the evening ("it was almost 10 pm
 * on a Sunday when he came out") was available. Only when nothing else in the sentence speaks of time kept.
 */
export function offHours(tokens: Token[]): void {
  const marker = tokens.findIndex(
    (t, i) =>
      OFF_HOURS_SET.has(t.lemma) ||
      (isNumber(t) && ['pm', 'p.m.'].includes(tokens[i + 1]?.surface ?? '') && Number(t.surface) >= 8 && Number(t.surface) < 12),
  )
  if (marker < 0 || tokens.some((t) => t.extra)) return
  const coming = tokens.findIndex(
    (t, i) =>
      COMING.has(t.lemma) &&
      t.pos === 'VERB' &&
      ['out', 'over', 'up', 'here', 'by'].includes(tokens[i + 1]?.surface ?? '') &&
      ['he', 'she', 'they', 'someone', 'tech', 'technician', 'plumber', 'electrician'].some((w) =>
        tokens.slice(Math.max(0, i - 3), i).some((x) => x.surface === w),
      ),
  )
  if (coming < 0) return
  if (tokens.some((t) => ['late', 'window', 'appointment', 'wait', 'waiting', 'finally'].includes(t.lemma))) return
  tokens[coming]!.extra = timeEntry('came out of hours', 0.6, 'speed')
}
const WIDE = new Set(['huge', 'wide', 'big', 'long', 'massive', 'broad'])
/** The arrival told, which is then the judgement: not "get" ("I had to get time off work"). */
const ARRIVAL_TOLD = new Set(['arrive', 'show', 'come', 'turn'])
/** "8", "eight", "4-6" (the upper bound). */
const hoursIn = (word: string) => Math.max(...word.split('-').map((w) => numberIn(w) ?? 0))
/**
 * An arrival window too wide to plan a day around: "an 8 hour window", "a huge 3-hour window", "a 4-6 hour window", "an
 * all-day window" (punctuality: the time agreed). From five to twelve hours, or any window called wide; the number and
 * "hour" right before "window" ("a 72 hour window to report damage" and "8 hours installing the bay window" are none).
 * Not "within the window", not a window that was narrowed ("narrowed it to a 6 hour window"), and not where the arrival
 * itself is told ("quoted a 6 hour window and they showed up in the first 30 minutes of it").
 */
export function wideWindow(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (t.lemma !== 'window' || t.extra) return
    if (tokens.slice(Math.max(0, i - 8), i).some((x) => ['within', 'inside', 'narrow', 'short', 'tight'].includes(x.lemma))) return
    if (tokens.slice(i + 1).some((x) => ARRIVAL_TOLD.has(x.lemma) && x.pos === 'VERB')) return
    // Right before "window", the hyphens left out: "8 hour", "four - hour", "all - day".
    const before = tokens.slice(Math.max(0, i - 5), i).filter((x) => x.surface !== '-')
    const unit = before.at(-1)?.surface ?? ''
    const allDay = unit === 'day' && ['all', 'whole', 'full'].includes(before.at(-2)?.surface ?? '')
    const hours = ['hour', 'hr', 'hours', 'hrs'].includes(unit) ? hoursIn(before.at(-2)?.surface ?? '') : 0
    const wide = (hours >= 5 && hours <= 12) || (hours > 0 && hours <= 12 && WIDE.has(before.at(-3)?.surface ?? ''))
    // On the number (or "all"): "hour window" is a lexicon cue of its own, read from "hour" on.
    const at = tokens.indexOf(before.at(-2)!)
    if ((allDay || wide) && at >= 0 && !tokens[at]!.extra) tokens[at]!.extra = timeEntry('a window too wide', -0.6)
  })
}
/** A span or point of time at token i: "one week", "two hours", "a few days", "Monday", "last winter", "yesterday". */
export function timeSpanAt(tokens: Token[], i: number): boolean {
  for (let k = i; k < i + 4 && k < tokens.length; k++) {
    const t = tokens[k]!
    if (TIME_NOUN_SET.has(t.lemma) || ['hour', 'minute', 'weekend'].includes(t.lemma) || t.surface === 'ages') return true
    if (
      !(
        isNumber(t) ||
        ['a', 'an', 'one', 'few', 'couple', 'of', 'last', 'several', 'about', 'almost', 'over', 'the', 'that', 'early', 'late'].includes(
          t.surface,
        )
      )
    )
      return false
  }
  return false
}

const SHOWING = new Set(['show', 'arrive', 'turn', 'appear'])
/** Who is awaited of the business: a pronoun for them, or a trade ("waited for the tech to show up"). */
const AWAITED = new Set([
  'them',
  'him',
  'her',
  'someone',
  'somebody',
  'anyone',
  'tech',
  'technician',
  'plumber',
  'electrician',
  'driver',
  'installer',
  'crew',
  'mechanic',
  'painter',
  'worker',
  'mover',
  'cleaner',
  'handyman',
  'team',
  'engineer',
  'repairman',
])
/** The wait's length said right after it: "waited ages", "waited all day". */
const WAITED_FOR = new Set(['ages', 'forever', 'long', 'hours', 'days', 'all', 'day'])
/**
 * A wait for someone who did not come when agreed is punctuality, not speed (LABELLING.md: no-shows, the agreed time):
 * "waited until 9:30, and no one showed up", "waited 4 hours for a guy who was supposed to be there in 20 minutes",
 * "wasted my time waiting for them to show up". The wait must be for an arrival: denied ("no one showed", "never
 * arrived"), agreed ("supposed to be there"), or what was waited for ("waiting for them to show up"). Not "waiting for
 * him to come and fix it" (how soon help comes: speed), nor a wait a rule already read (a short wait, praised), nor a
 * wait for a thing or a third party ("for the part to arrive", "for the city inspector"), one the customer filled
 * ("while I waited for the plumber to arrive, I cleared the sink"), or one that ended on time ("barely waited").
 */
export function waitedForArrival(tokens: Token[]): void {
  if (!tokens.some((t) => t.lemma === 'wait')) return
  const arrival = tokens.findIndex((t, k) => {
    const showing = SHOWING.has(t.lemma) && t.pos === 'VERB' && (t.lemma !== 'turn' || tokens[k + 1]?.surface === 'up')
    const before = tokens.slice(Math.max(0, k - 3), k).map((x) => x.surface)
    const denied = before.some((w) => ['no', 'never', 'not', "n't", 'nt', 'nobody'].includes(w)) || before.includes('one')
    const agreed = t.lemma === 'suppose' && tokens[k + 1]?.surface === 'to'
    // "waiting for them to show up": someone of the business awaited, not the customer's own ("waiting for our group to
    // show up") nor a thing or a third party ("waited for the part to arrive", "for the city inspector to arrive").
    const awaitedFor = tokens.slice(Math.max(0, k - 5), k)
    const who = awaitedFor.findLast((x) => x.pos === 'PRON' || x.pos === 'NOUN' || x.pos === 'PROPN')
    const theirs = who !== undefined && (AWAITED.has(who.surface) || AWAITED.has(who.lemma) || SERVICE_PEOPLE.has(who.lemma))
    const awaited = before.at(-1) === 'to' && awaitedFor.some((x) => x.surface === 'for') && theirs
    return (showing && (denied || awaited)) || (agreed && ['be', 'arrive', 'show', 'come'].includes(tokens[k + 2]?.lemma ?? ''))
  })
  if (arrival < 0) return
  // Came when agreed ("showed up at 4:55, so we barely waited", "arrived within the window"), or a wait the customer
  // filled while someone came ("while I waited for the plumber to arrive, I cleared the sink").
  const onTime = tokens.some(
    (t, k) => ['barely', 'early', 'within', 'promptly'].includes(t.surface) || (t.surface === 'on' && tokens[k + 1]?.surface === 'time'),
  )
  if (onTime || tokens.some((t, k) => t.surface === 'while' && FIRST_PERSON.has(tokens[k + 1]?.surface ?? ''))) return
  tokens.forEach((t, k) => {
    if (t.lemma !== 'wait' || t.extra) return
    t.extra = timeEntry('waited for someone who did not come', -0.6)
    // The wait and its length ("waited ages", "waited forever") are this judgement now.
    t.masked = true
    for (const x of tokens.slice(k + 1, k + 4)) if (WAITED_FOR.has(x.surface)) x.masked = true
  })
}
