/**
 * A price raised, stated as a fact (landlords, providers, salons, garages): "my rent has gone up over $100", "they
 * raised the rent on all units", "the rent is increasing dramatically", "a rate hike", "they also increased laundry
 * prices", "put my bill up", "the callout fee went from 60 to 95", "a trim used to be 15 dollars, now it is 22".
 * Not the price of something else ("the price of copper has gone up"), a rise said to be small, asked about, warned
 * of or caused ("because I added a package"), the market's ("in general"), a third party's ("the city raised the
 * water rates"), nor a car's jump start or a bill double checked. Denied it is praise ("they never raised the rent").
 * The mark sits on the word of the rise.
 */
import { BREAKS, negatedBefore, PRICE_WORDS } from './charges'
import { amountOf } from './money'
import { type Token, isNumber, syntheticEntry } from './types'
import { isQuestion, NEGATOR_SET, NOT_OR_NEVER } from './words'

const HYPOTHETICAL = new Set(['would', 'will', 'might', 'may', 'could', 'if', "'ll", 'gonna'])
/** Who else raises prices: "the city raised the water rates". */
const OTHERS_RAISING = new Set(['city', 'county', 'hoa', 'government', 'state'])
/** "not the landlord's fault", "not their fault". */
const notTheirFault = (tokens: Token[]) =>
  tokens.some((t, k) => t.surface === 'fault' && tokens.slice(Math.max(0, k - 4), k).some((x) => NEGATOR_SET.has(x.surface)))
const IRREALIS = new Set(['expect', 'fear', 'worry', 'dread', 'assume', 'anticipate'])
/** The market's rise, not this business's: "rents round here have gone up in general". */
const MARKET = new Set(['general', 'generally', 'everywhere', 'nationwide', 'inflation', 'area', 'news'])
const SMALL_RISE = new Set(['marginal', 'slight', 'slightly', 'small', 'minor', 'modest', 'tiny', 'only', 'reasonable'])
const RISING = new Set(['increase', 'raise', 'hike', 'rise', 'jump', 'climb', 'skyrocket', 'double', 'triple'])
/** Verbs that rise only with "up": "went up", "put my bill up", "bumped their prices up", "crept up to £120". */
const RISING_UP = new Set(['go', 'put', 'bump', 'creep', 'shoot', 'push', 'jack'])
/** What the customer pays, whose rise is a price complaint: "the rent", "prices", "my bill", "their rates". */
const PAID = new Set([
  'rent',
  'price',
  'rate',
  'fee',
  'bill',
  'cost',
  'charge',
  'pricing',
  'premium',
  'fare',
  'prices',
  'rates',
  'fees',
  'package',
  'plan',
  'subscription',
])
/** The number written at token k ("60", "$95", "£120"), if any. */
const amountAt = (tokens: Token[], k: number) => {
  const t = tokens[k]
  const value = t && isNumber(t) ? amountOf(t) : Number.NaN
  return Number.isNaN(value) ? undefined : value
}
/** "went from 60 to 95": the second amount above the first. */
function fromTo(tokens: Token[], k: number): boolean {
  const from = tokens.slice(k + 1, k + 4).findIndex((x) => x.surface === 'from')
  if (from < 0) return false
  const at = k + 1 + from
  const to = tokens.slice(at + 1, at + 6).findIndex((x) => x.surface === 'to')
  if (to < 0) return false
  const first = [at + 1, at + 2].map((j) => amountAt(tokens, j)).find((v) => v !== undefined)
  const second = [at + to + 2, at + to + 3].map((j) => amountAt(tokens, j)).find((v) => v !== undefined)
  return first !== undefined && second !== undefined && second > first
}
/**
 * "used to be 18 quid, now its 28", "now charges 25 for a hem, it was 12 last year": the amount now (after "now") above
 * the amount before (after "used to be" or "was"), on "now".
 */
function higherNow(tokens: Token[], k: number): boolean {
  if (tokens[k]!.surface !== 'now') return false
  const now = tokens
    .slice(k + 1, k + 5)
    .map((_, j) => amountAt(tokens, k + 1 + j))
    .find((v) => v !== undefined)
  const was = tokens.findIndex((x, j) => (x.surface === 'used' && tokens[j + 1]?.surface === 'to') || x.surface === 'was')
  if (now === undefined || was < 0) return false
  const before = tokens
    .slice(was + 1, was + 5)
    .map((_, j) => amountAt(tokens, was + 1 + j))
    .find((v) => v !== undefined)
  // Money, not time: "used to take 3 days, now it takes 5" is no price.
  const money = tokens.some(
    (x) =>
      ['$', '£', '€', 'quid', 'buck', 'dollar', 'pound', 'euro'].includes(x.lemma) ||
      PRICE_WORDS.has(x.lemma) ||
      /^[$£€]|^\d+\.\d\d$/.test(x.surface),
  )
  return before !== undefined && now > before && money
}
/** A rise at token k: "increased", "raised", "a hike", "went up", "put my bill up", "went from 60 to 95". */
const risingAt = (tokens: Token[], k: number) =>
  (RISING.has(tokens[k]!.lemma) &&
    // A car's jump start is no rise: "the charge jumped to $350", "jump up $80" are.
    (tokens[k]!.lemma !== 'jump' || ['to', 'up', 'from', 'by'].includes(tokens[k + 1]?.surface ?? ''))) ||
  (RISING_UP.has(tokens[k]!.lemma) && tokens.slice(k + 1, k + 5).some((x) => x.surface === 'up')) ||
  (tokens[k]!.lemma === 'go' && fromTo(tokens, k))

/** Marks a price raised, or denied a rise, on the word of the rise (a sentence rule: runs before the sentence is split). */
export function priceRaised(tokens: Token[]): void {
  if (!tokens.some((t) => t.surface === 'now' || RISING.has(t.lemma) || RISING_UP.has(t.lemma))) return
  // A question asks ("is the rent going up again next year?"); a third party raised it ("the city raised the water
  // rates"); "not the landlord's fault".
  if (isQuestion(tokens) || tokens.some((x) => OTHERS_RAISING.has(x.surface)) || notTheirFault(tokens)) return
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.extra) continue
    if (t.surface !== 'now' && !RISING.has(t.lemma) && !RISING_UP.has(t.lemma)) continue
    // "would go up if", "they might raise the rent", "if they raise it again": a warning or a hypothesis.
    if (tokens.slice(Math.max(0, k - 4), k).some((x) => HYPOTHETICAL.has(x.surface))) continue
    if (higherNow(tokens, k)) {
      if (!tokens.some((x) => SMALL_RISE.has(x.surface))) t.extra = syntheticEntry('price raised', -0.6)
      continue
    }
    // "double checked the bill".
    if (['double', 'triple'].includes(t.lemma) && tokens[k + 1]?.lemma === 'check') continue
    if (!risingAt(tokens, k)) continue
    const paidAt = (j: number) => {
      const x = tokens[j]
      return x !== undefined && (PAID.has(x.lemma) || PAID.has(x.surface)) && tokens[j + 1]?.surface !== 'of'
    }
    const before = [k - 1, k - 2, k - 3, k - 4, k - 5, k - 6].filter(
      (j) => j >= 0 && !tokens.slice(j, k).some((x) => BREAKS.has(x.surface)),
    )
    const after = [k + 1, k + 2, k + 3].filter((j) => j < tokens.length && !tokens.slice(k + 1, j + 1).some((x) => BREAKS.has(x.surface)))
    // "an increase in price": the rise's own phrase.
    const inPrice = tokens[k + 1]?.surface === 'in' && paidAt(k + 2)
    if (!before.some(paidAt) && !after.some(paidAt) && !inPrice) continue
    // "only a marginal increase in costs": a rise said to be small is no complaint.
    if ([...tokens.slice(Math.max(0, k - 3), k), ...tokens.slice(k + 1, k + 5)].some((x) => SMALL_RISE.has(x.surface))) continue
    // A cause given ("went up because I added the sports package", "because of the cold winter"), a fear ("expected a
    // price hike"), the market ("rents round here have gone up in general").
    if (tokens.slice(k + 1).some((x) => x.surface === 'because')) continue
    if (tokens.slice(Math.max(0, k - 4), k).some((x) => IRREALIS.has(x.lemma)) || tokens.some((x) => MARKET.has(x.surface))) continue
    const denied =
      negatedBefore(tokens, k) || tokens.slice(Math.max(0, k - 3), k).some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'no')
    t.extra = denied ? syntheticEntry('price not raised', 0.5) : syntheticEntry('price raised', -0.6)
  }
}
