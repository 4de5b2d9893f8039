/**
 * Charges stated as facts: no price word of feeling, yet a price complaint.
 * - Having to pay: "we had to pay another $200 to fix the wiring", "had to pay extra for coffee".
 * - Being charged for something: "we were charged for breakfast", "were charged $115" (not "charged only for the hour").
 * - Being billed for what was never done: "charged us for work that was never done", "things on the bill that were
 *   never done", "charged for a service they didn't perform", "charged for three coats, only put two on"; or for the
 *   journey: "charged us for the return journey".
 * - A multiple or a markup of what it should have cost: "costing 3 times the value of the coupon", "his price was twice
 *   the price of the dealer", "charged nearly 30% more than before", "10% above the quoted amount".
 * The mark sits on the word that states the charge, so another company's charge ("the other shop was twice the price"
 * said of them) stays in that company's scope.
 */
import { type Token, isNumber, syntheticEntry } from './types'
import { FIRST_PERSON, isNegator } from './words'

/** Words of price, by lemma or surface ("quote", "fee", "$"). */
export const PRICE_WORDS = new Set([
  'price',
  'cost',
  'charge',
  'quote',
  'quoted',
  'estimate',
  'pay',
  'paid',
  'bill',
  'fee',
  'invoice',
  'amount',
  'rate',
  '$',
])
const BEING = new Set(['be', 'get'])
/** "charged only for the hour", "charged exactly the quote", "charged us nothing": a fair charge. */
const FAIR = new Set(['only', 'just', 'exactly', 'nothing', 'less', 'fairly', 'reasonably', 'fair', 'nothing', 'what', 'the'])
/** Words that make a charged amount fair: "only", "less", "reasonable", "fair", "discount". */
const FAIR_AMOUNT = new Set([
  'only',
  'just',
  'less',
  'reasonable',
  'fair',
  'discount',
  'cheaper',
  'nothing',
  'free',
  'half',
  'instead',
  'than',
  'worth',
])
const MULTIPLES = new Set(['two', 'three', 'four', 'five', 'ten'])

export const negatedBefore = (tokens: Token[], k: number) => tokens.slice(Math.max(0, k - 2), k).some(isNegator)

/** "3 times the", "twice what", "double the", "30% more", "10% above": a multiple or markup starting at token i (its length), or 0. */
function multipleAt(tokens: Token[], i: number): number {
  const t = tokens[i]!
  const next = tokens[i + 1]?.surface ?? ''
  if ((t.surface === 'twice' || t.surface === 'double' || t.surface === 'triple') && ['the', 'what', 'as', 'that', 'my'].includes(next))
    return 1
  if (
    (/^\d+$/.test(t.surface) || MULTIPLES.has(t.surface)) &&
    next === 'times' &&
    ['the', 'what', 'as', 'more', 'that'].includes(tokens[i + 2]?.surface ?? '')
  )
    return 2
  if (
    isNumber(t) &&
    (next === '%' || next === 'percent') &&
    ['more', 'over', 'above', 'higher', 'extra'].includes(tokens[i + 2]?.surface ?? '')
  )
    return 2
  return 0
}

/** Doings a bill may hold that were never done: "work that was never done", "a part he never fitted". */
const DOINGS = new Set([
  'do',
  'done',
  'perform',
  'install',
  'fit',
  'put',
  'replace',
  'carry',
  'complete',
  'supply',
  'deliver',
  'use',
  'change',
  'touch',
  'take',
  'happen',
  'come',
])
/** A fair charge: "a small, fair fee for travel", "charged a fair price, only took an hour". */
const FAIR_WORDS = new Set(['fair', 'reasonable', 'small', 'nominal', 'modest'])
/** Who did not do it, or what was not done, between the bill and its denial: "that", "which", "he", "they". */
const RELATIVES = new Set(['that', 'which', 'he', 'she', 'they', 'it', 'we'])
export const BREAKS = new Set([',', ';', ':', '.', 'but', 'and'])

/** A bill stated at token i: "charged", "billed", "the bill", "invoiced", not denied ("didn't charge"). */
const billAt = (tokens: Token[], i: number) => ['charge', 'bill', 'invoice'].includes(tokens[i]!.lemma) && !negatedBefore(tokens, i)

/**
 * "charged us for work that was never done", "things on the bill they never did": a bill (charged, billed, the bill
 * or invoice, not denied) and, in the same part of the sentence after it, a doing denied in a relative clause ("I
 * never used" is the customer's own).
 */
function billedUndone(tokens: Token[], i: number): boolean {
  if (!billAt(tokens, i)) return false
  // "The bill was lower than the quote because they didn't ...": a fair bill.
  if (tokens.some((x) => FAIR_WORDS.has(x.surface) || ['lower', 'less', 'cheaper', 'discount'].includes(x.surface))) return false
  let relative = false
  for (let j = i + 1; j < Math.min(tokens.length, i + 14); j++) {
    const t = tokens[j]!
    if (BREAKS.has(t.surface)) return false
    if (RELATIVES.has(t.surface)) relative = t.surface !== 'we'
    if (!relative || !DOINGS.has(t.lemma)) continue
    // "took place", not "didn't take as long".
    if (t.lemma === 'take' && tokens[j + 1]?.surface !== 'place') continue
    const before = tokens.slice(Math.max(i + 1, j - 3), j)
    if (before.some((x) => FIRST_PERSON.has(x.surface))) return false
    // "didn't need to replace the pump", "didn't have to supply the tiles": a need denied, not work left undone.
    if (before.some((x) => ['need', 'have'].includes(x.lemma)) && tokens[j - 1]?.surface === 'to') return false
    if (before.some(isNegator)) return true
  }
  return false
}

/**
 * "Charged for three coats, only put two on", "billed for two men but only one came": a bill and, later in the
 * sentence, "only" and what was done (a doing, or a number and a verb), not the customer's ("we only used one").
 */
function billedMoreThanDone(tokens: Token[], i: number): boolean {
  if (!billAt(tokens, i)) return false
  if (tokens.slice(Math.max(0, i - 2), i + 2).some((x) => x.surface === 'only')) return false
  // "Charged a fair price, only took an hour": nothing billed that was not done.
  if (tokens.some((x) => FAIR_WORDS.has(x.surface))) return false
  for (let j = i + 2; j < Math.min(tokens.length, i + 14); j++) {
    if (tokens[j]!.surface !== 'only' || ![',', 'but', 'and', 'they', 'he', 'she'].includes(tokens[j - 1]!.surface)) continue
    if (tokens.slice(i, j).some((x) => FIRST_PERSON.has(x.surface))) return false
    const next = tokens.slice(j + 1, j + 4)
    const done = next.findIndex(
      (x) => x.pos === 'VERB' && x.lemma !== 'take' && (DOINGS.has(x.lemma) || ['paint', 'apply', 'send', 'show'].includes(x.lemma)),
    )
    return done === 0 || (done > 0 && next.slice(0, done).some((x) => isNumber(x) || ['one', 'two', 'three', 'half'].includes(x.surface)))
  }
  return false
}

/** Not "drive": in British English as often the driveway ("charged £2,800 for our new block-paved drive"). */
const JOURNEY = new Set(['journey', 'travel', 'travelling', 'traveling', 'driving', 'mileage', 'fuel', 'petrol'])
/** Up to n words after token i, up to the end of its part of the sentence (a comma, "but", an "and" not within an amount: "1 hour and 10 minutes"). */
function samePart(tokens: Token[], i: number, n: number): Token[] {
  const words = tokens.slice(i + 1, i + 1 + n)
  const end = words.findIndex((x, k) => BREAKS.has(x.surface) && !(x.surface === 'and' && words[k + 1] && isNumber(words[k + 1]!)))
  return end < 0 ? words : words.slice(0, end)
}
/** "charged us for the return journey", "billed travel time": the journey billed (not denied, not "only", not "is it normal to charge"). */
const billedJourney = (tokens: Token[], i: number) =>
  ['charge', 'bill'].includes(tokens[i]!.lemma) &&
  tokens[i - 1]?.surface !== 'to' &&
  !negatedBefore(tokens, i) &&
  ![...tokens.slice(Math.max(0, i - 2), i), ...tokens.slice(i + 1, i + 3)].some((x) => ['only', 'just', 'fairly'].includes(x.surface)) &&
  samePart(tokens, i, 10).some((x) => JOURNEY.has(x.lemma) || JOURNEY.has(x.surface)) &&
  !samePart(tokens, i, 10).some((x) => ['no', 'not', 'free', 'nothing'].includes(x.surface) || FAIR_WORDS.has(x.surface))

const LOOKING = new Set([
  'diagnosis',
  'diagnostic',
  'estimate',
  'visit',
  'look',
  'inspection',
  'callout',
  'trip',
  'quote',
  'assessment',
  'consultation',
  'evaluation',
  'check',
  'test',
])
const ASKING = new Set(['charge', 'pay', 'cost', 'want', 'ask', 'bill', 'demand', 'quote'])
/**
 * "charged me $30 just to plug it", "$150 only to tell me it needed a part", "cost $120 just for the diagnosis": an
 * amount asked and, right after it, "just"/"only" with what little it bought (before the amount, "only $50", it is fair).
 */
function littleForTheMoney(tokens: Token[], i: number): boolean {
  if (tokens[i]!.surface !== '$' && !(isNumber(tokens[i]!) && ['dollar', 'buck'].includes(tokens[i + 1]?.lemma ?? ''))) return false
  let k = i + 1
  while (k < tokens.length && k < i + 4 && (isNumber(tokens[k]!) || ['dollar', 'buck', '.'].includes(tokens[k]!.lemma))) k++
  // "just for the diagnosis" (a look, a visit), not a price list's "just for coming out, $10 for the front door", nor
  // "just for the filter" (a part's own price).
  const forWhat =
    tokens[k + 1]?.surface === 'for' && ['the', 'a', 'an'].includes(tokens[k + 2]?.surface ?? '') && LOOKING.has(tokens[k + 3]?.lemma ?? '')
  // "... but it goes toward the repair", "cheaper than the store": credited or fair.
  if (tokens.slice(k).some((x) => ['toward', 'towards', 'credit', 'credited', 'cheaper', 'deducted'].includes(x.surface))) return false
  if (!['just', 'only', 'simply', 'merely'].includes(tokens[k]?.surface ?? '') || !(tokens[k + 1]?.surface === 'to' || forWhat))
    return false
  const before = tokens.slice(Math.max(0, i - 4), i)
  // "I would pay $50 just to have it done", "if you pay $10 just for parking": an offer or a rule, not a charge.
  if (before.some((x) => ['would', "'d", 'if', 'will'].includes(x.surface)) || negatedBefore(tokens, i)) return false
  return i === 0 || before.some((x) => ASKING.has(x.lemma))
}

/** Words a stated charge starts at: anything else is skipped at once (the rule runs on every sentence). */
const TRIGGERS = new Set(['pay', 'charge', 'bill', 'invoice', 'twice', 'double', 'triple', '$', ...MULTIPLES])

export function statedCharges(tokens: Token[]): void {
  let priced: boolean | undefined
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.extra || !(TRIGGERS.has(t.lemma) || TRIGGERS.has(t.surface) || isNumber(t))) continue
    if (billedUndone(tokens, i)) {
      t.extra = syntheticEntry('billed for what was not done', -0.8)
      continue
    }
    if (billedMoreThanDone(tokens, i)) {
      t.extra = syntheticEntry('billed for more than was done', -0.7)
      continue
    }
    if (littleForTheMoney(tokens, i)) {
      t.extra = syntheticEntry('charged much for little', -0.6)
      continue
    }
    if (billedJourney(tokens, i)) {
      t.extra = syntheticEntry('billed for the journey', -0.6)
      continue
    }
    // "we had to pay another $200", "had to pay extra": the customer had to, not "you have to pay" (a rule) or "saved us from having to pay".
    const have = tokens[i - 2]
    const customerHad =
      have?.surface === 'had' || (have?.lemma === 'have' && FIRST_PERSON.has(tokens[i - 3]?.surface ?? '')) || have?.lemma === 'will'
    if (t.lemma === 'pay' && tokens[i - 1]?.surface === 'to' && customerHad && !negatedBefore(tokens, i - 2)) {
      t.extra = syntheticEntry('had to pay', -0.6)
      continue
    }
    // "we were charged for breakfast", "was charged $65": being charged, unless it was fair.
    if (
      (t.lemma === 'charge' && t.surface === 'charged' && BEING.has(tokens[i - 1]?.lemma ?? '')) ||
      (t.surface === 'charged' && ['also', 'then'].includes(tokens[i - 1]?.surface ?? '') && BEING.has(tokens[i - 2]?.lemma ?? ''))
    ) {
      const next = tokens[i + 1]
      if (!next || negatedBefore(tokens, i - 1) || FAIR.has(next.surface)) continue
      if (next.surface === 'for' || next.surface === '$' || isNumber(next)) t.extra = syntheticEntry('charged for it', -0.6)
      continue
    }
    // "charged me $25 for that", "ended up charging us $235": an amount charged to the customer, unless it was fair
    // ("only charged me $50", "charged me $180, $20 less than told", "charged me nothing").
    if (t.lemma === 'charge' && t.pos === 'VERB' && ['me', 'us', 'my', 'her', 'him'].includes(tokens[i + 1]?.surface ?? '')) {
      const at = tokens[i + 1]!.surface === 'my' ? i + 3 : i + 2
      const amount = tokens.slice(at, at + 3).some((x) => x.surface === '$' || isNumber(x))
      const fair = [...tokens.slice(Math.max(0, i - 3), i), ...tokens.slice(at, at + 10)].some((x) => FAIR_AMOUNT.has(x.surface))
      if (amount && !fair && !negatedBefore(tokens, i)) t.extra = syntheticEntry('charged an amount', -0.5)
      continue
    }
    const length = multipleAt(tokens, i)
    if (length) priced ??= tokens.some((x) => PRICE_WORDS.has(x.lemma) || PRICE_WORDS.has(x.surface))
    if (!length || !priced) continue
    // "I would have paid double": the customer's own offer.
    if (!tokens.slice(Math.max(0, i - 4), i).some((x) => x.surface === 'would')) t.extra = syntheticEntry('a multiple of the price', -0.7)
  }
}
