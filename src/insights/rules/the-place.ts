/**
 * The place the business lets or keeps (landlords, apartment complexes, hotels), as the customer lives in it.
 *
 * Pests there: "lots of roaches, wouldn't recommend this apartment", "my apartment has been infested with roaches since
 * day 1", "fleas when I moved in from the previous tenant". The state of the place is its cleanliness (LABELLING.md:
 * the state of the home, dirt left).
 * - The place must be theirs to keep: an apartment, unit, complex, building or room named in the sentence (not a
 *   laundry room, not an HVAC unit), or the customer's moving in (into no house or home of their own). A house or a
 *   home is the customer's own, and pests there are the trouble a pest control company is called about; still there
 *   after its treatment is its work failing (fault-remains.ts).
 * - Not where someone was called, hired or came to treat them, not the trade's name ("pest control"), software bugs,
 *   a trap, a question or one insect.
 * - Denied it is praise ("never had a single roach in the apartment").
 * The mark sits on the pest word. Its climate and hot water: climateInThePlace below.
 */
import { PESTS } from './fault-remains'
import { type Token, timeEntry } from './types'
import { isQuestion, NOT_OR_NEVER, SERVICE_PEOPLE } from './words'

const DWELLINGS = new Set(['apartment', 'apt', 'unit', 'complex', 'building', 'room', 'dorm', 'suite', 'studio', 'condo'])
const TREATING = new Set([
  'exterminator',
  'treatment',
  'treat',
  'spray',
  'bait',
  'baiting',
  'fumigate',
  'rid',
  'call',
  'hire',
  'fix',
  'seal',
  'remove',
  'inspection',
  'trap',
])
const VERMIN = new Set([...PESTS, 'bug', 'bugs', 'fleas', 'roaches', 'infested', 'infestation'])
/** Rooms of a house, the customer's own: "a wasp in my laundry room". */
const HOUSE_ROOMS = new Set(['laundry', 'living', 'dining', 'utility', 'family', 'storage', 'boiler', 'mud', 'rec', 'bonus', 'guest'])

/** Not a trap set for them ("the rat traps outside"), the trade's name ("pest control"), nor software ("the app has bugs"). */
const NOT_VERMIN_AFTER = new Set(['trap', 'control', 'guy', 'tech', 'technician', 'company', 'man', 'service'])
const SOFTWARE = new Set(['app', 'application', 'portal', 'website', 'site', 'software', 'system', 'program'])
const isVermin = (t: Token, k: number, tokens: Token[]) =>
  (VERMIN.has(t.lemma) || VERMIN.has(t.surface) || t.surface.startsWith('infest')) &&
  !NOT_VERMIN_AFTER.has(tokens[k + 1]?.lemma ?? '') &&
  !(t.lemma.startsWith('bug') && tokens.some((x) => SOFTWARE.has(x.lemma)))
/** Not a room of a house ("our laundry room"), nor a machine's unit ("the HVAC unit"). */
const NOT_DWELLING_AFTER = new Set([...HOUSE_ROOMS, 'hvac', 'ac', 'storage', 'condenser', 'air', 'heating', 'freezer'])
const isDwelling = (t: Token, k: number, tokens: Token[]) =>
  (DWELLINGS.has(t.lemma) || DWELLINGS.has(t.surface)) && !NOT_DWELLING_AFTER.has(tokens[k - 1]?.surface ?? '')
const movingIn = (tokens: Token[]) =>
  tokens.some((t, k) => (t.lemma === 'move' && tokens[k + 1]?.surface === 'in') || t.surface === 'movein' || t.surface === 'move-in')

export const PESTS_IN_THE_PLACE = 'pests in the place'

export function pestsInThePlace(tokens: Token[]): void {
  if (!tokens.some((t, k) => isVermin(t, k, tokens))) return
  const ownHouse = tokens.some((t) => t.lemma === 'house' || t.lemma === 'home')
  if (!tokens.some((t, k) => isDwelling(t, k, tokens)) && !(movingIn(tokens) && !ownHouse)) return
  // A treatment named is the pest control's own story (fault-remains.ts reads it still there after).
  const treated = (t: Token, k: number) => TREATING.has(t.lemma) || (t.lemma === 'take' && tokens[k + 1]?.surface === 'care')
  // A treatment, or the customer calling or hiring someone about them: the pest control's own story. A question asks.
  if (tokens.some(treated) || isQuestion(tokens)) return
  const k = tokens.findIndex((t, j) => isVermin(t, j, tokens) && !t.extra)
  if (k < 0) return
  const denied = tokens.slice(Math.max(0, k - 4), k).some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'no')
  // "we saw one ant on the balcony": a single one is no infestation (denied, "never a single roach", it is praise).
  if (!denied && ['one', 'single'].includes(tokens[k - 1]?.surface ?? '')) return
  tokens[k]!.extra = denied ? timeEntry('no pests in the place', 0.5, 'cleanliness') : timeEntry(PESTS_IN_THE_PLACE, -0.6, 'cleanliness')
}

const PERSONS = new Set(['he', 'she', 'they', 'staff', 'who', 'employees', 'manager', 'receptionist', 'desk', 'reception'])
const TOO = new Set(['too', 'so', 'very', 'extremely', 'always', 'still', 'freezing', 'really'])
const CLIMATE = new Set(['hot', 'cold', 'freezing', 'boiling', 'stuffy', 'humid', 'sweltering'])
/**
 * Its climate, and its hot water: "our apartment was still boiling", "the room was too hot even with the air con on",
 * "the rooms were cold", "no hot water in the shower", "the hot water is down once a week". What the place gives is
 * the quality of what is let. The same dwelling words as for pests; not where someone came to fix it (the trouble an
 * HVAC company is called about), not "hot tub" or a hot dish, not a question; denied ("never cold") it is praise.
 */
export function climateInThePlace(tokens: Token[]): void {
  if (!tokens.some((t, k) => isDwelling(t, k, tokens)) || isQuestion(tokens)) return
  if (tokens.some((t) => ['fix', 'repair', 'replace', 'install', 'come'].includes(t.lemma) && t.pos === 'VERB')) return
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.extra || !CLIMATE.has(t.surface)) continue
    const next = tokens[k + 1]?.surface ?? ''
    // "hot water": the supply, faulted when missing or down ("no hot water", "the hot water is down", "barely hot water").
    if (t.surface === 'hot' && next === 'water') {
      const missing = ['no', 'never', 'barely', 'without'].includes(tokens[k - 1]?.surface ?? '')
      const down = tokens.slice(k + 2, k + 6).some((x) => ['down', 'out', 'problem', 'issue', 'off'].includes(x.surface))
      if (missing || down) t.extra = timeEntry(CLIMATE_FAULT, -0.6, 'quality')
      continue
    }
    // Said of the place: "too hot", "was cold", "freezing cold", not "a hot tub", "cold croissants".
    if (tokens[k + 1]?.pos === 'NOUN' && !CLIMATE.has(next)) continue
    // The trouble before the job: "the room was still cold when he arrived", "so we called them".
    if (
      tokens
        .slice(k + 1)
        .some(
          (x, j, rest) =>
            ['when', 'before', 'until'].includes(x.surface) || (x.surface === 'so' && ['we', 'i'].includes(rest[j + 1]?.surface ?? '')),
        )
    )
      return
    // Past "never" or "not": "was never cold".
    let j = k - 1
    while (j > 0 && NOT_OR_NEVER.has(tokens[j]!.surface)) j--
    const said = TOO.has(tokens[j]?.surface ?? '') || tokens[j]?.lemma === 'be' || tokens[j]?.lemma === 'feel'
    if (!said) continue
    // Said of people: "the front desk staff who dealt with us were cold".
    if (tokens.slice(Math.max(0, k - 6), k).some((x) => SERVICE_PEOPLE.has(x.lemma) || PERSONS.has(x.surface))) continue
    const denied = tokens.slice(Math.max(0, k - 4), k).some((x) => NOT_OR_NEVER.has(x.surface))
    t.extra = denied ? timeEntry('place kept comfortable', 0.5, 'quality') : timeEntry(CLIMATE_FAULT, -0.6, 'quality')
    return
  }
}
const CLIMATE_FAULT = 'the place too hot or cold'
