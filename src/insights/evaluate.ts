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

export type Labelled = {
  kind: string
  text: string
  aspects: Partial<Record<AspectId, Polarity>>
  /** The kind split into its tags ("negated,implicit"): a sentence counts under each of them. */
  tags?: string[]
  split?: string
  source?: string
}

/** JSON Lines, one `{text, aspects, kind?, split?, source?}` object a line (the real-text corpus format). */
export function parseJsonl(source: string): Labelled[] {
  return source
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const o = JSON.parse(line) as { text: string; aspects?: Labelled['aspects']; kind?: string; split?: string; source?: string }
      const kind = o.kind?.trim() || 'plain'
      const tags = kind
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
      return { kind, tags, text: o.text, aspects: o.aspects ?? {}, split: o.split, source: o.source }
    })
}

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

/** Per-sentence tallies: what the bootstrap resamples. `negGold`/`negRight`: the negative gold labels, and those found negative. */
type Tally = { tp: number; fp: number; fn: number; right: number; gold: number; negGold: number; negRight: number }
type Scores = { precision: number; recall: number; f1: number; polarity: number; foundAndRight: number; complaints: number }
const emptyTally = (): Tally => ({ tp: 0, fp: 0, fn: 0, right: 0, gold: 0, negGold: 0, negRight: 0 })
export type Interval = { value: number; low: number; high: number }
export type Breakdown = {
  sentences: number
  gold: number
  /** Negative gold labels (complaints). */
  complaintGold: number
  found: number
  falsePositives: number
  precision: Interval
  recall: Interval
  f1: Interval
  polarity: Interval
  foundAndRight: Interval
  /** Complaints found and right: negative gold labels found negative / negative gold labels. */
  complaints: Interval
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
    complaints: t.negRight / (t.negGold || 1),
  }
}

const add = (a: Tally, b: Tally): Tally => {
  a.tp += b.tp
  a.fp += b.fp
  a.fn += b.fn
  a.right += b.right
  a.gold += b.gold
  a.negGold += b.negGold
  a.negRight += b.negRight
  return a
}
const sum = (tallies: Tally[]): Tally => tallies.reduce(add, emptyTally())

/** A seeded generator (mulberry32), so a printed interval is the same on every run. */
export function seededRandom(seed = 12): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A share with its percentile bootstrap 95% interval (1000 resamples, fixed seed): `hits` of `flags` are true. */
export function shareInterval(flags: boolean[], resamples = 1000, seed = 12): Interval {
  const value = flags.filter(Boolean).length / (flags.length || 1)
  if (!flags.length) return { value, low: value, high: value }
  const random = seededRandom(seed)
  const samples: number[] = []
  for (let r = 0; r < resamples; r++) {
    let n = 0
    for (let k = 0; k < flags.length; k++) if (flags[Math.floor(random() * flags.length)]) n++
    samples.push(n / flags.length)
  }
  samples.sort((a, b) => a - b)
  return { value, low: samples[Math.floor(resamples * 0.025)]!, high: samples[Math.min(resamples - 1, Math.floor(resamples * 0.975))]! }
}

/** Percentile bootstrap over sentences, seeded so the printed interval is the same on every run. */
function breakdown(tallies: Tally[], resamples = 1000, seed = 12): Breakdown {
  const point = scores(sum(tallies))
  const samples: Scores[] = []
  const random = seededRandom(seed)
  if (tallies.length) {
    for (let r = 0; r < resamples; r++) {
      const total = emptyTally()
      for (let k = 0; k < tallies.length; k++) add(total, tallies[Math.floor(random() * tallies.length)]!)
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
  const total = sum(tallies)
  return {
    sentences: tallies.length,
    gold: total.gold,
    complaintGold: total.negGold,
    found: total.tp + total.fp,
    falsePositives: total.fp,
    precision: interval('precision'),
    recall: interval('recall'),
    f1: interval('f1'),
    polarity: interval('polarity'),
    foundAndRight: interval('foundAndRight'),
    complaints: interval('complaints'),
  }
}

/** The analyser's reading of a sentence, one polarity per aspect (the sum of its mentions). */
export function readAspects(text: string, context: AnalysisContext = {}): Labelled['aspects'] {
  const sums = new Map<AspectId, number>()
  for (const mention of analyzeText(text, context).aspects) sums.set(mention.aspect, (sums.get(mention.aspect) ?? 0) + mention.score)
  return Object.fromEntries([...sums].map(([aspect, score]) => [aspect, polarityOf(score)]))
}

/** One sentence scored: its tally, and one tally per aspect it labels or finds. */
function tallyItem(item: Labelled, found: Labelled['aspects']): { tally: Tally; aspectTallies: Map<string, Tally> } {
  const tally = emptyTally()
  const aspectTallies = new Map<string, Tally>()
  const aspectTally = (aspect: string) => {
    let t = aspectTallies.get(aspect)
    if (!t) aspectTallies.set(aspect, (t = emptyTally()))
    return t
  }
  for (const [aspect, polarity] of Object.entries(item.aspects) as [AspectId, Polarity][]) {
    const one = emptyTally()
    one.gold = 1
    one.negGold = polarity === 'negative' ? 1 : 0
    if (found[aspect] === undefined) one.fn = 1
    else {
      one.tp = 1
      if (found[aspect] === polarity) {
        one.right = 1
        one.negRight = one.negGold
      }
    }
    add(tally, one)
    add(aspectTally(aspect), one)
  }
  for (const aspect of Object.keys(found) as AspectId[]) {
    if (item.aspects[aspect] === undefined) {
      tally.fp++
      aspectTally(aspect).fp++
    }
  }
  return { tally, aspectTallies }
}

export function evaluate(items: Labelled[], context: AnalysisContext = {}): Evaluation {
  const errors: Evaluation['errors'] = []
  const overall: Tally[] = []
  const perAspect = new Map<string, Tally[]>()
  const perKind = new Map<string, Tally[]>()
  for (const item of items) {
    const found = readAspects(item.text, context)
    const { tally, aspectTallies } = tallyItem(item, found)
    if (tally.fn || tally.fp || tally.right < tally.tp) errors.push({ kind: item.kind, text: item.text, expected: item.aspects, found })
    overall.push(tally)
    for (const [aspect, t] of aspectTallies) perAspect.set(aspect, [...(perAspect.get(aspect) ?? []), t])
    for (const kind of item.tags ?? [item.kind]) perKind.set(kind, [...(perKind.get(kind) ?? []), tally])
  }
  // Per aspect, sentences that neither label nor find the aspect count as zero tallies (they matter for the bootstrap's spread).
  const zero = (n: number) => Array.from({ length: n }, emptyTally)
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
