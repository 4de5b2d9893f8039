#!/usr/bin/env bun
/**
 * Trains the analyser's small learned component (src/insights/rules/learned.ts) and writes its weights to
 * src/insights/learned-weights.json.
 *   bun scripts/train-insights-model.ts [--dir DIR ...] [--epochs 12] [--l2 0.001] [--rate 0.3] [--grid] [--write]
 * Trains on the `train` split of the JSONL files in test/insights/real/ (or the folders given; real-dev.jsonl and
 * documents.jsonl are never read), one logistic regression per aspect and polarity over the sentence features
 * (lemmas, lemma pairs, negated lemmas, the rules' reading), with a fixed seed. The two thresholds (add a label the
 * rules missed; drop a rule's label) are chosen on the `dev` split; the test split is never read. It prints the dev
 * figures of the rules alone and with the model; `--write` writes the chosen weights (without it nothing changes).
 * The weights shipped are empty (rules alone): see the README's accuracy section for why.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeText, contextFor } from '../src/insights/analyzer'
import { seededRandom, type Labelled, parseJsonl } from '../src/insights/evaluate'
import type { AspectId } from '../src/insights/lexicon'
import { ASPECTS } from '../src/insights/lexicon'
import { type LearnedModel, labelProbabilities, sentenceFeatures } from '../src/insights/rules/learned'
import { sentencesOf } from '../src/insights/rules/tokenize'
import { sampleBusiness } from '../src/sample/business'

const args = process.argv.slice(2)
const dirs = args.flatMap((a, k) => (a === '--dir' && args[k + 1] ? [args[k + 1]!] : []))
const folders = dirs.length ? dirs : ['test/insights/real']
const ruleContext = { ...contextFor(sampleBusiness), learned: false }
const ASPECT_IDS = ASPECTS.map((a) => a.id) as AspectId[]
const LABELS = ASPECT_IDS.flatMap((a) => [`${a}:positive`, `${a}:negative`])

function load(split: string): Labelled[] {
  const out: Labelled[] = []
  for (const dir of folders)
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl') && n !== 'real-dev.jsonl' && n !== 'documents.jsonl'))
      out.push(...parseJsonl(require('node:fs').readFileSync(join(dir, name), 'utf8')).filter((x) => x.split === split))
  return out
}

type Example = { features: string[]; gold: Set<string>; ruled: Map<AspectId, number> }
/** Features of a sentence as the analyser builds them (all its wink sentences together), with the rules' reading. */
function example(item: Labelled): Example {
  const ruled = new Map<AspectId, number>()
  for (const m of analyzeText(item.text, ruleContext).aspects) ruled.set(m.aspect, (ruled.get(m.aspect) ?? 0) + m.score)
  const features = new Set<string>()
  for (const tokens of sentencesOf(item.text)) for (const f of sentenceFeatures(tokens, ruled)) features.add(f)
  return { features: [...features], gold: new Set(Object.entries(item.aspects).map(([a, p]) => `${a}:${p}`)), ruled }
}

function train(examples: Example[], epochs = 12, l2 = 1e-4, rate = 0.3): LearnedModel {
  const counts = new Map<string, number>()
  for (const e of examples) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1)
  const vocabulary = [...counts].filter(([, n]) => n >= 2).map(([f]) => f)
  const index = new Map(vocabulary.map((f, k) => [f, k]))
  const w = vocabulary.map(() => new Float64Array(LABELS.length))
  const g = vocabulary.map(() => new Float64Array(LABELS.length).fill(1e-8))
  const random = seededRandom(7)
  const order = examples.map((_, k) => k)
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1))
      ;[order[k], order[j]] = [order[j]!, order[k]!]
    }
    for (const k of order) {
      const e = examples[k]!
      const rows = e.features.flatMap((f) => (index.has(f) ? [index.get(f)!] : []))
      for (let l = 0; l < LABELS.length; l++) {
        let z = 0
        for (const r of rows) z += w[r]![l]!
        const error = 1 / (1 + Math.exp(-z)) - (e.gold.has(LABELS[l]!) ? 1 : 0)
        for (const r of rows) {
          const grad = error + l2 * w[r]![l]!
          g[r]![l]! += grad * grad
          w[r]![l]! -= (rate * grad) / Math.sqrt(g[r]![l]!)
        }
      }
    }
  }
  const bias = LABELS.map((_, l) => w[index.get('bias')!]![l]!)
  const weights: Record<string, number[]> = {}
  vocabulary.forEach((f, r) => {
    if (f === 'bias') return
    const kept: number[] = []
    for (let l = 0; l < LABELS.length; l++) if (Math.abs(w[r]![l]!) >= 0.05) kept.push(l, Math.round(w[r]![l]! * 1000) / 1000)
    if (kept.length) weights[f] = kept
  })
  return { labels: LABELS, bias: bias.map((b) => Math.round(b * 1000) / 1000), weights, add: 1.1, drop: 0 }
}

/** Score of a decision rule on examples: mean of aspect F1 and complaints found-and-right (the targets' two weakest). */
function score(model: LearnedModel, examples: Example[]): { f1: number; complaints: number; objective: number } {
  let tp = 0
  let fp = 0
  let fn = 0
  let negGold = 0
  let negRight = 0
  for (const e of examples) {
    const p = labelProbabilities(model, e.features)
    const found = new Map<string, string>()
    for (const [aspect, s] of e.ruled) {
      const own = p[LABELS.indexOf(`${aspect}:${s > 0 ? 'positive' : 'negative'}`)] ?? 0
      if (!(model.drop > 0 && s !== 0 && own < model.drop)) found.set(aspect, s > 0.1 ? 'positive' : s < -0.1 ? 'negative' : 'neutral')
    }
    for (const aspect of ASPECT_IDS) {
      if (e.ruled.has(aspect)) continue
      const pos = p[LABELS.indexOf(`${aspect}:positive`)]!
      const neg = p[LABELS.indexOf(`${aspect}:negative`)]!
      if (Math.max(pos, neg) >= model.add) found.set(aspect, pos > neg ? 'positive' : 'negative')
    }
    const gold = new Map([...e.gold].map((l) => l.split(':') as [string, string]))
    for (const [aspect, polarity] of gold) {
      if (polarity === 'negative') negGold++
      if (!found.has(aspect)) fn++
      else {
        tp++
        if (polarity === 'negative' && found.get(aspect) === 'negative') negRight++
      }
    }
    for (const aspect of found.keys()) if (!gold.has(aspect)) fp++
  }
  const precision = tp / (tp + fp || 1)
  const recall = tp / (tp + fn || 1)
  const f1 = (2 * precision * recall) / (precision + recall || 1)
  const complaints = negRight / (negGold || 1)
  return { f1, complaints, objective: (f1 + complaints) / 2 }
}

const trainItems = load('train')
const devItems = load('dev')
console.log(`train: ${trainItems.length} sentences, dev: ${devItems.length} sentences (from ${folders.join(', ')})`)
const option = (flag: string, fallback: number) => Number(args[args.indexOf(flag) + 1] ?? fallback) || fallback
const model = train(trainItems.map(example), option('--epochs', 12), option('--l2', 1e-3), option('--rate', 0.3))
const dev = devItems.map(example)
const rulesOnly = score({ ...model, add: 1.1, drop: 0 }, dev)
let best = { ...model, add: 1.1, drop: 0 }
let bestScore = rulesOnly
for (const add of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 1.1])
  for (const drop of [0, 0.02, 0.05, 0.1]) {
    const s = score({ ...model, add, drop }, dev)
    if (args.includes('--grid'))
      console.log(`add ${add} drop ${drop}: F1 ${(s.f1 * 100).toFixed(1)} complaints ${(s.complaints * 100).toFixed(1)}`)
    if (s.objective > bestScore.objective + 1e-9) [best, bestScore] = [{ ...model, add, drop }, s]
  }
const pct = (x: number) => `${(x * 100).toFixed(1)}%`
console.log(`dev, rules alone: F1 ${pct(rulesOnly.f1)}, complaints found-and-right ${pct(rulesOnly.complaints)}`)
console.log(`dev, chosen (add >= ${best.add}, drop < ${best.drop}): F1 ${pct(bestScore.f1)}, complaints ${pct(bestScore.complaints)}`)
console.log(`${Object.keys(best.weights).length} features kept`)
if (args.includes('--write')) await Bun.write('src/insights/learned-weights.json', `${JSON.stringify(best)}\n`)
