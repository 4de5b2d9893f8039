/**
 * Finishing on time is speed, arriving on time punctuality (LABELLING.md: "finished early" / "completed on time" are
 * speed; turning up at the agreed time is punctuality). A time word of punctuality ("on time", "early", "late", "on
 * schedule") that speaks of a completion ("got the job done on time", "finished early", "a month late finishing the
 * roof", "had it ready on time") is read as speed; beside an arrival ("started on time", "arrived early") it stays.
 */
import type { Clause, Hit, Token } from './types'

const COMPLETING = new Set(['finish', 'complete', 'completion', 'done', 'deliver', 'ready', 'wrap', 'handover', 'end'])
const ARRIVING = new Set(['arrive', 'come', 'show', 'turn', 'start', 'begin', 'appear', 'get', 'here', 'there'])

/** Time words of punctuality a completion may take: "on time", "early", "late", "on schedule". */
const TIMELINESS = new Set(['time', 'early', 'late', 'schedule', 'later', 'earlier'])

/**
 * The nearest word before the hit (within four, in its part of the clause) that says arriving or completing, or a
 * completing word just after it.
 */
function spokenOf({ tokens, segmentOf }: Clause, h: Hit): 'completion' | 'arrival' | undefined {
  for (let k = h.start - 1; k >= Math.max(0, h.start - 4) && segmentOf[k] === segmentOf[h.start]; k--) {
    const t = tokens[k]!
    if (COMPLETING.has(t.lemma) || COMPLETING.has(t.surface)) return 'completion'
    if (ARRIVING.has(t.lemma) || ARRIVING.has(t.surface)) return 'arrival'
  }
  // "a month late finishing the roof" (not "forgot our appointment complete", as a learner may write "completely").
  const completing = (t: Token) =>
    t.surface.endsWith('ing') && [t.surface.slice(0, -3), `${t.surface.slice(0, -3)}e`].some((v) => COMPLETING.has(v))
  return tokens.slice(h.end, h.end + 2).some(completing) ? 'completion' : undefined
}

export function completionOnTime(clause: Clause): void {
  const { tokens, hits } = clause
  for (const h of hits) {
    if (h.entry.aspects.length !== 1 || h.entry.aspects[0] !== 'punctuality' || h.score === 0) continue
    if (!tokens.slice(h.start, h.end).some((t) => TIMELINESS.has(t.lemma) || TIMELINESS.has(t.surface))) continue
    if (spokenOf(clause, h) === 'completion') h.entry = { ...h.entry, aspects: ['speed'] }
  }
}
