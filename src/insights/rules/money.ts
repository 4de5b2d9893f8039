/**
 * Money in a sentence. Every currency sign is read as `$` (tokenize.ts), so a rule that knows "$150" knows "€150",
 * "£150" and "150 €" too; `isMoney` and `amountOf` are the one reading of an amount.
 */
import { type Token, isNumber } from './types'

/** Signs read as `$`: written before the amount ("£150") or after it ("150 €"), as the customer's country does. */
export const CURRENCY_SIGNS = new Set([
  '$',
  '€',
  '£',
  '¥',
  '₹',
  '₩',
  '₽',
  '₺',
  '₪',
  '₱',
  '₦',
  '₫',
  '₴',
  'us$',
  'c$',
  'a$',
  'au$',
  'ca$',
  'nz$',
  'r$',
])
/** Currency words after an amount ("150 euros", "200 bucks"). Not "pound": "a 5 pound bag" is a weight. */
const CURRENCY_WORDS = new Set(['$', 'dollars', 'dollar', 'bucks', 'usd', 'eur', 'euro', 'euros', 'pounds', 'quid', 'gbp', 'chf', 'francs'])

/** The number at token i is an amount of money: a sign before it, or a sign or currency word after it. */
export const isMoney = (tokens: readonly Token[], i: number): boolean =>
  isNumber(tokens[i]!) &&
  (tokens[i - 1]?.surface === '$' || tokens[i]!.surface.startsWith('$') || CURRENCY_WORDS.has(tokens[i + 1]?.surface ?? ''))

/**
 * The value of an amount's token: "$1,200" and "1200" are 1200, "1.200,50" (thousands by points, as in German) is
 * 1200.5, "49.99" is 49.99. NaN when it is no number.
 */
export function amountOf(t: Token): number {
  const digits = t.surface.replace(/^\$/, '')
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(digits) || /^\d+,\d{1,2}$/.test(digits)) return Number(digits.replace(/\./g, '').replace(',', '.'))
  return Number(digits.replace(/,/g, ''))
}
