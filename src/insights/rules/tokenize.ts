/**
 * Sentences and tokens from wink-nlp with its English lite model (bundled in the npm package): surface (lower
 * case, common typos fixed), lemma and part-of-speech tag per token. Only sentence boundaries and part-of-speech
 * tags (lemmas come with them) are used: wink's negation, sentiment and entity pipes are not.
 */
import { lookupTable } from '../../core/lookup-table'
import type winkNLP from 'wink-nlp'
import { TYPOS } from '../lexicon'
import { CURRENCY_SIGNS } from './money'
import type { Token } from './types'

let nlp: ReturnType<typeof winkNLP> | undefined
/** The model is large: loaded on first analysis, not at process start (cold start, idle memory). */
export const engine = () => (nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model'), ['sbd', 'pos']))

/**
 * A hyphen between two letters is handed to wink as an underscore and read back as a hyphen: wink's tokenizer
 * breaks some words after a hyphen into letters ("high-quality" became "high - q u ality", "10-minute" "10 - min u
 * te"), so a compound is read as its two words joined by a hyphen token, which rules can keep together.
 */
const HYPHEN_IN_WORD = /(?<=[\p{L}\d])-(?=\p{L})/gu
export const readDoc = (text: string) => engine().readDoc(text.replace(HYPHEN_IN_WORD, '_'))

/** Negations written without their apostrophe and split ("wasn t", "didn t", "can t"): read as "was n't" etc. */
const CLIPPED_NEGATIONS: Record<string, string> = lookupTable({
  wasn: 'was',
  weren: 'were',
  isn: 'is',
  aren: 'are',
  didn: 'did',
  doesn: 'does',
  don: 'do',
  couldn: 'could',
  wouldn: 'would',
  shouldn: 'should',
  hasn: 'has',
  haven: 'have',
  hadn: 'had',
  won: 'will',
  can: 'can',
  ain: 'is',
})

function repairClippedNegations(tokens: Token[]): void {
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k]!
    const verb = CLIPPED_NEGATIONS[tokens[k - 1]!.surface]
    if (t.surface !== 't' || verb === undefined) continue
    Object.assign(tokens[k - 1]!, { surface: verb, lemma: verb, pos: 'AUX' })
    Object.assign(t, { surface: "n't", lemma: 'not', pos: 'PART' })
  }
}

const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'this', 'that'])
/**
 * "The cleaner was rude", "I booked a cleaner", "our window cleaner": a person, whom wink reads as the comparative of
 * "clean" (and so as praise of cleanliness). A determiner or a noun before it (adjectives between) and no noun,
 * adjective or "than" after it say so (after a noun, only "than"); "a cleaner kitchen" and "cleaner than ever" stay comparatives.
 */
function repairCleanerThePerson(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.surface !== 'cleaner' || t.lemma !== 'clean') continue
    let j = k - 1
    while (j >= 0 && tokens[j]!.pos === 'ADJ') j--
    const before = tokens[j]
    const after = tokens[k + 1]
    // After a noun ("window cleaner") it is no comparative, whatever wink made of the next word, unless the noun is
    // the object of a making ("they left the bathroom cleaner", "kept the kitchen cleaner").
    const made = tokens.slice(Math.max(0, j - 3), j).some((x) => ['leave', 'make', 'get', 'keep'].includes(x.lemma))
    const compound = before?.pos === 'NOUN' && !made
    const named =
      compound || (before !== undefined && DETERMINERS.has(before.surface) && !['NOUN', 'ADJ', 'PROPN'].includes(after?.pos ?? ''))
    if (named && after?.surface !== 'than') Object.assign(t, { lemma: 'cleaner', pos: 'NOUN' })
  }
}

/**
 * A sentence's capitalised first word that wink took for a proper noun, read again in lower case on its own: an
 * inflected word gets its lemma and tag back ("Prices are high": "prices" -> "price", a noun), while a word that
 * reads the same (a name, or a verb wink lemmatised already) keeps the reading it had. Cached: few words start sentences.
 */
const firstWords = new Map<string, { lemma: string; pos: string } | null>()
function firstWordAgain(lower: string): { lemma: string; pos: string } | null {
  let known = firstWords.get(lower)
  if (known === undefined) {
    const { its } = engine()
    // Read as wink's sentences are (sentenceTokens): its typings do not take `its.lemma`.
    const tokens: any = engine().readDoc(lower).tokens()
    const lemma = String(tokens.out(its.lemma)[0] ?? lower).toLowerCase()
    const pos = String(tokens.out(its.pos)[0] ?? '')
    known = tokens.length() === 1 && lemma !== lower && ['NOUN', 'VERB', 'ADJ'].includes(pos) ? { lemma, pos } : null
    if (firstWords.size >= 10_000) firstWords.clear()
    firstWords.set(lower, known)
  }
  return known
}

/** The tokens of one wink sentence. */
export function sentenceTokens(sentence: any): Token[] {
  const { its } = engine()
  const raws: string[] = sentence.tokens().out()
  const lemmas: string[] = sentence.tokens().out(its.lemma)
  const tags: string[] = sentence.tokens().out(its.pos)
  const tokens = raws.map((raw, k): Token => {
    if (raw === '_' && k > 0 && k + 1 < raws.length)
      return { raw: '-', surface: '-', lemma: '-', pos: 'PUNCT', masked: false, competitor: false }
    const lower = raw.toLowerCase()
    // "€150", "150 £": one currency sign for the rules (money.ts).
    if (CURRENCY_SIGNS.has(lower)) return { raw, surface: '$', lemma: '$', pos: 'SYM', masked: false, competitor: false }
    const fixed = TYPOS[lower]
    // A capitalised first word is often tagged a proper noun ("Explained everything"): read it by its lemma.
    const sentenceStart = k === 0 && tags[k] === 'PROPN'
    const again = sentenceStart && !fixed ? firstWordAgain(lower) : null
    return {
      raw,
      surface: fixed ?? lower,
      lemma: fixed ?? again?.lemma ?? String(lemmas[k]).toLowerCase(),
      pos: again?.pos ?? (sentenceStart ? 'VERB' : tags[k]!),
      masked: false,
      competitor: false,
      sentenceStart,
    }
  })
  repairClippedNegations(tokens)
  repairCleanerThePerson(tokens)
  return tokens
}

/** The tokens of every sentence of a text (for tests and tools: one array per sentence). */
export function sentencesOf(text: string): Token[][] {
  const out: Token[][] = []
  readDoc(text)
    .sentences()
    .each((sentence: any) => {
      out.push(sentenceTokens(sentence))
    })
  return out
}

/** The tokens of a one-sentence text. */
export const tokensOf = (text: string): Token[] => sentencesOf(text).flat()
