/** The shapes the analyser and its rules share: tokens, lexicon entries, hits, a clause being read. */
import type { AspectId } from '../lexicon'
import type { CustomAspectCues } from '../vocabulary'

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
export type AnalysisContext = {
  maskedPhrases?: string[][]
  cleaningBusiness?: boolean
  /** false: the rules alone, without the learned component (for training it); a model: that one instead of the shipped weights. */
  learned?: boolean | LearnedModel
  /** Called with each sentence as the learned component sees it (tokens, the rules' reading, the lexicon's cues), for training it. */
  onSentence?: (tokens: Token[], ruled: ReadonlyMap<AspectId, number>, cues: readonly Cue[]) => void
  /** The business's own aspects and their cue phrases (business.json; rules/custom-aspects.ts). */
  custom?: CustomAspectCues[]
}
export type Token = {
  raw: string
  surface: string
  lemma: string
  pos: string
  masked: boolean
  competitor: boolean
  extra?: Entry
  sentenceStart?: boolean
}
export type Entry = {
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
  /** A thing judged (lexicon.ts's JUDGED_THINGS): its weak cue counts only beside an adjective that feels. */
  judged?: boolean
}
/** `job`: a failure read as the job to be done (no opinion, and no cue for nearby feeling to attach to). */
export type Hit = { entry: Entry; start: number; end: number; score: number; negated: boolean; segment: number; job?: boolean }
export const NEGATION_SCALAR = -0.74
export const key = (phrase: string) => phrase.toLowerCase().trim()
export const isNumber = (t: Token) => t.pos === 'NUM' || /^\$?\d/.test(t.surface)
/** The last pronoun or noun in tokens[from, to): the subject a verb at `to` most likely has. */
export const nearestSubject = (tokens: readonly Token[], from: number, to: number): Token | undefined =>
  tokens.slice(Math.max(0, from), to).findLast((x) => x.pos === 'PRON' || x.pos === 'NOUN' || x.pos === 'PROPN')
export const wordMatches = (t: Token, word: string) => t.lemma === word || t.surface === word || (word === '<num>' && isNumber(t))
export const syntheticEntry = (phrase: string, sentiment: number): Entry => ({
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
export const timeEntry = (phrase: string, sentiment: number, aspect: AspectId = 'punctuality'): Entry => ({
  ...syntheticEntry(phrase, sentiment),
  aspects: [aspect],
})
export const clamp = (x: number) => Math.max(-1, Math.min(1, x))
/** One clause being read: its tokens, the hits found in it, and the part (between commas and "and") each token sits in. */
export type Clause = { tokens: Token[]; hits: Hit[]; segmentOf: number[] }
/** A rule that rereads the hits of a clause in place (drops a score to 0, flips it, marks it the job to be done). */
export type ClauseRule = (clause: Clause) => void

/** The learned component's weights (rules/learned.ts reads them; scripts/train-insights-model.ts writes them). */
export type LearnedModel = {
  /** One label per aspect and polarity: "price:negative". */
  labels: string[]
  bias: number[]
  /** Feature → [label index, weight, label index, weight, ...] (only the weights that matter). */
  weights: Record<string, number[]>
  /** Add a positive label the rules did not find at or above this probability. */
  add: number
  /** Add a negative label (a complaint) the rules did not find at or above this probability (default: `add`). */
  addNegative?: number
  /** Drop a rule's reading when the model gives the aspect (either polarity) less than this probability (0: never). */
  drop: number
  /** Turn a rule's polarity when the model gives the other one at least this probability, and more than the rule's (default: never). */
  flip?: number
  /** Add a complaint only in a sentence where the rules kept some negative cue (a complaint word, or praise denied). */
  gate?: boolean
  /** The feature families the weights were trained on (default: lemmas, pairs, negated lemmas, the rules' reading). */
  features?: string[]
}

/** One lexicon cue of the sentence as the rules read it: its aspects, its score, and whether the rules kept it. */
/** `explicit`: the cue names its aspect outright ("communication", "punctuality"; lexicon.ts's EXPLICIT_CUES). */
export type Cue = { aspects: readonly AspectId[]; score: number; live: boolean; explicit?: boolean }
