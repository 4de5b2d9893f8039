/**
 * Clause-level aspect-based sentiment of one English review text. wink-nlp (with its English lite
 * model, bundled in the npm package) gives sentences, tokens, lemmas and part-of-speech tags; the
 * domain lexicon (lexicon.ts, phrases.ts) says which aspect a phrase talks about and how it feels.
 *
 * How a sentence is read:
 * 1. Idioms and fixed expressions are matched first and keep their own sense ("couldn't be happier",
 *    "no complaints", "cost an arm and a leg", "later that day").
 * 2. Contrast words ("but", "although", "except", "however") split the sentence into clauses judged
 *    apart; a clause is further cut at commas and "and" into parts, and an aspect takes the sentiment
 *    of its own part when that part has one ("Quick and affordable", "Friendly guy, late though"). A complaint
 *    conceded by later praise of the same aspect ("not cheap but worth it", "Pricey? Worth it.") is left out.
 * 3. A negator flips a sentiment word within three words before it, looking past fillers ("never
 *    once had to wait"); a negation is used up by the first word it flips, except across "or"/"nor".
 *    Nouns of trouble ("issue", "leak") carry no opinion unless denied ("zero issues" is praise).
 * 4. Anything said in the scope of another company ("the last plumber never showed") is left out,
 *    except a comparison that judges this business ("cheaper than the other quotes"). Others are also named
 *    by number ("two never called back"), in general ("every plumber I've called"), by the one who sent them
 *    ("the plumber the home warranty sent"), or as met long before ("a plumber last spring").
 * 5. The business's own service names are masked: "drain cleaning" is a service, not cleanliness.
 * 6. What is not an opinion of the business stays neutral: the trouble that needed fixing ("our heater
 *    died"; a failure counts only when something places it after the job: "again", "since", "the new
 *    outlet", but not a new part the customer bought), the customer's situation or fears ("before we called",
 *    "repairs scare me", "I expected to pay a fortune"), the trouble's history, diagnosis and mess ("terrible for
 *    years", "turned out to be a dirty filter", "disgusting mess"), the object of a repair ("patched the stain"),
 *    a return visit with the part, time words ("later that day"). A quoted amount and a billed one are compared.
 *
 * Taken from VADER (Hutto & Gilbert 2014): the three-word negation window and its damping scalar
 * (-0.74) for a flipped word, booster words that scale the next sentiment word, and the "but" rule
 * (what precedes "but" weighs half, what follows one and a half times) for the review's overall score.
 * wink's own negation flag and sentence sentiment are not used: its negation scope runs to the end
 * of the sentence, which turned "couldn't be happier with the quick service" into a complaint.
 */
import type winkNLP from 'wink-nlp'
import type { Business } from '../reviews/schema'
import {
  AFTERMATH_MARKERS,
  ASPECT_CUES,
  COMPARATIVES,
  LEADING_CONTRAST_WORDS,
  FAILURES,
  COMPETITOR_HEADS,
  COMPETITOR_MODIFIERS,
  CONTRAST_WORDS,
  EXPLICIT_CUES,
  INTENSIFIERS,
  NEGATION_FILLERS,
  NEGATORS,
  SENTIMENT,
  SUBORDINATING,
  TROUBLE_NOUNS,
  TYPOS,
  WEAK_CUES,
  SPEED_MANNER_WORDS,
  SPEED_NOUNS,
  CUSTOMER_VERBS,
  SERVICE_RECEIVING_VERBS,
  IRREALIS_VERBS,
  TIME_NOUNS,
  ARRIVAL_VERBS,
  QUANTITY_NOUNS,
  FAILURE_VERBS,
  JOB_MARKERS,
  PROSPECTIVE_MARKERS,
  EXCLAMATIVE_PRAISE,
  REQUEST_VERBS,
  WEEKDAYS,
  OFF_HOURS,
  COMING_VERBS,
  type AspectId,
} from './lexicon'
import { PHRASES, SARCASM_MARKERS, SITUATION_MARKERS } from './phrases'

export type Polarity = 'positive' | 'negative' | 'neutral'
export type AspectMention = { aspect: AspectId; sentiment: Polarity; score: number; clause: string; cues: string[] }
export type ClauseAnalysis = {
  text: string
  score: number
  aspects: AspectId[]
  cues: { phrase: string; score: number; negated: boolean; aspect: AspectId | null }[]
}
export type TextAnalysis = {
  clauses: ClauseAnalysis[]
  aspects: AspectMention[]
  score: number
  /** Noun phrases per clause (lemmas, lower case), for topic detection; index-aligned with `clauses`. */
  phrases: string[][]
}

/** What the analyser needs to know about the business: its own service names are not opinions. */
export type AnalysisContext = { maskedPhrases?: string[][]; cleaningBusiness?: boolean }

type Token = {
  raw: string
  surface: string
  lemma: string
  pos: string
  masked: boolean
  competitor: boolean
  extra?: Entry
  sentenceStart?: boolean
}
type Entry = {
  words: string[]
  sentiment: number
  aspects: AspectId[]
  weak: AspectId[]
  /** An idiom or fixed expression: matched whole, never re-read word by word. */
  fixed: boolean
  /** Carries its own negation ("no complaints"): an outer negator does not flip it again. */
  shielded: boolean
  explicit: boolean
  trouble: boolean
  sarcasm: boolean
  phrase: string
}
/** `job`: a failure read as the job to be done (no opinion, and no cue for nearby feeling to attach to). */
type Hit = { entry: Entry; start: number; end: number; score: number; negated: boolean; segment: number; job?: boolean }

let nlp: ReturnType<typeof winkNLP> | undefined
/** The model is large: loaded on first analysis, not at process start (cold start, idle memory). */
// Only sentence boundaries and part-of-speech tags (lemmas come with them): wink's negation, sentiment and entity pipes are not used.
const engine = () => (nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model'), ['sbd', 'pos']))

const NEUTRAL_BAND = 0.1
const NEGATION_SCALAR = -0.74
const NEGATION_WINDOW = 3
/** How far (in tokens) an aspect-free word may stand from a felt cue and still colour it. */
const NEAR = 3
/** "zero issues", "never had a problem": praise as firm as "good". */
const DENIED_TROUBLE = 0.7
const NEGATOR_SET = new Set(NEGATORS)
const FILLERS = new Set(NEGATION_FILLERS)
const TROUBLE = new Set(TROUBLE_NOUNS)
const CONTRAST = new Set(CONTRAST_WORDS)
const LEADING_CONTRAST = new Set(LEADING_CONTRAST_WORDS)
const SUBORDINATE = new Set(SUBORDINATING)
const COMPETITOR_MODIFIER_SET = new Set(COMPETITOR_MODIFIERS)
const COMPETITOR_HEAD_SET = new Set(COMPETITOR_HEADS)
const COMPARATIVE_SET = new Set(COMPARATIVES)
const SCOPE_OPENERS = new Set(['after', 'before', 'when', 'because', 'since', 'than', 'while', 'where', 'whereas'])
const SEGMENT_BREAKS = new Set([',', 'and', '&', 'plus', '—', '–', ':', '(', ')', 'also'])
const NOUN_POS = new Set(['NOUN', 'PROPN'])
const SARCASM = new Set(SARCASM_MARKERS)
const SITUATION = new Set(SITUATION_MARKERS)
const FAILURE_SET = new Set(FAILURES)
const AFTERMATH = new Set(AFTERMATH_MARKERS)
const SPEED_MANNER = new Set(SPEED_MANNER_WORDS)
const SPEED_NOUN_SET = new Set(SPEED_NOUNS)
const CUSTOMER_VERB_SET = new Set(CUSTOMER_VERBS)
const RECEIVING = new Set(SERVICE_RECEIVING_VERBS)
const IRREALIS = new Set(IRREALIS_VERBS)
const TIME_NOUN_SET = new Set(TIME_NOUNS)
const ARRIVAL = new Set(ARRIVAL_VERBS)
const QUANTITY = new Set(QUANTITY_NOUNS)
const PROSPECTIVE = new Set(PROSPECTIVE_MARKERS)
const EXCLAMATIVE = new Set(EXCLAMATIVE_PRAISE)
const FAILURE_VERB_SET = new Set(FAILURE_VERBS)
const JOB_MARKER_SET = new Set(JOB_MARKERS)
const FAMILY = new Set([
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
/** Adjectives of speed that can qualify a noun ("a quick look"); adverbs like "quickly" cannot. */
const SPEED_ADJECTIVES = new Set(['quick', 'fast', 'speedy', 'swift', 'rapid', 'prompt', 'slow'])
const FIRST_PERSON = new Set(['i', 'we'])
/** Things in a house that can be slow themselves (a drain, a flush): "slow" after them is the trouble. */
const FIXTURES = new Set([
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
/** Verbs of the customer getting or fitting something themselves ("the new faucet we bought"). */
const OWN_VERBS = new Set(['buy', 'bought', 'order', 'purchase', 'get', 'pick', 'choose', 'install', 'put', 'fit', 'bring'])
/** Lengths of time that, beside the trouble called about, tell how long it lasted ("leaked for ages"). */
const DURATIONS = new Set(['ages', 'forever', 'long time'])
const BUSINESS_OR_WAIT = new Set([
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
/** Nouns "late" can qualify and still speak of the visit ("a late arrival", "a late start"). */
const LATE_ABOUT_VISIT = new Set([
  'arrival',
  'start',
  'tech',
  'technician',
  'plumber',
  'electrician',
  'crew',
  'guy',
  'show',
  'appearance',
  'notice',
  'cancellation',
  'reschedule',
])
/** Verbs whose object is the trouble cured ("patched the stain", "sealed the crack"). */
const OBJECT_DETERMINERS = new Set(['the', 'a', 'an', 'that', 'our', 'my', 'every', 'all', 'his', 'her', 'their', 'this'])
const REPAIR_VERBS = new Set([
  'clean',
  'cleaned',
  'tidy',
  'tidied',
  'patch',
  'fix',
  'repair',
  'seal',
  'remove',
  'replace',
  'clear',
  'unclog',
  'mend',
  'cure',
  'eliminate',
  'stop',
  'solve',
  'resolve',
  'treat',
  'patched',
  'fixed',
  'repaired',
  'sealed',
  'removed',
  'replaced',
  'cleared',
  'unclogged',
  'mended',
  'cured',
  'eliminated',
  'stopped',
  'solved',
  'resolved',
  'treated',
])
/** Places in a house a job is done in ("a nightmare crawlspace"). */
const HOUSE_PLACES = new Set([
  'crawlspace',
  'crawl',
  'attic',
  'basement',
  'space',
  'access',
  'spot',
  'corner',
  'location',
  'cellar',
  'closet',
  'wall',
  'ceiling',
  'garage',
])
const PEOPLE = new Set(['he', 'she', 'they', 'tech', 'technician', 'plumber', 'electrician', 'guy', 'crew', 'team', 'installer'])
const MESS_MAKING = new Set(['leave', 'left', 'make', 'made', 'track', 'tracked', 'create', 'drag', 'spread'])
const OTHER_SUBJECTS = new Set(['he', 'she', 'they', 'it', 'you', 'someone', 'somebody', 'them', 'him', 'everything', 'everyone', 'anyone'])

const key = (phrase: string) => phrase.toLowerCase().trim()

/** Every lexicon source merged into one table of entries keyed by first word, longest first. */
function buildIndex(): Map<string, Entry[]> {
  const byPhrase = new Map<string, Entry>()
  const entry = (phrase: string) => {
    const k = key(phrase)
    let e = byPhrase.get(k)
    if (!e) {
      e = {
        words: k.split(/\s+/),
        sentiment: 0,
        aspects: [],
        weak: [],
        fixed: false,
        shielded: false,
        explicit: EXPLICIT_CUES.has(k),
        trouble: TROUBLE.has(k),
        sarcasm: false,
        phrase: k,
      }
      byPhrase.set(k, e)
    }
    return e
  }
  for (const [phrase, value] of Object.entries(SENTIMENT)) entry(phrase).sentiment = value
  for (const [aspect, cues] of Object.entries(ASPECT_CUES) as [AspectId, string[]][])
    for (const cue of cues) if (!entry(cue).aspects.includes(aspect)) entry(cue).aspects.push(aspect)
  for (const [aspect, cues] of Object.entries(WEAK_CUES) as [AspectId, string[]][]) for (const cue of cues) entry(cue).weak.push(aspect)
  for (const noun of TROUBLE_NOUNS) entry(noun).trouble = true
  for (const [phrase, [value, aspect]] of Object.entries(PHRASES)) {
    const e = entry(phrase)
    e.sentiment = value
    e.fixed = true
    e.shielded = value === 0 || e.words.some((w) => NEGATOR_SET.has(w) || w === 'nobody' || w === 'never')
    e.sarcasm = SARCASM.has(key(phrase))
    e.aspects = aspect ? [aspect] : []
    e.weak = []
  }
  // "showed up late" and "explain everything" name the aspects of their words.
  for (const e of byPhrase.values()) {
    if (e.fixed || e.aspects.length || e.words.length < 2) continue
    for (let a = 0; a < e.words.length; a++) {
      for (let b = a + 1; b <= e.words.length; b++) {
        const part = byPhrase.get(e.words.slice(a, b).join(' '))
        if (part && part !== e) for (const aspect of part.aspects) if (!e.aspects.includes(aspect)) e.aspects.push(aspect)
      }
    }
  }
  const index = new Map<string, Entry[]>()
  const add = (words: string[], e: Entry) => {
    const list = index.get(words[0]!) ?? []
    list.push({ ...e, words })
    index.set(words[0]!, list)
  }
  for (const e of byPhrase.values()) {
    add(e.words, e)
    // The tokenizer splits "no-show" into "no", "-", "show"; reviewers also write "no show".
    if (e.phrase.includes('-') && e.words.length === 1) {
      add(e.phrase.replaceAll('-', ' - ').split(/\s+/), e)
      add(e.phrase.split('-'), e)
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length)
  return index
}

let INDEX: Map<string, Entry[]> | undefined
const lexiconIndex = () => (INDEX ??= buildIndex())

const isNumber = (t: Token) => t.pos === 'NUM' || /^\$?\d/.test(t.surface)
const wordMatches = (t: Token, word: string) => t.lemma === word || t.surface === word || (word === '<num>' && isNumber(t))

/** Length of the match of `words` at token i (with `*` standing for one to three tokens), or 0. */
function matchWords(tokens: Token[], i: number, words: string[], w = 0): number {
  if (w === words.length) return 0
  const word = words[w]!
  if (word === '*') {
    for (let skip = 1; skip <= 4 && i + skip < tokens.length; skip++) {
      const rest = matchWords(tokens, i + skip, words, w + 1)
      if (rest > 0 || w + 1 === words.length) return skip + rest
    }
    return -1
  }
  const t = tokens[i]
  if (!t || !wordMatches(t, word)) return -1
  if (w + 1 === words.length) return 1
  const rest = matchWords(tokens, i + 1, words, w + 1)
  return rest < 0 ? -1 : 1 + rest
}

/** Between two matches of one length: an idiom before a plain entry, a felt entry before a neutral one. */
const rank = (e: Entry) => (e.fixed ? 2 : 0) + (e.sentiment !== 0 ? 1 : 0)

/** Entries of one first word, split by their second word so a token only tries the phrases its neighbour allows. */
type Bucket = { single: Entry[]; bySecond: Map<string, Entry[]>; open: Entry[] }
let BUCKETS: Map<string, Bucket> | undefined
function buckets(): Map<string, Bucket> {
  if (BUCKETS) return BUCKETS
  BUCKETS = new Map()
  for (const [key, entries] of lexiconIndex()) {
    const bucket: Bucket = { single: [], bySecond: new Map(), open: [] }
    for (const e of entries) {
      const second = e.words[1]
      if (second === undefined) bucket.single.push(e)
      else if (second === '*' || second === '<num>') bucket.open.push(e)
      else bucket.bySecond.set(second, [...(bucket.bySecond.get(second) ?? []), e])
    }
    BUCKETS.set(key, bucket)
  }
  return BUCKETS
}

function matchAt(tokens: Token[], i: number): { entry: Entry; length: number } | undefined {
  const t = tokens[i]!
  const next = tokens[i + 1]
  const keys = t.lemma === t.surface ? [t.lemma] : [t.lemma, t.surface]
  if (isNumber(t)) keys.push('<num>')
  let best: { entry: Entry; length: number } | undefined
  const consider = (entries: Entry[] | undefined) => {
    if (!entries) return
    for (const entry of entries) {
      const length = matchWords(tokens, i, entry.words)
      if (length <= 0) continue
      // The business's own service names ("drain cleaning", "toilet") cue nothing, unless an idiom spans them.
      if (!entry.fixed && tokens.slice(i, i + length).some((x) => x.masked)) continue
      if (!best || length > best.length || (length === best.length && rank(entry) > rank(best.entry))) best = { entry, length }
    }
  }
  for (const key of keys) {
    const bucket = buckets().get(key)
    if (!bucket) continue
    if (next) {
      consider(bucket.bySecond.get(next.lemma))
      if (next.surface !== next.lemma) consider(bucket.bySecond.get(next.surface))
    }
    consider(bucket.open)
    consider(bucket.single)
  }
  return best
}

/** Marks the business's own service names, so "drain cleaning" or "water heater" cue no aspect. */
const maskIndexes = new WeakMap<string[][], Map<string, string[][]>>()
function maskPhrases(tokens: Token[], phrases: string[][]): void {
  let index = maskIndexes.get(phrases)
  if (!index) {
    index = new Map()
    for (const words of phrases) index.set(words[0]!, [...(index.get(words[0]!) ?? []), words])
    maskIndexes.set(phrases, index)
  }
  for (let i = 0; i < tokens.length; i++) {
    const bySurface = index.get(tokens[i]!.surface)
    const byLemma = tokens[i]!.lemma !== tokens[i]!.surface ? index.get(tokens[i]!.lemma) : undefined
    if (!bySurface && !byLemma) continue
    for (const words of [...(bySurface ?? []), ...(byLemma ?? [])]) {
      // Hyphens and slashes are tokens of their own ("tune - up", "a / c"): matched past.
      let k = 0
      let j = i
      while (k < words.length && j < tokens.length) {
        const t = tokens[j]!
        if ((t.surface === '-' || t.surface === '/') && k > 0) {
          j++
          continue
        }
        if (t.surface !== words[k] && t.lemma !== words[k]) break
        k++
        j++
      }
      if (k === words.length) for (let m = i; m < j; m++) tokens[m]!.masked = true
    }
  }
}

const QUOTE_WORDS = new Set(['quote', 'quoted', 'estimate', 'estimated', 'quoting', 'offer', 'offered'])
const BILL_WORDS = new Set([
  'bill',
  'billed',
  'invoice',
  'invoiced',
  'charge',
  'charged',
  'came',
  'come',
  'paid',
  'pay',
  'total',
  'cost',
  'costs',
])
const syntheticEntry = (phrase: string, sentiment: number): Entry => ({
  words: [phrase],
  sentiment,
  aspects: ['price'],
  weak: [],
  fixed: true,
  shielded: true,
  explicit: false,
  trouble: false,
  sarcasm: false,
  phrase,
})

/**
 * Amounts compared: a sentence that names a quoted amount and a billed one ("quoted $350 ... an invoice
 * for $610") is a price complaint when the bill is higher, praise when it is not. The judgement is
 * attached to the billed amount's token.
 */
function compareAmounts(tokens: Token[]): void {
  const amounts: { index: number; value: number }[] = []
  tokens.forEach((t, i) => {
    if (!isNumber(t)) return
    const dollar = tokens[i - 1]?.surface === '$' || ['dollars', 'bucks', 'usd', 'eur', '€'].includes(tokens[i + 1]?.surface ?? '')
    const value = Number(t.surface.replace(/[$,]/g, ''))
    if ((dollar || t.surface.startsWith('$')) && Number.isFinite(value)) amounts.push({ index: i, value })
  })
  if (amounts.length < 2) return
  const kindOf = (index: number) => {
    for (let d = 1; d <= 6; d++) {
      for (const k of [index - d, index + d]) {
        const w = tokens[k]
        if (!w) continue
        if (QUOTE_WORDS.has(w.surface) || QUOTE_WORDS.has(w.lemma)) return 'quote'
        if (BILL_WORDS.has(w.surface) || BILL_WORDS.has(w.lemma)) return 'bill'
      }
    }
    return undefined
  }
  const quote = amounts.find((a) => kindOf(a.index) === 'quote')
  const bill = amounts.find((a) => a !== quote && kindOf(a.index) === 'bill')
  if (!quote || !bill) return
  tokens[bill.index]!.extra =
    bill.value > quote.value * 1.05 ? syntheticEntry('billed above the quote', -0.8) : syntheticEntry('billed within the quote', 0.5)
}

/** A clock time in tokens at i ("7:55", "8:00", "9 o'clock", "10am", "3 pm"), in hours after midnight; bare 1-6 are afternoon. */
function clockAt(tokens: Token[], i: number): number | undefined {
  if (tokens[i]?.surface === 'noon') return 12
  if (tokens[i]?.surface === 'midnight') return 24
  const m = /^(\d{1,2})(?::(\d{2}))?(am|pm|a\.m\.|p\.m\.)?\.?$/.exec(tokens[i]?.surface ?? '')
  if (!m) return undefined
  let hours = Number(m[1]) + Number(m[2] ?? 0) / 60
  if (hours > 24) return undefined
  const suffix = m[3] ?? (['am', 'pm', 'a.m.', 'p.m.'].includes(tokens[i + 1]?.surface ?? '') ? tokens[i + 1]!.surface : undefined)
  if (suffix?.startsWith('p') && hours < 12) hours += 12
  else if (!suffix && hours >= 1 && hours < 7) hours += 12
  return hours
}

/**
 * Times compared: "arrived at 7:55 for an 8:00 appointment" is punctual, "showed up at 3 for a 9 o'clock"
 * is not. The judgement is attached to the arrival time's token.
 */
function compareTimes(tokens: Token[]): void {
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (!['at', 'around', 'by'].includes(tokens[i]!.surface)) continue
    const arrival = clockAt(tokens, i + 1)
    if (arrival === undefined) continue
    for (let k = i + 2; k < Math.min(tokens.length - 1, i + 5); k++) {
      if (tokens[k]!.surface !== 'for') continue
      const at = ['a', 'an', 'the', 'my', 'our'].includes(tokens[k + 1]?.surface ?? '') ? k + 2 : k + 1
      const booked = clockAt(tokens, at)
      if (booked === undefined) break
      const minutesLate = (arrival - booked) * 60
      if (minutesLate <= 5) tokens[i + 1]!.extra = timeEntry('arrived by the booked time', 0.7)
      else if (minutesLate > 10) tokens[i + 1]!.extra = timeEntry('arrived after the booked time', -0.8)
      break
    }
  }
}
const timeEntry = (phrase: string, sentiment: number, aspect: AspectId = 'punctuality'): Entry => ({
  ...syntheticEntry(phrase, sentiment),
  aspects: [aspect],
})

const REQUEST = new Set(REQUEST_VERBS)
const OFF_HOURS_SET = new Set(OFF_HOURS)
const COMING = new Set(COMING_VERBS)
/**
 * Days compared: a weekday the customer asked on ("Called Monday", "Booked Monday") and a later weekday in
 * the same sentence on which the job was done ("they were here Tuesday morning", "fixed Tuesday") measure
 * the wait: a day or less is speed, four or more is slowness. The judgement is attached to the second day.
 */
function compareDays(tokens: Token[]): void {
  const days = tokens.map((t, i) => ({ i, day: WEEKDAYS.indexOf(t.lemma) })).filter((d) => d.day >= 0)
  if (days.length < 2) return
  const asked = days.find((d) => tokens.slice(Math.max(0, d.i - 3), d.i).some((t) => REQUEST.has(t.lemma) && t.pos === 'VERB'))
  const done =
    asked && days.find((d) => d.i > asked.i && !tokens.slice(Math.max(asked.i + 1, d.i - 3), d.i).some((t) => REQUEST.has(t.lemma)))
  if (!asked || !done || tokens[done.i]!.extra) return
  let wait = (done.day - asked.day + 7) % 7
  // "Called on a Monday ... until the following Monday": a week.
  if (wait === 0 && tokens.slice(asked.i + 1, done.i).some((t) => ['following', 'next', 'until'].includes(t.surface))) wait = 7
  if (wait <= 1) tokens[done.i]!.extra = timeEntry('done the day after asking', 0.7, 'speed')
  else if (wait >= 4) tokens[done.i]!.extra = timeEntry('days after asking', -0.6, 'speed')
}

/**
 * Out of hours: someone who came out on a Sunday, a holiday or late in the evening ("it was almost 10 pm
 * on a Sunday when he came out") was available. Only when nothing else in the sentence speaks of time kept.
 */
function offHours(tokens: Token[]): void {
  const marker = tokens.findIndex(
    (t, i) =>
      OFF_HOURS_SET.has(t.lemma) ||
      (isNumber(t) && ['pm', 'p.m.'].includes(tokens[i + 1]?.surface ?? '') && Number(t.surface) >= 8 && Number(t.surface) < 12),
  )
  if (marker < 0 || tokens.some((t) => t.extra)) return
  const coming = tokens.findIndex(
    (t, i) =>
      COMING.has(t.lemma) &&
      t.pos === 'VERB' &&
      ['out', 'over', 'up', 'here', 'by'].includes(tokens[i + 1]?.surface ?? '') &&
      ['he', 'she', 'they', 'someone', 'tech', 'technician', 'plumber', 'electrician'].some((w) =>
        tokens.slice(Math.max(0, i - 3), i).some((x) => x.surface === w),
      ),
  )
  if (coming < 0) return
  if (tokens.some((t) => ['late', 'window', 'appointment', 'wait', 'waiting', 'finally'].includes(t.lemma))) return
  tokens[coming]!.extra = timeEntry('came out of hours', 0.6, 'speed')
}

/**
 * Marks tokens said about another company. The scope runs from the mention to the next comma or
 * semicolon (both ways within that stretch), except words before a comparative and "than"/"what"
 * that judge this business against it.
 */
function markCompetitors(tokens: Token[]): void {
  const boundaries = (i: number) => {
    let start = i
    // "The other company was rude but Mike was great": a contrast ends the competitor's stretch too.
    while (start > 0 && ![',', ';', 'but', 'whereas'].includes(tokens[start - 1]!.surface)) start--
    let end = i
    while (end + 1 < tokens.length && ![',', ';', 'but', 'whereas'].includes(tokens[end + 1]!.surface)) end++
    return [start, end] as const
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    // "the company before them", "the guy before you": someone else who did the job first.
    let mention =
      t.surface === 'unlike' ||
      t.surface === 'competitor' ||
      t.surface === 'competitors' ||
      (t.surface === 'before' &&
        ['them', 'you', 'these', 'us'].includes(tokens[i + 1]?.surface ?? '') &&
        i > 0 &&
        COMPETITOR_HEAD_SET.has(tokens[i - 1]!.surface))
    if (!mention && (COMPETITOR_MODIFIER_SET.has(t.surface) || isNumber(t))) {
      for (let k = 1; k <= 3 && i + k < tokens.length; k++) {
        const next = tokens[i + k]!
        if (COMPETITOR_HEAD_SET.has(next.surface) && !(next.surface === 'one' && k === 1 && t.surface !== 'other')) {
          // "the first company we called" is a competitor; "the first time" and "two hours" are not.
          mention =
            next.surface !== 'guy' && next.surface !== 'guys'
              ? true
              : ['other', 'another', 'previous', 'last', 'old', 'former'].includes(t.surface)
          if (
            isNumber(t) &&
            ![
              'companies',
              'plumbers',
              'electricians',
              'contractors',
              'outfits',
              'places',
              'quotes',
              'bids',
              'firms',
              'businesses',
            ].includes(next.surface)
          )
            mention = false
          break
        }
        if (next.pos === 'VERB' || next.pos === 'PUNCT' || next.pos === 'AUX') break
      }
    }
    // "quoted a crazy amount by a big chain company": someone else, named by an indefinite article.
    if (!mention && t.surface === 'by' && ['a', 'an', 'some'].includes(tokens[i + 1]?.surface ?? '')) {
      const head = tokens
        .slice(i + 2, i + 5)
        .findIndex(
          (x) =>
            COMPETITOR_HEAD_SET.has(x.surface) &&
            !['guy', 'guys', 'one', 'ones', 'quote', 'quotes', 'bid', 'bids', 'service', 'services'].includes(x.surface),
        )
      if (head >= 0) mention = true
    }
    // "installed wrong by the builder": people who are never this business, as the agent of what was done.
    if (
      !mention &&
      t.surface === 'by' &&
      ['the', 'our', 'a', 'an', 'my'].includes(tokens[i + 1]?.surface ?? '') &&
      tokens.slice(i + 2, i + 4).some((x) => NEVER_THIS_BUSINESS.has(x.surface))
    )
      mention = true
    // "I made the mistake of hiring a cheap handyman", "regret calling another company first": whoever was hired then.
    if (
      !mention &&
      ['mistake', 'regret'].includes(t.lemma) &&
      ['of', 'to', 'hire', 'hiring', 'call', 'calling', 'use', 'using'].includes(tokens[i + 1]?.surface ?? '') &&
      ['hire', 'call', 'use', 'try', 'go'].some((v) => [tokens[i + 1]?.lemma, tokens[i + 2]?.lemma].includes(v)) &&
      !tokens.slice(i + 1, i + 5).some((x) => ['them', 'you', 'summit'].includes(x.surface))
    )
      mention = true
    // "the plumber the home warranty sent out", "the insurance company's electrician": someone else's choice of tradesman.
    if (
      !mention &&
      COMPETITOR_HEAD_SET.has(t.surface) &&
      !['one', 'ones'].includes(t.surface) &&
      tokens.slice(Math.max(0, i - 2), i + 5).some((x) => THIRD_PARTIES.has(x.surface))
    )
      mention = true
    // "the thing everybody else said was impossible": all the others.
    if (!mention && ['everybody', 'everyone', 'anybody', 'anyone', 'nobody'].includes(t.surface) && tokens[i + 1]?.surface === 'else')
      mention = true
    // "my electrician friend", "my brother-in-law the plumber": a tradesman of the customer's own circle.
    if (
      !mention &&
      FAMILY.has(t.lemma) &&
      [tokens[i - 1], tokens[i + 1], tokens[i + 2]].some(
        (x) =>
          x &&
          COMPETITOR_HEAD_SET.has(x.surface) &&
          !['one', 'ones', 'quote', 'quotes', 'bid', 'bids', 'service', 'services', 'place', 'places'].includes(x.surface),
      )
    )
      mention = true
    // "the previous wiring job", "the prior work": what someone did before this business came.
    if (!mention && PRIOR.has(t.surface) && tokens.slice(i + 1, i + 3).some((x) => PRIOR_WORK.has(x.surface))) mention = true
    // "an awful experience with a plumber last spring", "a contractor years ago": someone met before, named by an indefinite article.
    if (
      !mention &&
      ['a', 'an'].includes(t.surface) &&
      COMPETITOR_HEAD_SET.has(tokens[i + 1]?.surface ?? '') &&
      !['guy', 'one', 'quote', 'bid', 'service', 'place'].includes(tokens[i + 1]!.surface)
    ) {
      const after = tokens.slice(i + 2, i + 6)
      // Long enough ago to be before this business: "last spring", "last year", "years ago" (not "last week", which may be this visit).
      const past = after.some(
        (x, j) =>
          (x.surface === 'last' && ['year', 'spring', 'summer', 'fall', 'autumn', 'winter'].includes(after[j + 1]?.lemma ?? '')) ||
          x.surface === 'ago',
      )
      const experience =
        tokens[i - 1]?.surface === 'with' && ['experience', 'experiences', 'luck', 'time'].includes(tokens[i - 2]?.lemma ?? '')
      if (past || experience) mention = true
    }
    // "every plumber I've ever called", "any electrician we had": all the others the customer has known.
    if (
      !mention &&
      ['every', 'any'].includes(t.surface) &&
      COMPETITOR_HEAD_SET.has(tokens[i + 1]?.surface ?? '') &&
      tokens.slice(i + 2, i + 4).some((x) => FIRST_PERSON.has(x.surface))
    )
      mention = true
    // "the builder's plumber": someone else's tradesman.
    if (
      !mention &&
      COMPETITOR_HEAD_SET.has(t.surface) &&
      i > 1 &&
      ["'s", '’s'].includes(tokens[i - 1]!.surface) &&
      tokens[i - 2]!.pos === 'NOUN'
    )
      mention = true
    // "the company we used before", "the plumber we had before".
    if (!mention && COMPETITOR_HEAD_SET.has(t.surface) && i > 0 && ['the', 'our', 'a'].includes(tokens[i - 1]!.surface)) {
      const after = tokens.slice(i + 1, i + 5).map((x) => x.surface)
      const before = after.indexOf('before')
      mention =
        before > 0 &&
        after.slice(0, before).some((w) => ['used', 'had', 'hired', 'called', 'tried', 'did', 'who', "who'd", 'that'].includes(w))
      // "the handyman who'd botched it before them".
      if (!mention) mention = ['who', 'that'].includes(after[0] ?? '') && tokens.slice(i + 1, i + 9).some((x) => x.surface === 'before')
    }
    if (!mention) continue
    const [segmentStart, end] = boundaries(i)
    // "Finally someone who knew what they were doing after two other companies failed": the scope starts at "after".
    let start = segmentStart
    for (let k = i - 1; k > segmentStart; k--) {
      if (SCOPE_OPENERS.has(tokens[k]!.surface)) {
        start = k
        break
      }
    }
    // "cheaper than the other quotes", "twice what the other company charged": the comparison is about this business.
    let keepUntil = start
    for (let k = start; k < i; k++) {
      const pivot = tokens[k]!.surface
      const judged = tokens
        .slice(start, k)
        .some(
          (x) =>
            COMPARATIVE_SET.has(x.surface) ||
            x.surface.endsWith('er') ||
            SENTIMENT[x.lemma] !== undefined ||
            SENTIMENT[x.surface] !== undefined,
        )
      if (['than', 'what', 'compared', 'compare', 'under', 'below', 'over', 'above'].includes(pivot) && judged) keepUntil = k
    }
    let stop = end
    // "He was quick to blame the previous installer and ...": the other company is the object of this business's doing;
    // the scope starts at the mention and ends at the next conjunction.
    const subject = tokens.slice(start, i).findIndex((x) => ['he', 'she', 'they'].includes(x.surface) && !x.competitor)
    if (subject >= 0 && t.surface !== 'unlike' && !tokens.slice(start, i).some((x) => SCOPE_OPENERS.has(x.surface))) {
      start = Math.max(start, i - (tokens[i - 1] && ['the', 'a', 'an', 'his', 'their', 'our'].includes(tokens[i - 1]!.surface) ? 1 : 0))
      for (let k = i + 1; k <= end; k++) {
        if (['and', 'but', 'so', 'because'].includes(tokens[k]!.surface)) {
          stop = k - 1
          break
        }
      }
    }
    // "Unlike the last plumber, who never showed up, Mike was on time": the relative clause is the competitor's too.
    if (t.surface === 'unlike' && ['who', 'which', 'that'].includes(tokens[end + 2]?.surface ?? '')) {
      stop = end + 2
      while (stop + 1 < tokens.length && ![',', ';'].includes(tokens[stop + 1]!.surface)) stop++
    }
    for (let k = Math.max(start, keepUntil); k <= stop; k++) tokens[k]!.competitor = true
  }
  markCompetitorAnaphora(tokens)
}

/** People who did work on a house and are never a home-services business itself. */
const NEVER_THIS_BUSINESS = new Set([
  'builder',
  'builders',
  'developer',
  'seller',
  'sellers',
  'flipper',
  'flippers',
  'handyman',
  'handymen',
  'roofer',
  'roofers',
  'owner',
  'owners',
  'landlord',
  'tenant',
  'tenants',
])
const THIRD_PARTIES = new Set(['warranty', 'insurance', 'insurer', 'hoa', 'landlord', "landlord's", 'builder', "builder's"])
const PRIOR = new Set(['previous', 'prior', 'former', 'original'])
const PRIOR_WORK = new Set(['job', 'work', 'wiring', 'install', 'installation', 'plumbing', 'repair', 'repairs', 'fix', 'attempt'])
const PLURAL_TRADES = new Set([
  'plumbers',
  'electricians',
  'contractors',
  'companies',
  'roofers',
  'handymen',
  'technicians',
  'installers',
  'firms',
])
const ANAPHORIC_COMPETITORS = new Set([
  'one',
  'two',
  'three',
  'four',
  'both',
  'neither',
  'none',
  'first',
  'second',
  'third',
  'fourth',
  'last',
  'other',
  'others',
  'rest',
])
/**
 * "Called three companies, two never called back and the third wanted $200": once other companies are named,
 * a part that starts with a bare number or ordinal standing for one of them ("two", "the third", "the other one",
 * "one of them") is said about them too, up to the next comma, semicolon or "but".
 */
function markCompetitorAnaphora(tokens: Token[]): void {
  const first = tokens.findIndex((t) => t.competitor)
  if (first < 0) return
  for (let i = first + 1; i < tokens.length; i++) {
    if (![',', ';', 'and', 'while', 'whereas'].includes(tokens[i - 1]!.surface) || tokens[i]!.competitor) continue
    let k = tokens[i]!.surface === 'the' ? i + 1 : i
    // "... and the plumbers blamed the roof": the others, named again by their trade.
    if (k > i && PLURAL_TRADES.has(tokens[k]?.surface ?? '') && ['VERB', 'AUX', 'ADV'].includes(tokens[k + 1]?.pos ?? '')) {
      for (let m = i; m < tokens.length && ![',', ';', 'but'].includes(tokens[m]!.surface); m++) tokens[m]!.competitor = true
      continue
    }
    if (!ANAPHORIC_COMPETITORS.has(tokens[k]?.surface ?? '')) continue
    k++
    if (tokens[k]?.surface === 'one' || tokens[k]?.surface === 'guy') k++
    if (tokens[k]?.surface === 'of' && tokens[k + 1]?.surface === 'them') k += 2
    // A bare number names a company only as the subject of what follows ("two never called back"), not "two hours".
    if (!['VERB', 'AUX', 'ADV'].includes(tokens[k]?.pos ?? '') && !NEGATOR_SET.has(tokens[k]?.surface ?? '')) continue
    for (let m = i; m < tokens.length && ![',', ';', 'but'].includes(tokens[m]!.surface); m++) tokens[m]!.competitor = true
  }
}

function splitClauses(tokens: Token[]): Token[][] {
  const clauses: Token[][] = [[]]
  let subordinate = false
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const current = clauses[clauses.length - 1]!
    const atStart = i === 0 || [',', ';', ':', '-', '—'].includes(tokens[i - 1]!.surface)
    const contrast =
      CONTRAST.has(token.surface) &&
      ['CCONJ', 'SCONJ', 'ADV', 'ADP', 'INTJ', 'VERB'].includes(token.pos) &&
      (atStart || !LEADING_CONTRAST.has(token.surface))
    // "other than X, Y" and "apart from X, Y": a concession that runs to the comma.
    const concession =
      (token.surface === 'other' && tokens[i + 1]?.surface === 'than' && i <= 1) ||
      (token.surface === 'apart' && tokens[i + 1]?.surface === 'from')
    if (contrast || concession) {
      if (current.length) clauses.push([])
      subordinate = SUBORDINATE.has(token.surface) || concession
      if (concession) i++
      continue
    }
    if (token.surface === ';' || (subordinate && token.surface === ',')) {
      if (current.length) clauses.push([])
      subordinate = false
      continue
    }
    if (SUBORDINATE.has(token.surface) && current.length === 0) subordinate = true
    current.push(token)
  }
  return clauses.filter((c) => c.some((t) => t.pos !== 'PUNCT'))
}

/** Sentiment hits of one clause, each with its negation applied, and the index of the part it sits in. */
function readClause(tokens: Token[]): Hit[] {
  const hits: Hit[] = []
  let segment = 0
  let negation: { at: number; carries: boolean; fronted?: boolean } | undefined
  const segmentOf: number[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (SEGMENT_BREAKS.has(t.surface)) {
      segment++
      if (t.surface === ',' || t.surface === '(' || t.surface === ':') negation = undefined
    }
    segmentOf[i] = segment
    if (t.extra) hits.push({ entry: t.extra, start: i, end: i + 1, score: t.extra.sentiment, negated: false, segment })
    const match = matchAt(tokens, i)
    // "super late", "really quick": a booster before a felt word scales it and says nothing itself.
    if (match && match.length === 1 && INTENSIFIERS[t.surface] !== undefined && i + 1 < tokens.length) {
      const following = matchAt(tokens, i + 1)
      if (following && following.entry.sentiment !== 0) continue
    }
    if (match) {
      const { entry, length } = match
      const hit: Hit = { entry, start: i, end: i + length, score: entry.sentiment, negated: false, segment }
      if (
        !entry.shielded &&
        (entry.sentiment !== 0 || entry.trouble) &&
        negation &&
        (negation.carries || countWords(tokens, negation.at, i) <= NEGATION_WINDOW)
      ) {
        hit.negated = true
        hit.score = entry.trouble ? DENIED_TROUBLE : entry.sentiment * NEGATION_SCALAR
        // A negation is used up by the word it flips, unless a list goes on: "wasn't friendly or helpful".
        const after = tokens[i + length]?.surface
        if (!negation.fronted) negation = after === 'or' || after === 'nor' || after === ',' ? { at: i + length, carries: true } : undefined
      } else if (entry.trouble && !entry.fixed) {
        // "We had a leak": the job to be done, not an opinion.
        hit.score = 0
      }
      const booster = i > 0 ? boost(tokens, i) : 1
      hit.score = clamp(hit.score * booster)
      hits.push(hit)
      if (entry.words.some((w) => NEGATOR_SET.has(w))) negation = undefined
      i += length - 1
      continue
    }
    if (NEGATOR_SET.has(t.lemma) || NEGATOR_SET.has(t.surface) || (t.surface === 'no' && tokens[i + 1]?.surface === 'one')) {
      // A fronted "not once", "never once", "not one time" negates the whole clause: "Not once in five years have they been late."
      const fronted =
        i <= 1 &&
        ['not', 'never'].includes(t.surface) &&
        (tokens[i + 1]?.surface === 'once' || (tokens[i + 1]?.surface === 'one' && tokens[i + 2]?.surface === 'time'))
      negation = { at: i, carries: fronted, fronted }
    }
  }
  for (let i = 0; i < tokens.length; i++) segmentOf[i] ??= segment
  // A failure verb ("the new faucet drips", "the pipe burst again") is a complaint after the job only; as a noun ("a burst pipe") it is the job.
  for (const h of hits) {
    const t = tokens[h.start]!
    if (h.end - h.start !== 1 || !FAILURE_VERB_SET.has(t.lemma) || h.entry.fixed) continue
    const previous = tokens[h.start - 1]
    const verbUse =
      t.pos === 'VERB' ||
      /(ed|ing)$/.test(t.surface) ||
      (previous !== undefined &&
        !['DET', 'NUM', 'ADJ'].includes(previous.pos) &&
        !['no', 'any', 'all', 'some', 'of', 'those', 'these'].includes(previous.surface))
    if (!verbUse) {
      if (!h.negated) h.score = 0
      continue
    }
    if (h.entry.trouble && !h.negated) {
      h.entry = { ...h.entry, trouble: false, sentiment: -0.7, aspects: ['quality'], phrase: `${t.lemma} (after the job)` }
      h.score = -0.7
    } else if (!h.entry.trouble && !h.negated) h.entry = { ...h.entry, phrase: `${t.lemma} (after the job)` }
  }
  // Scare quotes take praise back: they "fixed" it.
  for (const h of hits)
    if (
      h.score > 0 &&
      ['"', '“', '”', "'"].includes(tokens[h.start - 1]?.surface ?? '') &&
      ['"', '“', '”', "'"].includes(tokens[h.end]?.surface ?? '')
    )
      h.score = -h.score
  readManner(tokens, hits, segmentOf)
  // A failure with nothing placing it after the job, and no trouble noun, is the job to be done.
  // What places a failure after the job: a word of time anywhere in its scope, a word of the job before it, "after" behind it,
  // or (for the older failure words) a trouble noun of its own ("it failed and we had a leak").
  const placedAfterJob = (h: Hit, sameSegment: boolean) =>
    tokens.some((t, k) => {
      if (k >= h.start && k < h.end) return false
      if (sameSegment && segmentOf[k] !== h.segment) return false
      const marker = (w: string) => AFTERMATH.has(w) || (!sameSegment && TROUBLE.has(w))
      if (!marker(t.surface) && !marker(t.lemma)) return false
      if (JOB_MARKER_SET.has(t.surface) || JOB_MARKER_SET.has(t.lemma)) return k < h.start && !customersOwn(k)
      // "broken since one week", "since Monday": how long the trouble had lasted (German "seit"), not "fine since".
      if (t.surface === 'since' && timeSpanAt(tokens, k + 1)) return false
      // "dripping since we moved in", "since I bought the house": the customer's own moment, before the job (unless it is theirs: "since we had them install it").
      if (
        t.surface === 'since' &&
        FIRST_PERSON.has(tokens[k + 1]?.surface ?? '') &&
        !tokens.slice(k + 2, k + 6).some((x) => ['them', 'they', 'him', 'her'].includes(x.surface))
      )
        return false
      // "failed on Friday evening and the emergency service came after two hours": the wait for help, not the job's aftermath.
      if (t.surface === 'after' && segmentOf[k] !== h.segment && timeSpanAt(tokens, k + 1)) return false
      // "... and the emergency service came already after two hours", "and they were here within the hour": when help came.
      if (['after', 'within', 'already', 'later', 'next'].includes(t.surface) && segmentOf[k] !== h.segment && helpCame(segmentOf[k]!))
        return false
      if (t.surface === 'after') return k >= h.end
      return true
    })
  // "The new faucet we bought online was leaking", "a part I installed myself": the customer's own purchase or doing, the trouble called about.
  const customersOwn = (k: number) =>
    FIRST_PERSON.has(tokens[k - 1]?.surface ?? '') ||
    tokens.slice(Math.max(0, k - 4), k).some((x, j, before) => FIRST_PERSON.has(x.surface) && OWN_VERBS.has(before[j + 1]?.lemma ?? '')) ||
    tokens
      .slice(k + 1, k + 5)
      .some(
        (x, j, after) =>
          FIRST_PERSON.has(x.surface) &&
          OWN_VERBS.has(after[j + 1]?.lemma ?? '') &&
          !['them', 'they', 'him', 'her'].includes(after[j + 2]?.surface ?? ''),
      )
  const helpCame = (segment: number) =>
    tokens.some((t, k) => segmentOf[k] === segment && ARRIVAL.has(t.lemma) && t.pos === 'VERB' && t.lemma !== 'be')
  // "The breaker would trip every time", "it used to leak": a habit of the past, the trouble called about.
  const habitual = (h: Hit) =>
    tokens[h.start - 1]?.surface === 'would' || (tokens[h.start - 1]?.surface === 'to' && tokens[h.start - 2]?.surface === 'used')
  // "The pump was about to fail", "it could break": a warning, not a failed job.
  const prospective = (h: Hit) => tokens.slice(Math.max(0, h.start - 3), h.start).some((t) => PROSPECTIVE.has(t.surface))
  for (const h of hits) {
    if (h.negated) continue
    if (h.score < 0 && h.entry.aspects.includes('quality') && habitual(h) && !placedAfterJob(h, false)) {
      h.score = 0
      h.job = true
      continue
    }
    // "When it started leaking we called them": the reason to call, not a failed job.
    const next = tokens.slice(h.end, h.end + 4)
    const reason = next.some(
      (t, k) =>
        FIRST_PERSON.has(t.surface) &&
        REQUEST.has(next[k + 1]?.lemma ?? '') &&
        !next.slice(0, k).some((x) => ['and', 'but', ','].includes(x.surface)),
    )
    if ((FAILURE_SET.has(h.entry.phrase) || h.entry.phrase.endsWith('(after the job)')) && reason) {
      h.score = 0
      h.job = true
      continue
    }
    // "Came back the next day to double check": a visit with a purpose, not a failure.
    // "They cracked a tile", "he broke our vase": damage someone did to the house, not the trouble called about.
    // A review may drop the subject: "Cracked our tile while pulling the old toilet".
    const damage =
      h.end - h.start === 1 &&
      ['crack', 'cracked', 'break', 'broke', 'flood', 'flooded'].includes(tokens[h.start]!.surface.replace(/s$/, '')) &&
      (h.start === 0 || ['he', 'she', 'they'].includes(tokens[h.start - 1]?.surface ?? '')) &&
      ['a', 'an', 'the', 'our', 'my', 'one', 'two'].includes(tokens[h.end]?.surface ?? '')
    if (damage && FAILURE_SET.has(h.entry.phrase)) continue
    // So is a return with what was needed or from an errand: "came back the next morning with the part", "was back in 40 minutes", "came back for free".
    // Only a person comes back with something: "the leak came back within a week" is the trouble returning.
    const after = tokens.slice(h.end, h.end + 6)
    // The nearest subject before it decides: a person, or the trouble (a trouble noun, a fixture, "it").
    const subject = tokens
      .slice(0, h.start)
      .findLast(
        (t) =>
          PEOPLE.has(t.surface) ||
          t.pos === 'PROPN' ||
          t.sentenceStart === true ||
          TROUBLE.has(t.lemma) ||
          FIXTURES.has(t.lemma) ||
          t.surface === 'it',
      )
    const person = subject !== undefined && !TROUBLE.has(subject.lemma) && !FIXTURES.has(subject.lemma) && subject.surface !== 'it'
    const visit =
      ['come back', 'be back'].includes(h.entry.phrase) &&
      (after.some((t, k) => t.surface === 'to' && after[k + 1]?.pos === 'VERB') ||
        (person &&
          after.some(
            (t, k) =>
              ['free', 'charge'].includes(t.surface) || (t.surface === 'with' && !['a', 'vengeance'].includes(after[k + 1]?.surface ?? '')),
          )) ||
        (person && ['in', 'within'].includes(after[0]?.surface ?? '') && timeSpanAt(tokens, h.end + 1)))
    // A failure verb needs its own part of the clause to place it after the job ("our pipe burst at midnight, ... fine since" is the job).
    if (
      h.entry.phrase.endsWith('(after the job)')
        ? !placedAfterJob(h, true) || prospective(h)
        : (FAILURE_SET.has(h.entry.phrase) && (!placedAfterJob(h, false) || prospective(h))) || visit
    ) {
      h.score = 0
      h.job = true
    }
  }
  // "The sewer line backed up into the basement, disgusting mess", "leaked at the base for ages": beside the trouble called
  // about, a mess is that trouble's (unless someone left, made or tracked it), and so is how long it lasted.
  if (hits.some((h) => h.job)) {
    for (const h of hits) {
      if (h.score >= 0 || h.entry.fixed) continue
      if (h.entry.aspects.includes('cleanliness') && !tokens.slice(0, h.start).some((t) => MESS_MAKING.has(t.lemma))) h.score = 0
      if (DURATIONS.has(h.entry.phrase)) h.score = 0
    }
  }
  // "Water pressure was terrible in the whole house for years": the trouble's history, unless something places it after the job.
  // Not the years of a relationship ("we have used them for years"), of the business's own work ("their work has been
  // terrible for years") or of a wait ("waited for months").
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
      !placedAfterJob(h, false)
    )
      h.score = 0
  // "patched the drywall stain", "repaired the cracked tile": the object of a repair is the trouble it cures.
  for (const h of hits) {
    if (h.score >= 0 || h.negated || h.entry.fixed) continue
    // The tagger often misreads these ("patched" as an adjective, "stain" as a verb): a determiner after the verb tells the object.
    const nounLike = !['ADV', 'ADJ'].includes(tokens[h.start]!.pos) || tokens[h.end]?.pos === 'NOUN'
    const objectAt = (j: number, before: Token[]) => (['up', 'out', 'off'].includes(before[j]?.surface ?? '') ? j + 1 : j)
    if (
      nounLike &&
      tokens
        .slice(Math.max(0, h.start - 5), h.start)
        .some(
          (t, j, before) =>
            (REPAIR_VERBS.has(t.lemma) || REPAIR_VERBS.has(t.surface)) &&
            OBJECT_DETERMINERS.has(before[objectAt(j + 1, before)]?.surface ?? '') &&
            !before.slice(objectAt(j + 1, before) + 1).some((x) => ['VERB', 'AUX', 'PUNCT'].includes(x.pos)),
        )
    )
      h.score = 0
  }
  // "a nightmare crawlspace", "an awful attic": the conditions the job was done in, not the work.
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
  // "It was just dust burning off", "turned out to be a loose wire": the diagnosis, what was wrong before the job.
  for (const h of hits) {
    if (h.score >= 0 || h.entry.fixed) continue
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
  // The customer's situation before the job, or their own fears: no opinion of the business.
  if (hits.some((h) => SITUATION.has(h.entry.phrase))) for (const h of hits) h.score = 0
  // Sarcasm ("great communication, if you like talking to a machine"): the clause's praise is taken back.
  if (hits.some((h) => h.entry.sarcasm)) for (const h of hits) if (h.score > 0) h.score = -h.score
  return hits
}

/** "turned out", "it was just", "it was only", "caused by", "the culprit was", "problem was": what follows tells what was wrong. */
const isDiagnosis = (tokens: Token[], k: number) => {
  const [a, b, c] = [tokens[k]!, tokens[k + 1], tokens[k + 2]]
  return (
    (a.lemma === 'turn' && b?.surface === 'out') ||
    (a.surface === 'it' && b?.lemma === 'be' && ['just', 'only', 'simply'].includes(c?.surface ?? '')) ||
    (a.surface === 'caused' && b?.surface === 'by') ||
    (['culprit', 'cause', 'problem', 'issue', 'reason'].includes(a.lemma) && b?.lemma === 'be' && tokens[k - 1]?.surface !== 'no')
  )
}

/**
 * Speed and time words that say nothing about the service are dropped, or lend their sense to the verb they
 * qualify: "a quick question" (another noun), "I quickly realized" / "right away I could smell gas" (the
 * customer's own doing), "we needed someone fast" (a wish), "quick to answer" (readiness: the answer's aspect),
 * "late Friday afternoon" (a date).
 */
function readManner(tokens: Token[], hits: Hit[], segmentOf: number[]): void {
  const drop = new Set<Hit>()
  const nearest = (h: Hit, accept: (t: Token, k: number) => boolean) => {
    let best: { token: Token; index: number; distance: number } | undefined
    for (let k = 0; k < tokens.length; k++) {
      if (k >= h.start && k < h.end) continue
      if (segmentOf[k] !== h.segment || !accept(tokens[k]!, k)) continue
      const distance = k < h.start ? h.start - k : k - h.end + 1
      if (!best || distance < best.distance) best = { token: tokens[k]!, index: k, distance }
    }
    return best
  }
  for (const h of hits) {
    const phrase = h.entry.phrase
    if ((phrase === 'late' || phrase === 'early') && h.end - h.start === 1) {
      // "late Friday afternoon", "early the next morning", "it was late October": a date, unless someone arrived late.
      let k = h.end
      while (k < h.end + 3 && ['the', 'that', 'this', 'next', 'last', 'on', 'in', 'a', 'of'].includes(tokens[k]?.surface ?? '')) k++
      if (tokens[k] && TIME_NOUN_SET.has(tokens[k]!.lemma)) {
        const verb = [h.start - 1, h.start - 2]
          .map((j) => tokens[j])
          .find((x) => x && ARRIVAL.has(x.lemma) && ['VERB', 'AUX'].includes(x.pos))
        const expletive = verb !== undefined && tokens.slice(Math.max(0, h.start - 3), h.start).some((x) => x.surface === 'it')
        if (!verb || expletive) drop.add(h)
      }
    }
    // "Sorry for the late review", "a late lunch": lateness of something else than the visit.
    if (
      (phrase === 'late' || phrase === 'early') &&
      h.end - h.start === 1 &&
      ['the', 'a', 'this', 'my', 'our', 'his', 'her', 'their'].includes(tokens[h.start - 1]?.surface ?? '') &&
      tokens[h.end]?.pos === 'NOUN' &&
      !TIME_NOUN_SET.has(tokens[h.end]!.lemma) &&
      !LATE_ABOUT_VISIT.has(tokens[h.end]!.lemma)
    )
      drop.add(h)
    // "My husband fixed the fence": someone of the household did it.
    if (
      (['fix', 'fixed', 'repair'].includes(phrase) &&
        [h.start - 1, h.start - 2].some(
          (j) => FAMILY.has(tokens[j]?.lemma ?? '') && ['my', 'our'].includes(tokens[j - 1]?.surface ?? ''),
        )) ||
      (['fix', 'fixed', 'repair'].includes(phrase) && FIRST_PERSON.has(tokens[h.start - 1]?.surface ?? ''))
    )
      drop.add(h)
    if (!SPEED_MANNER.has(phrase) || h.negated) continue
    // "the drain had been slow for months", "the water drains slowly": the fixture's trouble, not the service's speed.
    const fixture = tokens.slice(Math.max(0, h.start - 4), h.start).findLastIndex((t) => FIXTURES.has(t.lemma))
    // "explained everything slow and clear": the manner of speaking, not the service's speed.
    if (
      ['slow', 'slowly'].includes(phrase) &&
      tokens.slice(Math.max(0, h.start - 3), h.start).some((t) => ['explain', 'talk', 'speak', 'walk', 'go', 'show'].includes(t.lemma))
    ) {
      drop.add(h)
      continue
    }
    if (
      ['slow', 'slowly'].includes(phrase) &&
      fixture >= 0 &&
      !tokens
        .slice(Math.max(0, h.start - 4) + fixture + 1, h.start)
        .some((x) => ['he', 'she', 'they', 'tech', 'service'].includes(x.surface))
    ) {
      drop.add(h)
      continue
    }
    const next = tokens[h.end]
    // "a quick look", "a quick question": the adjective qualifies another noun.
    if (SPEED_ADJECTIVES.has(phrase) && next && next.pos === 'NOUN') {
      // "the quick service" is about the service whoever speaks of it.
      if (!SPEED_NOUN_SET.has(next.lemma) && !SPEED_NOUN_SET.has(next.surface)) drop.add(h)
      continue
    }
    // "quick to answer", "slow to take any responsibility": readiness, judged by what was done.
    if (SPEED_ADJECTIVES.has(phrase) && next?.surface === 'to' && ['VERB', 'AUX'].includes(tokens[h.end + 1]?.pos ?? '')) {
      const done = hits.find(
        (x) =>
          x !== h &&
          x.segment === h.segment &&
          x.start > h.end &&
          x.start <= h.end + 5 &&
          (x.score !== 0 || x.entry.aspects.length) &&
          !x.entry.aspects.includes('speed'),
      )
      if (done) {
        done.score = clamp(h.score < 0 ? (done.score !== 0 ? done.score * NEGATION_SCALAR : h.score) : done.score * 1.3)
        drop.add(h)
      }
      continue
    }
    // The customer's own doing or wish: "I quickly realized", "right away I could smell gas", "we needed someone fast".
    const verb = nearest(h, (t) => t.pos === 'VERB')
    // "the same day I called": a first-person subject after the word, of a verb of asking, starts a clause of its own.
    const subject = nearest(
      h,
      (t, k) => OTHER_SUBJECTS.has(t.surface) || (FIRST_PERSON.has(t.surface) && !(k > h.start && REQUEST.has(tokens[k + 1]?.lemma ?? ''))),
    )
    const wish = tokens.some(
      (t, k) =>
        k < h.start &&
        segmentOf[k] === h.segment &&
        IRREALIS.has(t.lemma) &&
        t.pos === 'VERB' &&
        [k - 1, k - 2].some((j) => FIRST_PERSON.has(tokens[j]?.surface ?? '')),
    )
    if (
      wish ||
      (verb && CUSTOMER_VERB_SET.has(verb.token.lemma)) ||
      (subject && FIRST_PERSON.has(subject.token.surface) && (!verb || !RECEIVING.has(verb.token.lemma)))
    )
      drop.add(h)
  }
  // "started leaking within a week": the time a failure took, not the service's speed.
  for (const h of hits)
    if (
      h.entry.aspects.includes('speed') &&
      h.score > 0 &&
      hits.some((f) => f.score < 0 && f.entry.aspects.includes('quality') && h.start >= f.end && h.start - f.end <= 2)
    )
      drop.add(h)
  if (drop.size) hits.splice(0, hits.length, ...hits.filter((h) => !drop.has(h)))
}

/** A span or point of time at token i: "one week", "two hours", "a few days", "Monday", "last winter", "yesterday". */
function timeSpanAt(tokens: Token[], i: number): boolean {
  for (let k = i; k < i + 4 && k < tokens.length; k++) {
    const t = tokens[k]!
    if (TIME_NOUN_SET.has(t.lemma) || ['hour', 'minute', 'weekend'].includes(t.lemma) || t.surface === 'ages') return true
    if (
      !(
        isNumber(t) ||
        ['a', 'an', 'one', 'few', 'couple', 'of', 'last', 'several', 'about', 'almost', 'over', 'the', 'that', 'early', 'late'].includes(
          t.surface,
        )
      )
    )
      return false
  }
  return false
}

/** Words between a negator and the word it may flip, not counting fillers ("never once had to wait"). */
function countWords(tokens: Token[], from: number, to: number): number {
  let n = 0
  for (let k = from + 1; k < to; k++) {
    const t = tokens[k]!
    // "a single speck of", "not a trace of": quantities the negation reaches through.
    if (QUANTITY.has(t.lemma) && tokens[k + 1]?.surface === 'of') continue
    if (t.surface === 'of' && QUANTITY.has(tokens[k - 1]?.lemma ?? '')) continue
    if (!FILLERS.has(t.surface) && !FILLERS.has(t.lemma)) n++
  }
  return n + 1
}

function boost(tokens: Token[], i: number): number {
  const previous = tokens[i - 1]!
  const two = i > 1 ? `${tokens[i - 2]!.surface} ${previous.surface}` : ''
  return INTENSIFIERS[two] ?? INTENSIFIERS[previous.surface] ?? 1
}

const clamp = (x: number) => Math.max(-1, Math.min(1, x))

/** A hit said about another company is left out, unless the phrase itself is about turning to one ("had another company redo it"). */
const isLive = (tokens: Token[], h: Hit) =>
  !tokens[h.start]!.competitor || h.entry.words.some((w) => COMPETITOR_HEAD_SET.has(w) || COMPETITOR_MODIFIER_SET.has(w) || w === 'theirs')

/**
 * The aspects of one clause, each with its sentiment: the cue's own sentiment plus that of the
 * aspect-free words in its part of the clause ("great", "very"), else those of the whole clause. A
 * cue with no sentiment of its own does not borrow another aspect's ("nobody got back to me about the
 * estimate" says nothing about the price), and is dropped when nothing is felt, unless it names the
 * aspect itself. Weak cues count only in a part with a sentiment of its own and no specific cue.
 */
function aspectsOf(tokens: Token[], hits: Hit[], context: AnalysisContext): Map<AspectId, { score: number; cues: string[] }> {
  const live = hits.filter((h) => isLive(tokens, h) && !h.job)
  // Aspect-free feeling ("great", "unfortunately"); a weak cue's feeling ("fix") belongs to its own aspect.
  const free = live.filter((h) => !h.entry.aspects.length)
  const lending = free.filter((h) => !h.entry.weak.length)
  const freeScore = (segment?: number) => lending.reduce((s, h) => s + (segment === undefined || h.segment === segment ? h.score : 0), 0)
  // A cue with a feeling of its own takes only what stands next to it ("showed up ... he was great" is not about punctuality).
  const nearScore = (h: Hit) =>
    lending.reduce(
      (s, x) => s + (x.segment === h.segment && (x.start >= h.end ? x.start - h.end : h.start - x.end) <= NEAR ? x.score : 0),
      0,
    )
  const segmentScore = new Map<number, number>()
  for (const h of live) segmentScore.set(h.segment, (segmentScore.get(h.segment) ?? 0) + h.score)
  const strongSegments = new Set(live.filter((h) => h.entry.aspects.length).map((h) => h.segment))
  const found = new Map<AspectId, { score: number; cues: string[] }>()
  const bySegment = new Map<AspectId, { segment: number; score: number; worth: boolean }[]>()
  const counted = new Set<string>()
  for (const h of live) {
    let aspects = h.entry.aspects
    let score: number
    // An adjective that qualifies a word naming another aspect lends it its feeling: "honest pricing" is about price.
    const head = live.find((x) => x.start === h.end && x.entry.explicit && x.entry.aspects.length)
    if (head && aspects.length && !aspects.some((a) => head.entry.aspects.includes(a))) continue
    if (aspects.length) {
      // An adjective right before the cue qualifies it, whatever its own aspect ("helpful explanations").
      const qualifier = h.score === 0 ? live.find((x) => x.end === h.start && x.entry.aspects.length) : undefined
      score = h.score !== 0 ? h.score + nearScore(h) : (qualifier?.score ?? 0) + freeScore(h.segment) || freeScore()
    } else {
      const own = segmentScore.get(h.segment) ?? 0
      score = own
      // A denied trouble noun is praise of the work, unless the part names another aspect ("no complaints about the price").
      if (h.entry.trouble && h.negated && !strongSegments.has(h.segment)) aspects = ['quality']
      // A weak cue needs a feeling of its own kind: "came the next day" says nothing about the technician.
      // "Horrible week", "a long day": the customer's own time, felt by its adjective, not the service's speed.
      else if (h.entry.weak.includes('speed') && live.some((x) => x.end === h.start && !x.entry.aspects.length && x.score !== 0)) continue
      else if (
        h.entry.weak.length &&
        !strongSegments.has(h.segment) &&
        own !== 0 &&
        free.some((x) => x !== h && x.segment === h.segment && x.score !== 0 && !x.entry.weak.some((w) => !h.entry.weak.includes(w)))
      )
        aspects = h.entry.weak
      else if (h.entry.weak.length && !strongSegments.has(h.segment) && h.score !== 0) aspects = h.entry.weak
      else continue
    }
    score = clamp(score)
    // No feeling, no opinion: "the price of copper has gone up" is not a mention of this business's prices.
    if (score === 0) continue
    for (const raw of aspects) {
      // The business's own product is not an aspect of it: for a cleaning company, "clean" is the quality of the work.
      const aspect: AspectId = context.cleaningBusiness && raw === 'cleanliness' ? 'quality' : raw
      const key = `${aspect}:${h.segment}`
      const current = found.get(aspect)
      if (counted.has(key)) {
        // One part, several cues of one aspect: the strongest feeling stands, not their sum.
        if (current && Math.abs(score) > Math.abs(current.score)) current.score = score
        current?.cues.push(h.entry.phrase)
        continue
      }
      counted.add(key)
      if (current) {
        current.score = clamp(current.score + score)
        current.cues.push(h.entry.phrase)
      } else found.set(aspect, { score, cues: [h.entry.phrase] })
      bySegment.set(aspect, [...(bySegment.get(aspect) ?? []), { segment: h.segment, score, worth: h.entry.words.includes('worth') }])
    }
  }
  // Sarcasm: an exclamation of praise beside a plain complaint about the same thing, with no "but" between
  // ("Great communication, I only had to call six times", "$180 to flip a breaker, what a bargain"): the complaint stands.
  const words = new Map<number, Token[]>()
  let segment = 0
  for (const t of tokens) {
    if (SEGMENT_BREAKS.has(t.surface)) segment++
    else if (t.pos !== 'PUNCT') words.set(segment, [...(words.get(segment) ?? []), t])
  }
  // A verbless fragment of praise: "Great communication", "Super fast service", "what a bargain".
  const exclamation = (s: number) =>
    (words.get(s)?.length ?? 99) <= 4 &&
    !words.get(s)!.some((t) => ['VERB', 'AUX'].includes(t.pos) && !t.sentenceStart && !SPEED_NOUN_SET.has(t.lemma)) &&
    (words.get(s)!.some((t) => EXCLAMATIVE.has(t.lemma)) || hits.some((h) => h.segment === s && h.score > 0))
  for (const [aspect, parts] of bySegment) {
    const negative = parts.filter((p) => p.score < 0)
    // "Waited a week for the appointment, totally worth the wait": "worth" weighs the cost it names and concedes it.
    const conceding = parts.filter((p) => p.worth && p.score > 0 && negative.every((n) => n.segment < p.segment))
    if (negative.length && conceding.length) found.get(aspect)!.score = clamp(conceding.reduce((sum, p) => sum + p.score, 0))
    else if (negative.length && parts.some((p) => p.score > 0 && exclamation(p.segment)))
      found.get(aspect)!.score = clamp(negative.reduce((sum, p) => sum + p.score, 0))
  }
  return found
}

const CLEANING_BUSINESS =
  /\b(cleaning (company|service|services|crew|business)|maid|maids|janitorial|housekeeping|carpet cleaning|window cleaning)\b/i

/**
 * What the analyser should know about a business: its service names and aliases are masked (they are
 * what the review is about, not opinions: "drain cleaning"), except single words that are themselves
 * trouble nouns ("leak": "no leaks since" is praise); a cleaning company's cleanliness is its quality.
 */
export function contextFor(business: Pick<Business, 'name' | 'description' | 'services'>): AnalysisContext {
  const phrases = business.services
    .flatMap((s) => [s.name, ...(s.aliases ?? [])])
    .map((p) => p.toLowerCase().replace(/[-/]/g, ' ').split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 1 || !TROUBLE.has(words[0]!))
  return { maskedPhrases: phrases, cleaningBusiness: CLEANING_BUSINESS.test(`${business.name} ${business.description}`) }
}

export const polarityOf = (score: number): Polarity => (score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral')

/** Noun phrases of a clause: runs of adjectives and nouns that end in a noun, up to three words. */
function nounPhrases(tokens: Token[]): string[] {
  const out: string[] = []
  let run: Token[] = []
  const flush = () => {
    while (run.length && !NOUN_POS.has(run[run.length - 1]!.pos)) run.pop()
    while (run.length > 3) run.shift()
    while (run.length && run[0]!.pos === 'ADJ' && (SENTIMENT[run[0]!.lemma] ?? 0) !== 0) run.shift()
    if (run.length)
      out.push(run.map((t, k) => (k === run.length - 1 && (t.pos === 'NOUN' || t.sentenceStart) ? t.lemma : t.surface)).join(' '))
    run = []
  }
  tokens.forEach((t, k) => {
    const hyphenJoin = t.surface === '-' && run.length > 0
    // The lite model often tags the head of a compound as a verb ("the sump pump runs"): a verb between a noun and a verb is a noun.
    const previous = run[run.length - 1]
    const compoundHead =
      t.pos === 'VERB' &&
      previous !== undefined &&
      NOUN_POS.has(previous.pos) &&
      (['VERB', 'AUX'].includes(tokens[k + 1]?.pos ?? '') ||
        lexiconIndex()
          .get(previous.lemma)
          ?.some((e) => e.words.length === 2 && e.words[1] === t.lemma) === true)
    if (NOUN_POS.has(t.pos) || (t.pos === 'ADJ' && !t.competitor) || hyphenJoin || compoundHead) {
      if (!/^[\p{L}][\p{L}'’-]*$/u.test(t.surface) && !hyphenJoin) {
        flush()
        return
      }
      run.push(compoundHead ? { ...t, pos: 'NOUN' } : t)
    } else flush()
  })
  flush()
  return out.map((p) => p.replace(/ - /g, '-'))
}

const joinTokens = (tokens: Token[]) =>
  tokens
    .map((t) => t.raw)
    .join(' ')
    .replace(/\s+([,.!?;:%)])/g, '$1')
    .replace(/([($])\s+/g, '$1')
    .replace(/\s+(n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1')
    .replace(/\s*([-/])\s*/g, '$1')
    .replace(/(^|\s)(['"“‘])\s+(\S+)\s+(['"”’])(?=\s|$|[.,!?;:])/g, '$1$2$3$4')
    .replace(/^[\s,;:.]+/, '')
    .replace(/[\s,;:]+$/, '')

export function analyzeText(text: string, context: AnalysisContext = {}): TextAnalysis {
  const { its } = engine()
  const doc = engine().readDoc(text)
  const clauses: ClauseAnalysis[] = []
  const aspects: AspectMention[] = []
  const phrases: string[][] = []
  let total = 0
  doc.sentences().each((sentence: any) => {
    const raws: string[] = sentence.tokens().out()
    const lemmas: string[] = sentence.tokens().out(its.lemma)
    const tags: string[] = sentence.tokens().out(its.pos)
    const tokens: Token[] = raws.map((raw, k) => {
      const lower = raw.toLowerCase()
      const fixed = TYPOS[lower]
      // A capitalised first word is often tagged a proper noun ("Explained everything"): read it by its lemma.
      const sentenceStart = k === 0 && tags[k] === 'PROPN'
      return {
        raw,
        surface: fixed ?? lower,
        lemma: fixed ?? String(lemmas[k]).toLowerCase(),
        pos: sentenceStart ? 'VERB' : tags[k]!,
        masked: false,
        competitor: false,
        sentenceStart,
      }
    })
    if (context.maskedPhrases?.length) maskPhrases(tokens, context.maskedPhrases)
    markCompetitors(tokens)
    compareAmounts(tokens)
    compareTimes(tokens)
    compareDays(tokens)
    offHours(tokens)
    const split = splitClauses(tokens)
    const sentenceMentions: { mention: AspectMention; index: number }[] = []
    split.forEach((clauseTokens, index) => {
      const hits = readClause(clauseTokens)
      const found = aspectsOf(clauseTokens, hits, context)
      const live = hits.filter((h) => isLive(clauseTokens, h))
      const score = clamp(live.reduce((s, h) => s + h.score, 0))
      const clauseText = joinTokens(clauseTokens)
      clauses.push({
        text: clauseText,
        score: round(score),
        aspects: [...found.keys()],
        cues: hits
          .filter((h) => h.score !== 0 || h.entry.aspects.length)
          .map((h) => ({
            phrase: clauseTokens
              .slice(h.start, h.end)
              .map((x) => x.raw)
              .join(' ')
              .replace(/ (n't|'s)\b/gi, '$1'),
            score: round(h.score),
            negated: h.negated,
            aspect: h.entry.aspects[0] ?? null,
          })),
      })
      phrases.push(nounPhrases(clauseTokens.filter((t) => !t.competitor)))
      // VADER's "but" rule for the overall score: before a contrast half weight, after it one and a half.
      const weight = split.length > 1 ? (index < split.length - 1 ? 0.5 : 1.5) : 1
      total += score * weight
      for (const [aspect, { score: aspectScore, cues }] of found) {
        sentenceMentions.push({
          mention: { aspect, sentiment: polarityOf(aspectScore), score: round(aspectScore), clause: clauseText, cues },
          index,
        })
      }
    })
    aspects.push(...withoutConceded(sentenceMentions))
  })
  return { clauses, aspects: withoutWorthConceded(aspects), score: round(clamp(total)), phrases }
}

/**
 * Concession within one aspect: "not cheap but worth it", "a little higher than I expected, but fair". When a
 * later clause of the sentence judges the same aspect the other way up, the earlier complaint is conceded
 * (VADER's "but" rule, which weighs what follows the contrast over what precedes it) and is left out.
 */
function withoutConceded(mentions: { mention: AspectMention; index: number }[]): AspectMention[] {
  return mentions
    .filter(
      ({ mention, index }) =>
        !(
          mention.sentiment === 'negative' &&
          mentions.some((m) => m.index > index && m.mention.aspect === mention.aspect && m.mention.sentiment === 'positive')
        ),
    )
    .map(({ mention }) => mention)
}

/** "Pricey? Maybe a little. Worth it? Absolutely.": a later "worth" of the same aspect weighs the cost named before and concedes it. */
function withoutWorthConceded(mentions: AspectMention[]): AspectMention[] {
  return mentions.filter(
    (m, k) =>
      !(
        m.sentiment === 'negative' &&
        mentions
          .slice(k + 1)
          .some(
            (later) =>
              later.aspect === m.aspect && later.sentiment === 'positive' && later.cues.some((c) => c.split(' ').includes('worth')),
          )
      ),
  )
}

const round = (value: number) => Math.round(value * 1000) / 1000
