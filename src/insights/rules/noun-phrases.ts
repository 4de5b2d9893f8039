/** Noun phrases of a clause for topics, and a clause's tokens joined back into text. */
import { SENTIMENT } from '../lexicon'
import type { Token } from './types'
import { lexiconIndex } from './lexicon-index'

export const NOUN_POS = new Set(['NOUN', 'PROPN'])
/**
 * Noun phrases of a clause for topics: runs of adjectives and nouns (a hyphenated compound is one word),
 * and of each run every part of up to three words that ends in a noun, so a topic is always a noun phrase
 * ("water heater" and "heater" from "water heater install", never "short" from "short notice"). A part
 * does not start with a quantity word ("several trips" gives "trip"), and no part holds an opinion phrase.
 * The last word of a part is its lemma when it is a noun ("heaters" is "heater").
 */
export function nounPhrases(tokens: Token[]): string[] {
  const out: string[] = []
  let run: Token[] = []
  let runStart = 0
  const flush = () => {
    if (!run.length) return
    const words = unitsOf(run)
    // An opinion phrase that begins before the run ("Top notch service": "top" read as a verb) takes its words too.
    const before = tokens[runStart - 1]
    const lead = before?.surface === '-' ? `${tokens[runStart - 2]?.surface ?? ''}-` : `${before?.surface ?? ''} `
    if (words.length && Math.abs(SENTIMENT[`${lead}${words[0]!.surface}`] ?? 0) >= OPINION) words[0]!.opinion = true
    run = []
    // An opinion phrase ("top notch", "second to none") is no part of a topic.
    for (let a = 0; a < words.length; a++)
      for (let b = a + 2; b <= Math.min(words.length, a + longestOpinion()); b++)
        if (
          Math.abs(
            SENTIMENT[
              words
                .slice(a, b)
                .map((w) => w.lemma)
                .join(' ')
            ] ?? 0,
          ) >= OPINION ||
          Math.abs(
            SENTIMENT[
              words
                .slice(a, b)
                .map((w) => w.surface)
                .join(' ')
            ] ?? 0,
          ) >= OPINION
        )
          for (let k = a; k < b; k++) words[k]!.opinion = true
    for (let a = 0; a < words.length; a++) {
      const first = words[a]!
      if (first.opinion || QUANTITY_WORDS.has(first.lemma)) continue
      // Leading opinion adjectives ("great", "friendly") are the aspects', not the topic's.
      if (first.pos === 'ADJ' && (SENTIMENT[first.lemma] ?? 0) !== 0) continue
      for (let b = a + 1; b <= Math.min(words.length, a + MAX_WORDS); b++) {
        const last = words[b - 1]!
        if (last.opinion) break
        if (!NOUN_POS.has(last.pos)) continue
        // A part that stops before the run's head is a compound's modifier only when it is all nouns
        // ("water heater" in "water heater install"; not "new water" from "new water heater").
        if (b < words.length && words.slice(a, b).some((w) => !NOUN_POS.has(w.pos))) continue
        const part = words.slice(a, b).map((w, k) => (k === b - a - 1 && (w.pos === 'NOUN' || w.sentenceStart) ? w.lemma : w.surface))
        const phrase = part.join(' ')
        if (!out.includes(phrase)) out.push(phrase)
      }
    }
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
      if (!run.length) runStart = k
      run.push(compoundHead ? { ...t, pos: 'NOUN' } : t)
    } else flush()
  })
  flush()
  return out
}

const MAX_WORDS = 3
/** The most words a phrase of the lexicon's SENTIMENT holds: no longer part of a run can be one. */
let opinionWords = 0
const longestOpinion = () => (opinionWords ||= Math.max(...Object.keys(SENTIMENT).map((phrase) => phrase.split(' ').length)))
const OPINION = 0.6
/** Adjectives of quantity or order: "several trips", "the initial estimate" are about the trip and the estimate. */
const QUANTITY_WORDS = new Set([
  'several',
  'multiple',
  'many',
  'few',
  'numerous',
  'various',
  'other',
  'same',
  'whole',
  'entire',
  'first',
  'second',
  'third',
  'next',
  'last',
  'previous',
  'initial',
  'final',
  'own',
  'such',
  'much',
  'more',
  'most',
  'less',
  'little',
])

type Word = { surface: string; lemma: string; pos: string; sentenceStart?: boolean; opinion?: boolean }
/** A run's words, a hyphenated compound ("tune - up", "gluten - free") joined into one word that takes its last token's tag. */
function unitsOf(run: Token[]): Word[] {
  const words: Word[] = []
  for (let k = 0; k < run.length; k++) {
    const t = run[k]!
    if (t.surface === '-') continue
    const joined = k > 0 && run[k - 1]!.surface === '-' && words.length > 0
    if (joined) {
      const head = words[words.length - 1]!
      head.surface = `${head.surface}-${t.surface}`
      head.lemma = `${head.surface.slice(0, head.surface.length - t.surface.length)}${t.lemma}`
      head.pos = t.pos
    } else words.push({ surface: t.surface, lemma: t.lemma, pos: t.pos, sentenceStart: t.sentenceStart })
  }
  return words
}
export const joinTokens = (tokens: Token[]) =>
  tokens
    .map((t) => t.raw)
    .join(' ')
    .replace(/\s+([,.!?;:%)])/g, '$1')
    .replace(/([($€£¥₹])\s+/g, '$1')
    .replace(/\s+(n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1')
    .replace(/\s*([-/])\s*/g, '$1')
    .replace(/(^|\s)(['"“‘])\s+(\S+)\s+(['"”’])(?=\s|$|[.,!?;:])/g, '$1$2$3$4')
    .replace(/^[\s,;:.]+/, '')
    .replace(/[\s,;:]+$/, '')
