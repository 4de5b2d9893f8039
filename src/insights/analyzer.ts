/**
 * Clause-level aspect-based sentiment of one review text. wink-nlp (with its English lite model,
 * bundled in the npm package) gives sentences, tokens, lemmas and negation scopes; the domain
 * lexicon (lexicon.ts) says which aspect a clause talks about and how it feels. Contrast words
 * ("but", "however", "although") split a sentence into clauses that are judged apart; negation flips
 * a sentiment word ("not on time", "never late", "no complaints"); intensifiers scale it.
 */
import type winkNLP from 'wink-nlp'
import { ASPECT_CUES, CONTRAST_WORDS, INTENSIFIERS, NEGATORS, SENTIMENT, WEAK_CUES, type AspectId } from './lexicon'

export type Polarity = 'positive' | 'negative' | 'neutral'
export type AspectMention = { aspect: AspectId; sentiment: Polarity; score: number; clause: string }
export type ClauseAnalysis = { text: string; score: number; aspects: AspectId[] }
export type TextAnalysis = {
  clauses: ClauseAnalysis[]
  aspects: AspectMention[]
  score: number
  /** Content-word lemmas per clause, for recurring-topic detection. */
  terms: string[][]
}

type Token = { raw: string; surface: string; lemma: string; negated: boolean; pos: string; index: number }

let nlp: ReturnType<typeof winkNLP> | undefined
/** The model is large: loaded on first analysis, not at process start (cold start, idle memory). */
const engine = () => (nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model')))

const NEUTRAL_BAND = 0.1
const MAX_PHRASE = 5
const SUBORDINATING = new Set(['although', 'though', 'while', 'whereas'])
const NEGATOR_SET = new Set(NEGATORS)
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB'])

/** Phrases keyed by their first word, longest first, so matching is one map lookup per token. */
function phraseIndex(entries: [phrase: string, value: number][]): Map<string, { words: string[]; value: number }[]> {
  const index = new Map<string, { words: string[]; value: number }[]>()
  const add = (words: string[], value: number) => {
    const list = index.get(words[0]!) ?? []
    list.push({ words, value })
    index.set(words[0]!, list)
  }
  for (const [phrase, value] of entries) {
    const lower = phrase.toLowerCase()
    add(lower.split(/\s+/), value)
    // The tokenizer may split "no-show" into "no", "-", "show".
    if (lower.includes('-')) add(lower.replaceAll('-', ' - ').split(/\s+/), value)
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length)
  return index
}

const SENTIMENT_INDEX = phraseIndex(Object.entries(SENTIMENT))
const CUE_INDEX = new Map<AspectId, ReturnType<typeof phraseIndex>>(
  (Object.entries(ASPECT_CUES) as [AspectId, string[]][]).map(([aspect, cues]) => [aspect, phraseIndex(cues.map((c) => [c, 1]))]),
)
const WEAK_CUE_INDEX = new Map<AspectId, ReturnType<typeof phraseIndex>>(
  (Object.entries(WEAK_CUES) as [AspectId, string[]][]).map(([aspect, cues]) => [aspect, phraseIndex(cues.map((c) => [c, 1]))]),
)
/** Nouns of trouble: "no issues" is good news, but in "didn't fix the issue" the negation belongs to the verb. */
const TROUBLE_NOUNS = new Set(['issue', 'problem', 'complaint', 'mess', 'dust', 'debris', 'delay'])
const DETERMINER_NEGATORS = new Set(['no', 'without', 'zero', 'never'])

/** Longest phrase starting at `i`, matched on lemmas or on surface forms. */
function matchAt(tokens: Token[], i: number, index: Map<string, { words: string[]; value: number }[]>) {
  const token = tokens[i]!
  return matchList(tokens, i, index.get(token.lemma)) ?? (token.surface === token.lemma ? undefined : matchList(tokens, i, index.get(token.surface)))
}

function matchList(tokens: Token[], i: number, candidates: { words: string[]; value: number }[] | undefined) {
  if (!candidates) return undefined
  outer: for (const candidate of candidates) {
    const words = candidate.words
    if (words.length > MAX_PHRASE || i + words.length > tokens.length) continue
    for (let k = 1; k < words.length; k++) {
      const t = tokens[i + k]!
      if (t.lemma !== words[k] && t.surface !== words[k]) continue outer
    }
    return candidate
  }
  return undefined
}

function splitClauses(tokens: Token[]): Token[][] {
  const clauses: Token[][] = [[]]
  let subordinate = false
  for (const token of tokens) {
    const current = clauses[clauses.length - 1]!
    if (CONTRAST_WORDS.includes(token.lemma) && ['CCONJ', 'SCONJ', 'ADV', 'ADP', 'INTJ'].includes(token.pos)) {
      if (current.length) clauses.push([])
      subordinate = SUBORDINATING.has(token.lemma)
      continue
    }
    if (token.surface === ';' || (subordinate && token.surface === ',')) {
      if (current.length) clauses.push([])
      subordinate = false
      continue
    }
    current.push(token)
  }
  return clauses.filter((c) => c.some((t) => t.pos !== 'PUNCT'))
}

function scoreClause(tokens: Token[]): number {
  let score = 0
  for (let i = 0; i < tokens.length; i++) {
    const match = matchAt(tokens, i, SENTIMENT_INDEX)
    if (!match || match.value === 0) continue
    const span = tokens.slice(i, i + match.words.length)
    // A phrase that carries its own negation ("never call back") is not flipped again.
    const selfNegating = match.words.some((w) => NEGATOR_SET.has(w))
    const before = tokens.slice(Math.max(0, i - 3), i).map((t) => t.lemma)
    // wink's negation scope, plus a short window of our own ("nobody ever called me back").
    let negated = !selfNegating && (span.some((t) => t.negated) || before.some((w) => NEGATOR_SET.has(w) || w === 'nobody'))
    // A trouble noun is negated only by a determiner ("no issues"); in "didn't fix the issue" the verb carries it.
    if (negated && match.words.length === 1 && TROUBLE_NOUNS.has(match.words[0]!) && !before.some((w) => DETERMINER_NEGATORS.has(w))) negated = false
    const previous = tokens[i - 1]
    const scale = previous ? (INTENSIFIERS[previous.lemma] ?? INTENSIFIERS[previous.surface] ?? 1) : 1
    score += match.value * (negated ? -1 : 1) * scale
    i += match.words.length - 1
  }
  return Math.max(-1, Math.min(1, score))
}

function cued(tokens: Token[], indexes: Map<AspectId, ReturnType<typeof phraseIndex>>): AspectId[] {
  const found: AspectId[] = []
  for (const [aspect, index] of indexes) {
    for (let i = 0; i < tokens.length; i++) {
      if (matchAt(tokens, i, index)) {
        found.push(aspect)
        break
      }
    }
  }
  return found
}

/**
 * Specific cues first; a general word ("job", "week") names an aspect only when nothing else does,
 * or when a sentiment word qualifies it directly ("excellent work").
 */
function aspectsOf(tokens: Token[]): AspectId[] {
  const strong = cued(tokens, CUE_INDEX)
  if (!strong.length) return cued(tokens, WEAK_CUE_INDEX)
  const qualified = tokens.filter((_, i) => i > 0 && (SENTIMENT[tokens[i - 1]!.lemma] ?? 0) !== 0 && tokens[i - 1]!.pos === 'ADJ')
  for (const aspect of cued(qualified, WEAK_CUE_INDEX)) if (!strong.includes(aspect)) strong.push(aspect)
  return strong
}

export const polarityOf = (score: number): Polarity => (score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral')

export function analyzeText(text: string): TextAnalysis {
  const { its } = engine()
  const doc = engine().readDoc(text)
  const clauses: ClauseAnalysis[] = []
  const aspects: AspectMention[] = []
  const terms: string[][] = []
  let total = 0
  doc.sentences().each((sentence: any) => {
    const tokens: Token[] = []
    sentence.tokens().each((token: any, index: number) => {
      const raw = String(token.out())
      tokens.push({
        raw,
        surface: raw.toLowerCase(),
        lemma: String(token.out(its.lemma)).toLowerCase(),
        negated: Boolean(token.out(its.negationFlag)),
        pos: String(token.out(its.pos)),
        index,
      })
    })
    const sentenceSentiment = Number(sentence.out(its.sentiment)) || 0
    for (const clauseTokens of splitClauses(tokens)) {
      let score = scoreClause(clauseTokens)
      const clauseAspects = aspectsOf(clauseTokens)
      // No domain word but a clearly felt sentence: wink's own sentiment decides.
      if (score === 0 && clauseAspects.length && Math.abs(sentenceSentiment) >= 0.25) score = Math.max(-1, Math.min(1, sentenceSentiment))
      const clauseText = clauseTokens.map((t) => t.raw).join(' ').replace(/\s+([,.!?;:'])/g, '$1').replace(/\s+n't/g, "n't")
      clauses.push({ text: clauseText, score: round(score), aspects: clauseAspects })
      terms.push(clauseTokens.filter((t) => CONTENT_POS.has(t.pos) && /^[\p{L}][\p{L}'-]+$/u.test(t.lemma)).map((t) => t.lemma))
      total += score
      for (const aspect of clauseAspects) aspects.push({ aspect, sentiment: polarityOf(score), score: round(score), clause: clauseText })
    }
  })
  return { clauses, aspects, score: round(Math.max(-1, Math.min(1, total))), terms }
}

const round = (value: number) => Math.round(value * 1000) / 1000
