#!/usr/bin/env bun
/**
 * The complaints the analyser misses or misreads on one real split, to learn rules from (train only; the test split is refused).
 *   bun scripts/insights-errors.ts [--split train] [--aspect quality] [--wrong] [--rules]
 * Prints one line per negative gold label not found negative: `missed|positive|neutral aspect | found | text`, grouped by
 * aspect; `--wrong` lists instead the aspects found negative where the sentence labels none of that polarity.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { contextFor } from '../src/insights/analyzer'
import { type Labelled, parseJsonl, readAspects } from '../src/insights/evaluate'
import { sampleBusiness } from '../src/sample/business'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const k = args.indexOf(name)
  return k >= 0 ? args[k + 1] : undefined
}
const split = flag('--split') ?? 'train'
if (split === 'test') throw new Error('the test split is held out: read train (or dev/real-dev) errors only')
const onlyAspect = flag('--aspect')
const context = { ...contextFor(sampleBusiness), ...(args.includes('--rules') ? { learned: false } : {}) }
const dir = 'test/insights/real'
const items: Labelled[] = []
for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl') && n !== 'documents.jsonl')) {
  for (const item of parseJsonl(await Bun.file(join(dir, name)).text()))
    if ((name === 'real-dev.jsonl' ? 'real-dev' : item.split) === split) items.push(item)
}
const lines: string[] = []
for (const item of items) {
  const found = readAspects(item.text, context)
  const shown = JSON.stringify(found)
  for (const [aspect, polarity] of Object.entries(item.aspects)) {
    if (onlyAspect && aspect !== onlyAspect) continue
    if (!args.includes('--wrong') && polarity === 'negative' && found[aspect as keyof typeof found] !== 'negative')
      lines.push(`${aspect.padEnd(15)} ${(found[aspect as keyof typeof found] ?? 'missed').padEnd(8)} ${shown} | ${item.text}`)
  }
  if (args.includes('--wrong'))
    for (const [aspect, polarity] of Object.entries(found))
      if (
        polarity === 'negative' &&
        item.aspects[aspect as keyof typeof item.aspects] !== 'negative' &&
        (!onlyAspect || aspect === onlyAspect)
      )
        lines.push(
          `${aspect.padEnd(15)} ${(item.aspects[aspect as keyof typeof item.aspects] ?? 'unlabelled').padEnd(10)} ${JSON.stringify(item.aspects)} | ${item.text}`,
        )
}
lines.sort()
for (const l of lines) process.stdout.write(`${l}\n`)
process.stdout.write(`${lines.length} of ${items.length} sentences' labels listed (${split})\n`)
