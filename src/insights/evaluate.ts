/** Scores the analyser against labelled sentences: aspect detection precision/recall and sentiment accuracy. */
import { analyzeText, polarityOf, type Polarity } from './analyzer'
import type { AspectId } from './lexicon'

export type Labelled = { text: string; aspects: Partial<Record<AspectId, Polarity>> }

export function parseLabelled(source: string): Labelled[] {
  return source
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [labels, text] = line.split(' | ') as [string, string]
      const aspects: Labelled['aspects'] = {}
      if (labels.trim() !== 'none') {
        for (const pair of labels.split(',')) {
          const [aspect, polarity] = pair.trim().split('=') as [AspectId, Polarity]
          aspects[aspect] = polarity
        }
      }
      return { text: text.trim(), aspects }
    })
}

export type Evaluation = {
  sentences: number
  precision: number
  recall: number
  f1: number
  sentimentAccuracy: number
  errors: { text: string; expected: Labelled['aspects']; found: Labelled['aspects'] }[]
}

export function evaluate(items: Labelled[]): Evaluation {
  let tp = 0
  let fp = 0
  let fn = 0
  let sentimentRight = 0
  const errors: Evaluation['errors'] = []
  for (const item of items) {
    const sums = new Map<AspectId, number>()
    for (const mention of analyzeText(item.text).aspects) sums.set(mention.aspect, (sums.get(mention.aspect) ?? 0) + mention.score)
    const found: Labelled['aspects'] = Object.fromEntries([...sums].map(([aspect, score]) => [aspect, polarityOf(score)]))
    let wrong = false
    for (const [aspect, polarity] of Object.entries(item.aspects) as [AspectId, Polarity][]) {
      if (found[aspect] === undefined) {
        fn++
        wrong = true
      } else {
        tp++
        if (found[aspect] === polarity) sentimentRight++
        else wrong = true
      }
    }
    for (const aspect of Object.keys(found) as AspectId[]) {
      if (item.aspects[aspect] === undefined) {
        fp++
        wrong = true
      }
    }
    if (wrong) errors.push({ text: item.text, expected: item.aspects, found })
  }
  const precision = tp / (tp + fp || 1)
  const recall = tp / (tp + fn || 1)
  return {
    sentences: items.length,
    precision,
    recall,
    f1: (2 * precision * recall) / (precision + recall || 1),
    sentimentAccuracy: sentimentRight / (tp || 1),
    errors,
  }
}
