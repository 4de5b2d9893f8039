/**
 * Sentences and tokens from wink-nlp with its English lite model (bundled in the npm package): surface (lower
 * case, common typos fixed), lemma and part-of-speech tag per token. Only sentence boundaries and part-of-speech
 * tags (lemmas come with them) are used: wink's negation, sentiment and entity pipes are not.
 */
import type winkNLP from 'wink-nlp'
import { TYPOS } from '../lexicon'
import type { Token } from './types'

let nlp: ReturnType<typeof winkNLP> | undefined
/** The model is large: loaded on first analysis, not at process start (cold start, idle memory). */
export const engine = () => (nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model'), ['sbd', 'pos']))

/** The tokens of one wink sentence. */
export function sentenceTokens(sentence: any): Token[] {
  const { its } = engine()
  const raws: string[] = sentence.tokens().out()
  const lemmas: string[] = sentence.tokens().out(its.lemma)
  const tags: string[] = sentence.tokens().out(its.pos)
  return raws.map((raw, k) => {
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
}

/** The tokens of every sentence of a text (for tests and tools: one array per sentence). */
export function sentencesOf(text: string): Token[][] {
  const out: Token[][] = []
  engine()
    .readDoc(text)
    .sentences()
    .each((sentence: any) => {
      out.push(sentenceTokens(sentence))
    })
  return out
}

/** The tokens of a one-sentence text. */
export const tokensOf = (text: string): Token[] => sentencesOf(text).flat()
