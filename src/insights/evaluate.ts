/**
 * Scores the analyser against labelled sentences: aspect detection precision, recall and F1, polarity
 * accuracy on the aspects found, and "found and right" (share of labelled aspect opinions found with the
 * right polarity), overall, per aspect and per kind of sentence, with bootstrap 95% intervals.
 *
 * File format, one sentence a line: `kind | aspect=polarity[,aspect=polarity] | text` (or `none` for no
 * aspect); the older `labels | text` form has kind "plain". Lines starting with # are comments.
 */
import { analyzeText, polarityOf, type AnalysisContext, type Polarity } from './analyzer'
import type { AspectId } from './lexicon'

export type Labelled = { kind: string; text: string; aspects: Partial<Record<AspectId, Polarity>> }

export function parseLabelled(source: string): Labelled[] {
  return source
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const parts = line.split(' | ')
      const [kind, labels, text] =
        parts.length >= 3 ? [parts[0]!.trim(), parts[1]!, parts.slice(2).join(' | ')] : ['plain', parts[0]!, parts[1] ?? '']
      const aspects: Labelled['aspects'] = {}
      if (labels.trim() !== 'none') {
        for (const pair of labels.split(',')) {
          const [aspect, polarity] = pair.trim().split('=') as [AspectId, Polarity]
          aspects[aspect] = polarity
        }
      }
      return { kind, text: text.trim(), aspects }
    })
}

/** Per-sentence tallies: what the bootstrap resamples. */
type Tally = { tp: number; fp: number; fn: number; right: number; gold: number }
type Scores = { precision: number; recall: number; f1: number; polarity: number; foundAndRight: number }
export type Interval = { value: number; low: number; high: number }
export type Breakdown = {
  sentences: number
  gold: number
  found: number
  falsePositives: number
  precision: Interval
  recall: Interval
  f1: Interval
  polarity: Interval
  foundAndRight: Interval
}

export type Evaluation = Breakdown & {
  perAspect: Record<string, Breakdown>
  perKind: Record<string, Breakdown>
  errors: { kind: string; text: string; expected: Labelled['aspects']; found: Labelled['aspects'] }[]
  /** Kept for earlier callers: the point values. */
  sentimentAccuracy: number
}

function scores(t: Tally): Scores {
  const precision = t.tp / (t.tp + t.fp || 1)
  const recall = t.tp / (t.tp + t.fn || 1)
  return {
    precision,
    recall,
    f1: (2 * precision * recall) / (precision + recall || 1),
    polarity: t.right / (t.tp || 1),
    foundAndRight: t.right / (t.gold || 1),
  }
}

const sum = (tallies: Tally[]): Tally =>
  tallies.reduce((a, b) => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn, right: a.right + b.right, gold: a.gold + b.gold }), {
    tp: 0,
    fp: 0,
    fn: 0,
    right: 0,
    gold: 0,
  })

/** Percentile bootstrap over sentences, seeded so the printed interval is the same on every run. */
function breakdown(tallies: Tally[], resamples = 1000, seed = 12): Breakdown {
  const point = scores(sum(tallies))
  const samples: Scores[] = []
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  if (tallies.length) {
    for (let r = 0; r < resamples; r++) {
      const total: Tally = { tp: 0, fp: 0, fn: 0, right: 0, gold: 0 }
      for (let k = 0; k < tallies.length; k++) {
        const t = tallies[Math.floor(random() * tallies.length)]!
        total.tp += t.tp
        total.fp += t.fp
        total.fn += t.fn
        total.right += t.right
        total.gold += t.gold
      }
      samples.push(scores(total))
    }
  }
  const interval = (key: keyof Scores): Interval => {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b)
    return {
      value: point[key],
      low: sorted[Math.floor(sorted.length * 0.025)] ?? point[key],
      high: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.975))] ?? point[key],
    }
  }
  return {
    sentences: tallies.length,
    gold: sum(tallies).gold,
    found: sum(tallies).tp + sum(tallies).fp,
    falsePositives: sum(tallies).fp,
    precision: interval('precision'),
    recall: interval('recall'),
    f1: interval('f1'),
    polarity: interval('polarity'),
    foundAndRight: interval('foundAndRight'),
  }
}

/** The analyser's reading of a sentence, one polarity per aspect (the sum of its mentions). */
export function readAspects(text: string, context: AnalysisContext = {}): Labelled['aspects'] {
  const sums = new Map<AspectId, number>()
  for (const mention of analyzeText(text, context).aspects) sums.set(mention.aspect, (sums.get(mention.aspect) ?? 0) + mention.score)
  return Object.fromEntries([...sums].map(([aspect, score]) => [aspect, polarityOf(score)]))
}

export function evaluate(items: Labelled[], context: AnalysisContext = {}): Evaluation {
  const errors: Evaluation['errors'] = []
  const overall: Tally[] = []
  const perAspect = new Map<string, Tally[]>()
  const perKind = new Map<string, Tally[]>()
  for (const item of items) {
    const found = readAspects(item.text, context)
    const tally: Tally = { tp: 0, fp: 0, fn: 0, right: 0, gold: 0 }
    const aspectTallies = new Map<string, Tally>()
    const aspectTally = (aspect: string) => {
      let t = aspectTallies.get(aspect)
      if (!t) aspectTallies.set(aspect, (t = { tp: 0, fp: 0, fn: 0, right: 0, gold: 0 }))
      return t
    }
    for (const [aspect, polarity] of Object.entries(item.aspects) as [AspectId, Polarity][]) {
      const a = aspectTally(aspect)
      tally.gold++
      a.gold++
      if (found[aspect] === undefined) {
        tally.fn++
        a.fn++
      } else {
        tally.tp++
        a.tp++
        if (found[aspect] === polarity) {
          tally.right++
          a.right++
        }
      }
    }
    for (const aspect of Object.keys(found) as AspectId[]) {
      if (item.aspects[aspect] === undefined) {
        tally.fp++
        aspectTally(aspect).fp++
      }
    }
    if (tally.fn || tally.fp || tally.right < tally.tp) errors.push({ kind: item.kind, text: item.text, expected: item.aspects, found })
    overall.push(tally)
    for (const [aspect, t] of aspectTallies) perAspect.set(aspect, [...(perAspect.get(aspect) ?? []), t])
    perKind.set(item.kind, [...(perKind.get(item.kind) ?? []), tally])
  }
  // Per aspect, sentences that neither label nor find the aspect count as zero tallies (they matter for the bootstrap's spread).
  const zero = (n: number) => Array.from({ length: n }, () => ({ tp: 0, fp: 0, fn: 0, right: 0, gold: 0 }))
  const result = breakdown(overall)
  return {
    ...result,
    sentimentAccuracy: result.polarity.value,
    perAspect: Object.fromEntries(
      [...perAspect]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([aspect, t]) => [aspect, breakdown([...t, ...zero(items.length - t.length)])]),
    ),
    perKind: Object.fromEntries([...perKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, t]) => [kind, breakdown(t)])),
    errors,
  }
}
