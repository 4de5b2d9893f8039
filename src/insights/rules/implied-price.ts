/**
 * Implied price: a sentence that names a quoted amount and a billed one is a price judgement even with no
 * price word ("quoted $350 ... an invoice for $610").
 */
import { type Token, isNumber, syntheticEntry } from './types'

export const QUOTE_WORDS = new Set(['quote', 'quoted', 'estimate', 'estimated', 'quoting', 'offer', 'offered'])
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
])
/**
 * Amounts compared: a sentence that names a quoted amount and a billed one ("quoted $350 ... an invoice
 * for $610") is a price complaint when the bill is higher, praise when it is not. The judgement is
 * attached to the billed amount's token.
 */
export function compareAmounts(tokens: Token[]): void {
  const amounts: { index: number; value: number }[] = []
  tokens.forEach((t, i) => {
    if (!isNumber(t)) return
    const dollar = tokens[i - 1]?.surface === '$' || ['dollars', 'bucks', 'usd', 'eur', '€'].includes(tokens[i + 1]?.surface ?? '')
    const value = Number(t.surface.replace(/[$,]/g, ''))
    if ((dollar || t.surface.startsWith('$')) && Number.isFinite(value)) amounts.push({ index: i, value })
  })
  if (amounts.length < 2) return
  const kindOf = (index: number) => {
    for (let d = 1; d <= 6; d++) {
      for (const k of [index - d, index + d]) {
        const w = tokens[k]
        if (!w) continue
        if (QUOTE_WORDS.has(w.surface) || QUOTE_WORDS.has(w.lemma)) return 'quote'
        if (BILL_WORDS.has(w.surface) || BILL_WORDS.has(w.lemma)) return 'bill'
      }
    }
    return undefined
  }
  const quote = amounts.find((a) => kindOf(a.index) === 'quote')
  const bill = amounts.find((a) => a !== quote && kindOf(a.index) === 'bill')
  if (!quote || !bill) return
  tokens[bill.index]!.extra =
    bill.value > quote.value * 1.05 ? syntheticEntry('billed above the quote', -0.8) : syntheticEntry('billed within the quote', 0.5)
}

const MONEY_AFTER = ['dollars', 'dollar', 'bucks', 'usd', 'eur', 'euro', 'euros', '€', 'pounds', '£']
const isMoney = (tokens: Token[], i: number) =>
  isNumber(tokens[i]!) &&
  (tokens[i - 1]?.surface === '$' || tokens[i]!.surface.startsWith('$') || MONEY_AFTER.includes(tokens[i + 1]?.surface ?? ''))
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  few: 3,
  couple: 2,
  half: 0.5,
}
const quantity = (t: Token | undefined) =>
  t === undefined ? undefined : /^\d+(\.\d+)?$/.test(t.surface) ? Number(t.surface) : NUMBER_WORDS[t.surface]
const isMinutes = (t: Token | undefined) => t !== undefined && /^(minutes?|mins?)$/.test(t.surface)
const isHours = (t: Token | undefined) => t !== undefined && /^(hours?|hrs?)$/.test(t.surface)

/** The hours counted at token i ("4 hours", "two hrs"), or undefined. */
function hoursAt(tokens: Token[], i: number): number | undefined {
  const n = quantity(tokens[i])
  return n !== undefined && isHours(tokens[tokens[i + 1]?.surface === '-' ? i + 2 : i + 1]) ? n : undefined
}

/**
 * Time billed: an amount charged for minutes of work ("Charged me $300 for a 10 minute job", "$150 for 15 minutes")
 * and more hours billed than worked ("billed 4 hours but were here for 2") are price complaints, marked on the amount
 * or the billed hours.
 */
export function billedTime(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!isMoney(tokens, i) || tokens[i]!.extra) continue
    const forAt = tokens.slice(i + 1, i + 4).findIndex((t) => t.surface === 'for')
    if (forAt < 0) continue
    const after = tokens.slice(i + 2 + forAt, i + 9 + forAt)
    if (after.some((t, k) => isMinutes(t) && (quantity(after[k - 1]) !== undefined || after[k - 1]?.surface === '-')))
      tokens[i]!.extra = syntheticEntry('charged for minutes of work', -0.8)
  }
  const hours = tokens.flatMap((_, i) => {
    const n = hoursAt(tokens, i)
    return n === undefined ? [] : [{ i, n }]
  })
  const billed = hours.find(({ i }) =>
    tokens.slice(Math.max(0, i - 4), i).some((t) => BILL_WORDS.has(t.surface) || BILL_WORDS.has(t.lemma)),
  )
  // "were only here for 2": a bare number after the billed hours counts hours too.
  const bare = tokens.flatMap((t, i) =>
    billed &&
    i > billed.i + 1 &&
    /^\d+(\.\d+)?$/.test(t.surface) &&
    !hours.some((x) => x.i === i) &&
    !/^\p{L}/u.test(tokens[i + 1]?.surface ?? '')
      ? [{ i, n: Number(t.surface) }]
      : [],
  )
  const worked = [...hours, ...bare]
    .sort((a, b) => a.i - b.i)
    .find(
      ({ i }) =>
        billed !== undefined &&
        i > billed.i &&
        tokens
          .slice(Math.max(billed.i + 2, i - 5), i)
          .some((t) => ['only', 'actually', 'just', 'work', 'worked', 'here', 'there', 'spent'].includes(t.surface)),
    )
  if (billed && worked && billed.n > worked.n && !tokens[billed.i]!.extra)
    tokens[billed.i]!.extra = syntheticEntry('billed more hours than worked', -0.8)
}
