/**
 * Competitor scope, part one: where a sentence names another company or tradesman (a competitor, an earlier
 * tradesman, someone a third party sent, the customer's own circle). Each detector below is one named way of
 * naming someone else; `isCompetitorMention` is true when any of them matches at token i.
 */
import { COMPETITOR_HEADS, COMPETITOR_MODIFIERS } from '../lexicon'
import { type Token, isNumber } from './types'
import { FAMILY, FIRST_PERSON } from './words'

export const COMPETITOR_MODIFIER_SET = new Set(COMPETITOR_MODIFIERS)
export const COMPETITOR_HEAD_SET = new Set(COMPETITOR_HEADS)
/** People who did work on a house and are never a home-services business itself. */
export const NEVER_THIS_BUSINESS = new Set([
  'builder',
  'builders',
  'developer',
  'seller',
  'sellers',
  'flipper',
  'flippers',
  'handyman',
  'handymen',
  'roofer',
  'roofers',
  'owner',
  'owners',
  'landlord',
  'tenant',
  'tenants',
])
export const THIRD_PARTIES = new Set(['warranty', 'insurance', 'insurer', 'hoa', 'landlord', "landlord's", 'builder', "builder's"])
export const PRIOR = new Set(['previous', 'prior', 'former', 'original'])
export const PRIOR_WORK = new Set(['job', 'work', 'wiring', 'install', 'installation', 'plumbing', 'repair', 'repairs', 'fix', 'attempt'])
const COUNTED_TRADES = [
  'companies',
  'plumbers',
  'electricians',
  'contractors',
  'outfits',
  'places',
  'quotes',
  'bids',
  'firms',
  'businesses',
]

const EARLIER_OR_OTHER = new Set(['other', 'another', 'previous', 'prior', 'last', 'old', 'former', 'original', 'different'])
const OCCUPANTS = new Set(['tenant', 'tenants', 'occupant', 'occupants'])
const NAMED_AS_EARLIER = new Set(
  'cleaner cleaners gardener gardeners painter painters mover movers fitter fitters engineer engineers locksmith locksmiths landscaper landscapers decorator decorators tenant tenants occupant occupants'.split(
    ' ',
  ),
)

type Detector = (tokens: Token[], i: number) => boolean
const surfaceAt = (tokens: Token[], i: number) => tokens[i]?.surface ?? ''

/** "unlike the last plumber", "the competitors", "the company before them", "the guy before you". */
export const namedOutright: Detector = (tokens, i) => {
  const t = tokens[i]!
  return (
    t.surface === 'unlike' ||
    t.surface === 'competitor' ||
    t.surface === 'competitors' ||
    (t.surface === 'before' &&
      ['them', 'you', 'these', 'us'].includes(surfaceAt(tokens, i + 1)) &&
      i > 0 &&
      COMPETITOR_HEAD_SET.has(tokens[i - 1]!.surface))
  )
}

/** "is the most ...", "one of the most ...": the superlative at "the" (token i) is said of its subject, this business. */
const superlativeOfThis = (tokens: Token[], i: number) =>
  tokens[i - 1]?.lemma === 'be' || (surfaceAt(tokens, i - 1) === 'of' && surfaceAt(tokens, i - 2) === 'one')

/** "the other company", "the first plumber we called", "two companies": a modifier or a count before a trade. */
export const modifiedOrCounted: Detector = (tokens, i) => {
  const t = tokens[i]!
  if (!COMPETITOR_MODIFIER_SET.has(t.surface) && !isNumber(t)) return false
  // "This is the most incompetent company", "one of the most unprofessional companies": a superlative said of this
  // one; "most plumbers" are tradesmen in general, and so are "the most expensive companies" we rang first.
  if (t.surface === 'most' && surfaceAt(tokens, i - 1) === 'the' && superlativeOfThis(tokens, i - 1)) return false
  for (let k = 1; k <= 3 && i + k < tokens.length; k++) {
    const next = tokens[i + k]!
    // "our previous cleaner", "the former gardener", "the last tenants": trades and people named as someone else only
    // by "other" or "earlier" ("our kitchen fitter", "the pool cleaner" may well be this business).
    if (EARLIER_OR_OTHER.has(t.surface) && NAMED_AS_EARLIER.has(next.surface))
      // The home's earlier occupants, not its other ones ("after the other tenants moved out" is when, not who).
      return !OCCUPANTS.has(next.surface) || !['other', 'another', 'different'].includes(t.surface)
    if (COMPETITOR_HEAD_SET.has(next.surface) && !(next.surface === 'one' && k === 1 && t.surface !== 'other')) {
      // "the first company we called" is a competitor; "the first time" and "two hours" are not.
      if (isNumber(t) && !COUNTED_TRADES.includes(next.surface)) return false
      // "Our old plumber", "the old company we used" are former ones; "the old guy working there", "an experienced old
      // guy" are elderly ones (real reviews say so), unless it is "our old guy".
      const guy = next.surface === 'guy' || next.surface === 'guys'
      if (t.surface === 'old' && guy && !['our', 'my'].includes(surfaceAt(tokens, i - 1))) return false
      return !guy || ['other', 'another', 'previous', 'last', 'old', 'former'].includes(t.surface)
    }
    if (next.pos === 'VERB' || next.pos === 'PUNCT' || next.pos === 'AUX') break
  }
  return false
}

/** "quoted a crazy amount by a big chain company": someone else, named by an indefinite article. */
export const byAnOutfit: Detector = (tokens, i) =>
  tokens[i]!.surface === 'by' &&
  ['a', 'an', 'some'].includes(surfaceAt(tokens, i + 1)) &&
  tokens
    .slice(i + 2, i + 5)
    .some(
      (x) =>
        COMPETITOR_HEAD_SET.has(x.surface) &&
        !['guy', 'guys', 'one', 'ones', 'quote', 'quotes', 'bid', 'bids', 'service', 'services'].includes(x.surface),
    )

/** "installed wrong by the builder": people who are never this business, as the agent of what was done. */
export const byTheBuilder: Detector = (tokens, i) =>
  tokens[i]!.surface === 'by' &&
  ['the', 'our', 'a', 'an', 'my'].includes(surfaceAt(tokens, i + 1)) &&
  tokens.slice(i + 2, i + 4).some((x) => NEVER_THIS_BUSINESS.has(x.surface))

/** "I made the mistake of hiring a cheap handyman", "regret calling another company first": whoever was hired then. */
export const regrettedHire: Detector = (tokens, i) =>
  ['mistake', 'regret'].includes(tokens[i]!.lemma) &&
  ['of', 'to', 'hire', 'hiring', 'call', 'calling', 'use', 'using'].includes(surfaceAt(tokens, i + 1)) &&
  ['hire', 'call', 'use', 'try', 'go'].some((v) => [tokens[i + 1]?.lemma, tokens[i + 2]?.lemma].includes(v)) &&
  !tokens.slice(i + 1, i + 5).some((x) => ['them', 'you', 'summit'].includes(x.surface))

/** "the plumber the home warranty sent out", "the insurance company's electrician": someone else's choice of tradesman. */
export const sentByThirdParty: Detector = (tokens, i) =>
  COMPETITOR_HEAD_SET.has(tokens[i]!.surface) &&
  !['one', 'ones'].includes(tokens[i]!.surface) &&
  tokens.slice(Math.max(0, i - 2), i + 5).some((x) => THIRD_PARTIES.has(x.surface))

/** "the thing everybody else said was impossible": all the others. */
export const everybodyElse: Detector = (tokens, i) =>
  ['everybody', 'everyone', 'anybody', 'anyone', 'nobody'].includes(tokens[i]!.surface) && surfaceAt(tokens, i + 1) === 'else'

/** "my electrician friend", "my brother-in-law the plumber": a tradesman of the customer's own circle. */
export const customersCircle: Detector = (tokens, i) =>
  FAMILY.has(tokens[i]!.lemma) &&
  [tokens[i - 1], tokens[i + 1], tokens[i + 2]].some(
    (x) =>
      x !== undefined &&
      COMPETITOR_HEAD_SET.has(x.surface) &&
      !['one', 'ones', 'quote', 'quotes', 'bid', 'bids', 'service', 'services', 'place', 'places'].includes(x.surface),
  )

/** "the previous wiring job", "the prior work": what someone did before this business came. */
export const priorWork: Detector = (tokens, i) =>
  PRIOR.has(tokens[i]!.surface) && tokens.slice(i + 1, i + 3).some((x) => PRIOR_WORK.has(x.surface))

/** Parties that are never the business: "the manufacturer sent the wrong part", "the supplier was late". */
export const OTHER_PARTIES = new Set([
  'manufacturer',
  'manufacturers',
  'supplier',
  'suppliers',
  'distributor',
  'distributors',
  'factory',
  'warehouse',
  'shipper',
])
export const otherParty: Detector = (tokens, i) => OTHER_PARTIES.has(tokens[i]!.surface)

/** "our original contractor", "the prior electrician": the tradesman before this business (not "the original quote"). */
export const priorTradesman: Detector = (tokens, i) =>
  PRIOR.has(tokens[i]!.surface) &&
  COMPETITOR_HEAD_SET.has(surfaceAt(tokens, i + 1)) &&
  !['one', 'ones', 'quote', 'quotes', 'bid', 'bids', 'estimate', 'service', 'services', 'place', 'price'].includes(surfaceAt(tokens, i + 1))

/** "an awful experience with a plumber last spring", "a contractor years ago": someone met before, named by an indefinite article. */
export const metLongBefore: Detector = (tokens, i) => {
  if (
    !['a', 'an'].includes(tokens[i]!.surface) ||
    !COMPETITOR_HEAD_SET.has(surfaceAt(tokens, i + 1)) ||
    ['guy', 'one', 'quote', 'bid', 'service', 'place'].includes(tokens[i + 1]!.surface)
  )
    return false
  const after = tokens.slice(i + 2, i + 6)
  // Long enough ago to be before this business: "last spring", "last year", "years ago" (not "last week", which may be this visit).
  const past = after.some(
    (x, j) =>
      (x.surface === 'last' && ['year', 'spring', 'summer', 'fall', 'autumn', 'winter'].includes(after[j + 1]?.lemma ?? '')) ||
      x.surface === 'ago',
  )
  const experience = tokens[i - 1]?.surface === 'with' && ['experience', 'experiences', 'luck', 'time'].includes(tokens[i - 2]?.lemma ?? '')
  return past || experience
}

/** "every plumber I've ever called", "any electrician we had": all the others the customer has known. */
export const everyOneIHad: Detector = (tokens, i) =>
  ['every', 'any'].includes(tokens[i]!.surface) &&
  COMPETITOR_HEAD_SET.has(surfaceAt(tokens, i + 1)) &&
  tokens.slice(i + 2, i + 4).some((x) => FIRST_PERSON.has(x.surface))

/** "the builder's plumber": someone else's tradesman. */
export const someoneElsesTradesman: Detector = (tokens, i) =>
  COMPETITOR_HEAD_SET.has(tokens[i]!.surface) && i > 1 && ["'s", '’s'].includes(tokens[i - 1]!.surface) && tokens[i - 2]!.pos === 'NOUN'

/** "the company we used before", "the plumber we had before", "the handyman who'd botched it before them". */
export const usedBefore: Detector = (tokens, i) => {
  if (!COMPETITOR_HEAD_SET.has(tokens[i]!.surface) || i === 0 || !['the', 'our', 'a'].includes(tokens[i - 1]!.surface)) return false
  const after = tokens.slice(i + 1, i + 5).map((x) => x.surface)
  const before = after.indexOf('before')
  if (
    before > 0 &&
    after.slice(0, before).some((w) => ['used', 'had', 'hired', 'called', 'tried', 'did', 'who', "who'd", 'that'].includes(w))
  )
    return true
  return ['who', 'that'].includes(after[0] ?? '') && tokens.slice(i + 1, i + 9).some((x) => x.surface === 'before')
}

export const COMPETITOR_MENTIONS: readonly Detector[] = [
  namedOutright,
  modifiedOrCounted,
  byAnOutfit,
  byTheBuilder,
  regrettedHire,
  sentByThirdParty,
  everybodyElse,
  customersCircle,
  priorWork,
  priorTradesman,
  otherParty,
  metLongBefore,
  everyOneIHad,
  someoneElsesTradesman,
  usedBefore,
]

/** Every word a detector above starts from (by surface), so most tokens are passed over at once. */
const STARTS = new Set([
  'unlike',
  'competitor',
  'competitors',
  'before',
  'by',
  'everybody',
  'everyone',
  'anybody',
  'anyone',
  'nobody',
  'a',
  'an',
  'every',
  'any',
  ...COMPETITOR_MODIFIER_SET,
  ...COMPETITOR_HEAD_SET,
  ...PRIOR,
  ...OTHER_PARTIES,
])
/** Could any detector match at token t? Its surface, its lemma (a regret, a relative) or a number. */
const mayStart = (t: Token) => STARTS.has(t.surface) || t.lemma === 'mistake' || t.lemma === 'regret' || FAMILY.has(t.lemma) || isNumber(t)

export const isCompetitorMention = (tokens: Token[], i: number) =>
  mayStart(tokens[i]!) && COMPETITOR_MENTIONS.some((detect) => detect(tokens, i))
