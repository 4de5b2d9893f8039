/**
 * A small learned component beside the rules. Two shapes of weights are read:
 * - per aspect (`mode: 'aspect'`, what the training script writes): for each aspect a presence classifier
 *   (`quality:present`, a logistic regression over the sentence's features) and a polarity classifier
 *   (`quality:negative`, trained on the sentences that judge the aspect), stacked on the rules: their reading is one of
 *   the features, and the final decision keeps it unless the model is sure otherwise. An aspect the rules left silent
 *   is added when its presence reaches that aspect's threshold, read negative when the polarity classifier reaches
 *   the complaint threshold; a rule's reading may be dropped when the presence (or keep) probability falls below the
 *   aspect's drop threshold (never one a live cue names outright, "good communication"), and turned when the polarity
 *   classifier is clearly against it. With the gate on, an added complaint needs a negative cue the rules kept in the
 *   sentence, or (per aspect) a complaint classifier over the whole
 *   sentence (label `complaint`: does it hold any complaint) sure enough of one, since complaints said as bare facts
 *   ("the second visit cost us another $200") carry no complaint word. The model never adds an aspect where the rules
 *   set its cues aside (another company's scope, the job to be done, the customer's story, a repair merely named) nor
 *   in a sentence whose every opinion the rules set aside; it never speaks for a sentence the rules read as silent on
 *   purpose.
 * - per aspect and polarity (the older shape, labels `quality:positive` / `quality:negative`): gates over the rules
 *   (add a label they missed, drop or turn one they found).
 * Features: lemmas, lemma pairs, negated lemmas, character n-grams of the words, the lexicon's cues (what each matched
 * phrase says, kept or set aside by the rules), the rules' own reading and (family `e`) the mean pretrained vector of
 * the sentence's words (word-vectors.ts), which carries what the model learned about a word to its neighbours.
 * Weights: `learned-weights.json`, written by `bun scripts/train-insights-model.ts --write` from the train split of
 * test/insights/real/ (only sources whose terms allow it; see the SOURCES files there) and the developer-written
 * tuning sentences, every choice made on the dev split under the unit tests' guards (the script's header says which).
 * A cleaning company's cleanliness is its quality: the analyser adds no learned cleanliness there (analyzer.ts).
 */
import type { AspectId } from '../lexicon'
import type { Cue, LearnedModel as GateModel, Token } from './types'
import { isNegator, NEGATOR_SET } from './words'
import { wordVectors } from '../word-vectors'

export type { Cue }
/**
 * The weights: the older gate shape, or (`mode: 'aspect'`) per aspect a presence classifier (trained on the sentences
 * the rules left silent on the aspect), a polarity classifier (on the sentences that judge it) and a keep classifier
 * (on the sentences the rules read it in: is it really there).
 */
export type LearnedModel = GateModel & {
  /** 'aspect': labels `aspect:present`, `aspect:negative` and `aspect:kept` per aspect. */
  mode?: 'aspect'
  /** Per aspect (in the order of the presence labels): add an aspect the rules did not find at or above this presence probability. */
  adds?: number[]
  /** Per aspect (in the order of the presence labels): drop a rule's reading when the keep probability falls below this (0: never). */
  drops?: number[]
  /** A found aspect reads negative at or above this probability of the polarity classifier (default 0.5). */
  negative?: number
  /** Per aspect (in the order of the presence labels): its own complaint threshold, instead of `negative`. */
  negatives?: number[]
  /** Per aspect: turn a rule's positive reading negative at or above this polarity probability, instead of `flip` (above 1: never). */
  turnsNegative?: number[]
  /** Per aspect: turn a rule's negative reading positive when the polarity classifier gives positive at least this, instead of `flip`. */
  turnsPositive?: number[]
  /** With feature family `e`: per dimension of the sentence's mean word vector (`meanVector`), a weight per label. */
  dense?: number[][]
  /**
   * Per aspect, with the gate on: its added complaint in a sentence without a felt negative cue passes when the
   * sentence's complaint classifier (label `complaint`: does the sentence hold any complaint) gives at least this
   * (above 1: never).
   */
  complaintGates?: number[]
}

const WORD = /^[\p{L}][\p{L}'’_-]*$/u
const DEFAULT_FAMILIES = ['w', 'b', 'n', 'r']
const sign = (x: number) => (x > 0 ? 'positive' : x < 0 ? 'negative' : 'neutral')

/**
 * The features of one sentence: its lemmas (`w:`), lemma pairs (`b:`), lemmas within three words after a negator
 * (`n:`), character 4-grams of its words (`g:`) or 3- to 5-grams (`G`, written `g:` too), the lexicon's cues (`c:`)
 * and the rules' reading (`r:`). Family `e` is no named feature: it is `meanVector`, weighed by the model's `dense`.
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
    if ((has.has('g') || has.has('G')) && !t.masked) {
      const padded = `<${t.surface.toLowerCase()}>`
      for (const n of has.has('G') ? [3, 4, 5] : [4]) for (let i = 0; i + n <= padded.length; i++) out.add(`g:${padded.slice(i, i + n)}`)
    }
    if (isNegator(t)) negatedUntil = k + 3
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

/**
 * The mean of the pretrained vectors (word-vectors.ts) of the sentence's words, the rules' masked words left out, or
 * undefined when none has one. Scaled by the square root of the dimensions, so that its parts are of the order of one,
 * as a word feature is. What the dense weights are trained on; `labelProbabilities` reads it word by word.
 */
export function meanVector(tokens: readonly Token[]): Float32Array | undefined {
  const { dimensions, bytes, scale } = wordVectors()
  const rows = vectorRows(tokens)
  if (!rows.length) return undefined
  const sum = new Int32Array(dimensions)
  for (const row of rows) for (let d = 0, at = row * dimensions; d < dimensions; d++, at++) sum[d]! += bytes[at]!
  const factor = (scale * Math.sqrt(dimensions)) / rows.length
  return Float32Array.from(sum, (x) => x * factor)
}

/** The rows (word-vectors.ts) of the sentence's words that have a vector, the rules' masked words left out. */
function vectorRows(tokens: readonly Token[]): number[] {
  const rows: number[] = []
  for (const t of tokens) {
    if (t.masked || !WORD.test(t.surface)) continue
    const row = vectorRow(t)
    if (row >= 0) rows.push(row)
  }
  return rows
}
/** A word's row in the word vectors: its surface's, else its lemma's; -1 when neither has one. */
function vectorRow(t: Token): number {
  const { rowOf } = wordVectors()
  const row = rowOf(t.surface.toLowerCase())
  return row >= 0 ? row : rowOf(t.lemma)
}

/** A model made ready to read fast: its weights in a Map, each label's aspect, polarity and opposite label. */
type Compiled = {
  weights: Map<string, number[]>
  /** The `dense` weights flattened label by label (each label's dimensions together, as they are summed). */
  dense?: Float64Array
  /**
   * Per word row, its stored bytes times each label's dense weights (`labelProbabilities`; the vectors' scale is
   * applied to the sum), worked out on a row's first use; in single precision, 1.8 MB for the 21 labels shipped.
   */
  products?: { values: Float32Array; known: Uint8Array }
  labels: { aspect: AspectId; negative: boolean; opposite: number }[]
  index: Map<string, number>
  /** Per aspect (`mode: 'aspect'`), in label order: where its presence, polarity and (if any) kept labels are. */
  aspectLabels: { aspect: AspectId; present: number; negative: number; kept: number }[]
  /** Where the sentence's complaint label is (-1: the model has none). */
  complaint: number
  /** The weights laid out for `sentenceProbabilities`, made on first use. */
  sparse?: Sparse
}
/** Where each aspect's presence, complaint and kept labels sit in a model's labels (-1: the model has none). */
export const aspectLabelsOf = (model: LearnedModel): Compiled['aspectLabels'] => compiled(model).aspectLabels
/** Where the sentence's complaint label (does the sentence hold any complaint) sits in a model's labels (-1: none). */
export const complaintLabelOf = (model: LearnedModel): number => compiled(model).complaint

/**
 * The dense weights (dimension by label, as the weights file keeps them) label by label. They must fit the word
 * vectors shipped: weights trained on vectors of another size would be read against the wrong parts.
 */
function flattenDense(dense: number[][], labels: number): Float64Array {
  const { dimensions } = wordVectors()
  if (dense.length !== dimensions || dense.some((row) => row.length !== labels))
    throw new Error(
      `learned weights: dense weights of ${dense.length} x ${dense[0]?.length} do not fit ${dimensions} dimensions x ${labels} labels`,
    )
  const flat = new Float64Array(dimensions * labels)
  for (let l = 0; l < labels; l++) for (let d = 0; d < dimensions; d++) flat[l * dimensions + d] = dense[d]![l]!
  return flat
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
    const aspectLabels = model.labels
      .filter((l) => l.endsWith(':present'))
      .map((l) => {
        const aspect = l.split(':')[0] as AspectId
        return {
          aspect,
          present: index.get(l)!,
          negative: index.get(`${aspect}:negative`) ?? -1,
          kept: index.get(`${aspect}:kept`) ?? -1,
        }
      })
    c = {
      weights: new Map(Object.entries(model.weights)),
      labels,
      index,
      aspectLabels,
      complaint: index.get('complaint') ?? -1,
      ...(model.dense ? { dense: flattenDense(model.dense, model.labels.length) } : {}),
    }
    compiledModels.set(model, c)
  }
  return c
}

/** The probability of each label of the model for a sentence: its tokens and their named features (`sentenceFeatures`). */
export function labelProbabilities(model: LearnedModel, tokens: readonly Token[], features: string[]): number[] {
  const c = compiled(model)
  const z = [...model.bias]
  for (const f of features) {
    const w = c.weights.get(f)
    if (w) for (let k = 0; k < w.length; k += 2) z[w[k]!]! += w[k + 1]!
  }
  return withDense(c, z, c.dense ? vectorRows(tokens) : [])
}

/**
 * The same probabilities as `labelProbabilities(model, tokens, sentenceFeatures(tokens, ruled, cues, model.features))`,
 * to the last bit, read without naming the features: each word's weights are found by the word itself (`Sparse`), in
 * the order `sentenceFeatures` lists them, each feature's weights added once. Naming them cost a string, a hash and a
 * set entry per feature. Models with character n-grams (`g`, `G`) are read the named way.
 */
export function sentenceProbabilities(
  model: LearnedModel,
  tokens: readonly Token[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
): number[] {
  const families = model.features ?? DEFAULT_FAMILIES
  const c = compiled(model)
  if (families.includes('g') || families.includes('G'))
    return labelProbabilities(model, tokens, sentenceFeatures(tokens as Token[], ruled, cues, families))
  const sparse = (c.sparse ??= sparseOf(c.weights, families))
  const { ids, vocabulary, starts, labels, values, seen } = sparse
  if (++sparse.stamp > 0x7fffffff) {
    seen.fill(0)
    sparse.stamp = 1
  }
  const stamp = sparse.stamp
  const z = Float64Array.from(model.bias)
  const add = (id: number | undefined) => {
    if (id === undefined || seen[id] === stamp) return
    seen[id] = stamp
    for (let k = starts[id]!, end = starts[id + 1]!; k < end; k++) z[labels[k]!]! += values[k]!
  }
  add(ids.get('bias'))
  // The words sentenceFeatures reads, and the rows of the words the dense part reads (vectorRows), in one pass.
  const words: Token[] = []
  const rows: number[] = []
  for (const t of tokens) {
    const isWord = WORD.test(t.surface)
    if (isWord || NEGATOR_SET.has(t.surface)) words.push(t)
    if (c.dense && isWord && !t.masked) {
      const row = vectorRow(t)
      if (row >= 0) rows.push(row)
    }
  }
  let negatedUntil = -1
  for (let k = 0; k < words.length; k++) {
    const t = words[k]!
    const known = vocabulary.get(t.lemma)
    add(t.competitor ? vocabulary.get(`other:${t.lemma}`)?.word : known?.word)
    if (k + 1 < words.length) add(known?.pairs?.get(words[k + 1]!.lemma))
    if (k <= negatedUntil) add(known?.negated)
    if (isNegator(t)) negatedUntil = k + 3
  }
  if (families.includes('c') || families.includes('r'))
    for (const f of sentenceFeatures(
      [],
      ruled,
      cues,
      families.filter((f) => f === 'c' || f === 'r'),
    ))
      add(ids.get(f))
  return withDense(c, z, rows)
}

/**
 * A model's weights laid out for `sentenceProbabilities`: feature k's weights are `labels`/`values` from `starts[k]` to
 * `starts[k + 1]`; the word families' features (those the model reads) found by lemma in `vocabulary`: its own (`w:`),
 * negated (`n:`), and paired with the next word (`b:`; a pair's name splits at an underscore, and a lemma may hold one
 * too, "a_b_c", so such a pair is filed under every split of it); `seen` marks the features a sentence has added (by
 * `stamp`, one per sentence).
 */
type Sparse = {
  ids: Map<string, number>
  vocabulary: Map<string, { word?: number; negated?: number; pairs?: Map<string, number> }>
  starts: Uint32Array
  labels: Uint16Array
  values: Float64Array
  seen: Uint32Array
  stamp: number
}
function sparseOf(weights: ReadonlyMap<string, number[]>, families: readonly string[]): Sparse {
  const ids = new Map<string, number>()
  const vocabulary: Sparse['vocabulary'] = new Map()
  const entry = (lemma: string) => {
    let known = vocabulary.get(lemma)
    if (!known) vocabulary.set(lemma, (known = {}))
    return known
  }
  const starts = new Uint32Array(weights.size + 1)
  let size = 0
  for (const w of weights.values()) size += w.length / 2
  const labels = new Uint16Array(size)
  const values = new Float64Array(size)
  let id = 0
  let at = 0
  for (const [name, w] of weights) {
    ids.set(name, id)
    starts[id] = at
    for (let k = 0; k < w.length; k += 2, at++) {
      labels[at] = w[k]!
      values[at] = w[k + 1]!
    }
    const family = name.slice(0, 2)
    if (family === 'w:' && families.includes('w')) entry(name.slice(2)).word = id
    else if (family === 'n:' && families.includes('n')) entry(name.slice(2)).negated = id
    else if (family === 'b:' && families.includes('b')) {
      const pair = name.slice(2)
      for (let split = pair.indexOf('_'); split >= 0; split = pair.indexOf('_', split + 1)) {
        const first = entry(pair.slice(0, split))
        first.pairs ??= new Map()
        first.pairs.set(pair.slice(split + 1), id)
      }
    }
    id++
  }
  starts[id] = at
  return { ids, vocabulary, starts, labels, values, seen: new Uint32Array(id), stamp: 0 }
}

/**
 * The dense part (family `e`) added to the linear sums `z`, and the probabilities. The sentence's mean word vector
 * (`meanVector`) is read the fast way: the weights times the mean vector equal the mean of the weights times each
 * word's vector, so each word's product (one number per label) is worked out once per model and summed, instead of
 * summing the words' vectors and multiplying them out per sentence.
 */
function withDense(c: Compiled, z: number[] | Float64Array, rows: readonly number[]): number[] {
  if (c.dense && rows.length) {
    const { dimensions, bytes, scale } = wordVectors()
    const labels = z.length
    c.products ??= { values: new Float32Array((bytes.length / dimensions) * labels), known: new Uint8Array(bytes.length / dimensions) }
    const { values, known } = c.products
    const sum = new Float64Array(labels)
    for (const row of rows) {
      const at = row * labels
      if (!known[row]) {
        for (let l = 0, w = 0; l < labels; l++) {
          let product = 0
          for (let d = 0, b = row * dimensions; d < dimensions; d++, b++, w++) product += c.dense[w]! * bytes[b]!
          values[at + l] = product
        }
        known[row] = 1
      }
      for (let l = 0; l < labels; l++) sum[l]! += values[at + l]!
    }
    const factor = (scale * Math.sqrt(dimensions)) / rows.length
    for (let l = 0; l < labels; l++) z[l]! += sum[l]! * factor
  }
  return Array.from(z, (x) => 1 / (1 + Math.exp(-x)))
}

/**
 * The per-aspect model's verdict (`mode: 'aspect'`): the rules' reading, with aspects added where the presence
 * classifier is sure (never where the rules set the aspect's cues aside, nor in a sentence whose every opinion they
 * set aside), dropped where it is sure there is none, and turned where the polarity classifier is clearly against the
 * rules (a rule's neutral reading takes the classifier's polarity).
 */
function decideAspects(
  model: LearnedModel,
  p: readonly number[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[],
): Map<AspectId, number> {
  const out = new Map(ruled)
  const setAside = new Set<AspectId>()
  const felt = new Set<AspectId>()
  // An aspect a live cue names outright ("good communication") is never dropped: the keep and presence classifiers
  // learned their drops from weak readings ("the office", "they told me") and were wrong on named ones.
  const named = new Set<AspectId>()
  let anyFelt = false
  let anySetAside = false
  for (const c of cues) {
    if (c.live && c.explicit) for (const a of c.aspects) named.add(a)
    if (c.live && c.score !== 0) {
      anyFelt = true
      for (const a of c.aspects) felt.add(a)
    } else if (!c.live) {
      anySetAside = true
      for (const a of c.aspects) setAside.add(a)
    }
  }
  const silenced = anySetAside && !anyFelt
  const defaultNegativeAt = model.negative ?? 0.5
  const { aspectLabels, complaint: complaintAt } = compiled(model)
  // The gate: an added complaint needs a felt negative cue, or the complaint classifier sure enough of one.
  const gateOpen = model.gate !== true || cues.some((c) => c.live && c.score < 0)
  const complaintLikely = p[complaintAt] ?? 0
  for (let i = 0; i < aspectLabels.length; i++) {
    const { aspect, present: presentAt, negative: negativeIndex, kept: keptAt } = aspectLabels[i]!
    const present = p[presentAt] ?? 0
    const negative = p[negativeIndex] ?? 0
    const negativeAt = model.negatives?.[i] ?? defaultNegativeAt
    const score = ruled.get(aspect)
    if (score !== undefined) {
      if (!named.has(aspect) && (p[keptAt] ?? present) < (model.drops?.[i] ?? 0)) out.delete(aspect)
      else {
        const toNegative = model.turnsNegative?.[i] ?? model.flip
        const toPositive = model.turnsPositive?.[i] ?? model.flip
        if (score > 0.1) {
          if (toNegative !== undefined && negative >= toNegative) out.set(aspect, -0.5)
        } else if (score < -0.1) {
          if (toPositive !== undefined && 1 - negative >= toPositive) out.set(aspect, 0.5)
        } else if (negativeIndex >= 0) out.set(aspect, negative >= negativeAt ? -0.5 : 0.5)
      }
      continue
    }
    if (silenced || (setAside.has(aspect) && !felt.has(aspect))) continue
    if (present < (model.adds?.[i] ?? 2)) continue
    const complaint = negative >= negativeAt
    if (complaint && !gateOpen && complaintLikely < (model.complaintGates?.[i] ?? 2)) continue
    out.set(aspect, complaint ? -0.5 : 0.5)
  }
  return out
}

/** The model's verdict on one sentence, from its label probabilities and the rules' reading (aspect → summed score). */
export function decide(
  model: LearnedModel,
  p: readonly number[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
): Map<AspectId, number> {
  if (model.mode === 'aspect') return decideAspects(model, p, ruled, cues)
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
 * The sentence's aspects after the model has had its say (`aspects`): the rules' reading, plus each aspect the model is
 * sure of and the rules missed (score +-0.5 with its polarity), less any the model finds very unlikely, with a polarity
 * the model finds clearly wrong turned; and the model's probability of each label (`p`), which the complaint odds of
 * a whole review read.
 */
export function withLearned(
  model: LearnedModel,
  tokens: Token[],
  ruled: ReadonlyMap<AspectId, number>,
  cues: readonly Cue[] = [],
): { aspects: Map<AspectId, number>; p: number[] } {
  if (!model.labels.length) return { aspects: new Map(ruled), p: [] }
  const p = sentenceProbabilities(model, tokens, ruled, cues)
  return { aspects: decide(model, p, ruled, cues), p }
}
