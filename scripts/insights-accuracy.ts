#!/usr/bin/env bun
/**
 * How well the aspect analyser reads real review text, with bootstrap 95% intervals (1000 resamples, fixed seed).
 *   bun scripts/insights-accuracy.ts                       every real split: test/insights/real/real-dev.jsonl, and the
 *                                                          train / dev / test splits of the other JSONL files there
 *   bun scripts/insights-accuracy.ts --dir DIR [--dir ..]  the same, from other folders (JSONL with {text, aspects, split, kind})
 *   bun scripts/insights-accuracy.ts --split train         only the named split(s) (comma-separated; real-dev is one)
 *   bun scripts/insights-accuracy.ts --errors              also list every misread sentence (JSON, one a line)
 *   bun scripts/insights-accuracy.ts --brief               only the overall line and the complaints per aspect
 *   bun scripts/insights-accuracy.ts --rules               the rules alone, without the learned component
 *   bun scripts/insights-accuracy.ts --written [--tuning]  the developer-written sentences (unit tests, not a yardstick)
 *   bun scripts/insights-accuracy.ts FILE                  any file: `kind | labels | text` lines, or JSONL
 * Each split reports aspect precision / recall / F1, polarity (on the labels found), found-and-right (labels found
 * with the right polarity / all labels), complaints found-and-right (the same over negative labels only), per
 * aspect and per kind tag. Whole reviews with star ratings (documents.jsonl and whole-reviews/*.jsonl) give the document-level check:
 * 1-2 star reviews with no complaint, 5 star reviews with a complaint (any aspect read negative; and apart, one the review
 * does not make: an aspect read negative that the review's labelled complaints do not name), each review read with
 * its rating as the product reads it (src/insights/rating-prior.ts), and the text alone beside it. Sentences carry no
 * rating: their figures are the analyser's alone.
 * Sentences are read as reviews of a plumbing, HVAC and electrical contractor (the sample business's services masked).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeText, contextFor, type TextAnalysis } from '../src/insights/analyzer'
import { type Breakdown, evaluate, type Interval, type Labelled, parseJsonl, parseLabelled, shareInterval } from '../src/insights/evaluate'
import { explainLines } from '../src/insights/explain'
import { withRating } from '../src/insights/rating-prior'
import { sampleBusiness } from '../src/sample/business'

const args = process.argv.slice(2)
const flagValue = (flag: string) => args.flatMap((a, k) => (a === flag && args[k + 1] ? [args[k + 1]!] : []))
const dirs = flagValue('--dir')
const onlySplits = flagValue('--split').flatMap((s) => s.split(','))
const flagValues = new Set([...dirs, ...flagValue('--split')])
const file = args.find((a) => !a.startsWith('--') && !flagValues.has(a))
const context = { ...contextFor(sampleBusiness), ...(args.includes('--rules') ? { learned: false } : {}) }

const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const ci = (i: Interval) => `${pct(i.value)} [${pct(i.low)}-${pct(i.high)}]`
const line = (name: string, b: Breakdown) =>
  b.gold === 0
    ? `${name.padEnd(18)} ${String(b.sentences).padStart(4)} ${String(b.gold).padStart(5)}  no aspect labelled: ${b.falsePositives} aspect(s) wrongly found`
    : `${name.padEnd(18)} ${String(b.sentences).padStart(4)} ${String(b.gold).padStart(5)}  P ${ci(b.precision).padEnd(22)} R ${ci(b.recall).padEnd(22)} F1 ${ci(b.f1).padEnd(22)} pol ${ci(b.polarity).padEnd(22)} found+right ${ci(b.foundAndRight).padEnd(22)}` +
      (b.complaintGold ? ` complaints ${ci(b.complaints)} of ${b.complaintGold}` : '')

function report(name: string, items: Labelled[]): void {
  const result = evaluate(items, context)
  console.log(
    `\n== ${name}: ${result.sentences} sentences, ${result.gold} labelled aspect opinions, ${result.complaintGold} of them complaints`,
  )
  console.log(`${'scope'.padEnd(18)} ${'sent'.padStart(4)} ${'gold'.padStart(5)}`)
  console.log(line('all', result))
  if (!args.includes('--brief')) {
    console.log('-- per aspect (sentences = all; gold = labelled mentions of the aspect)')
    for (const [aspect, b] of Object.entries(result.perAspect)) console.log(line(aspect, { ...b, sentences: result.sentences }))
    console.log('-- per kind tag (a sentence counts under each of its tags)')
    for (const [kind, b] of Object.entries(result.perKind)) console.log(line(kind, b))
  } else {
    const parts = Object.entries(result.perAspect).filter(([, b]) => b.complaintGold)
    console.log(`complaints per aspect: ${parts.map(([a, b]) => `${a} ${pct(b.complaints.value)} of ${b.complaintGold}`).join(', ')}`)
  }
  if (args.includes('--errors')) for (const e of result.errors) console.log(JSON.stringify(e))
}

/** A whole review; `complaints`: the aspects its labeller found it complaining of (empty: none). */
type Document = { id: string; text: string; rating: number; language?: string | null; split?: string; complaints?: string[] }
const negative = (analysis: TextAnalysis) => analysis.aspects.some((a) => a.sentiment === 'negative')
/** A complaint the review does not make: an aspect read negative that its labelled complaints do not name. */
const unfounded = (analysis: TextAnalysis, d: Document) =>
  analysis.aspects.some((a) => a.sentiment === 'negative' && !(d.complaints ?? []).includes(a.aspect))

/**
 * Each review is read as the product reads it, with its star rating (rating-prior.ts's withRating over analyzeText, as the
 * insights, the evidence and `analyze --rating` read it); the text alone is shown beside it for comparison.
 */
function reportDocuments(name: string, documents: Document[]): void {
  const english = documents.filter((d) => !d.language || d.language.startsWith('en'))
  const low = english.filter((d) => d.rating <= 2)
  const five = english.filter((d) => d.rating === 5)
  // One reading, with and without its rating (analyzeReview is withRating over analyzeText).
  const read = (d: Document) => {
    const analysis = analyzeText(d.text, context)
    const rated = withRating(analysis, d.rating)
    return { alone: negative(analysis), rated: negative(rated), unfounded: unfounded(rated, d) }
  }
  const lows = low.map(read)
  const fives = five.map(read)
  const silent = lows.map((r) => !r.rated)
  const complaining = fives.map((r) => r.rated)
  const falselyComplaining = fives.map((r) => r.unfounded)
  const ownComplaints = five.filter((d) => d.complaints?.length).length
  const silentAlone = lows.map((r) => !r.alone)
  const complainingAlone = fives.map((r) => r.alone)
  const count = (xs: boolean[]) => xs.filter(Boolean).length
  console.log(`\n== ${name}: whole reviews (${english.length} in English of ${documents.length}), read with their star rating`)
  console.log(`1-2 star reviews with no complaint: ${count(silent)} of ${low.length}, ${ci(shareInterval(silent))}`)
  console.log(`5 star reviews with a complaint:    ${count(complaining)} of ${five.length}, ${ci(shareInterval(complaining))}`)
  console.log(
    `  of them, with one the review does not make (an aspect its labels do not name): ${count(falselyComplaining)} of ${five.length}, ` +
      `${ci(shareInterval(falselyComplaining))} (${ownComplaints} of the ${five.length} make a complaint of their own)`,
  )
  console.log(
    `(the text alone, without the rating: ${count(silentAlone)} of ${low.length} silent, ${ci(shareInterval(silentAlone))}; ` +
      `${count(complainingAlone)} of ${five.length} complaining, ${ci(shareInterval(complainingAlone))})`,
  )
  if (args.includes('--errors')) {
    for (const [k, d] of low.entries()) if (silent[k]) console.log(JSON.stringify({ silent: d.rating, id: d.id, text: d.text }))
    for (const [k, d] of five.entries()) if (complaining[k]) console.log(JSON.stringify({ complaining: 5, id: d.id, text: d.text }))
  }
}

const readJsonl = async (path: string) =>
  (await Bun.file(path).text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))

/** A folder beside the sentence files holding more whole reviews with star ratings (documents.jsonl's format). */
const WHOLE_REVIEWS = 'whole-reviews'

async function realSplits(): Promise<void> {
  const folders = dirs.length ? dirs : ['test/insights/real']
  const splits = new Map<string, Labelled[]>()
  const documents = new Map<string, Document[]>()
  for (const dir of folders) {
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()) {
      const path = join(dir, name)
      if (name === 'documents.jsonl') {
        for (const d of (await readJsonl(path)) as Document[])
          documents.set(d.split ?? 'all', [...(documents.get(d.split ?? 'all') ?? []), d])
        continue
      }
      for (const item of parseJsonl(await Bun.file(path).text())) {
        const split = name === 'real-dev.jsonl' ? 'real-dev' : (item.split ?? name)
        splits.set(split, [...(splits.get(split) ?? []), item])
      }
    }
    // More whole reviews in documents.jsonl's format, kept apart so that file (and the analyser's fingerprint on it) stays as it is.
    const more = join(dir, WHOLE_REVIEWS)
    if (existsSync(more))
      for (const name of readdirSync(more)
        .filter((n) => n.endsWith('.jsonl'))
        .sort())
        for (const d of (await readJsonl(join(more, name))) as Document[])
          documents.set(d.split ?? 'all', [...(documents.get(d.split ?? 'all') ?? []), d])
  }
  const order = ['real-dev', 'train', 'dev', 'test']
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length)
  const wanted = (s: string) => !onlySplits.length || onlySplits.includes(s)
  console.log(`Real review text from ${folders.join(', ')}; 95% bootstrap intervals, 1000 resamples, seed 12.`)
  for (const [split, items] of [...splits].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)))
    if (wanted(split)) report(`${split} split`, items)
  for (const [split, docs] of [...documents].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)))
    if (wanted(split)) reportDocuments(`${split} split`, docs)
}

async function written(): Promise<void> {
  const tuning = args.includes('--tuning')
  const path = tuning ? 'test/insights/labelled-sentences.txt' : 'test/insights/held-out-sentences.txt'
  report(path, parseLabelled(await Bun.file(path).text()))
  const fiveStarFile = tuning ? 'test/insights/five-star-tuning.txt' : 'test/insights/five-star-reviews.txt'
  const reviews = (await Bun.file(fiveStarFile).text()).split('\n').filter((l) => l.trim() && !l.startsWith('#'))
  const complaining = reviews.filter((l) => explainLines([l], sampleBusiness)[0]!.aspects.some((a) => a.polarity === 'negative'))
  console.log(`${fiveStarFile}: ${complaining.length} of ${reviews.length} five-star reviews yield a negative aspect`)
}

if (file) {
  const text = await Bun.file(file).text()
  report(file, file.endsWith('.jsonl') ? parseJsonl(text) : parseLabelled(text))
} else if (args.includes('--written') || args.includes('--tuning')) await written()
else await realSplits()
