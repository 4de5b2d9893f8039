/**
 * Things the customer never got: "I never received a call back", "never got my refund", "we didn't get a discount",
 * "never got a response to my email". Something owed and not given is a complaint about the aspect it belongs to,
 * even when the thing itself is praise ("a call back", "an apology") or no feeling at all ("refund", "response").
 * Something compared with all others ("never received such a thorough job") stays praise. A phrase such as "never received" takes the negation for itself, so what follows would otherwise go unflipped.
 */
import { lookupTable } from '../../core/lookup-table'
import type { AspectId } from '../lexicon'
import { type Clause, type Hit, type Token, clamp } from './types'
import { isNegator } from './words'

const RECEIVING = new Set(['receive', 'get', 'hear', 'recieve'])
/** "never received such a thorough job", "never got a better price": a comparison with all others, praise. */
const COMPARING = new Set(['such', 'so', 'better', 'best', 'more', 'nicer', 'cleaner', 'faster', 'quicker', 'cheaper'])
/** What is owed, by the aspect whose complaint its absence is (a quote that never arrives is speed). */
const OWED: Record<string, AspectId> = lookupTable({
  refund: 'price',
  discount: 'price',
  reimbursement: 'price',
  deposit: 'price',
  response: 'communication',
  reply: 'communication',
  answer: 'communication',
  callback: 'communication',
  update: 'communication',
  email: 'communication',
  message: 'communication',
  explanation: 'communication',
  notice: 'communication',
  apology: 'professionalism',
})

/** The end of a "never received" / "did not get" in the clause (the token after the receiving verb), or -1. */
function deprivationEnd(tokens: Token[], hits: Hit[], from: number): number {
  const phrase = hits.find((h) => h.start >= from && h.entry.phrase === 'never receive')
  let end = phrase ? phrase.end : -1
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!
    if (!RECEIVING.has(t.lemma) || !['VERB', 'AUX'].includes(t.pos)) continue
    // The negator right before the verb, or one adverb away: "didn't get", "never even got" (not "don't recommend getting").
    const negator = (x: Token | undefined) => x !== undefined && isNegator(x)
    const denied =
      negator(tokens[k - 1]) || (negator(tokens[k - 2]) && ['even', 'ever', 'yet', 'actually'].includes(tokens[k - 1]!.surface))
    if (denied && (end < 0 || k + 1 < end)) end = k + 1
  }
  return end
}

export function deprivedOf({ tokens, hits }: Clause): void {
  const end = deprivationEnd(tokens, hits, 0)
  if (end < 0) return
  for (const h of hits) {
    // The thing owed comes right after the verb: "never received [a] call back", "didn't get [my] refund".
    if (h.start < end || h.start - end > 3 || h.negated || h.job) continue
    if (tokens.slice(end, h.start).some((x) => x.pos === 'VERB' || x.pos === 'PUNCT' || COMPARING.has(x.surface))) continue
    const owed = OWED[tokens[h.start]!.lemma] ?? OWED[tokens[h.start]!.surface]
    if (h.score > 0 && h.entry.aspects.length) {
      h.score = clamp(-Math.max(0.6, h.score))
      h.negated = true
    } else if (h.score === 0 && owed) {
      h.entry = { ...h.entry, aspects: [owed], sentiment: -0.6, phrase: `never got the ${h.entry.phrase}` }
      h.score = -0.6
    } else continue
    break
  }
}
