/**
 * Finishing on time is speed, arriving on time punctuality (LABELLING.md: "finished early" / "completed on time" are
 * speed; turning up at the agreed time is punctuality). A time word of punctuality ("on time", "early", "late", "on
 * schedule") that speaks of a completion ("got the job done on time", "finished early", "a month late finishing the
 * roof", "had it ready on time") is read as speed; beside an arrival ("started on time", "arrived early") it stays.
 */
import type { Clause, Hit, Token } from './types'

const COMPLETING = new Set(['finish', 'complete', 'completion', 'done', 'deliver', 'ready', 'wrap', 'handover', 'end'])
const ARRIVING = new Set(['arrive', 'come', 'show', 'turn', 'start', 'begin', 'appear', 'get', 'here', 'there'])

/** The nearest word before the hit (within four) that says arriving or completing, or a completing word just after it. */
function spokenOf(tokens: Token[], h: Hit): 'completion' | 'arrival' | undefined {
  for (let k = h.start - 1; k >= Math.max(0, h.start - 4); k--) {
    const t = tokens[k]!
    if (COMPLETING.has(t.lemma) || COMPLETING.has(t.surface)) return 'completion'
    if (ARRIVING.has(t.lemma) || ARRIVING.has(t.surface)) return 'arrival'
  }
  // "a month late finishing the roof" (not "forgot our appointment complete", as a learner may write "completely").
  const completing = (t: Token) =>
    t.surface.endsWith('ing') && [t.surface.slice(0, -3), `${t.surface.slice(0, -3)}e`].some((v) => COMPLETING.has(v))
  return tokens.slice(h.end, h.end + 2).some(completing) ? 'completion' : undefined
}

export function completionOnTime({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.entry.aspects.length !== 1 || h.entry.aspects[0] !== 'punctuality' || h.score === 0) continue
    if (spokenOf(tokens, h) === 'completion') h.entry = { ...h.entry, aspects: ['speed'] }
  }
}
