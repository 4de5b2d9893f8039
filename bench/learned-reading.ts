/**
 * How the analyser reads a sentence with its learned component: by the words themselves (`sentenceProbabilities`,
 * what the analyser runs) against the reading by named features the training script uses (`sentenceFeatures` then
 * `labelProbabilities`), on every sentence of the labelled real corpus, in turns in this run, with the same model.
 * Prints each side's time per sentence and the ratio, and checks the two readings agree to the last bit.
 *   bun bench/learned-reading.ts            (BENCH_LEARNED_ROUNDS=7)
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AnalysisContext, analyzeText, contextFor } from '../src/insights/analyzer'
import { type Cue, type LearnedModel, labelProbabilities, sentenceFeatures, sentenceProbabilities } from '../src/insights/rules/learned'
import type { AspectId } from '../src/insights/lexicon'
import type { Token } from '../src/insights/rules/types'
import { sampleBusiness } from '../src/sample/business'
import { median, ROOT } from './lib'

const ROUNDS = Number(process.env.BENCH_LEARNED_ROUNDS ?? 7)
const model = JSON.parse(readFileSync(join(ROOT, 'src/insights/learned-weights.json'), 'utf8')) as LearnedModel
const real = join(ROOT, 'test/insights/real')
const texts = readdirSync(real)
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) => readFileSync(join(real, name), 'utf8').split('\n'))
  .filter((line) => line.trim())
  .map((line) => (JSON.parse(line) as { text?: string }).text ?? '')

// The sentences as the analyser hands them to the learned component: tokens, the rules' reading and the cues.
const sentences: [Token[], ReadonlyMap<AspectId, number>, readonly Cue[]][] = []
const context: AnalysisContext = {
  ...contextFor(sampleBusiness),
  learned: false,
  onSentence: (tokens, ruled, cues) => sentences.push([tokens, ruled, cues]),
}
for (const text of texts) analyzeText(text, context)

const byWords = ([tokens, ruled, cues]: (typeof sentences)[number]) => sentenceProbabilities(model, tokens, ruled, cues)
const byNames = ([tokens, ruled, cues]: (typeof sentences)[number]) =>
  labelProbabilities(model, tokens, sentenceFeatures(tokens, ruled, cues, model.features))
const differing = sentences.filter((s) => byWords(s).some((p, k) => p !== byNames(s)[k])).length

const timed = (read: (s: (typeof sentences)[number]) => number[]) => {
  const started = performance.now()
  for (const s of sentences) read(s)
  return ((performance.now() - started) * 1000) / sentences.length
}
timed(byWords)
timed(byNames)
const words: number[] = []
const names: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  words.push(timed(byWords))
  names.push(timed(byNames))
}
const ratios = words.map((w, k) => w / names[k]!)
console.log(
  `${sentences.length} sentences, ${ROUNDS} rounds: by words ${median(words).toFixed(1)} µs, by named features ${median(names).toFixed(1)} µs per sentence; ratio ${median(ratios).toFixed(2)} (median of rounds); readings that differ: ${differing}`,
)
if (differing) process.exitCode = 1
