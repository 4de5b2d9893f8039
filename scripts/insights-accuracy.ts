#!/usr/bin/env bun
/**
 * How well the aspect analyser reads labelled review sentences, with bootstrap 95% intervals.
 *   bun scripts/insights-accuracy.ts                      the held-out set (never used for tuning)
 *   bun scripts/insights-accuracy.ts --tuning             the tuning set
 *   bun scripts/insights-accuracy.ts FILE [--errors]      any file in the same format; --errors lists misreadings
 * Each run also counts the unambiguous five-star reviews (held-out or tuning set) that yield a negative aspect;
 * only with --tuning --errors are those reviews named.
 */
import { contextFor } from '../src/insights/analyzer'
import { evaluate, parseLabelled, type Breakdown } from '../src/insights/evaluate'
import { explainLines } from '../src/insights/explain'
import { sampleBusiness } from '../src/sample/business'

const args = process.argv.slice(2)
const file =
  args.find((a) => !a.startsWith('--')) ??
  (args.includes('--tuning') ? 'test/insights/labelled-sentences.txt' : 'test/insights/held-out-sentences.txt')
// The sentences are written as reviews of the sample business (a plumbing, HVAC and electrical contractor).
const result = evaluate(parseLabelled(await Bun.file(file).text()), contextFor(sampleBusiness))
const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const ci = (i: { value: number; low: number; high: number }) => `${pct(i.value)} [${pct(i.low)}-${pct(i.high)}]`
const line = (name: string, b: Breakdown) =>
  b.gold === 0
    ? `${name.padEnd(16)} ${String(b.sentences).padStart(4)} ${String(b.gold).padStart(5)}  no aspect labelled: ${b.falsePositives} aspect(s) wrongly found`
    : `${name.padEnd(16)} ${String(b.sentences).padStart(4)} ${String(b.gold).padStart(5)}  P ${ci(b.precision).padEnd(22)} R ${ci(b.recall).padEnd(22)} F1 ${ci(b.f1).padEnd(22)} pol ${ci(b.polarity).padEnd(22)} found+right ${ci(b.foundAndRight)}`

console.log(`${file}: ${result.sentences} sentences, ${result.gold} labelled aspect opinions (95% bootstrap intervals, 1000 resamples)`)
console.log(`${'scope'.padEnd(16)} ${'sent'.padStart(4)} ${'gold'.padStart(5)}`)
console.log(line('all', result))
console.log('-- per aspect (sentences = all; gold = labelled mentions of the aspect)')
for (const [aspect, b] of Object.entries(result.perAspect)) console.log(line(aspect, { ...b, sentences: result.sentences }))
console.log('-- per kind of sentence')
for (const [kind, b] of Object.entries(result.perKind)) console.log(line(kind, b))
if (args.includes('--errors')) for (const e of result.errors) console.log(JSON.stringify(e))

const fiveStarFile = args.includes('--tuning') ? 'test/insights/five-star-tuning.txt' : 'test/insights/five-star-reviews.txt'
if (!args.some((a) => !a.startsWith('--')) || args.includes('--tuning')) {
  const reviews = (await Bun.file(fiveStarFile).text()).split('\n').filter((l) => l.trim() && !l.startsWith('#'))
  const complaining = reviews.filter((l) => explainLines([l], sampleBusiness)[0]!.aspects.some((a) => a.polarity === 'negative'))
  console.log(`${fiveStarFile}: ${complaining.length} of ${reviews.length} five-star reviews yield a negative aspect`)
  if (args.includes('--tuning') && args.includes('--errors'))
    for (const l of complaining)
      console.log(
        JSON.stringify(
          explainLines([l], sampleBusiness)[0]!
            .aspects.filter((a) => a.polarity === 'negative')
            .map((a) => [a.aspect, a.clause]),
        ),
        l,
      )
}
