/**
 * A security deposit kept, or set high, stated as a fact: "they still took a lot of our deposit", "he refunded only
 * 20% of our deposit", "I only got $100 of my $600 deposit back", "the deposit is the highest in town". No price word,
 * yet a price complaint (landlords, property managers, rental firms).
 * - Taken: a verb of taking (take, keep, deduct, dock, withhold, steal, screw, hurt ...) or of losing it (lose, kiss
 *   goodbye) within the deposit's clause,
 *   not denied ("they didn't keep a cent of it" is no complaint; "not only did they keep it" is one).
 * - Short-changed: "only", "barely" or a share ("45% of", "less than half") with a verb of getting it back.
 * - Set high: "high", "highest", "huge", "steep" just after the deposit.
 * - Never returned: a verb of getting it back denied ("we never got our deposit back", "they have yet to return it"),
 *   or a warning ("don't expect your deposit back", "you'll never see it again"); returned whole is praise ("we got
 *   our full deposit back").
 * The mark sits on the verb or the level word, so another company's scope still leaves it out.
 */
import { type Token, timeEntry } from './types'
import { isNegator, NOT_OR_NEVER } from './words'

const TAKING = new Set([
  'take',
  'keep',
  'deduct',
  'dock',
  'withhold',
  'remove',
  'steal',
  'screw',
  'hurt',
  'retain',
  'pocket',
  'subtract',
  'eat',
  'charge',
  // the customer's side of it: "be prepared to lose your deposit", "we lost most of our deposit", "kiss your deposit goodbye"
  'lose',
  'kiss',
])
const SHORT = new Set(['only', 'barely', 'hardly'])
/** What may stand between "lost" and the deposit: its owner and its share ("most of our security deposit", "money to"). */
const LOST_SHARE = new Set([
  'my',
  'our',
  'your',
  'their',
  'his',
  'her',
  'the',
  'a',
  'most',
  'all',
  'part',
  'half',
  'some',
  'much',
  'any',
  'of',
  'security',
  'entire',
  'whole',
  'full',
  'money',
  'to',
  'pet',
  'damage',
])
const HEDGES = new Set(['almost', 'nearly', 'might', 'could', 'would', 'will', 'may', 'can', 'about'])
/**
 * A loss of the deposit the sentence puts down to the customer, to others or to a rule, or only asks about: "because we
 * broke the lease", "our dog chewed the carpet", "unlike my last landlord", "other tenants", "if you cancel late".
 */
const LOSS_EXCUSED = new Set([
  'because',
  'fault',
  'fair',
  'unlike',
  'other',
  'others',
  'tenants',
  'people',
  'previous',
  'last',
  'before',
  'if',
  'unless',
  'dog',
  'cat',
  'forgot',
  '?',
])
const lossExcused = (tokens: Token[]) => tokens.some((x) => LOSS_EXCUSED.has(x.surface.toLowerCase()))
/** Nouns after "deposit" that make it a thing of paper, not money: "my deposit receipt". */
const PAPER = new Set(['receipt', 'slip', 'check', 'cheque', 'form', 'box'])
const paperAfter = (tokens: Token[], at: number) => PAPER.has(tokens[at + 1]?.lemma ?? '')
const GETTING_BACK = new Set(['receive', 'get', 'refund', 'return', 'give', 'recieve'])
const WHOLE = new Set(['full', 'entire', 'whole', 'all', '100%'])
const LEVEL = new Set(['high', 'highest', 'huge', 'steep', 'expensive', 'outrageous', 'ridiculous', 'insane', 'astronomical'])
const SPANS = new Set(['minute', 'hour', 'day', 'week', 'month', 'year', 'forever', 'while', 'long', 'age'])
const CLAUSE_END = new Set(['.', '!', '?', ';', 'but', 'however', 'although'])

const negatedAt = (tokens: Token[], k: number) =>
  tokens.slice(Math.max(0, k - 3), k).some((x) => isNegator(x) && tokens[tokens.indexOf(x) + 1]?.surface !== 'only')

/** The verb at k denied right before it: "never got", "have not returned", "didn't even get" (not "not tried to get"). */
function deniedVerb(tokens: Token[], k: number): boolean {
  let j = k - 1
  while (['ever', 'even', 'yet', 'still', 'actually', 'likely', 'probably'].includes(tokens[j]?.surface ?? '')) j--
  return NOT_OR_NEVER.has(tokens[j]?.surface ?? '')
}

/** The stretch of tokens around the deposit that belongs to its clause (up to 8 words either side). */
function clauseAround(tokens: Token[], at: number): [number, number] {
  let from = at
  while (from > 0 && at - from < 8 && !CLAUSE_END.has(tokens[from - 1]!.surface)) from--
  let to = at + 1
  while (to < tokens.length && to - at < 9 && !CLAUSE_END.has(tokens[to]!.surface)) to++
  return [from, to]
}

/**
 * A warning at the verb k that the deposit (at) will not come back: "don't expect your deposit back", "you'll never
 * see it back", "never see your deposit again". Not "if you break the lease", nor others' deposits; not "paid the
 * deposit and never saw the manager again", "the deposit receipt"; not a surprise told ("did not expect it back so
 * soon", "I did not expect to see my deposit back and ...", "did not expect my whole deposit back, but ...").
 */
function warnedOf(tokens: Token[], k: number, at: number, to: number, between: Token[]): boolean {
  const t = tokens[k]!
  if ((t.lemma !== 'expect' && t.lemma !== 'see') || !deniedVerb(tokens, k)) return false
  // What is not seen again is the deposit, with nothing but its share, owner or getting back between.
  const ofDeposit =
    k < at
      ? between.every(
          (x) => LOST_SHARE.has(x.surface.toLowerCase()) || GETTING_BACK.has(x.lemma) || ['see', 'dime', 'penny', 'cent'].includes(x.lemma),
        ) && !paperAfter(tokens, at)
      : ['it', 'that', 'any', 'a'].includes(tokens[k + 1]?.surface ?? '') && !between.some((x) => x.surface === 'and')
  // Told to the reader ("don't expect", "you'll never see it"), not the customer's own surprise.
  const subject = tokens
    .slice(Math.max(0, k - 5), k)
    .reverse()
    .find((x) => ['i', 'we', 'you', 'youll', 'he', 'she', 'they'].includes(x.surface.toLowerCase()))
    ?.surface.toLowerCase()
  const toTheReader =
    t.lemma === 'expect' ? t.surface.toLowerCase() === 'expect' && (!subject || subject.startsWith('you')) : !!subject?.startsWith('you')
  const after = tokens.slice(k + 1, to)
  return (
    ofDeposit &&
    toTheReader &&
    after.some((x) => x.surface === 'back' || x.surface === 'again') &&
    !after.some((x) => ['soon', 'quickly', 'fast', 'early'].includes(x.surface)) &&
    !tokens.slice(k + 1).some((x) => WHOLE.has(x.surface) || x.surface === 'but' || x.surface === 'however') &&
    !lossExcused(tokens)
  )
}

/** Marks a deposit kept, short-changed or set high (a sentence rule: runs before the sentence is split). */
export function depositsKept(tokens: Token[]): void {
  for (let at = 0; at < tokens.length; at++) {
    if (tokens[at]!.lemma !== 'deposit' && tokens[at]!.surface !== 'deposits') continue
    const [from, to] = clauseAround(tokens, at)
    // Set high: "the deposit is pretty high", "deposits are HUGE", "the highest deposit in town".
    for (let k = Math.max(from, at - 2); k < Math.min(to, at + 7); k++) {
      const t = tokens[k]!
      if (LEVEL.has(t.surface.toLowerCase()) && !t.extra && !negatedAt(tokens, k)) {
        t.extra = timeEntry('deposit set high', -0.6, 'price')
        return
      }
    }
    // A share under the whole: "45% of my deposit", "less than half" ("100% of your deposit back" is all of it).
    const share = tokens.slice(from, to).some((x, k, all) => {
      const percent = /^(\d+)%$/.exec(x.surface)?.[1] ?? (all[k + 1]?.surface === '%' ? x.surface : undefined)
      return (percent !== undefined && Number(percent) < 100) || (x.surface === 'less' && all[k + 1]?.surface === 'than')
    })
    for (let k = from; k < to; k++) {
      const t = tokens[k]!
      if (t.extra || t.pos !== 'VERB') continue
      // What is taken is the deposit: the verb before it ("took most of our deposit"), or after it with "it" for its
      // object ("the deposit is high and they take a lot of it"); never across "and" ("paid the deposit and took the keys").
      const between = k < at ? tokens.slice(k + 1, at) : tokens.slice(at + 1, k)
      const object = k < at || tokens.slice(k + 1, k + 6).some((x) => x.surface === 'it')
      // Not "took five weeks to get my deposit back" (time), "take a holding deposit" (asked for), "taking care of".
      const asked =
        k < at && ['a', 'an'].includes(tokens[k + 1]?.surface ?? '') && !between.some((x) => x.surface === 'of' || x.surface === 'from')
      const time = tokens.slice(k + 1, k + 4).some((x) => SPANS.has(x.lemma) || x.surface === 'care')
      // Losing it is the deposit's own loss only with nothing but its share between: "lost most of our deposit", not
      // "lost the receipt for the deposit", "almost lost my deposit".
      const lost =
        (t.lemma !== 'lose' && t.lemma !== 'kiss') ||
        (k < at &&
          between.every((x) => LOST_SHARE.has(x.surface.toLowerCase())) &&
          !tokens.slice(Math.max(0, k - 4), k).some((x) => HEDGES.has(x.surface.toLowerCase())) &&
          !lossExcused(tokens) &&
          !paperAfter(tokens, at) &&
          (t.lemma !== 'kiss' || tokens.slice(at + 1, at + 4).some((x) => /^good-?bye$/i.test(x.surface))))
      if (TAKING.has(t.lemma) && object && lost && !asked && !time && !between.some((x) => x.surface === 'and') && !negatedAt(tokens, k)) {
        t.extra = timeEntry('deposit kept', -0.7, 'price')
        return
      }
      // "I only received $100 back", "he refunded only 20%", "we barely got any of it back": "only" next to the verb.
      const only = tokens.slice(Math.max(from, k - 2), Math.min(to, k + 3)).some((x) => SHORT.has(x.surface.toLowerCase()))
      // "barely" right before the verb is a short share, not a denial ("we barely got any of it back").
      const barely = SHORT.has(tokens[k - 1]?.surface.toLowerCase() ?? '') && tokens[k - 1]!.surface.toLowerCase() !== 'only'
      // "barely got it back in time" is about time, not money.
      const inTime = tokens.slice(k + 1, to).some((x) => x.surface === 'time')
      if (GETTING_BACK.has(t.lemma) && (only || share) && !inTime && (barely || !negatedAt(tokens, k))) {
        t.extra = timeEntry('deposit short-changed', -0.7, 'price')
        return
      }
      if (warnedOf(tokens, k, at, to, between)) {
        t.extra = timeEntry('deposit never returned', -0.7, 'price')
        return
      }
      if (!GETTING_BACK.has(t.lemma) || t.lemma === 'give') continue
      // "We never got our deposit back", "they have yet to return our deposit": kept, in effect (not "others complained
      // about not getting their deposit back", "I have not tried to get it back").
      const yet = tokens[k - 1]?.surface === 'to' && tokens[k - 2]?.surface === 'yet'
      const reported = tokens.slice(from, k).some((x) => ['complain', 'worry', 'fear', 'concern', 'try'].includes(x.lemma))
      if ((deniedVerb(tokens, k) || yet) && !reported) {
        // "did not get the deposit back until March": late, not kept.
        const late = tokens.slice(k + 1, to).some((x) => x.surface === 'until' || x.surface === 'till')
        t.extra = late ? timeEntry('deposit returned late', -0.5, 'speed') : timeEntry('deposit never returned', -0.7, 'price')
        return
      }
      // "We got our full deposit back", "returned the entire deposit".
      if (tokens.slice(from, to).some((x) => WHOLE.has(x.surface))) {
        t.extra = timeEntry('deposit returned whole', 0.6, 'price')
        return
      }
    }
  }
}
