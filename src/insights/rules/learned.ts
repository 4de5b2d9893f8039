/**
 * A small learned component beside the rules: per aspect and polarity, a logistic regression over the sentence's
 * lemmas, lemma pairs, negated lemmas and the rules' own reading. It only adds an aspect the rules left silent
 * when it is confident (and may drop a rule's reading it finds very unlikely); the thresholds were chosen on the
 * real dev split. Weights: `learned-weights.json`, written by `bun scripts/train-insights-model.ts --write` from the
 * train split of test/insights/real/. The weights shipped are empty, so the rules read alone: on the dev split the
 * model added too little (F1 +1.7 points, inside the interval) and read the customer's own story as complaints.
 */
import type { AspectId } from '../lexicon'
import type { Token } from './types'
import { NEGATOR_SET } from './words'

export type LearnedModel = {
  /** One label per aspect and polarity: "price:negative". */
  labels: string[]
  bias: number[]
  /** Feature → [label index, weight, label index, weight, ...] (only the weights that matter). */
  weights: Record<string, number[]>
  /** Add a label the rules did not find at or above this probability. */
  add: number
  /** Drop a rule's reading when the model gives it less than this probability (0: never). */
  drop: number
}

const WORD = /^[\p{L}][\p{L}'’-]*$/u

/** The features of one sentence: its lemmas, lemma pairs, lemmas within three words after a negator, and the rules' reading. */
export function sentenceFeatures(tokens: Token[], ruled: ReadonlyMap<AspectId, number>): string[] {
  const out = new Set<string>(['bias'])
  const words = tokens.filter((t) => WORD.test(t.surface) || NEGATOR_SET.has(t.surface))
  let negatedUntil = -1
  words.forEach((t, k) => {
    const w = t.competitor ? `other:${t.lemma}` : t.lemma
    out.add(`w:${w}`)
    if (k + 1 < words.length) out.add(`b:${t.lemma}_${words[k + 1]!.lemma}`)
    if (k <= negatedUntil) out.add(`n:${t.lemma}`)
    if (NEGATOR_SET.has(t.surface) || NEGATOR_SET.has(t.lemma)) negatedUntil = k + 3
  })
  for (const [aspect, score] of ruled) out.add(`r:${aspect}:${score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral'}`)
  return [...out]
}

/** The probability of each label of the model for these features. */
export function labelProbabilities(model: LearnedModel, features: string[]): number[] {
  const z = [...model.bias]
  for (const f of features) {
    const w = model.weights[f]
    if (w) for (let k = 0; k < w.length; k += 2) z[w[k]!]! += w[k + 1]!
  }
  return z.map((x) => 1 / (1 + Math.exp(-x)))
}

/**
 * The sentence's aspects after the model has had its say: the rules' reading, plus each aspect the model is sure of
 * and the rules missed (score +-0.5 with its polarity), less any the model finds very unlikely.
 */
export function withLearned(model: LearnedModel, tokens: Token[], ruled: ReadonlyMap<AspectId, number>): Map<AspectId, number> {
  const p = labelProbabilities(model, sentenceFeatures(tokens, ruled))
  const probability = (aspect: AspectId, polarity: string) => p[model.labels.indexOf(`${aspect}:${polarity}`)] ?? 0
  const out = new Map(ruled)
  for (const [aspect, score] of ruled) {
    const own = probability(aspect, score > 0 ? 'positive' : 'negative')
    if (model.drop > 0 && score !== 0 && own < model.drop) out.delete(aspect)
  }
  for (const label of model.labels) {
    const [aspect, polarity] = label.split(':') as [AspectId, string]
    if (ruled.has(aspect) || out.has(aspect)) continue
    const mine = probability(aspect, polarity)
    const other = probability(aspect, polarity === 'positive' ? 'negative' : 'positive')
    if (mine >= model.add && mine > other) out.set(aspect, polarity === 'positive' ? 0.5 : -0.5)
  }
  return out
}
