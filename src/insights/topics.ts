/**
 * Topics a person would click, like the chips above a business's reviews on Google Maps or Yelp:
 * noun phrases and named things (rules/noun-phrases.ts: every candidate ends in a noun), cut of stop words
 * and of the nouns of set expressions ("a bit", "in the end"), merged when one is part of another or when
 * their words say they are one ("tune-up" and "tune up", "EV charger" and "electric vehicle charger"),
 * kept when enough distinct reviews use them, and ranked by how
 * characteristic they are of this business against a background of general review language
 * (c-TF-IDF: share of this business's reviews × log(1 + typical / background frequency)). Each topic's
 * sentiment is that of the clauses it occurs in, not the star rating of the review. The topics the
 * business tracks (business.json `topics`) come first, always, with what the clauses say of them.
 */
import type { Business } from '../reviews/schema'
import { foldForSearch } from '../core/text'
import { type Polarity, polarityOf, type TextAnalysis } from './analyzer'
import { backgroundPerMillion } from './background'
import { ASPECT_CUES, SENTIMENT, TOPIC_STOPWORDS } from './lexicon'

export type Topic = {
  phrase: string
  mention_count: number
  sentiment: { positive: number; negative: number; neutral: number }
  review_ids: string[]
  /** Every review counted (ids, in the sources' order): what a search by the topic answers (links.ts); not published as such. */
  members?: string[]
  /** Each member's sentiment about the topic (the split that counts it), in the same order as `members`. */
  memberSentiments?: Polarity[]
}
export type TopicSource = { id: string; analysis: TextAnalysis; language: string }

const MAX_TOPICS = 12
const REVIEW_IDS = 5
/** A topic needs this many distinct reviews, and at least 0.2% of those analysed. */
const MIN_REVIEWS = 3
const MIN_SHARE = 0.002
/** The longer phrase wins a merge when it carries this share of the shorter one's reviews ("water heater" over "heater"). */
const LONGER_WINS = 0.5
const TYPICAL_PER_MILLION = 300

export function topicsOf(business: Business, sources: TopicSource[], tracked: readonly string[] = []): Topic[] {
  const excluded = new Set<string>()
  for (const { name } of business.technicians) for (const part of foldForSearch(name).split(/\s+/)) excluded.add(part)
  for (const word of foldForSearch(business.name).split(/\s+/)) excluded.add(word)
  for (const area of business.service_areas) excluded.add(foldForSearch(area))

  // phrase -> review index -> summed score of the clauses it occurs in
  const occurrences = new Map<string, Map<number, number>>()
  // The same phrases recur across the reviews: each is cleaned once per stop list (cleaning every occurrence made most
  // of a 100k computation's short-lived garbage, hundreds of MB).
  const cleaned = new Map<Set<string>, Map<string, string | undefined>>()
  sources.forEach((source, i) => {
    const stop = TOPIC_STOPWORDS[source.language] ?? TOPIC_STOPWORDS.en!
    let clean = cleaned.get(stop)
    if (!clean) cleaned.set(stop, (clean = new Map()))
    source.analysis.phrases.forEach((phrases, c) => {
      const score = source.analysis.clauses[c]?.score ?? 0
      const seen = new Set<string>()
      // Each candidate is a noun phrase already (its parts too: "sump pump" in "sump pump install"); merging picks the one people use.
      for (const raw of phrases) {
        let phrase = clean.get(raw)
        if (phrase === undefined && !clean.has(raw))
          clean.set(raw, (phrase = cleanPhrase(withoutOpinions(raw.split(/\s+/)).join(' '), stop, excluded)))
        if (!phrase || seen.has(phrase)) continue
        seen.add(phrase)
        let byReview = occurrences.get(phrase)
        if (!byReview) occurrences.set(phrase, (byReview = new Map()))
        byReview.set(i, (byReview.get(i) ?? 0) + score)
      }
    })
  })

  const minReviews = Math.max(MIN_REVIEWS, Math.ceil(sources.length * MIN_SHARE))
  const trackedPatterns = tracked.map((phrase) => ({ phrase, pattern: trackedPattern(phrase) }))
  // A topic found that is a tracked one in other words ("onion ring" for "onion rings") is listed once, as tracked.
  const isTracked = (phrase: string) => trackedPatterns.some(({ pattern }) => fullMatch(pattern, foldForSearch(phrase)))
  const candidates = mergeContained(mergeVariants([...occurrences]).filter(([, byReview]) => byReview.size >= minReviews)).filter(
    ([phrase]) => !isTracked(phrase),
  )

  const weight = (phrase: string, reviews: number) =>
    (reviews / (sources.length || 1)) * Math.log(1 + TYPICAL_PER_MILLION / backgroundPerMillion(phrase))
  const found = candidates
    .map(([phrase, byReview]) => ({ phrase, byReview, weight: weight(phrase, byReview.size) }))
    .sort((a, b) => b.weight - a.weight || b.byReview.size - a.byReview.size || a.phrase.localeCompare(b.phrase))
    .slice(0, MAX_TOPICS)
  return [...trackedPatterns.map(({ phrase, pattern }) => ({ phrase, byReview: trackedOccurrences(pattern, sources) })), ...found].map(
    ({ phrase, byReview }) => {
      const sentiment = { positive: 0, negative: 0, neutral: 0 }
      for (const score of byReview.values()) sentiment[polarityOf(score)]++
      const indexes = [...byReview.keys()].sort((a, b) => a - b)
      const members = indexes.map((i) => sources[i]!.id)
      const memberSentiments = indexes.map((i) => polarityOf(byReview.get(i)!))
      return { phrase, mention_count: byReview.size, sentiment, review_ids: members.slice(0, REVIEW_IDS), members, memberSentiments }
    },
  )
}

/**
 * Where a tracked topic occurs: the clauses whose words hold it (any case, a hyphen or a space between its
 * words, its last word singular or plural), per review the summed score of those clauses.
 */
function trackedOccurrences(pattern: RegExp, sources: TopicSource[]): Map<number, number> {
  const byReview = new Map<number, number>()
  sources.forEach((source, i) => {
    for (const clause of source.analysis.clauses)
      if (pattern.test(foldForSearch(clause.text))) byReview.set(i, (byReview.get(i) ?? 0) + clause.score)
  })
  return byReview
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** A word in its singular or plural form: "fries" and "fry", "dishes" and "dish", "patio" and "patios". */
function eitherNumber(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${escapeRegExp(word.slice(0, -3))}(?:y|ies)`
  if (/(?:sh|ch|x|ss|z)es$/.test(word)) return `${escapeRegExp(word.slice(0, -2))}(?:es)?`
  if (/[^s]s$/.test(word) && word.length > 3) return `${escapeRegExp(word.slice(0, -1))}s?`
  if (/y$/.test(word)) return `${escapeRegExp(word.slice(0, -1))}(?:y|ies)`
  return `${escapeRegExp(word)}(?:s|es)?`
}
/** A tracked topic as a pattern over folded text: whole words, a hyphen or spaces between them, the last in either number. */
export function trackedPattern(phrase: string): RegExp {
  const words = foldForSearch(phrase)
    .split(/[\s-]+/)
    .filter(Boolean)
  const body = [...words.slice(0, -1).map(escapeRegExp), eitherNumber(words[words.length - 1] ?? '')].join('[\\s-]+')
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u')
}

const fullMatch = (pattern: RegExp, text: string) => {
  const match = pattern.exec(text)
  return match !== null && match.index === 0 && match[0].length === text.length
}

/**
 * Nouns of set expressions, not things a review is about: "a bit", "a lot", "in the end", "at one point",
 * "a couple of", "no show" (the aspects read that one).
 */
const EXPRESSION_NOUNS = new Set([
  'bit',
  'lot',
  'lots',
  'end',
  'point',
  'couple',
  'kind',
  'sort',
  'type',
  'number',
  'show',
  'deal',
  'matter',
  'fact',
  'case',
  'rest',
  'part',
  'side',
  'top',
  'plenty',
  'bunch',
  'ton',
  'tons',
  'whole',
  'while',
  'instance',
])

const OPINION = 0.6
const ASPECT_WORDS = new Set(
  Object.values(ASPECT_CUES)
    .flat()
    .filter((cue) => !cue.includes(' ')),
)

/** Words of a phrase with its opinion phrases ("top notch") blanked, so no part of them becomes a topic. */
function withoutOpinions(words: string[]): string[] {
  const out = [...words]
  for (let a = 0; a < words.length; a++) {
    for (let b = a + 2; b <= words.length; b++) {
      if (Math.abs(SENTIMENT[words.slice(a, b).join(' ')] ?? 0) >= OPINION) for (let k = a; k < b; k++) out[k] = '0'
    }
  }
  return out
}

/** Stop words and names trimmed from both ends; nothing left, a number, or a one- or two-letter word is no topic. */
function cleanPhrase(raw: string, stop: Set<string>, excluded: Set<string>): string | undefined {
  const words = raw.toLowerCase().split(/\s+/)
  if (words.some((w) => excluded.has(foldForSearch(w)))) return undefined
  while (words.length && stop.has(words[0]!)) words.shift()
  while (words.length && stop.has(words[words.length - 1]!)) words.pop()
  if (!words.length || words.some((w) => !/^\p{L}[\p{L}'’-]*$/u.test(w))) return undefined
  if (words.length === 1 && EXPRESSION_NOUNS.has(words[0]!)) return undefined
  // A single word that names an aspect ("workmanship", "text") is the aspect's, not a topic.
  if (words.length === 1 && (ASPECT_WORDS.has(words[0]!) || SENTIMENT[words[0]!] !== undefined)) return undefined
  // An opinion is not a topic ("patient", "great price"): the aspects carry those.
  if (words.some((w) => Math.abs(SENTIMENT[w] ?? 0) >= OPINION)) return undefined
  if (words.length === 1 && words[0]!.replace(/[^\p{L}]/gu, '').length < 3) return undefined
  // Tokenizer debris ("tune-up" read as "t u ne - u p") is no phrase.
  if (words.some((w) => w.length < 2)) return undefined
  return words.join(' ')
}

/**
 * When one phrase is part of another, one topic: the longer if it carries most of the shorter's reviews, else the
 * shorter with both. A part of several longer phrases ("charger" of "ev charger" and "car charger") is not merged
 * into any one of them: it goes when they carry most of its reviews between them, else it stays and takes them in.
 */
function mergeContained(candidates: [string, Map<number, number>][]): [string, Map<number, number>][] {
  const alive = new Map(candidates)
  const words = (phrase: string) => phrase.split(' ').length
  // Shortest parts last: a longer part settles its own containers first ("sump pump" before "pump").
  const byLength = [...candidates].sort(([a], [b]) => words(b) - words(a) || a.localeCompare(b))
  for (const [short] of byLength) {
    const shortReviews = alive.get(short)
    if (!shortReviews) continue
    const containers = [...alive.keys()].filter((long) => words(long) > words(short) && ` ${long} `.includes(` ${short} `))
    if (!containers.length) continue
    const covered = new Set(containers.flatMap((long) => [...alive.get(long)!.keys()]))
    if (covered.size >= LONGER_WINS * shortReviews.size) {
      if (containers.length === 1) {
        const longReviews = alive.get(containers[0]!)!
        for (const [i, s] of shortReviews) if (!longReviews.has(i)) longReviews.set(i, s)
      }
      alive.delete(short)
    } else {
      for (const long of containers) {
        for (const [i, s] of alive.get(long)!) if (!shortReviews.has(i)) shortReviews.set(i, s)
        alive.delete(long)
      }
    }
  }
  return [...alive]
}

/**
 * The words of a phrase as a variant key: a hyphen is a space ("tune-up", "tune up"), and an acronym stands for
 * the words it abbreviates only where both forms occur (see mergeVariants).
 */
const variantKey = (phrase: string) => foldForSearch(phrase).replace(/-/g, ' ').replace(/\s+/g, ' ').trim()

/**
 * One topic for phrases whose words say they are the same: equal but for hyphens ("tune-up", "tune up"), or one
 * holding an acronym of words the other spells out with the rest equal ("ev charger", "electric vehicle charger").
 * Nothing is merged on meaning alone ("car charger" stays apart): the more used form names the topic.
 */
function mergeVariants(candidates: [string, Map<number, number>][]): [string, Map<number, number>][] {
  const keyOf = new Map<string, string>()
  for (const [phrase] of candidates) keyOf.set(phrase, variantKey(phrase))
  const keys = new Set(keyOf.values())
  // Every way a spelled-out key can be abbreviated (a run of 2 to 4 words as their initials) -> that key.
  const spelledOut = new Map<string, Set<string>>()
  for (const key of keys) {
    const words = key.split(' ')
    for (let k = 0; k < words.length; k++)
      for (let n = 2; n <= 4 && k + n <= words.length; n++) {
        const short = [
          ...words.slice(0, k),
          words
            .slice(k, k + n)
            .map((w) => w[0])
            .join(''),
          ...words.slice(k + n),
        ].join(' ')
        if (!keys.has(short)) continue
        let longs = spelledOut.get(short)
        if (!longs) spelledOut.set(short, (longs = new Set()))
        longs.add(key)
      }
  }
  const groups = new Map<string, [string, Map<number, number>][]>()
  for (const entry of candidates) {
    const key = keyOf.get(entry[0])!
    const longs = spelledOut.get(key)
    const canonical = longs?.size === 1 ? [...longs][0]! : key
    groups.set(canonical, [...(groups.get(canonical) ?? []), entry])
  }
  return [...groups.values()].map((group) => {
    if (group.length === 1) return group[0]!
    const [name] = [...group].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))[0]!
    const merged = new Map<number, number>()
    for (const [, byReview] of group) for (const [i, score] of byReview) merged.set(i, (merged.get(i) ?? 0) + score)
    return [name, merged]
  })
}
