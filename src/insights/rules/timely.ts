/**
 * "In a timely manner" is denied by a negation anywhere before it in its part of the clause, beyond negation's
 * three-word window: "they never respond in a timely manner", "they do not take care of anything in a timely manner",
 * "they refuse to deal with complaints in a timely fashion". When the doing denied is finishing the job, the clause
 * says when, not whether: "they did not finish the job in a timely fashion" is slow work, not work left unfinished.
 */
import { EXPERIENCE, negationAt } from './negation'
import { type Clause, NEGATION_SCALAR, type Token } from './types'

const TIMELY = new Set(['in a timely manner', 'in a timely fashion'])
const DENYING = new Set(['refuse', 'fail'])
/**
 * Does token k deny what follows? Not "not only" (adding), nor "never seen ... so taken care of in a timely manner"
 * (a comparison with all else).
 */
function denies(tokens: Token[], k: number): boolean {
  if (DENYING.has(tokens[k]!.lemma)) return true
  if (!negationAt(tokens, k)) return false
  return !tokens.slice(k + 1, k + 3).some((t) => EXPERIENCE.has(t.lemma))
}
const FINISHING = /\b(finish|complete)\b/

export function timelyDenied({ tokens, hits, segmentOf }: Clause): void {
  // Every clause passes here: most have no "timely" at all.
  if (!hits.some((h) => TIMELY.has(h.entry.phrase))) return
  // A negator inside a fixed phrase of praise is its own: "couldn't be happier", "can't thank them enough".
  const inPhrase = new Set(
    hits.filter((h) => h.entry.fixed && h.score > 0).flatMap((h) => Array.from({ length: h.end - h.start }, (_, k) => h.start + k)),
  )
  for (const h of hits) {
    if (!TIMELY.has(h.entry.phrase) || h.negated || h.score <= 0) continue
    // In its own part of the clause: "not expensive, and finished in a timely manner" denies nothing of the time.
    const denied = tokens.slice(0, h.start).some((_, k) => segmentOf[k] === h.segment && !inPhrase.has(k) && denies(tokens, k))
    if (!denied) continue
    h.score *= NEGATION_SCALAR
    h.negated = true
    for (const x of hits) if (x.end <= h.start && x.score < 0 && FINISHING.test(x.entry.phrase)) x.score = 0
  }
}
