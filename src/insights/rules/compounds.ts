/**
 * Hyphenated words are kept whole: in "high-quality", "late-night" or "well-known" the first word qualifies the
 * second and is no judgement of its own ("high" is not a high price, "late" no lateness). A compound the lexicon
 * lists whole ("top-notch", "no-show", "high-quality") is matched whole before this rule runs.
 */
import type { Clause, Hit, Token } from './types'

/** True when the single-word hit is the first half of a hyphenated compound ("high" in "high - quality"). */
export const compoundModifier = (tokens: Token[], h: Hit) =>
  h.end - h.start === 1 && tokens[h.end]?.surface === '-' && /^\p{L}/u.test(tokens[h.end + 1]?.surface ?? '') && !h.entry.fixed

export function hyphenatedCompounds(clause: Clause): void {
  const { tokens, hits } = clause
  const kept = hits.filter((h) => !compoundModifier(tokens, h))
  if (kept.length !== hits.length) hits.splice(0, hits.length, ...kept)
}
