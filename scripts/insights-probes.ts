#!/usr/bin/env bun
/**
 * What the analyser makes of the probes in test/insights/probes/ (sentences we wrote to check the rules; the real
 * corpora are the yardstick): per file and kind, complaints found with the right polarity, praise found, complaints
 * read where the labels have none, and traps given one.
 *   bun scripts/insights-probes.ts [--rules]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { contextFor } from '../src/insights/analyzer'
import { readAspects } from '../src/insights/evaluate'
import { sampleBusiness } from '../src/sample/business'

type Probe = { text: string; aspects: Record<string, string>; kind: string; trap: boolean }
type Tally = { complaints: number; found: number; praise: number; praised: number; wrong: number; traps: number; trapsWrong: number }
const tally = (): Tally => ({ complaints: 0, found: 0, praise: 0, praised: 0, wrong: 0, traps: 0, trapsWrong: 0 })
const context = { ...contextFor(sampleBusiness), ...(process.argv.includes('--rules') ? { learned: false as const } : {}) }
const dir = 'test/insights/probes'
const show = (name: string, t: Tally) =>
  console.log(
    `${name.padEnd(34)} complaints ${t.found}/${t.complaints}  praise ${t.praised}/${t.praise}  complaints not labelled ${t.wrong}  traps with one ${t.trapsWrong}/${t.traps}`,
  )

for (const file of readdirSync(dir)
  .filter((n) => n.endsWith('.jsonl'))
  .sort()) {
  const probes = readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Probe)
  const kinds = new Map<string, Tally>()
  const all = tally()
  for (const probe of probes) {
    const found = readAspects(probe.text, context) as Record<string, string>
    const t = kinds.get(probe.trap ? 'traps' : probe.kind) ?? tally()
    kinds.set(probe.trap ? 'traps' : probe.kind, t)
    let misread = false
    for (const tl of [t, all]) {
      for (const [aspect, polarity] of Object.entries(probe.aspects)) {
        if (polarity === 'negative') {
          tl.complaints++
          if (found[aspect] === 'negative') tl.found++
        }
        if (polarity === 'positive') {
          tl.praise++
          if (found[aspect] === 'positive') tl.praised++
        }
      }
      for (const [aspect, polarity] of Object.entries(found))
        if (polarity === 'negative' && probe.aspects[aspect] !== 'negative') {
          tl.wrong++
          misread = true
        }
      if (probe.trap) {
        tl.traps++
        if (misread) tl.trapsWrong++
      }
    }
  }
  console.log(`== ${file} (${probes.length} sentences)`)
  for (const [kind, t] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) show(`  ${kind}`, t)
  show('  all', all)
}
