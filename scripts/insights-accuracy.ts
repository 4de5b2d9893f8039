#!/usr/bin/env bun
/** Prints how well the aspect analyser reads the labelled sentences in test/insights/labelled-sentences.txt. */
import { evaluate, parseLabelled } from '../src/insights/evaluate'

const file = process.argv[2] ?? 'test/insights/labelled-sentences.txt'
const result = evaluate(parseLabelled(await Bun.file(file).text()))
const pct = (x: number) => `${(x * 100).toFixed(1)}%`
console.log(`sentences: ${result.sentences}`)
console.log(`aspect detection: precision ${pct(result.precision)}, recall ${pct(result.recall)}, F1 ${pct(result.f1)}`)
console.log(`sentiment accuracy on detected aspects: ${pct(result.sentimentAccuracy)}`)
if (process.argv.includes('--errors')) for (const e of result.errors) console.log(JSON.stringify(e))
