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
