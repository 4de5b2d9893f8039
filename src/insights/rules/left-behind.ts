/**
 * What the business left behind in the home, said as a fact: a cleanliness complaint (LABELLING.md: mess or dirt
 * left, cleaning up).
 * - Waste or old parts left: "they left rubbish all over the garden", "the builders left rubble in our drive", "they
 *   left the old boiler in our hallway", "left all the packaging lying around", "the old pipes were just left in the
 *   garden".
 * - Surfaces left streaky: "the cleaners left the windows streaky", "the mirrors were left smeared".
 * - Mess where it lies, no verb at all: "grass clippings all over the patio", "oily handprints on the garage wall".
 * - Still there, or cleaned up by the customer: "the old carpet is still in the hallway", "I had to hoover for two hours
 *   after they left".
 * Not: what they left for the customer ("left a note", "left us the spare parts"), or left in place by design ("left
 * the old radiator in place").
 */
import { type Token, timeEntry } from './types'
import { FIRST_PERSON, NOT_OR_NEVER } from './words'

const WASTE = new Set(['rubbish', 'rubble', 'debris', 'packaging', 'junk', 'waste', 'offcut', 'offcuts', 'scrap', 'cardboard'])
/** The old thing taken out, left in the home: "the old boiler", "the old carpet", "the old pipes". */
const OLD = new Set(['old', 'broken', 'removed'])
const HOMES = new Set(['house', 'home', 'flat', 'apartment', 'place', 'property', 'kitchen', 'bathroom'])
const PLACES = new Set(['in', 'on', 'at', 'all', 'around', 'lying', 'everywhere', 'outside', 'behind'])
const STREAKY = new Set(['streaky', 'smeared', 'smeary', 'smudged', 'sticky', 'greasy', 'dusty', 'dirty', 'filthy', 'muddy'])

/** "left rubbish all over", "left the old boiler in our hallway": what was left at k (the verb), with where. */
function wasteLeft(tokens: Token[], k: number): boolean {
  const object = tokens.slice(k + 1, k + 5)
  const noun = object.findIndex((x) => WASTE.has(x.lemma) || WASTE.has(x.surface) || (OLD.has(x.surface) && object.indexOf(x) < 3))
  // Not the home itself: "they left our old house in perfect condition".
  if (noun < 0 || HOMES.has(object[noun + 1]?.lemma ?? '')) return false
  // "in place", "intact": left where it belongs; "the old desk dismantled", "the old boiler running": left in a state
  // (the work's, not the home's).
  const rest = tokens.slice(k + 2 + noun, k + 6 + noun)
  if (rest.some((x) => ['place', 'intact', 'condition', 'order', 'state'].includes(x.surface))) return false
  const after = tokens.slice(k + 2 + noun).find((x) => x.pos !== 'NOUN')
  if (after && ['VERB', 'ADJ'].includes(after.pos) && after.surface !== 'lying') return false
  return rest.some((x) => PLACES.has(x.surface)) || WASTE.has(object[noun]!.lemma)
}

/** "left the windows streaky", "were left smeared": a surface left dirty, the adjective within three words. */
const leftStreaky = (tokens: Token[], k: number) => tokens.slice(k + 1, k + 4).some((x) => STREAKY.has(x.surface) || STREAKY.has(x.lemma))

/** "the old pipes were just left in the garden": the waste before a passive "left". */
const wasteLeftPassive = (tokens: Token[], k: number) =>
  tokens[k - 1]?.lemma === 'be' || (tokens[k - 1]?.pos === 'ADV' && tokens[k - 2]?.lemma === 'be')
    ? tokens.slice(Math.max(0, k - 6), k).some((x) => WASTE.has(x.lemma) || x.surface === 'old') &&
      tokens.slice(k + 1, k + 3).some((x) => PLACES.has(x.surface))
    : false

/** "The old carpet is still in the hallway", "the rubble is still piled in our garden": waste still there, at "still". */
const wasteStill = (tokens: Token[], k: number) =>
  tokens[k]!.surface === 'still' &&
  tokens.slice(Math.max(0, k - 5), k).some((x) => WASTE.has(x.lemma) || x.surface === 'old') &&
  // A place ("in the hallway", "in our garden", "piled"), not a state ("still in use", "still on order").
  tokens
    .slice(k + 1, k + 4)
    .some(
      (x, j, after) =>
        x.surface === 'piled' || (['in', 'on'].includes(x.surface) && ['the', 'our', 'my', 'their'].includes(after[j + 1]?.surface ?? '')),
    )

const CLEANING_UP = new Set(['clean', 'hoover', 'vacuum', 'sweep', 'tidy', 'mop', 'scrub', 'wipe'])
/** Mess that is only ever left, never fitted: "grass clippings all over the patio", "concrete splatter on our car". */
const MESS = new Set([
  'clipping',
  'clippings',
  'sawdust',
  'dust',
  'debris',
  'rubble',
  'rubbish',
  'crumb',
  'crumbs',
  'soot',
  'splatter',
  'splash',
  'splashes',
  'handprint',
  'handprints',
  'fingerprint',
  'fingerprints',
  'footprint',
  'footprints',
  'muck',
  'mud',
  'residue',
  'streak',
  'streaks',
  'smear',
  'smears',
])
/** "dust sheets", "a dust mask": things named after the mess, not mess. */
const MESS_COMPOUNDS = new Set([
  'sheet',
  'cover',
  'mask',
  'pan',
  'bag',
  'sheets',
  'covers',
  'masks',
  'bags',
  'free',
  'control',
  'extraction',
  'barrier',
])
const REMOVING = new Set([...CLEANING_UP, 'remove', 'clear', 'pick', 'collect', 'take', 'haul', 'brush'])
const WHERE = new Set(['the', 'our', 'my', 'every', 'his', 'their', 'a'])

/**
 * Mess said as a fact where it lies: "grass clippings all over the patio", "oily handprints on the white garage wall",
 * "soot on the hearth rug", "streaks on every single pane", "crumbs still on the worktops". Not cleared or denied
 * ("they swept up the sawdust on the floor", "not a speck of dust on the floor": praise), not the customer's own or
 * found before the work ("dust everywhere from our own renovation", "the dust on the shelves before they came", "full of
 * muck in the downpipes so we called them"), not a dust sheet.
 */
function messLies(tokens: Token[], k: number): 'mess' | 'none' | undefined {
  const t = tokens[k]!
  if (!MESS.has(t.lemma) && !MESS.has(t.surface)) return undefined
  // "dust sheets", "streak free", "dust-free" (a hyphen token between).
  const compound = tokens[k + 1]?.surface === '-' ? tokens[k + 2] : tokens[k + 1]
  if (MESS_COMPOUNDS.has(compound?.lemma ?? '')) return undefined
  const after = tokens.slice(k + 1, k + 5)
  const lies = after.some(
    (x, j) =>
      x.surface === 'everywhere' ||
      (x.surface === 'all' && after[j + 1]?.surface === 'over') ||
      (['on', 'in', 'across', 'over'].includes(x.surface) && WHERE.has(after[j + 1]?.surface ?? '')),
  )
  if (!lies || tokens.some((x) => x.surface === 'before' || x.surface === 'own')) return undefined
  const before = tokens.slice(Math.max(0, k - 5), k)
  if (before.some((x) => FIRST_PERSON.has(x.surface) || x.surface === 'full')) return undefined
  // Cleared, before or after: "they swept up the sawdust", "all the debris in the gutters was cleared away".
  if (
    tokens.some((x) => REMOVING.has(x.lemma)) ||
    tokens.slice(k + 1).some((x, j, rest) => x.lemma === 'come' && ['out', 'off'].includes(rest[j + 1]?.surface ?? ''))
  )
    return undefined
  // "... in the downpipes so we called them": the trouble called about.
  if (tokens.slice(k + 1).some((x, j, rest) => x.surface === 'so' && FIRST_PERSON.has(rest[j + 1]?.surface ?? ''))) return undefined
  // "not a speck of dust", "didn't leave a trace of dust": a denial up to five words before.
  if (before.some((x) => ['no', 'not', "n't", 'never', 'without', 'zero', 'any'].includes(x.surface))) return 'none'
  return 'mess'
}
/** "I had to hoover for two hours after they left", "we had to clean up after them": the customer cleaning up after the business. */
const cleanedUpAfterThem = (tokens: Token[], k: number) =>
  tokens[k]!.lemma === 'have' &&
  FIRST_PERSON.has(tokens[k - 1]?.surface ?? '') &&
  tokens[k + 1]?.surface === 'to' &&
  CLEANING_UP.has(tokens[k + 2]?.lemma ?? '') &&
  tokens
    .slice(k + 3, k + 9)
    .some((x, j, after) => x.surface === 'after' && ['they', 'them', 'him', 'the'].includes(after[j + 1]?.surface ?? ''))

/** Marks waste or dirt left behind on the verb "left" (a sentence rule: runs before the sentence is split). */
export function leftBehind(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (!t.extra && (wasteStill(tokens, k) || cleanedUpAfterThem(tokens, k))) {
      t.extra = timeEntry('left behind', -0.7, 'cleanliness')
      return
    }
    const mess = t.extra ? undefined : messLies(tokens, k)
    if (mess) {
      t.extra = mess === 'none' ? timeEntry('no mess left', 0.6, 'cleanliness') : timeEntry('mess left', -0.6, 'cleanliness')
      return
    }
    // Not the customer's: "we left the old sofa in the garage for them to take".
    if (t.extra || t.lemma !== 'leave' || tokens[k - 1]?.surface === 'to' || FIRST_PERSON.has(tokens[k - 1]?.surface ?? '')) continue
    if (wasteLeft(tokens, k) || leftStreaky(tokens, k) || wasteLeftPassive(tokens, k)) {
      // "They didn't leave any rubbish behind", "they left no rubbish": praise.
      const denied =
        tokens.slice(Math.max(0, k - 3), k).some((x) => NOT_OR_NEVER.has(x.surface)) ||
        tokens.slice(k + 1, k + 3).some((x) => ['no', 'zero', 'not', 'nothing'].includes(x.surface))
      t.extra = denied ? timeEntry('left nothing behind', 0.6, 'cleanliness') : timeEntry('left behind', -0.7, 'cleanliness')
      return
    }
  }
}
