/** Noun phrases of a clause for topics, and a clause's tokens joined back into text. */
import { SENTIMENT } from '../lexicon'
import type { Token } from './types'
import { lexiconIndex } from './lexicon-index'

export const NOUN_POS = new Set(['NOUN', 'PROPN'])
/** Noun phrases of a clause: runs of adjectives and nouns that end in a noun, up to three words. */
export function nounPhrases(tokens: Token[]): string[] {
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
export const joinTokens = (tokens: Token[]) =>
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
