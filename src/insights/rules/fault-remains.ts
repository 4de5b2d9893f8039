/**
 * The fault the business was called for, still there or back after its work, said as a fact: a quality complaint.
 * - Still in its faulty state: "the radiator is still cold", "the drain is still slow", "the noise is still there",
 *   "the radiators remain cold".
 * - Back: "the damp patch reappeared", "the leak started again a week later", "the blockage came back".
 * - Pests still there or back after a treatment: "mice are still in the loft after the third visit".
 * - As before: "the boiler makes the same noise as before", "the lights flicker just like before", "nothing changed
 *   after the repair".
 * And the reverse, praise: "the leak never came back", "the problem has not returned".
 * Not: a person coming back ("he came back with the part"), weather ("it's still cold outside"), the state the
 * customer found ("it was still cold when he arrived"), a thing working as before ("works just like before").
 */
import { SENTIMENT } from '../lexicon'
import { type Clause, type Hit, type Token, timeEntry } from './types'
import { SUBJECTS } from './refusals'
import { FIRST_PERSON, NOT_OR_NEVER, REQUEST } from './words'

/** What a fault is called: the thing that comes back or stays. */
export const FAULT_NOUNS = new Set(
  'leak leaks leaking blockage clog problem problems fault error code issue issues damp patch crack smell drip dripping mould mold stain squeak rattle noise trouble draught draft'.split(
    ' ',
  ),
)
/** States a fixed thing should no longer be in. Not "warm" (a room in the sun) nor "wet" (paint). */
const FAULT_STATES = new Set(
  'cold lukewarm damp slow stiff loose noisy loud draughty drafty dead faulty blocked clogged leaky stuck jammed wobbly crooked uneven freezing present there broken'.split(
    ' ',
  ),
)
const PERSONS = new Set(['i', 'we', 'you', 'he', 'she', 'they', 'me', 'us', 'him', 'her', 'them'])
const OUTDOORS = new Set(['outside', 'outdoors', 'weather'])
/** States said of a fault itself, not of a thing: "the noise is still there" (not "the engineer was still there"). */
const OF_A_FAULT = new Set(['present', 'there'])
/** "than before" judges only after these: "louder than before" (not "better than before"). */
const WORSE = new Set(['worse', 'louder', 'noisier', 'colder', 'slower', 'weaker', 'bigger', 'more', 'higher'])
/** Words saying the thing works again, which "just like before" then praises. */
const WORKING = new Set(['work', 'fine', 'good', 'normal', 'normally', 'perfectly', 'better', 'fixed', 'new'])
/** Words of the faulty behaviour itself, which "as before" says went on. */
const FAULTY_DOINGS = new Set([
  'noise',
  'flicker',
  'trip',
  'tripping',
  'leak',
  'drip',
  'problem',
  'error',
  'fault',
  'cold',
  'smell',
  'louder',
  'worse',
])

const fault = (reading: string) => timeEntry(reading, -0.7, 'quality')

/** "is still cold", "remain cold": the state after "still" or "remain", where no person is the subject and no outdoors is meant. */
function stillFaulty(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  // "the radiators in the attic remain cold": "remain" says "still" itself.
  const remains = t.lemma === 'remain' && t.pos === 'VERB'
  if (!remains && (t.surface !== 'still' || !['be', 'remain', 'seem', 'feel'].includes(tokens[k - 1]?.lemma ?? ''))) return false
  const state = tokens[k + 1]
  if (!state || !FAULT_STATES.has(state.surface)) return false
  // Before "is still" (k - 1 is the verb) or before "remains" (k is).
  const subject = tokens.slice(Math.max(0, k - 4), remains ? k : k - 1)
  if (subject.some((x) => PERSONS.has(x.surface)) || tokens.some((x) => OUTDOORS.has(x.surface))) return false
  if (OF_A_FAULT.has(state.surface) && !subject.some((x) => FAULT_NOUNS.has(x.lemma))) return false
  // "still cold when he arrived", "still broken when we called them": the state the customer found, before the work.
  const after = tokens.slice(k + 2, k + 7)
  return !after.some((x, j) => {
    const who = after[j + 1]
    if (!['when', 'before', 'until', 'so'].includes(x.surface) || !who || !PERSONS.has(who.surface)) return false
    return !FIRST_PERSON.has(who.surface) || REQUEST.has(after[j + 2]?.lemma ?? '')
  })
}

/** "reappeared", "returned", "started again": a fault noun's return; the index of the word that says so, or -1. */
function returnedAt(tokens: Token[], k: number): number {
  const t = tokens[k]!
  const next = tokens[k + 1]
  const returned =
    t.lemma === 'reappear' ||
    (t.lemma === 'return' && !['DET', 'PRON', 'NOUN'].includes(next?.pos ?? '')) ||
    (['start', 'begin'].includes(t.lemma) && next?.surface === 'again') ||
    // "the same error code showed up again": a fault turning up again is no arrival ("an error code popped up, so we
    // called them" is the trouble called about).
    (['show', 'pop', 'crop', 'turn'].includes(t.lemma) &&
      next?.surface === 'up' &&
      tokens.slice(k + 2, k + 5).some((x) => x.surface === 'again' || x.surface === 'back'))
  // "has not returned", "never reappeared": the clause rule below reads those as praise.
  return returned && !tokens.slice(Math.max(0, k - 3), k).some((x) => NOT_OR_NEVER.has(x.surface)) ? k : -1
}

/** The nearest noun before token k, past verbs' helpers and adverbs ("the damp patch has reappeared"). */
function subjectBefore(tokens: Token[], k: number): Token | undefined {
  for (let j = k - 1; j >= Math.max(0, k - 5); j--) {
    const x = tokens[j]!
    if (x.pos === 'NOUN' || x.pos === 'PRON' || x.pos === 'PROPN') return x
    if (!['AUX', 'ADV', 'PART'].includes(x.pos)) return undefined
  }
  return undefined
}

/**
 * "the same noise as before", "flicker just like before", "even louder than before": the fault unchanged, named in the
 * same part of the sentence; not "the tap works just like before" nor "better than before".
 */
function asBefore(tokens: Token[], k: number): boolean {
  const word = tokens[k - 1]?.surface ?? ''
  if (tokens[k]!.surface !== 'before' || !['as', 'like', 'than'].includes(word)) return false
  let from = k - 1
  while (from > 0 && ![',', 'and', 'but', ';'].includes(tokens[from - 1]!.surface)) from--
  const part = tokens.slice(from, k)
  if (!part.some((x) => FAULTY_DOINGS.has(x.lemma) || FAULTY_DOINGS.has(x.surface))) return tailAsBefore(tokens, from, k)
  return word === 'than' ? WORSE.has(tokens[k - 2]?.surface ?? '') : !part.some((x) => WORKING.has(x.lemma))
}

/**
 * "The toilet keeps running, exactly like before", "the door reverses halfway down, same as before they came": a
 * short "same as before" after a comma says the state before it is unchanged; not where anything in the sentence is
 * praised ("Great job, just like before") or works ("it runs fine, same as before").
 */
function tailAsBefore(tokens: Token[], from: number, k: number): boolean {
  if (from < 2 || tokens[from - 1]!.surface !== ',' || k - from > 3 || !['same', 'exactly', 'just'].includes(tokens[from]!.surface))
    return false
  if (tokens.some((x) => WORKING.has(x.lemma) || (SENTIMENT[x.lemma] ?? SENTIMENT[x.surface] ?? 0) > 0)) return false
  // The state goes on, in the present ("keeps running", "reverses"), not a visit told in the past ("Used them again
  // for the boiler service, same as before").
  return tokens
    .slice(0, from - 1)
    .some((x) => x.pos === 'VERB' && (x.lemma === 'keep' || (x.surface !== x.lemma && /[^s]s$/.test(x.surface))))
}

/** "Nothing changed after the repair", "no difference after their visit". */
function nothingChanged(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  const denied =
    (t.lemma === 'change' && tokens[k - 1]?.surface === 'nothing') || (t.surface === 'difference' && tokens[k - 1]?.surface === 'no')
  return denied && tokens.slice(k + 1, k + 5).some((x) => ['repair', 'visit', 'work', 'fix', 'service', 'job'].includes(x.lemma))
}

/** Pests a treatment is for: still there or back after it is the treatment failing. */
export const PESTS = new Set([
  'mouse',
  'mice',
  'rat',
  'ant',
  'cockroach',
  'roach',
  'bedbug',
  'flea',
  'wasp',
  'termite',
  'moth',
  'silverfish',
  'pest',
])
/**
 * "Mice are still in the loft after the third visit", "ants back in the kitchen four days after the treatment": pests
 * still there or back, at "still" or "back"; not denied ("no mice back since"), not the customer's ("we had mice back
 * in the loft"), not a person's return ("came back to check"), not the trouble called about ("still there when the tech
 * arrived").
 */
function pestsRemain(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (t.surface !== 'still' && t.surface !== 'back') return false
  const before = tokens.slice(Math.max(0, k - 3), k)
  if (!before.some((x) => PESTS.has(x.lemma) || PESTS.has(x.surface))) return false
  if (before.some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'no')) return false
  // "We had mice back in the loft": the customer's trouble; "came back to check": a person's return.
  if (tokens.slice(0, k).some((x) => FIRST_PERSON.has(x.surface)) || ['come', 'go', 'get'].includes(tokens[k - 1]?.lemma ?? ''))
    return false
  if (!['in', 'at', 'on', 'after', 'again', 'everywhere', 'there', '.', ','].includes(tokens[k + 1]?.surface ?? '.')) return false
  // "still there when the tech arrived", "so we called them": the trouble called about.
  return !tokens
    .slice(k + 1)
    .some(
      (x, j, rest) =>
        ['when', 'before', 'until'].includes(x.surface) || (x.surface === 'so' && FIRST_PERSON.has(rest[j + 1]?.surface ?? '')),
    )
}

/** Marks a fault still there, back or unchanged (a sentence rule: runs before the sentence is split). */
export function faultRemains(tokens: Token[]): void {
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.extra) continue
    if (stillFaulty(tokens, k)) tokens[k + 1]!.extra ??= fault('fault still there')
    else if (returnedAt(tokens, k) >= 0 && FAULT_NOUNS.has(subjectBefore(tokens, k)?.lemma ?? '')) {
      t.extra = fault('fault came back')
      // Its words are no arrival ("showed up") for the lexicon to read.
      t.masked = true
      if (tokens[k + 1]?.surface === 'up') tokens[k + 1]!.masked = true
    } else if (asBefore(tokens, k)) t.extra = fault('fault as before')
    else if (nothingChanged(tokens, k)) t.extra = fault('nothing changed')
    else if (pestsRemain(tokens, k)) t.extra = fault('pests still there')
    else continue
    return
  }
}

/**
 * "The leak came back", "the blockage was back", "the problem returned" is the fault returning (failures.ts would read a bare "came back" as
 * the job, and a person's return as a visit); "the leak never came back", "the problem has not come back" is the work
 * holding: praise, where "never came" would read as a no-show and "not returned" as a call not returned.
 */
export function faultReturned({ tokens, hits }: Clause): void {
  for (const h of hits) {
    const back = returnSpan(tokens, h)
    if (back < 0) continue
    const subject = subjectBefore(tokens, h.start)
    if (!subject || !FAULT_NOUNS.has(subject.lemma)) continue
    const denied = h.negated || tokens.slice(Math.max(0, h.start - 2), back).some((x) => NOT_OR_NEVER.has(x.surface))
    h.entry = denied ? timeEntry('fault never came back', 0.7, 'quality') : fault('fault came back')
    h.score = h.entry.sentiment
    h.negated = false
  }
}

/** Where a hit says a return: "back" in or just after "came back", "never came" + "back"; or "returned". -1 when it does not. */
function returnSpan(tokens: Token[], h: Hit): number {
  const span = tokens.slice(h.start, h.end + 1)
  const come = span.findIndex((x) => x.lemma === 'come' || x.lemma === 'be')
  if (come >= 0 && span[come + 1]?.surface === 'back') return h.start + come + 1
  const returned = span.findIndex((x, j) => x.lemma === 'return' && h.start + j < h.end)
  return returned >= 0 ? h.start + returned : -1
}

/** "The engineer was still there at 9pm checking everything": a person still there is no fault still there (phrases.ts). */
export function personStillThere({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.entry.phrase !== 'still there') continue
    const subject = subjectBefore(tokens, h.start)
    if (subject && (PERSONS.has(subject.surface) || SUBJECTS.has(subject.lemma) || subject.pos === 'PROPN')) h.score = 0
  }
}
