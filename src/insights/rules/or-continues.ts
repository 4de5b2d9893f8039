/**
 * A denial goes on across "or"/"nor": "They never showed or phoned", "never showed up or called", "no call or text".
 * The lexicon reads "never showed" whole, taking its negator for itself, so the verb after "or" would go undenied;
 * a cue there is denied too: praise flips (as a negation does), a plain verb of the service ("phoned") becomes the
 * complaint of its aspect (silence is communication). A verb of getting in touch that the lexicon does not hold
 * ("called", "rang") is silence too, and so is a cancellation the lexicon reads as punctuality ("never showed up or
 * cancelled": nobody was told).
 * A cancellation denied beside a no-show ("nobody came and they did not cancel", "didn't turn up and didn't bother to
 * cancel") is silence, not punctuality praise: nobody was told.
 */
import { type Clause, type Hit, NEGATION_SCALAR, clamp, timeEntry } from './types'
import { NEGATOR_SET } from './words'

/** Getting in touch: denied, each is silence. */
const CONTACT_VERBS = new Set([
  'call',
  'ring',
  'phone',
  'text',
  'email',
  'cancel',
  'reply',
  'respond',
  'answer',
  'notify',
  'inform',
  'warn',
  'tell',
  'let',
])

/** The silence a denied verb of getting in touch says. */
const noWord = () => timeEntry('no word', -0.6, 'communication')
const denies = (h: Hit) => h.score < 0 && h.entry.words.some((w) => NEGATOR_SET.has(w) || w === 'never')

export function orContinues({ tokens, hits, segmentOf }: Clause): void {
  for (let k = 0; k < hits.length; k++) {
    const h = hits[k]!
    if (!denies(h) || !['or', 'nor'].includes(tokens[h.end]?.surface ?? '')) continue
    const next = hits[k + 1]
    const verb = tokens[h.end + 1]
    if ((!next || next.start > h.end + 1) && verb?.pos === 'VERB' && CONTACT_VERBS.has(verb.lemma)) {
      hits.splice(k + 1, 0, {
        entry: noWord(),
        start: h.end + 1,
        end: h.end + 2,
        score: -0.6,
        negated: true,
        segment: segmentOf[h.end + 1] ?? h.segment,
      })
      continue
    }
    // "never showed up or cancelled": the lexicon's punctuality cue, nobody told.
    if (next && next.start - h.end <= 2 && !next.negated && tokens[next.start]!.lemma === 'cancel' && next.score < 0) {
      hits[k + 1] = { ...next, entry: noWord(), negated: true }
      continue
    }
    if (!next || next.negated || !next.entry.aspects.length || next.score < 0) continue
    if (next.start - h.end > 3) continue
    if (next.score > 0) next.score = clamp(next.score * NEGATION_SCALAR)
    else if (tokens[next.start]!.pos === 'VERB') next.score = -0.6
    else continue
    next.negated = true
  }
  cancellationDenied(hits, tokens)
}

/** "did not cancel" (read as punctuality praise) beside a no-show in the same clause: silence. */
function cancellationDenied(hits: Hit[], tokens: Clause['tokens']): void {
  const noShow = hits.some((h) => h.score < 0 && h.entry.aspects.includes('punctuality'))
  if (!noShow) return
  // Not "never cancelled on us": they kept the appointment.
  for (const [k, h] of hits.entries())
    if (h.negated && h.score > 0 && h.entry.words.includes('cancel') && tokens[h.end]?.surface !== 'on')
      hits[k] = { ...h, entry: timeEntry('did not cancel', -0.6, 'communication'), score: -0.6 }
}
