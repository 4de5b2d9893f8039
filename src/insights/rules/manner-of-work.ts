/**
 * How the work was done: a manner adverb after a verb of work judges the work ("installed it properly", "done
 * right"), and a negation of that verb reaches it however long the object between ("couldn't even screw on an oil
 * drain plug properly", "did not install the new faucet correctly", "wasn't able to install the gate well"): quality.
 * Alone the adverbs name no aspect, so "not done properly" would otherwise be a feeling about nothing; "professionally"
 * alone is a person's manner ("they behaved professionally"), after a verb of work the work's ("carried out professionally").
 */
import { type Clause, type Hit, NEGATION_SCALAR, type Token } from './types'
import { isNegator, POSSESSIVE, SERVICE_PEOPLE } from './words'
import { isTheirs } from './refusals'

const MANNER = new Set(['properly', 'correctly', 'well', 'done right', 'do right', 'incorrectly', 'improperly', 'perfectly', 'right'])
/** Manner adverbs that are a person's manner alone and the work's after a verb of work (LABELLING.md: "work carried out professionally" is quality). */
const WORK_OR_PERSON = new Set(['professionally', 'unprofessionally'])
const WORK_VERBS = new Set([
  'do',
  'install',
  'fix',
  'repair',
  'mount',
  'hang',
  'treat',
  'screw',
  'tighten',
  'put',
  'paint',
  'seal',
  'connect',
  'wire',
  'replace',
  'finish',
  'complete',
  'fit',
  'level',
  'attach',
  'secure',
  'build',
  'lay',
  'patch',
  'caulk',
  'carry',
])

/** The verb of work this manner adverb qualifies: up to seven words before it in its part, or right after it ("correctly treated"). */
function workVerb({ tokens, segmentOf }: Clause, h: Hit): number {
  for (let k = h.start - 1; k >= Math.max(0, h.start - 7); k--) {
    if (segmentOf[k] !== h.segment) break
    if (WORK_VERBS.has(tokens[k]!.lemma) && tokens[k]!.pos === 'VERB') return k
  }
  for (let k = h.end; k < Math.min(tokens.length, h.end + 2); k++)
    if (WORK_VERBS.has(tokens[k]!.lemma) && tokens[k]!.pos === 'VERB' && segmentOf[k] === h.segment) return k
  return -1
}

/** Businesses a word like "crooked" may judge as it judges people: "this place is crooked", "a crooked dealership". */
const BUSINESSES = new Set(['place', 'business', 'dealership', 'company', 'outfit', 'shop', 'firm', 'agency'])
const PERSONAL = new Set(['he', 'she', 'they', 'you', 'we', 'i'])
const isPerson = (t: Token) =>
  PERSONAL.has(t.surface.toLowerCase()) || isTheirs(t) || SERVICE_PEOPLE.has(t.lemma) || BUSINESSES.has(t.lemma)
/**
 * What "crooked" judges: a thing's workmanship ("the cabinet doors are crooked", "a crooked TV", "it's crooked", "the
 * frame he hung is crooked") or people's honesty ("a crooked contractor", "a crooked car dealer", "they are
 * crooked", "this place is crooked"): the head of the nouns after it, else the clause's first noun or pronoun before
 * "be". `owned`: the customer's own or old thing, said before the job ("our gate was crooked and they straightened it").
 */
function crookedOf(tokens: Token[], h: Hit): { thing: boolean; owned: boolean } {
  let head = h.end
  while (['NOUN', 'PROPN'].includes(tokens[head + 1]?.pos ?? '') && ['NOUN', 'PROPN'].includes(tokens[head]?.pos ?? '')) head++
  if (['NOUN', 'PROPN'].includes(tokens[head]?.pos ?? '')) return { thing: !isPerson(tokens[head]!), owned: false }
  const be = tokens.slice(Math.max(0, h.start - 4), h.start).findLastIndex((x) => x.lemma === 'be')
  if (be < 0) return { thing: true, owned: false }
  const from = Math.max(0, h.start - 4) + be
  const subject = tokens.slice(0, from).find((x) => ['NOUN', 'PROPN', 'PRON'].includes(x.pos) && !POSSESSIVE.has(x.surface.toLowerCase()))
  if (!subject) return { thing: true, owned: false }
  const owned = tokens.slice(0, from).some((x) => ['my', 'our', 'old', 'previous'].includes(x.surface.toLowerCase()))
  return { thing: !isPerson(subject), owned }
}

export function mannerOfWork(clause: Clause): void {
  const { tokens, segmentOf } = clause
  for (const h of clause.hits) {
    if (h.entry.phrase === 'crooked') {
      const { thing, owned } = crookedOf(tokens, h)
      if (thing) h.entry = { ...h.entry, aspects: ['quality'] }
      // The trouble called about, as failures.ts reads "broken" before the job: no opinion.
      if (thing && owned) {
        h.score = 0
        h.job = true
      }
      continue
    }
    if (!(MANNER.has(h.entry.phrase) && !h.entry.aspects.length) && !WORK_OR_PERSON.has(h.entry.phrase)) continue
    if (h.job) continue
    // "right" alone is too many things ("right away", "right there"): only right after the object of the work.
    if (h.entry.phrase === 'right' && !['.', '!', ',', 'the', 'this', 'time'].includes(tokens[h.end]?.surface ?? '.')) continue
    // "done right then", "right away": time, not manner; "as well": in addition.
    if (['then', 'away', 'now', 'there'].includes(tokens[h.end]?.surface ?? '')) continue
    if (h.entry.phrase === 'well' && (tokens[h.start - 1]?.surface === 'as' || tokens[h.end]?.surface === 'as')) continue
    const verb = h.entry.phrase.startsWith('do') ? h.start : workVerb(clause, h)
    if (verb < 0) continue
    // "treated us professionally", "carried themselves professionally": how people were dealt with, not the work.
    if (
      WORK_OR_PERSON.has(h.entry.phrase) &&
      (tokens[verb]!.lemma === 'treat' || (tokens[verb]!.lemma === 'carry' && tokens[verb + 1]?.surface !== 'out'))
    )
      continue
    // "they are doing so well": a business doing well, not work done well.
    if (h.entry.phrase === 'well' && verb < h.start && tokens[verb]!.lemma === 'do') continue
    h.entry = { ...h.entry, aspects: ['quality'] }
    if (h.negated || h.score <= 0) continue
    // A negator before the verb of work ("did not install", "couldn't even screw on", "wasn't able to install").
    const from = Math.max(0, Math.min(verb, h.start) - 5)
    const negator = tokens.slice(from, Math.min(verb, h.start)).findIndex((t, j) => isNegator(t) && segmentOf[from + j] === h.segment)
    if (negator < 0) continue
    h.negated = true
    h.score = h.entry.sentiment * NEGATION_SCALAR
  }
}
