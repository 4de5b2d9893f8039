/**
 * The lexicon (lexicon.ts, phrases.ts) as one index of entries keyed by first word, and the matcher that finds the
 * longest entry at a token (idioms before plain words; `*` for one to four tokens, `<num>` for a number).
 */
import { ASPECT_CUES, COMPLAINT_WORDS, EXPLICIT_CUES, JUDGED_THINGS, SENTIMENT, TROUBLE_NOUNS, WEAK_CUES, type AspectId } from '../lexicon'
import { PHRASES, SARCASM_MARKERS } from '../phrases'
import { type Token, type Entry, key, isNumber, wordMatches } from './types'
import { NEGATOR_SET, TROUBLE } from './words'

export const SARCASM = new Set(SARCASM_MARKERS)
/** Every lexicon source merged into one table of entries keyed by first word, longest first. */
export function buildIndex(): Map<string, Entry[]> {
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
  for (const [phrase, [value, aspect]] of Object.entries(COMPLAINT_WORDS)) {
    entry(phrase).sentiment = value
    if (aspect) entry(phrase).aspects.push(aspect)
  }
  for (const [aspect, cues] of Object.entries(ASPECT_CUES) as [AspectId, string[]][])
    for (const cue of cues) if (!entry(cue).aspects.includes(aspect)) entry(cue).aspects.push(aspect)
  for (const [aspect, cues] of Object.entries(WEAK_CUES) as [AspectId, string[]][]) for (const cue of cues) entry(cue).weak.push(aspect)
  for (const thing of JUDGED_THINGS) {
    const e = entry(thing)
    if (!e.weak.includes('quality')) e.weak.push('quality')
    e.judged = true
  }
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
export let INDEX: Map<string, Entry[]> | undefined
export const lexiconIndex = () => (INDEX ??= buildIndex())
/** Length of the match of `words` at token i (with `*` standing for one to three tokens), or 0. */
export function matchWords(tokens: Token[], i: number, words: string[], w = 0): number {
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
export const rank = (e: Entry) => (e.fixed ? 2 : 0) + (e.sentiment !== 0 ? 1 : 0)
/** Entries of one first word, split by their second word so a token only tries the phrases its neighbour allows. */
export type Bucket = { single: Entry[]; bySecond: Map<string, Entry[]>; open: Entry[] }
export let BUCKETS: Map<string, Bucket> | undefined
export function buckets(): Map<string, Bucket> {
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
export function matchAt(tokens: Token[], i: number): { entry: Entry; length: number } | undefined {
  const t = tokens[i]!
  const next = tokens[i + 1]
  const all = buckets()
  const best: Best = { entry: undefined, length: 0 }
  // Keys: the lemma, the surface where it differs, and a number's placeholder.
  for (let k = 0; k < 3; k++) {
    const key = k === 0 ? t.lemma : k === 1 ? (t.surface !== t.lemma ? t.surface : undefined) : isNumber(t) ? '<num>' : undefined
    const bucket = key === undefined ? undefined : all.get(key)
    if (!bucket) continue
    if (next) {
      consider(tokens, i, bucket.bySecond.get(next.lemma), best)
      if (next.surface !== next.lemma) consider(tokens, i, bucket.bySecond.get(next.surface), best)
    }
    consider(tokens, i, bucket.open, best)
    consider(tokens, i, bucket.single, best)
  }
  return best.entry ? { entry: best.entry, length: best.length } : undefined
}
type Best = { entry: Entry | undefined; length: number }
/** The longest of `entries` that matches at token i (by `rank` between two of one length), if longer than `best`. */
function consider(tokens: Token[], i: number, entries: Entry[] | undefined, best: Best): void {
  if (!entries) return
  for (const entry of entries) {
    const length = matchWords(tokens, i, entry.words)
    if (length <= 0) continue
    // The business's own service names ("drain cleaning", "toilet") cue nothing, unless an idiom spans them.
    if (!entry.fixed && anyMasked(tokens, i, i + length)) continue
    if (!best.entry || length > best.length || (length === best.length && rank(entry) > rank(best.entry))) {
      best.entry = entry
      best.length = length
    }
  }
}
const anyMasked = (tokens: Token[], from: number, to: number) => {
  for (let k = from; k < to && k < tokens.length; k++) if (tokens[k]!.masked) return true
  return false
}
