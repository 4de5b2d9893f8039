/** Word lists several rules share (negators, trouble nouns, fixtures, first person, ...). */
import { lookupTable } from '../../core/lookup-table'
import type { Token } from './types'
import { NEGATORS, TROUBLE_NOUNS, SPEED_NOUNS, TIME_NOUNS, ARRIVAL_VERBS, REQUEST_VERBS } from '../lexicon'

export const NEGATOR_SET = new Set(NEGATORS)
/** A negator by its surface or its lemma ("never", "not", "n't", "no", ...). */
export const isNegator = (t: Token) => NEGATOR_SET.has(t.surface) || NEGATOR_SET.has(t.lemma)
/** The plain denials of a verb ("did not come", "never called"), without the lexicon's other negators ("nobody", "without"). */
export const NOT_OR_NEVER = new Set(['not', "n't", 'nt', 'never'])
export const TROUBLE = new Set(TROUBLE_NOUNS)
export const SEGMENT_BREAKS = new Set([',', 'and', '&', 'plus', '—', '–', ':', '(', ')', 'also'])
export const SPEED_NOUN_SET = new Set(SPEED_NOUNS)
export const TIME_NOUN_SET = new Set(TIME_NOUNS)
export const ARRIVAL = new Set(ARRIVAL_VERBS)
export const FAMILY = new Set([
  'husband',
  'wife',
  'son',
  'daughter',
  'dad',
  'father',
  'mom',
  'mother',
  'brother',
  'sister',
  'neighbor',
  'neighbour',
  'friend',
  'partner',
  'landlord',
])
export const FIRST_PERSON = new Set(['i', 'we'])
/** The customer as an object: "waited for me", "kept us waiting". */
export const CUSTOMER_OBJECTS = new Set(['me', 'us'])
/** Possessive determiners: "my", "their", ... */
export const POSSESSIVE = new Set(['my', 'our', 'your', 'his', 'her', 'their', 'its'])
/** A sentence that asks, ending in "?": it states nothing of the business ("is the rent going up again?"). */
export const isQuestion = (tokens: readonly Token[]) => tokens.at(-1)?.surface === '?'
/** What a thing "turned out" to be when nothing was wrong: a diagnosis ("the wiring turned out fine"), not the work judged. */
export const FOUND_FINE = new Set(['fine', 'ok', 'okay', 'good', 'normal'])
/** Who a clause is about, the customer ("I", "we") or the tradesman: the nearest of these before a word is its subject. */
export const CLAUSE_SUBJECTS = new Set([
  'i',
  'we',
  'he',
  'she',
  'they',
  'it',
  'you',
  'someone',
  'nobody',
  'tech',
  'technician',
  'plumber',
  'crew',
  'guy',
])
/** Things in a house that can be slow themselves (a drain, a flush): "slow" after them is the trouble. */
export const FIXTURES = new Set([
  'drain',
  'sink',
  'tub',
  'bathtub',
  'shower',
  'toilet',
  'pipe',
  'line',
  'water',
  'pressure',
  'flush',
  'heater',
  'furnace',
  'fan',
  'pump',
  'disposal',
  'faucet',
  'tap',
])
export const OTHER_SUBJECTS = new Set([
  'he',
  'she',
  'they',
  'it',
  'you',
  'someone',
  'somebody',
  'them',
  'him',
  'everything',
  'everyone',
  'anyone',
])
export const REQUEST = new Set(REQUEST_VERBS)
/** Numbers written as words, by their value ("eight-hour window", "three hours", "two coats"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = lookupTable({
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
})
/** A number written in digits or in words ("8", "2.5", "eight"), or undefined. */
export const numberIn = (word: string): number | undefined => Number.parseFloat(word) || NUMBER_WORDS[word]
/**
 * People who serve a customer, named by their role or plainly ("the lady at the desk", "the salesman"), beside
 * refusals.ts's people of the business (SUBJECTS): whom an insult or a snub is said of.
 */
export const SERVICE_PEOPLE = new Set([
  'clerk',
  'cashier',
  'lady',
  'woman',
  'man',
  'girl',
  'guy',
  'guys',
  'salesman',
  'saleswoman',
  'salesperson',
  'stylist',
  'barber',
  'agent',
  'management',
  'server',
  'waiter',
  'waitress',
  'hostess',
  'teller',
  'associate',
  'attendant',
  'person',
  'people',
  'contractor',
  'dealer',
])
