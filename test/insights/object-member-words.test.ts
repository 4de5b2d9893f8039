/**
 * Words that name members of Object.prototype ("constructor", "toString", "__proto__") are words like any other: the
 * analyser's tables are looked up with the review's words, and a table with a prototype once answered "constructor"
 * with a function (a crash for the whole dataset, NaN scores, a topic dropped).
 */
import { describe, expect, test } from 'bun:test'
import { analyzeText } from '../../src/insights/analyzer'
import { backgroundPerMillion } from '../../src/insights/background'
import { computeInsights } from '../../src/insights/compute'
import { figurePositions } from '../../src/insights/links'
import { topicsOf } from '../../src/insights/topics'
import type { Review } from '../../src/reviews/schema'
import { generateReviews } from '../../src/sample/generate'
import { sampleBusiness } from '../../src/sample/business'

const MEMBERS = ['constructor', 'constructors', 'tostring', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf', 'toLocaleString']
/** A word no table holds, read in the same places. */
const PLAIN = 'zorbler'
const TEMPLATES = [
  'The X they sent was rude and very late.',
  'X late and rude.',
  "The X t come on time, and we didn't get our deposit back.",
  'The flat was filthy when we X into it.',
  'It took X hours and they charged X dollars.',
  'The X from the other company were late, these guys were great.',
]
/** What a reading says (its texts hold the word, which the tokenizer may split: "__ proto __"). */
const said = (text: string) => {
  const { aspects, score, clauses } = analyzeText(text)
  return { score, aspects: aspects.map((m) => [m.aspect, m.sentiment, m.score]), clauses: clauses.length }
}

describe('a word named like a member of Object.prototype', () => {
  test.each(MEMBERS)('"%s" reads as a word no table holds', (word) => {
    for (const template of TEMPLATES) {
      const reading = said(template.replaceAll('X', word))
      expect(Number.isFinite(reading.score)).toBe(true)
      expect(reading).toEqual(said(template.replaceAll('X', PLAIN)))
    }
  })

  test('a dataset whose reviews say "constructor" gets its insights, and the word can be a topic', () => {
    const texts = ['The constructors were rude.', 'Two constructors came late.', 'The constructors did a great job.']
    const reviews = [...generateReviews({ count: texts.length, seed: 7, endDate: '2026-11-15', years: 1 })].map(
      (r, i) => ({ ...r, verified: true, language: 'en', text: texts[i]! }) as Review,
    )
    const insights = computeInsights(sampleBusiness, reviews, '2026-11-27T00:00:00Z')
    expect(insights.languages.analysed).toBe(3)
    const sources = reviews.map((r) => ({ id: r.id, analysis: analyzeText(r.text ?? ''), language: 'en' }))
    expect(topicsOf(sampleBusiness, sources).map((t) => t.phrase)).toContain('constructor')
  })

  test('a topic phrase has a background frequency, never a function', () => {
    expect(backgroundPerMillion('constructor team')).toBe(backgroundPerMillion('zorbler team'))
    expect(Number.isFinite(backgroundPerMillion('constructor'))).toBe(true)
  })

  test("a business's topic named like a member of Object.prototype is counted under its own key, stored and read back", () => {
    const texts = ['The __proto__ valve failed again.', 'Their __proto__ fix held up.', 'The water heater works.']
    const reviews = [...generateReviews({ count: texts.length, seed: 7, endDate: '2026-11-15', years: 1 })].map(
      (r, i) => ({ ...r, verified: true, language: 'en', text: texts[i]! }) as Review,
    )
    const business = { ...sampleBusiness, topics: ['__proto__', 'water heater'] }
    const insights = computeInsights(business, reviews, '2026-11-27T00:00:00Z')
    const topics = insights.counted_reviews.topics
    expect(Object.keys(topics)).toContain('__proto__')
    const stored = JSON.parse(JSON.stringify(insights)) as typeof insights
    const live = figurePositions(insights, { topic: '__proto__', limit: 20 })
    const again = figurePositions(stored, { topic: '__proto__', limit: 20 })
    expect(live.ok && again.ok).toBe(true)
    if (live.ok && again.ok) expect(again.value?.count).toBe(live.value?.count)
  })
})
