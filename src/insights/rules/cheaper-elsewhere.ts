/**
 * Cheaper elsewhere: "Other shops are cheaper", "the shop in the next town did the same work for half the price",
 * "I could get it done for far less with the dealer", "it would have cost less to go somewhere else". The cheapness
 * is another company's, so the price complaint is this business's: the customer paid more here.
 * - The other company must be named in the sentence: another company (competitor-mentions.ts), "elsewhere",
 *   "somewhere else", "other places / shops / stores / cities", "another shop", "online", or places said to exist
 *   ("there are shops in town that are cheaper").
 * - A comparison that judges this business is left to the rules of comparison: "cheaper than the other quotes" is
 *   praise; only "cheaper than here / than them" says this business costs more.
 * - Denied it is praise, and left alone: "you won't find it cheaper anywhere else".
 * - A share of another company's price is this business's price against it, praise: "it was half the competitor's
 *   quote", "a fraction of the other shop's price" (the other company owns the price the share is taken of).
 * The mark is written as a phrase about another company, so the competitor's scope keeps it (competitor-scope.ts).
 */
import { PRICE_WORDS } from './charges'
import { isNegator } from './words'
import { type Clause, type Entry, type Token, timeEntry } from './types'

const PLACES = new Set([
  'place',
  'places',
  'shop',
  'shops',
  'store',
  'stores',
  'city',
  'cities',
  'town',
  'towns',
  'garage',
  'garages',
  'station',
  'stations',
  'dealer',
  'dealers',
  'dealership',
  'company',
  'companies',
  'location',
  'locations',
])
const PIVOTS = new Set(['than', 'compared', 'quoted', 'charged', 'what', 'vs', 'versus'])
/** What "than" is followed by when the comparison says this business costs more. */
const THIS_BUSINESS = new Set(['here', 'them', 'they', 'it', 'this', 'theirs'])

// Written with "other" among its words: a phrase about another company, which the competitor's scope keeps.
const entry: Entry = { ...timeEntry('cheaper elsewhere', -0.7, 'price'), words: ['other', 'cheaper'] }
const cheaperHere: Entry = { ...timeEntry('a share of the other price', 0.7, 'price'), words: ['other', 'share'] }
const STRETCH_ENDS = new Set([',', ';', '.', '!', '?', 'but', 'however', 'although', 'though'])

/**
 * "..., and this is one of them", "and they are one": the places said to exist include this business; not "one of the
 * few I trust", "one of the best in the area", which set it apart from them.
 */
const oneOfThem = (after: readonly Token[]) =>
  after.some((t, j) => {
    if (!['this', 'they', 'it'].includes(t.surface.toLowerCase()) || after[j + 1]?.lemma !== 'be' || after[j + 2]?.surface !== 'one')
      return false
    const next = after[j + 3]?.surface ?? '.'
    return next === 'of' ? ['them', 'those', 'these'].includes(after[j + 4]?.surface ?? '') : /^[.!,;]$/.test(next)
  })

/** Does the stretch around token k (up to a comma, semicolon or contrast) name somewhere else to buy the same work? */
function elsewhere(tokens: Token[], at: number): boolean {
  let from = at
  while (from > 0 && !STRETCH_ENDS.has(tokens[from - 1]!.surface)) from--
  let to = at
  while (to + 1 < tokens.length && !STRETCH_ENDS.has(tokens[to + 1]!.surface)) to++
  const stretch = tokens.slice(from, to + 1)
  // "There are shops in town that are cheaper", "there are cheaper garages": places that exist besides this one.
  // Not when denied, doubted, asked or supposed ("there were no shops that were cheaper", "I doubt there are", "if
  // there are cheaper garages, I haven't found them", "there are cheaper companies?"), nor when the cheapness turns to
  // this business ("there are three garages in town and this one is cheaper", "... and they price matched it").
  const there = stretch.findIndex((t, j) => t.surface === 'there' && ['are', 'were'].includes(stretch[j + 1]?.surface ?? ''))
  const cheapness = at - from
  const placesThere =
    there >= 0 &&
    there < cheapness &&
    !tokens.some((t) => ['no', 'if', '?'].includes(t.surface.toLowerCase()) || t.lemma === 'doubt' || t.lemma === 'match') &&
    !stretch.some(isNegator) &&
    !stretch.slice(there, cheapness).some((t) => ['and', 'this', 'they', 'it', 'one'].includes(t.surface.toLowerCase())) &&
    !oneOfThem(tokens.slice(to + 1, to + 9))
  if (placesThere && stretch.some((t) => PLACES.has(t.surface) && t.surface.endsWith('s'))) return true
  return stretch.some((t, j) => {
    const k = from + j
    const next = tokens[k + 1]?.surface ?? ''
    return (
      t.competitor ||
      t.surface === 'elsewhere' ||
      t.surface === 'online' ||
      ((t.surface === 'somewhere' || t.surface === 'someplace' || t.surface === 'anywhere') && next === 'else') ||
      (t.surface === 'some' && next === 'where' && tokens[k + 2]?.surface === 'else') ||
      ((t.surface === 'other' || t.surface === 'another') && PLACES.has(next))
    )
  })
}

/** Is token k a word of cheapness: "cheaper", "half the price", "for (far) less", "a fraction of the cost", "$20 below"? */
function cheapAt(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  const previous = tokens[k - 1]?.surface ?? ''
  const next = tokens[k + 1]?.surface ?? ''
  // Said of the price, not naming another offer: "the cheaper quote from another company" is only what was turned
  // down; cheaper places are somewhere else to go ("there are cheaper garages in town").
  if (t.surface === 'cheaper') return tokens[k + 1]?.pos !== 'NOUN' || PLACES.has(next)
  if (t.surface === 'less') return ['for', 'far', 'much', 'cost', 'costs', 'charge', 'charged', 'pay', 'paid'].includes(previous)
  if (t.surface === 'half' || t.surface === 'fraction') return ['the', 'of'].includes(next)
  return false
}

/**
 * Whether "half the" / "a fraction of the" at k is followed by another company's price: the other company ("the
 * competitor's", "the other shop's") stands between the share and the price noun.
 */
function shareOfOthersPrice(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (t.surface !== 'half' && t.surface !== 'fraction') return false
  const after = tokens.slice(k + 1, k + 7)
  const priceAt = after.findIndex((x) => PRICE_WORDS.has(x.lemma) || PRICE_WORDS.has(x.surface))
  if (priceAt < 0) return false
  return after
    .slice(0, priceAt)
    .some((x, j) => x.competitor || ((x.surface === 'other' || x.surface === 'another') && PLACES.has(after[j + 1]?.surface ?? '')))
}

/** Marks the price complaint of a cheaper price elsewhere (a sentence rule: runs after the competitors are marked). */
export function cheaperElsewhere(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    if (!cheapAt(tokens, k) || tokens[k]!.extra || !elsewhere(tokens, k)) continue
    if (shareOfOthersPrice(tokens, k)) {
      tokens[k]!.extra = cheaperHere
      return
    }
    // "cheaper than the other quotes", "a fraction of the price quoted by the other shop" judge this business (praise);
    // "cheaper than here" does not.
    const than = tokens.slice(k + 1, k + 8).findIndex((x) => PIVOTS.has(x.surface))
    if (than >= 0 && !THIS_BUSINESS.has(tokens[k + 2 + than]?.surface ?? '')) continue
    // "you won't find it cheaper anywhere else", "no one does it for less": praise.
    const before = tokens.slice(Math.max(0, k - 5), k)
    if (before.some((x) => isNegator(x) || x.surface === 'nowhere')) continue
    tokens[k]!.extra = entry
    return
  }
}

/** A clause rule: the lexicon's own reading of the cheapness a mark above turned ("cheaper" as praise) is silenced. */
export function cheapnessTurned({ hits }: Clause): void {
  for (const marked of hits.filter((h) => h.entry === entry || h.entry === cheaperHere))
    for (const h of hits) if (h !== marked && h.start <= marked.start && h.end > marked.start && h.score > 0) h.score = 0
}
