/**
 * Cleaning as the job itself is no cleanliness: "cleaned my carpets", "had the gutters cleaned", "carpet cleaning"
 * name the work ordered (its result is quality), not the state the tradesman left the home in. Cleaning up, a
 * room or a mess ("cleaned up after themselves", "cleaned the kitchen floor") stays cleanliness.
 */
import { MESS_MAKING } from './story'
import type { Clause, Hit, Token } from './types'

/** Things cleaned as a job of their own. */
export const CLEANED_AS_A_JOB = new Set(
  'carpet carpets rug rugs window windows gutter gutters drain drains duct ducts vent vents upholstery chimney pool grout tile tiles furnace dryer screen screens sofa couch pipe pipes line lines sewer tank'.split(
    ' ',
  ),
)

/** Words before "clean" that make it a noun, the job: "the clean", "a deep clean", "a 4 hour clean", "their end of tenancy clean". */
const CLEAN_AS_A_NOUN = new Set([
  'hour',
  'day',
  'the',
  'a',
  'an',
  'their',
  'our',
  'my',
  'deep',
  'full',
  'thorough',
  'spring',
  'tenancy',
  'regular',
  'weekly',
  'first',
  'last',
  'final',
])

export const cleaningJob = (tokens: Token[], h: Hit): boolean => {
  if (!h.entry.aspects.includes('cleanliness') || h.end - h.start !== 1 || h.negated) return false
  const t = tokens[h.start]!
  if (t.lemma !== 'clean' && !t.surface.startsWith('clean')) return false
  // "after the clean", "a deep clean of the kitchen": the clean as a noun is the job ordered ("a clean kitchen" is not).
  if (
    t.surface === 'clean' &&
    CLEAN_AS_A_NOUN.has(tokens[h.start - 1]?.surface ?? '') &&
    !['NOUN', 'ADJ', 'PROPN'].includes(tokens[h.end]?.pos ?? '')
  )
    return true
  // "carpet cleaning", "window cleaning": a service named by what it cleans.
  if (t.surface === 'cleaning' && CLEANED_AS_A_JOB.has(tokens[h.start - 1]?.surface ?? '')) return true
  // "cleaned my carpets", "clean the gutters", "had the windows cleaned".
  const object = tokens.slice(h.end, h.end + 4).find((x) => x.pos === 'NOUN' || CLEANED_AS_A_JOB.has(x.surface))
  if (object && CLEANED_AS_A_JOB.has(object.surface) && tokens[h.end]?.surface !== 'up') return true
  const before = tokens.slice(Math.max(0, h.start - 3), h.start)
  return (
    t.surface === 'cleaned' &&
    before.some((x) => CLEANED_AS_A_JOB.has(x.surface)) &&
    before.some((x) => x.lemma === 'have' || x.lemma === 'get')
  )
}

/** Drops the cleaning job's hits; the dirt it removed ("pulled out an unbelievable amount of dust") is the job's too, unless someone left it. */
export function cleaningAsTheJob(clause: Clause): void {
  const { tokens, hits } = clause
  const jobs = hits.filter((h) => cleaningJob(tokens, h))
  if (!jobs.length) return
  const kept = hits.filter((h) => !jobs.includes(h))
  hits.splice(0, hits.length, ...kept)
  // Dirt the job left ("still greasy after the deep clean") is a complaint about it, not the dirt it removed.
  const remained = (h: Hit) =>
    tokens.slice(Math.max(0, h.start - 3), h.start).some((t) => t.surface === 'still') ||
    jobs.some((j) => j.start > h.start && tokens.slice(Math.max(h.end, j.start - 5), j.start).some((t) => t.surface === 'after'))
  for (const h of hits)
    if (
      h.score < 0 &&
      h.entry.aspects.includes('cleanliness') &&
      !tokens.slice(0, h.start).some((t) => MESS_MAKING.has(t.lemma)) &&
      !remained(h)
    )
      h.score = 0
}
