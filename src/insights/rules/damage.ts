/**
 * Damage done by the business, stated as a fact: "the installer cracked our new sink", "they ripped a hole in
 * the hose", "the tech broke my faucet", "my fork was damaged by a mechanic". No opinion word, yet a quality complaint.
 * - Someone of the business does it: a person or pronoun just before the verb (refusals.ts's subjects), their truck
 *   or tools, a passive with "by" one of them, or no subject at all ("Ruined my jeans": a review's dropped subject).
 * - Not the job itself: a verb with its particle ("broke down the problem", "ripped out the old carpet", "tore
 *   up the floor") is the work, and what they break to do the work is the job too.
 * The mark sits on the verb, so another company's scope ("the last plumber cracked a tile") still leaves it out.
 */
import { lookupTable } from '../../core/lookup-table'
import { type Token, timeEntry } from './types'
import { PRICE_WORDS } from './charges'
import { SUBJECTS } from './refusals'
import { FIRST_PERSON, NOT_OR_NEVER } from './words'

const DAMAGING = new Set([
  'rip',
  'break',
  'crack',
  'smash',
  'dent',
  'bend',
  'chip',
  'tear',
  'puncture',
  'scratch',
  'scuff',
  'ding',
  'nick',
  'stain',
  'damage',
  'ruin',
  'destroy',
  'shatter',
  'bang',
  'burn',
  'crush',
  'flood',
])
/** Past tenses wink leaves as adjectives after a pronoun ("they bent the door"), by their verb. */
const IRREGULAR: Record<string, string> = lookupTable({
  bent: 'bend',
  broke: 'break',
  tore: 'tear',
  burnt: 'burn',
  torn: 'tear',
  broken: 'break',
})
/** What is cut or drilled into by mistake: "drilled through a water pipe", "cut through the phone cable". */
const HIDDEN_LINES = new Set(['pipe', 'cable', 'wire', 'wiring', 'line', 'main'])
/** Work on the house during which a thing got damaged: "damaged during the move", "scratched since the installation". */
const THE_WORK = new Set([
  'move',
  'install',
  'installation',
  'job',
  'work',
  'repair',
  'removal',
  'delivery',
  'visit',
  'renovation',
  'fitting',
  'transport',
  'transit',
])
/** What is spilt on the customer's things: "got paint on our sofa", "dripped glue on the floor". */
const SPILT = new Set(['paint', 'glue', 'oil', 'grease', 'tar', 'plaster', 'cement', 'grout', 'stain'])
/** Verbs of the damage said otherwise (besides the damaging ones): dropped, drilled through, ran over, spilt, left. */
const OTHERWISE_VERBS = new Set([
  'drop',
  'drill',
  'cut',
  'nail',
  'screw',
  'saw',
  'run',
  'knock',
  'back',
  'get',
  'spill',
  'drip',
  'splash',
  'splatter',
  'arrive',
  'come',
  'deliver',
  'leave',
])
/** Marks the phrase table reads after "left a" itself ("left a hole"). */
const PHRASED_MARKS = new Set(['hole'])
const DAMAGE_MARKS = new Set(['dent', 'scratch', 'crack', 'chip', 'tear', 'hole', 'damage', 'mark', 'scuff', 'scorch', 'gouge', 'track'])
/** Their things: "their tow truck scraped", "his ladder dented". */
const THEIR_THINGS = new Set(['truck', 'ladder', 'tool', 'tools', 'van', 'equipment', 'machine', 'dolly', 'cart'])
const PARTICLES = new Set(['down', 'up', 'out', 'off', 'apart', 'through', 'away', 'open', 'into', 'in'])
const BARRIERS = new Set(['i', 'we', 'it', 'that', 'which', 'who', 'my', 'our'])

/** Someone of the business as the subject just before token k (within three words, stopping at the customer or "it"). */
function theirSubject(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const t = tokens[j]!
    if (SUBJECTS.has(t.surface) || SUBJECTS.has(t.lemma) || THEIR_THINGS.has(t.surface)) return true
    if (BARRIERS.has(t.surface) || t.pos === 'PUNCT') return false
  }
  return false
}

/** "Ruined my jeans", "Then scratched our floor": a review's dropped subject is the business (the verb first, the customer's thing after). */
function subjectDropped(tokens: Token[], k: number): boolean {
  if (
    !(k === 0 || (k === 1 && ['then', 'also', 'and'].includes(tokens[0]!.surface))) ||
    !['my', 'our'].includes(tokens[k + 1]?.surface ?? '')
  )
    return false
  // The thing, past its adjectives: "broke my left wrist", "ruined our whole weekend".
  const thing = tokens.slice(k + 2, k + 5).find((x) => x.pos === 'NOUN')
  if (!thing || NO_THING.has(thing.lemma)) return false
  // "Cracked my phone screen, they replaced it in an hour": the customer's accident, then the repair.
  return !tokens.slice(k + 2).some((x) => REPAIRING.has(x.lemma))
}
const REPAIRING = new Set(['fix', 'repair', 'replace', 'mend', 'sort', 'restore'])
/** "Broke my leg", "Ruined our weekend": the customer's own body or time, not a thing damaged. */
const NO_THING = new Set([
  ...['leg', 'arm', 'wrist', 'ankle', 'back', 'nose', 'finger', 'toe', 'hip', 'neck', 'foot', 'hand', 'heart', 'tooth'],
  // Things customers break themselves and bring in: "Cracked my windscreen on the M25".
  ...['phone', 'screen', 'windscreen', 'windshield', 'bumper', 'car', 'glasses', 'laptop'],
  ...[
    'day',
    'weekend',
    'week',
    'evening',
    'night',
    'morning',
    'holiday',
    'vacation',
    'trip',
    'plan',
    'birthday',
    'party',
    'wedding',
    'christmas',
    'mood',
    'life',
  ],
])

/** "damaged by a mechanic", "scratched by their crew". */
const byThem = (tokens: Token[], k: number) =>
  tokens[k + 1]?.surface === 'by' &&
  tokens.slice(k + 2, k + 5).some((x) => SUBJECTS.has(x.surface) || SUBJECTS.has(x.lemma) || x.surface === 'them')

/** Stains as often the job itself ("they stained our deck"): only the verb wink tags a verb counts. */
const JOB_TOO = new Set(['stain'])
/**
 * Whether token k is a damaging verb. wink tags some past tenses as adjectives ("they dented the fridge"): a word in
 * -ed right after a pronoun whose stem damages counts too ("dented", "chipped").
 */
function damagingVerb(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (t.pos === 'VERB') return DAMAGING.has(t.lemma)
  // After a pronoun or a trade ("they bent", "the movers dented"): a past tense, whatever wink tagged it.
  const subject = tokens[k - 1]?.pos === 'PRON' || SUBJECTS.has(tokens[k - 1]?.lemma ?? '')
  if (t.pos === 'ADJ' && subject && IRREGULAR[t.surface]) return true
  if (t.pos !== 'ADJ' || !t.surface.endsWith('ed') || !subject) return false
  const stem = t.surface.slice(0, -2)
  const undoubled = stem.length > 2 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : stem
  const verb = [stem, undoubled, t.surface.slice(0, -1)].find((v) => DAMAGING.has(v))
  return verb !== undefined && !JOB_TOO.has(verb)
}

/**
 * Damage said another way, at token k: a hidden line drilled or cut through ("drilled through a water pipe"), a thing
 * run or knocked over ("the van ran over our flower bed"), something damaged during the work ("our door frame was
 * damaged during the move"), spilt on the customer's things ("got paint on our sofa"), or arriving damaged ("the
 * cabinet arrived with a big dent").
 */
function damageOtherwise(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (!OTHERWISE_VERBS.has(t.lemma) && !DAMAGING.has(t.lemma)) return false
  // "had to cut through the old pipe to replace it": the way to do the job; "I dropped my keys": the customer's doing.
  if (tokens[k - 1]?.surface === 'to' || tokens.slice(Math.max(0, k - 3), k).some((x) => FIRST_PERSON.has(x.surface))) return false
  const next = tokens[k + 1]?.surface ?? ''
  const within = (n: number, words: ReadonlySet<string>) => tokens.slice(k + 1, k + 1 + n).some((x) => words.has(x.lemma))
  // "dropped our TV" (not "dropped my car back", "dropped our quote by £100").
  if (t.lemma === 'drop' && ['our', 'my'].includes(next))
    return !tokens.slice(k + 2, k + 6).some((x) => ['back', 'off', 'by', 'price', 'quote', 'bill', 'rate'].includes(x.lemma))
  // "drilled through a water pipe", "drilled straight through the cable": the first thing through is the line.
  const particle = tokens[k + 1]?.pos === 'ADV' || ['straight', 'right'].includes(next) ? k + 2 : k + 1
  if (['drill', 'cut', 'nail', 'screw', 'saw'].includes(t.lemma) && ['through', 'into'].includes(tokens[particle]?.surface ?? ''))
    return HIDDEN_LINES.has(firstNounRun(tokens, particle + 1)?.lemma ?? '')
  // "ran over our flower bed", "knocked over a lamp" (not "ran over the details", "ran over the budget").
  if (['run', 'knock', 'back'].includes(t.lemma) && next === 'over')
    return ['our', 'my', 'a'].includes(tokens[k + 2]?.surface ?? '') || (t.lemma === 'knock' && tokens[k + 2]?.surface === 'the')
  // Passive: "damaged during the move", "got torn when they moved the wardrobe", "my TV was dropped" (not "the price
  // was dropped").
  if ((DAMAGING.has(t.lemma) || t.lemma === 'drop') && ['be', 'get'].includes(tokens[k - 1]?.lemma ?? '')) {
    if (t.lemma === 'drop') return !tokens.slice(Math.max(0, k - 4), k).some((x) => PRICE_WORDS.has(x.lemma))
    const when = tokens.slice(k + 1, k + 3).findIndex((x) => ['during', 'since', 'in', 'when', 'while'].includes(x.surface))
    if (when < 0) return false
    const after = tokens.slice(k + 2 + when, k + 5 + when)
    return (
      after.some((x) => THE_WORK.has(x.lemma)) ||
      (['when', 'while'].includes(tokens[k + 1 + when]!.surface) && after.some((x) => SUBJECTS.has(x.surface) || SUBJECTS.has(x.lemma)))
    )
  }
  if (['get', 'spill', 'drip', 'splash', 'splatter'].includes(t.lemma) && SPILT.has(tokens[k + 1]?.lemma ?? ''))
    return tokens[k + 2]?.surface === 'on' || tokens[k + 2]?.surface === 'all'
  if (['arrive', 'come', 'deliver'].includes(t.lemma) && next === 'with') return within(4, DAMAGE_MARKS)
  // "The ladder left a big dent in the gutter", "left a scorch mark on the ceiling" ("left a hole" is a phrase already).
  if (t.lemma === 'leave' && ['a', 'an', 'two', 'three', 'several', 'deep', 'big'].includes(next))
    return within(4, DAMAGE_MARKS) && !within(4, PHRASED_MARKS)
  return false
}

/** The last noun of the first run of nouns from token i, past a determiner and adjectives ("a water pipe": "pipe"). */
function firstNounRun(tokens: Token[], i: number): Token | undefined {
  let k = i
  while (k < tokens.length && ['DET', 'ADJ', 'PRON'].includes(tokens[k]!.pos)) k++
  let last: Token | undefined
  while (k < tokens.length && tokens[k]!.pos === 'NOUN') last = tokens[k++]
  return last
}

/** "a burn mark from his blowtorch", "scratches from their ladder": a mark at k put down to the business's things. */
const markFromThem = (tokens: Token[], k: number) =>
  DAMAGE_MARKS.has(tokens[k]!.lemma) &&
  tokens[k + 1]?.surface === 'from' &&
  ['his', 'her', 'their', 'the'].includes(tokens[k + 2]?.surface ?? '') &&
  tokens.slice(k + 3, k + 5).some((x) => THEIR_THINGS.has(x.lemma) || TOOLS.has(x.lemma))
/** Beside THEIR_THINGS: what leaves a mark on its own. */
const TOOLS = new Set(['blowtorch', 'torch', 'drill', 'boot', 'boots', 'shoe', 'shoes', 'trolley'])

/** Marks damage done by the business on its verb (a sentence rule: runs before the sentence is split). */
export function damageDone(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (!t.extra && (damageOtherwise(tokens, k) || markFromThem(tokens, k))) {
      // "Nothing was broken in the move": praise.
      const denied = tokens.slice(Math.max(0, k - 4), k).some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'nothing')
      t.extra = denied ? timeEntry('nothing damaged', 0.6, 'quality') : timeEntry('damage done', -0.7, 'quality')
      return
    }
    // Not "scrape": scraping dirt or old paint off is as often the job ("scraped the bug guts off the windshield").
    if (!damagingVerb(tokens, k) || t.extra) continue
    // "broke down the problem", "ripped out the carpet"; "ripped us off" is a price (the lexicon's "rip * off").
    if (PARTICLES.has(tokens[k + 1]?.surface ?? '')) continue
    if (t.lemma === 'rip' && tokens.slice(k + 1, k + 4).some((x) => x.surface === 'off')) continue
    if (tokens.slice(Math.max(0, k - 3), k).some((x) => ['not', "n't", 'nt', 'never', 'without'].includes(x.surface))) continue
    // "they had to break the old tile to reach the pipe": breaking as the way to do the job.
    if (tokens[k - 1]?.surface === 'to') continue
    // "I've been burned by contractors before": cheated, not scorched.
    if (t.lemma === 'burn' && ['be', 'get'].includes(tokens[k - 1]?.lemma ?? '')) continue
    if (!theirSubject(tokens, k) && !byThem(tokens, k) && !subjectDropped(tokens, k)) continue
    t.extra = timeEntry('damage done', -0.7, 'quality')
    return
  }
}
