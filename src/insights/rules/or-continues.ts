/**
 * A denial goes on across "or"/"nor": "They never showed or phoned", "never showed up or called", "no call or text".
 * The lexicon reads "never showed" whole, taking its negator for itself, so the verb after "or" would go undenied;
 * a cue there is denied too: praise flips (as a negation does), a plain verb of the service ("phoned", "called")
 * becomes the complaint of its aspect (silence is communication).
 */
import { type Clause, NEGATION_SCALAR, clamp } from './types'
import { NEGATOR_SET } from './words'

export function orContinues({ tokens, hits }: Clause): void {
  for (const [k, h] of hits.entries()) {
    if (h.score >= 0 || !h.entry.words.some((w) => NEGATOR_SET.has(w) || w === 'never')) continue
    if (!['or', 'nor'].includes(tokens[h.end]?.surface ?? '')) continue
    const next = hits[k + 1]
    if (!next || next.negated || !next.entry.aspects.length || next.score < 0) continue
    if (next.start - h.end > 3) continue
    if (next.score > 0) next.score = clamp(next.score * NEGATION_SCALAR)
    else if (tokens[next.start]!.pos === 'VERB') next.score = -0.6
    else continue
    next.negated = true
  }
}
