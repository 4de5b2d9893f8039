/**
 * Work that did not last: the time words beside a failure after the job date the failure, they do not praise speed.
 * - "Within a week it was broken again", "the next day it was leaking again": the quality complaint stands, and the
 *   time words are no speed praise.
 * - "The tires had to be replaced after only two weeks", "needed to be redone within a month": the work did not last.
 * - "They made it worse", "made the problem worse": the work left things worse than before.
 */
import { type Clause, type Token, timeEntry } from './types'

const REDONE = new Set(['replace', 'redo', 'fix', 'repair', 'refix', 'reinstall', 'redone', 'replaced', 'fixed', 'repaired'])
const SPANS = /^(minutes?|hours?|days?|weeks?|months?|year)$/
const TIME_WORDS = /\b(within|next|later|after|minutes?|hours?|days?|weeks?|months?)\b/
const WORSE_OBJECTS = new Set(['it', 'things', 'problem', 'issue', 'leak', 'matter', 'everything', 'situation', 'them'])

/** A sentence rule: "had to be replaced after only two weeks", "made it worse", marked on the verb. */
export function shortLived(tokens: Token[]): void {
  for (let i = 0; i + 3 < tokens.length; i++) {
    const t = tokens[i]!
    if (t.extra) continue
    // "(had|needed) to be replaced after (only) two weeks", "had to replace the tires after only two weeks".
    const passive =
      tokens[i - 1]?.lemma === 'be' && tokens[i - 2]?.surface === 'to' && ['have', 'need'].includes(tokens[i - 3]?.lemma ?? '')
    const active = tokens[i - 1]?.surface === 'to' && ['have', 'need'].includes(tokens[i - 2]?.lemma ?? '')
    if (REDONE.has(t.lemma) && (passive || active)) {
      // Within its own clause: "had to be replaced, this was done within one day" is the job and its speed.
      const window = tokens.slice(i + 1, i + 13)
      const stop = window.findIndex((x) => x.pos === 'PUNCT')
      const after = stop < 0 ? window : window.slice(0, stop)
      const at = after.findIndex((x) => x.surface === 'after' || x.surface === 'within')
      const span = at < 0 ? undefined : after.slice(at + 1, at + 5).find((x) => SPANS.test(x.surface))
      // Soon: "only", "just", or a span of days or weeks (not "after 15 years").
      const soon =
        span !== undefined &&
        (after.slice(at + 1).some((x) => x.surface === 'only' || x.surface === 'just') ||
          /^(minutes?|hours?|days?|weeks?)$/.test(span.surface))
      if (soon) t.extra = timeEntry('redone soon after the job', -0.7, 'quality')
      continue
    }
    // "made it worse", "made the problem worse".
    if (t.lemma === 'make' && t.pos === 'VERB') {
      const after = tokens.slice(i + 1, i + 4)
      const worse = after.findIndex((x) => x.surface === 'worse')
      if (worse > 0 && after.slice(0, worse).some((x) => WORSE_OBJECTS.has(x.lemma))) t.extra = timeEntry('made it worse', -0.8, 'quality')
    }
  }
}

/** A clause rule: speed praise in a clause whose failure comes after the job ("within a week it broke again") dates the failure. */
export function failureDated({ hits }: Clause): void {
  const failed = hits.some(
    (h) => h.score < 0 && h.entry.aspects.includes('quality') && !h.job && /again|after the job/.test(h.entry.phrase),
  )
  if (!failed) return
  for (const h of hits)
    if (h.score > 0 && h.entry.aspects.length === 1 && h.entry.aspects[0] === 'speed' && TIME_WORDS.test(h.entry.phrase)) h.score = 0
}
