/**
 * No room for the customer, said as a fact (speed and availability, LABELLING.md):
 * - New customers not taken: "they don't accept new clients", "no longer takes on any new customers", "not taking new
 *   bookings at the moment" (the phrase table has the commonest wordings; this reads the rest).
 * - Booked out: "fully booked until spring", "booked up for weeks", "booked solid".
 * - No service out of hours: "no weekend call-outs", "not available on bank holidays, even in an emergency", "no
 *   emergency service", "they don't do call-outs at night".
 * - Too busy for the customer: "they said they are too busy for small jobs", "too busy to come out".
 * - Regular customers only: "only absolute regular customers are served", "they only take jobs for existing clients".
 * Not: the customer's own booking ("we booked up front"), praise of availability ("available on weekends", "they
 * even do call-outs at night").
 */
import { OFF_HOURS } from '../lexicon'
import { type Token, nearestSubject, timeEntry } from './types'
import { isTheirs } from './refusals'
import { FIRST_PERSON, NOT_OR_NEVER } from './words'

const TAKING = new Set(['take', 'accept', 'book', 'schedule', 'onboard', 'welcome'])
/** Not "job" or "work": "no new work was needed" takes no one on. */
const NEWCOMERS = new Set(['customer', 'client', 'patient', 'booking', 'project', 'enquiry', 'inquiry'])
/** The lexicon's off hours (weekends, holidays, Sundays, midnight) and the evening and night. */
const OUT_OF_HOURS = new Set([...OFF_HOURS, 'evening', 'night'])
const CHARGES = new Set(['charge', 'fee', 'cost', 'price', 'surcharge', 'extra', 'premium', 'rate'])
const SERVICE_OFFERED = new Set(['available', 'availability', 'call', 'callout', 'service', 'cover', 'emergency', 'open'])

/** A denial ("not", "no", "never", "no longer") between from and to, said by no customer ("I won't book new work"). */
const denied = (tokens: readonly Token[], from: number, to: number) => {
  const words = tokens.slice(Math.max(0, from - 2), to)
  return words.some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'no') && !words.some((x) => FIRST_PERSON.has(x.surface))
}

/** "don't accept new clients", "no new bookings": "new" at k before a newcomer, a taking verb denied before it. */
function newcomersRefused(tokens: Token[], k: number): boolean {
  if (tokens[k]!.surface !== 'new') return false
  if (!NEWCOMERS.has(tokens[k + 1]?.lemma ?? '')) return false
  if (tokens[k - 1]?.surface === 'no') return true
  for (let j = k - 1; j >= Math.max(0, k - 4); j--) if (TAKING.has(tokens[j]!.lemma)) return denied(tokens, j - 3, j)
  return false
}

/**
 * "fully booked", "booked up", "booked solid", "booked out" at k, said of the business ("they are fully booked", or
 * with no subject: "Booked up for weeks"), not of a hotel or the customer ("our hotel was fully booked", "we booked up front").
 */
function bookedOut(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  const after = tokens[k + 1]?.surface ?? ''
  // Not "booked up front".
  if (
    t.lemma !== 'book' ||
    !(tokens[k - 1]?.surface === 'fully' || ['up', 'solid', 'out'].includes(after)) ||
    tokens[k + 2]?.surface === 'front'
  )
    return false
  const subject = nearestSubject(tokens, k - 4, k)
  return subject === undefined || isTheirs(subject)
}

/**
 * "no weekend call-outs", "not available on bank holidays": a service word denied by "no" or "not" just before it
 * (a weekday between), out of hours named near it; not "it wasn't an emergency so they came on Saturday".
 */
function noServiceOutOfHours(tokens: Token[], k: number): boolean {
  if (!SERVICE_OFFERED.has(tokens[k]!.lemma)) return false
  const before = tokens.slice(Math.max(0, k - 2), k)
  // "don't do call-outs at night": the service denied with "do".
  const notDone =
    tokens[k - 1]?.lemma === 'do' &&
    ['not', "n't"].includes(tokens[k - 2]?.surface ?? '') &&
    !tokens.slice(Math.max(0, k - 4), k - 2).some((x) => FIRST_PERSON.has(x.surface))
  if (
    !notDone &&
    !before.some((x) => x.surface === 'no' || ((x.surface === 'not' || x.surface === "n't") && tokens[k]!.lemma === 'available'))
  )
    return false
  if (
    before.some((x) => FIRST_PERSON.has(x.surface)) ||
    tokens.slice(Math.max(0, k - 4), k).some((x) => x.lemma === 'be' && !['available', 'open'].includes(tokens[k]!.lemma))
  )
    return false
  // "No callout charge at the weekend": a charge denied (price), not the service.
  if (tokens.slice(k + 1, k + 5).some((x) => CHARGES.has(x.lemma))) return false
  // "no emergency service": emergencies are out of hours too (not "it was no emergency").
  if (tokens[k - 1]?.lemma === 'emergency' && tokens[k]!.lemma !== 'emergency') return true
  return tokens.slice(Math.max(0, k - 3), k + 6).some((x) => OUT_OF_HOURS.has(x.lemma))
}

const REGULARS = new Set(['regular', 'existing', 'established', 'repeat', 'loyal', 'commercial', 'contract'])
/**
 * "only regular customers are served", "they only take jobs for their existing clients": "only" before customers of a
 * kind, a verb of serving or taking near; not "only regular maintenance was needed".
 */
function onlyRegulars(tokens: Token[], k: number): boolean {
  if (tokens[k]!.surface !== 'only') return false
  const after = tokens.slice(k + 1, k + 8)
  const kind = after.findIndex((x, j) => REGULARS.has(x.surface) && NEWCOMERS.has(after[j + 1]?.lemma ?? ''))
  if (kind < 0) return false
  const near = [...tokens.slice(Math.max(0, k - 3), k), ...after]
  return near.some((x) => ['serve', 'take', 'accept', 'help', 'book'].includes(x.lemma)) && !near.some((x) => FIRST_PERSON.has(x.surface))
}

/** "they are too busy for small jobs", "Too busy to come out": the business, not the customer ("I was too busy") nor denied ("never too busy to help"). */
function tooBusy(tokens: Token[], k: number): boolean {
  if (tokens[k]!.surface !== 'busy' || tokens[k - 1]?.surface !== 'too' || !['for', 'to'].includes(tokens[k + 1]?.surface ?? ''))
    return false
  // "He's never too busy to help": praise.
  if (tokens.slice(Math.max(0, k - 4), k - 1).some((x) => NOT_OR_NEVER.has(x.surface))) return false
  const subject = nearestSubject(tokens, k - 5, k)
  return subject === undefined || isTheirs(subject)
}

/** Marks no room for the customer (a sentence rule: runs before the sentence is split). */
export function noRoom(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.extra) continue
    if (newcomersRefused(tokens, k)) tokens[k]!.extra = timeEntry('no new customers', -0.7, 'speed')
    else if (bookedOut(tokens, k)) tokens[k]!.extra = timeEntry('booked out', -0.6, 'speed')
    else if (noServiceOutOfHours(tokens, k)) tokens[k]!.extra = timeEntry('no service out of hours', -0.6, 'speed')
    else if (tooBusy(tokens, k)) tokens[k]!.extra = timeEntry('too busy for the customer', -0.6, 'speed')
    else if (onlyRegulars(tokens, k)) tokens[k]!.extra = timeEntry('regular customers only', -0.6, 'speed')
    else continue
    return
  }
}
