/**
 * Implied price: a sentence that names a quoted amount and a billed one is a price judgement even with no
 * price word ("quoted $350 ... an invoice for $610").
 */
import { lookupTable } from '../../core/lookup-table'
import { UNITS } from './durations'
import { amountOf, isMoney } from './money'
import { FIRST_PERSON, NUMBER_WORDS } from './words'
import { type Token, syntheticEntry } from './types'

export const QUOTE_WORDS = new Set(['quote', 'quoted', 'estimate', 'estimated', 'quoting', 'offer', 'offered', 'agreed', 'agree'])
export const BILL_WORDS = new Set([
  'bill',
  'billed',
  'invoice',
  'invoiced',
  'charge',
  'charged',
  'came',
  'come',
  'paid',
  'pay',
  'total',
  'cost',
  'costs',
  // "the final price", "the final amount".
  'final',
  // "then he wanted £140", "asked for $320 at the door", "demanded 500".
  'want',
  'wanted',
  'ask',
  'asked',
  'demand',
  'demanded',
])
/**
 * Amounts compared: a sentence that names a quoted amount and a billed one ("quoted $350 ... an invoice
 * for $610") is a price complaint when the bill is higher, praise when it is not. The judgement is
 * attached to the billed amount's token.
 */
export function compareAmounts(tokens: Token[]): void {
  const money = tokens.flatMap((t, index) => {
    const value = isMoney(tokens, index) ? amountOf(t) : Number.NaN
    return Number.isFinite(value) ? [{ index, value }] : []
  })
  // "Offer was 1200 euros, in the end we paid 1900": once one amount is money, a bare number after it is too (not a
  // clock time: "arrived at 9").
  const bare = money.length
    ? tokens.flatMap((t, index) =>
        index > money[0]!.index &&
        /^\d[\d,.]*$/.test(t.surface) &&
        !money.some((m) => m.index === index) &&
        !['at', 'by', 'around', 'until', 'till'].includes(tokens[index - 1]?.surface ?? '') &&
        !/^\p{L}/u.test(tokens[index + 1]?.surface ?? '')
          ? [{ index, value: amountOf(t) }]
          : [],
      )
    : []
  if (money.length + bare.length < 2) return
  // Amounts of money first; a bare number only where no amount of money is named so.
  const named = (kind: 'quote' | 'bill', not?: { index: number }) =>
    [money, bare].map((list) => list.find((a) => a !== not && amountKind(tokens, a.index) === kind)).find((a) => a !== undefined)
  const quote = named('quote')
  const bill = named('bill', quote)
  if (!quote || !bill) return
  tokens[bill.index]!.extra =
    bill.value > quote.value * 1.05 ? syntheticEntry('billed above the quote', -0.8) : syntheticEntry('billed within the quote', 0.5)
}

const BOUNDARIES = new Set([',', ';', ':', '.', '(', ')'])
/** Bill words that are also the customer's own wish: "we wanted to keep it under $1000" names no bill. */
const WISHING = new Set(['want', 'ask', 'demand'])
/** Whether the word at k names a quote or a bill. */
function kindAt(tokens: Token[], k: number): 'quote' | 'bill' | undefined {
  const w = tokens[k]!
  if (QUOTE_WORDS.has(w.surface) || QUOTE_WORDS.has(w.lemma)) return 'quote'
  if (!BILL_WORDS.has(w.surface) && !BILL_WORDS.has(w.lemma)) return undefined
  return WISHING.has(w.lemma) && FIRST_PERSON.has(tokens[k - 1]?.surface ?? '') ? undefined : 'bill'
}

/**
 * Whether an amount is quoted or billed: named by the nearest such word before it in its part of the sentence
 * ("estimate for the repair $150, actual invoice $300"), else after it ("$200 was the estimate"), else by the
 * nearest within six words either side.
 */
function amountKind(tokens: Token[], index: number): 'quote' | 'bill' | undefined {
  for (let k = index - 1; k >= Math.max(0, index - 6) && !BOUNDARIES.has(tokens[k]!.surface); k--) {
    const kind = kindAt(tokens, k)
    if (kind) return kind
  }
  for (let k = index + 1; k <= index + 6 && k < tokens.length && !BOUNDARIES.has(tokens[k]!.surface); k++) {
    const kind = kindAt(tokens, k)
    if (kind) return kind
  }
  for (let d = 1; d <= 6; d++) {
    for (const k of [index - d, index + d]) {
      const kind = tokens[k] && kindAt(tokens, k)
      if (kind) return kind
    }
  }
  return undefined
}

/** Quantities as a bill counts them: the numbers in words, and "a", "a few", "a couple", "half". */
const QUANTITY_WORDS: Record<string, number> = lookupTable({ ...NUMBER_WORDS, a: 1, an: 1, few: 3, couple: 2, half: 0.5 })
/** "2", "1.5", "1,5" (a decimal comma), "two", "half". */
const quantity = (t: Token | undefined) =>
  t === undefined ? undefined : /^\d+([.,]\d)?$/.test(t.surface) ? Number(t.surface.replace(',', '.')) : QUANTITY_WORDS[t.surface]
/** Minutes or hours (durations.ts's units up to the hour): a bill counts time in those. */
const unitMinutes = (t: Token | undefined) => {
  const minutes = t === undefined ? undefined : UNITS[t.surface]
  return minutes !== undefined && minutes <= 60 ? minutes : undefined
}

type Duration = { at: number; minutes: number; unit: number; end: number }

/** A duration at token i: "20 minutes", "two hrs", "a 10-minute job", "half an hour", "an hour and a half". */
function durationAt(tokens: Token[], i: number): Duration | undefined {
  const n = quantity(tokens[i])
  if (n === undefined) return undefined
  let k = i + 1
  if (tokens[i]!.surface === 'half' && ['a', 'an'].includes(tokens[k]?.surface ?? '')) k++
  if (tokens[k]?.surface === '-') k++
  const unit = unitMinutes(tokens[k])
  if (unit === undefined) return undefined
  k++
  const andAHalf = tokens[k]?.surface === 'and' && tokens[k + 1]?.surface === 'a' && tokens[k + 2]?.surface === 'half'
  return { at: i, minutes: (n + (andAHalf ? 0.5 : 0)) * unit, unit, end: andAHalf ? k + 3 : k }
}

/** Words of billing time: "billed", "charged", "invoiced", "paid", "the bill". */
const BILLING = new Set(['bill', 'charge', 'invoice', 'pay'])
const billing = (t: Token) => BILLING.has(t.lemma) || BILLING.has(t.surface)
/** Time written down, right before it: "recorded 1.5 hours", "wrote up 2 hours", "logged 3 hours" (not "logged the fault and 2 hours later"). */
const RECORDING = new Set(['record', 'log', 'write'])
const recordedAt = (tokens: Token[], d: { at: number; end: number }) =>
  tokens.slice(Math.max(0, d.at - 2), d.at).some((t) => RECORDING.has(t.lemma) && t.pos === 'VERB') &&
  !['later', 'ago', 'after'].includes(tokens[d.end]?.surface ?? '')
/** Words that place a duration on the work: "was here for 20 minutes", "in our house for 90 minutes", "spent an hour", "a 30 minute job". */
const WORK_BEFORE = new Set([
  'here',
  'there',
  'site',
  'house',
  'home',
  'flat',
  'work',
  'worked',
  'working',
  'spent',
  'took',
  'stayed',
  'lasted',
  'only',
  'actually',
  'just',
])
const WORK_AFTER = new Set(['job', 'work', 'repair', 'fix', 'visit'])
const workedTime = (tokens: Token[], d: Duration) =>
  tokens.slice(Math.max(0, d.at - 5), d.at).some((t) => WORK_BEFORE.has(t.surface)) ||
  WORK_AFTER.has(tokens[d.end]?.surface ?? '') ||
  (tokens[d.end]?.surface === 'of' && ['work', 'labour', 'labor'].includes(tokens[d.end + 1]?.surface ?? ''))

/**
 * Time billed: an amount charged for minutes of work ("Charged me $300 for a 10 minute job", "$150 for 15 minutes")
 * is a price complaint, and so is more time billed than worked ("billed 4 hours but were only here for 2", "he was
 * here 20 minutes and billed us for two hours", "charged 2 hours of labour for a 30 minute job"); less time billed
 * than worked is praise. Marked on the amount or the billed time.
 */
export function billedTime(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!isMoney(tokens, i) || tokens[i]!.extra) continue
    const forAt = tokens.slice(i + 1, i + 4).findIndex((t) => t.surface === 'for')
    if (forAt < 0) continue
    const after = tokens.slice(i + 2 + forAt, i + 9 + forAt)
    if (after.some((t, k) => unitMinutes(t) === 1 && (quantity(after[k - 1]) !== undefined || after[k - 1]?.surface === '-')))
      tokens[i]!.extra = syntheticEntry('charged for minutes of work', -0.8)
  }
  const durations = tokens.flatMap((_, i) => durationAt(tokens, i) ?? [])
  const billed = durations.find((d) => tokens.slice(Math.max(0, d.at - 4), d.at).some(billing) || recordedAt(tokens, d))
  if (!billed || tokens[billed.at]!.extra) return
  // "were only here for 2": a bare number after the billed time counts in its unit.
  const bare = tokens.flatMap((t, i): Duration[] =>
    i > billed.end && /^\d+(\.\d+)?$/.test(t.surface) && !durations.some((d) => d.at === i) && !/^\p{L}/u.test(tokens[i + 1]?.surface ?? '')
      ? [{ at: i, minutes: Number(t.surface) * billed.unit, unit: billed.unit, end: i + 1 }]
      : [],
  )
  const worked = [...durations, ...bare].find((d) => d !== billed && (d.at >= billed.end || d.end <= billed.at) && workedTime(tokens, d))
  if (!worked) return
  if (billed.minutes > worked.minutes * 1.2) tokens[billed.at]!.extra = syntheticEntry('billed more time than worked', -0.8)
  else if (billed.minutes * 1.2 < worked.minutes) tokens[billed.at]!.extra = syntheticEntry('billed less time than worked', 0.5)
}
