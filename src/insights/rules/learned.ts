/**
 * A small learned component beside the rules: per aspect and polarity, a logistic regression over the sentence's
 * lemmas, lemma pairs, negated lemmas, character 4-grams of its words, the lexicon's cues (what each matched phrase
 * says, kept or set aside by the rules) and the rules' own reading. It adds an aspect the rules left silent when it
 * is confident, may drop a rule's reading it finds very unlikely, and may turn a rule's polarity it finds clearly
 * wrong; the thresholds are chosen on the real dev split. Weights: `learned-weights.json`, written by
 * `bun scripts/train-insights-model.ts --write` from the train split of test/insights/real/ (only sources whose
 * terms allow it; see the SOURCES files there). The weights shipped are empty, so the rules read alone: the chosen
 * model raised dev F1 by about a point (praise only) but read stories of the unit tests as praise.
 */
import type { AspectId } from '../lexicon'
import type { Cue, LearnedModel, Token } from './types'

export type { Cue, LearnedModel }
import { NEGATOR_SET } from './words'

const WORD = /^[\p{L}][\p{L}'’_-]*$/u
const DEFAULT_FAMILIES = ['w', 'b', 'n', 'r']
const sign = (x: number) => (x > 0 ? 'positive' : x < 0 ? 'negative' : 'neutral')

/**
 * The features of one sentence: its lemmas (`w:`), lemma pairs (`b:`), lemmas within three words after a negator
 * (`n:`), character 4-grams of its words (`g:`), the lexicon's cues (`c:`) and the rules' reading (`r:`).
 */
export function sentenceFeatures(
  tokens: Token[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
  families: readonly string[] = DEFAULT_FAMILIES,
): string[] {
  const has = new Set(families)
  const out = new Set<string>(['bias'])
  const words = tokens.filter((t) => WORD.test(t.surface) || NEGATOR_SET.has(t.surface))
  let negatedUntil = -1
  words.forEach((t, k) => {
    const w = t.competitor ? `other:${t.lemma}` : t.lemma
    if (has.has('w')) out.add(`w:${w}`)
    if (has.has('b') && k + 1 < words.length) out.add(`b:${t.lemma}_${words[k + 1]!.lemma}`)
    if (has.has('n') && k <= negatedUntil) out.add(`n:${t.lemma}`)
    if (has.has('g') && !t.masked) {
      const padded = `<${t.surface.toLowerCase()}>`
      for (let i = 0; i + 4 <= padded.length; i++) out.add(`g:${padded.slice(i, i + 4)}`)
    }
    if (NEGATOR_SET.has(t.surface) || NEGATOR_SET.has(t.lemma)) negatedUntil = k + 3
  })
  if (has.has('c'))
    for (const c of cues) {
      if (!c.aspects.length) {
        if (c.live && c.score !== 0) out.add(`c:any:${sign(c.score)}`)
        continue
      }
      for (const a of c.aspects) out.add(c.live ? `c:${a}:${sign(c.score)}` : `c:${a}:set-aside`)
    }
  if (has.has('r')) for (const [aspect, score] of ruled) out.add(`r:${aspect}:${sign(score)}`)
  return [...out]
}

/** A model made ready to read fast: its weights in a Map, each label's aspect, polarity and opposite label. */
type Compiled = {
  weights: Map<string, number[]>
  labels: { aspect: AspectId; negative: boolean; opposite: number }[]
  index: Map<string, number>
}
const compiledModels = new WeakMap<LearnedModel, Compiled>()
function compiled(model: LearnedModel): Compiled {
  let c = compiledModels.get(model)
  if (!c) {
    const index = new Map(model.labels.map((l, k) => [l, k]))
    const labels = model.labels.map((l) => {
      const [aspect, polarity] = l.split(':') as [AspectId, string]
      return {
        aspect,
        negative: polarity === 'negative',
        opposite: index.get(`${aspect}:${polarity === 'negative' ? 'positive' : 'negative'}`) ?? -1,
      }
    })
    c = { weights: new Map(Object.entries(model.weights)), labels, index }
    compiledModels.set(model, c)
  }
  return c
}

/** The probability of each label of the model for these features. */
export function labelProbabilities(model: LearnedModel, features: string[]): number[] {
  const weights = compiled(model).weights
  const z = [...model.bias]
  for (const f of features) {
    const w = weights.get(f)
    if (w) for (let k = 0; k < w.length; k += 2) z[w[k]!]! += w[k + 1]!
  }
  return z.map((x) => 1 / (1 + Math.exp(-x)))
}

/** The model's verdict on one sentence, from its label probabilities and the rules' reading (aspect → summed score). */
export function decide(
  model: LearnedModel,
  p: readonly number[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
): Map<AspectId, number> {
  const { labels, index } = compiled(model)
  const probability = (aspect: AspectId, polarity: string) => p[index.get(`${aspect}:${polarity}`) ?? -1] ?? 0
  const out = new Map(ruled)
  if (model.drop > 0 || model.flip !== undefined)
    for (const [aspect, score] of ruled) {
      if (score === 0) continue
      const own = probability(aspect, sign(score))
      const other = probability(aspect, score > 0 ? 'negative' : 'positive')
      if (model.drop > 0 && own + other < model.drop) out.delete(aspect)
      else if (model.flip !== undefined && other >= model.flip && other > own) out.set(aspect, score > 0 ? -0.5 : 0.5)
    }
  const unfelt = model.gate === true && !cues.some((c) => c.live && c.score < 0)
  labels.forEach(({ aspect, negative, opposite }, k) => {
    if (ruled.has(aspect) || out.has(aspect)) return
    const mine = p[k] ?? 0
    const threshold = negative ? (model.addNegative ?? model.add) : model.add
    if (mine < threshold || mine <= (p[opposite] ?? 0) || (negative && unfelt)) return
    out.set(aspect, negative ? -0.5 : 0.5)
  })
  return out
}

/**
 * The sentence's aspects after the model has had its say: the rules' reading, plus each aspect the model is sure of
 * and the rules missed (score +-0.5 with its polarity), less any the model finds very unlikely, with a polarity the
 * model finds clearly wrong turned.
 */
export function withLearned(
  model: LearnedModel,
  tokens: Token[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
): Map<AspectId, number> {
  if (!model.labels.length) return new Map(ruled)
  const p = labelProbabilities(model, sentenceFeatures(tokens, ruled, cues, model.features))
  return decide(model, p, ruled, cues)
}
