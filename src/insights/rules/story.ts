/**
 * The customer's own story is no opinion of the business: the mess and the duration of the trouble called about,
 * the trouble's history ("terrible for years"), the object of a repair ("patched the stain"), the place the job
 * was done in ("a nightmare crawlspace"), the diagnosis ("turned out to be a dirty filter") and the customer's
 * situation or fears before the job ("before we called", "repairs scare me").
 */
import { SITUATION_MARKERS } from '../phrases'
import { placedAfterJob } from './failures'
import { timeSpanAt } from './time-words'
import type { Clause, Token } from './types'
import { FOUND_FINE, OTHER_SUBJECTS } from './words'

export const SITUATION = new Set(SITUATION_MARKERS)
/** Lengths of time that, beside the trouble called about, tell how long it lasted ("leaked for ages"). */
export const DURATIONS = new Set(['ages', 'forever', 'long time'])
export const BUSINESS_OR_WAIT = new Set([
  'they',
  'them',
  'their',
  'he',
  'him',
  'his',
  'she',
  'her',
  'company',
  'customer',
  'client',
  'use',
  'wait',
])
/** Verbs whose object is the trouble cured ("patched the stain", "sealed the crack"). */
export const OBJECT_DETERMINERS = new Set(['the', 'a', 'an', 'that', 'our', 'my', 'every', 'all', 'his', 'her', 'their', 'this'])
export const REPAIR_VERBS = new Set(
  'clean cleaned tidy tidied patch fix repair seal remove replace clear unclog mend cure eliminate stop solve resolve treat patched fixed repaired sealed removed replaced cleared unclogged mended cured eliminated stopped solved resolved treated'.split(
    ' ',
  ),
)
/** Places in a house a job is done in ("a nightmare crawlspace"). */
export const HOUSE_PLACES = new Set(
  'crawlspace crawl attic basement space access spot corner location cellar closet wall ceiling garage'.split(' '),
)
export const MESS_MAKING = new Set(['leave', 'left', 'make', 'made', 'track', 'tracked', 'create', 'drag', 'spread'])

/**
 * "The sewer line backed up into the basement, disgusting mess", "leaked at the base for ages": beside the trouble called
 * about, a mess is that trouble's (unless someone left, made or tracked it), and so is how long it lasted.
 */
export function troubleAftermath({ tokens, hits }: Clause): void {
  if (!hits.some((h) => h.job)) return
  for (const h of hits) {
    if (h.score >= 0 || h.entry.fixed) continue
    if (h.entry.aspects.includes('cleanliness') && !tokens.slice(0, h.start).some((t) => MESS_MAKING.has(t.lemma))) h.score = 0
    if (DURATIONS.has(h.entry.phrase)) h.score = 0
  }
}

/**
 * "Water pressure was terrible in the whole house for years": the trouble's history, unless something places it after the job.
 * Not the years of a relationship ("we have used them for years"), of the business's own work ("their work has been
 * terrible for years") or of a wait ("waited for months").
 */
export function troubleHistory(clause: Clause): void {
  const { tokens, hits, segmentOf } = clause
  const history = new Set(
    tokens
      .map((t, k) =>
        t.surface === 'for' &&
        timeSpanAt(tokens, k + 1) &&
        tokens.slice(k + 1, k + 4).some((x) => ['year', 'month', 'week', 'ages', 'decade'].includes(x.lemma) || x.surface === 'ages') &&
        !tokens.some((x, j) => segmentOf[j] === segmentOf[k] && BUSINESS_OR_WAIT.has(x.lemma))
          ? segmentOf[k]
          : undefined,
      )
      .filter((segment) => segment !== undefined),
  )
  for (const h of hits)
    if (
      history.has(h.segment) &&
      h.score < 0 &&
      (h.entry.aspects.includes('quality') || !h.entry.aspects.length || DURATIONS.has(h.entry.phrase)) &&
      !h.negated &&
      !placedAfterJob(clause, h, false)
    )
      h.score = 0
}

/** "patched the drywall stain", "repaired the cracked tile": the object of a repair is the trouble it cures. */
export function repairObjects({ tokens, hits }: Clause): void {
  const objectAt = (j: number, before: Token[]) => (['up', 'out', 'off'].includes(before[j]?.surface ?? '') ? j + 1 : j)
  for (const h of hits) {
    if (h.score >= 0 || h.negated || h.entry.fixed) continue
    // The tagger often misreads these ("patched" as an adjective, "stain" as a verb): a determiner after the verb tells the object.
    const nounLike = !['ADV', 'ADJ'].includes(tokens[h.start]!.pos) || tokens[h.end]?.pos === 'NOUN'
    if (
      nounLike &&
      tokens.slice(Math.max(0, h.start - 5), h.start).some(
        (t, j, before) =>
          (REPAIR_VERBS.has(t.lemma) || REPAIR_VERBS.has(t.surface)) &&
          // A repair named as a noun has no object, where the fault recurs after it ("two days after the repair the car
          // broke down again"; not "since the repair my leaking faucet is dry").
          !(
            ['the', 'a', 'their', 'his', 'her', 'its'].includes(before[j - 1]?.surface ?? tokens[h.start - 6]?.surface ?? '') &&
            tokens.some((x) => ['again', 'still', 'anymore'].includes(x.surface))
          ) &&
          OBJECT_DETERMINERS.has(before[objectAt(j + 1, before)]?.surface ?? '') &&
          !before.slice(objectAt(j + 1, before) + 1).some((x) => ['VERB', 'AUX', 'PUNCT'].includes(x.pos)),
      )
    )
      h.score = 0
  }
}

/** "a nightmare crawlspace", "an awful attic": the conditions the job was done in, not the work. */
export function housePlaces({ tokens, hits }: Clause): void {
  for (const h of hits)
    if (
      h.score < 0 &&
      !h.entry.aspects.length &&
      !h.negated &&
      h.end - h.start === 1 &&
      ['ADJ', 'NOUN'].includes(tokens[h.start]!.pos) &&
      HOUSE_PLACES.has(tokens[h.end]?.lemma ?? '')
    )
      h.score = 0
}

/** "turned out", "it was just", "it was only", "caused by", "the culprit was", "problem was": what follows tells what was wrong. */
export const isDiagnosis = (tokens: Token[], k: number) => {
  const [a, b, c] = [tokens[k]!, tokens[k + 1], tokens[k + 2]]
  return (
    // Not a person who "turned out to be totally incompetent": that is their conduct, not what was wrong; nor a thing
    // that "turned out uneven": the result, judged.
    (a.lemma === 'turn' &&
      b?.surface === 'out' &&
      !['who', 'he', 'she'].includes(tokens[k - 1]?.surface ?? '') &&
      !(c?.pos === 'ADJ' && tokens[k + 3]?.pos !== 'NOUN' && !FOUND_FINE.has(c.surface))) ||
    (a.surface === 'it' && b?.lemma === 'be' && ['just', 'only', 'simply'].includes(c?.surface ?? '')) ||
    (a.surface === 'caused' && b?.surface === 'by') ||
    (['culprit', 'cause', 'problem', 'issue', 'reason'].includes(a.lemma) && b?.lemma === 'be' && tokens[k - 1]?.surface !== 'no')
  )
}

/** "It was just dust burning off", "turned out to be a loose wire": the diagnosis, what was wrong before the job. */
export function diagnosis({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.score >= 0 || h.entry.fixed) continue
    // A judgement of the business is no diagnosis: "it was just a big rip-off".
    if (h.entry.aspects.some((a) => a !== 'quality' && a !== 'cleanliness')) continue
    // The diagnosis may list several things ("a clogged drain line and a dirty filter"), up to a part with a person in it.
    const opener = tokens.findLastIndex((_, k) => k < h.start && isDiagnosis(tokens, k))
    if (
      opener >= 0 &&
      !tokens
        .slice(opener, h.start)
        .some(
          (t) =>
            [',', ';', 'tech', 'technician', 'guy', 'plumber', 'electrician', 'crew'].includes(t.surface) ||
            (OTHER_SUBJECTS.has(t.surface) && !['it', 'everything'].includes(t.surface)),
        )
    )
      h.score = 0
  }
}

/** The customer's situation before the job, or their own fears: no opinion of the business. */
export function customersSituation({ hits }: Clause): void {
  if (hits.some((h) => SITUATION.has(h.entry.phrase))) for (const h of hits) h.score = 0
}
