/** The insights engine: accuracy on labelled sentences, roster matching, and a small dataset checked figure by figure. */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { evaluate, parseLabelled } from '../../src/insights/evaluate'
import { createEnricher } from '../../src/insights/enrich'
import { computeInsights, InsightsEngine } from '../../src/insights/compute'
import { runAnalyze } from '../../src/insights/analyze-command'
import { Insights } from '../../src/insights/schema'
import { Value } from '@sinclair/typebox/value'
import type { Business, Review, StoredReview } from '../../src/reviews/schema'
import { business } from '../support/dataset'

const read = (name: string) => Bun.file(join(import.meta.dir, name)).text()

describe('accuracy on labelled review sentences', () => {
  test('the labelled set (used to build the lexicon): F1 and sentiment accuracy at least 0.9', async () => {
    const items = parseLabelled(await read('labelled-sentences.txt'))
    expect(items.length).toBeGreaterThanOrEqual(150)
    const result = evaluate(items)
    // Measured 0.979 and 1.0 when the lexicon was settled; 0.9 catches a regression without pinning noise.
    expect(result.f1).toBeGreaterThanOrEqual(0.9)
    expect(result.sentimentAccuracy).toBeGreaterThanOrEqual(0.9)
  })

  test('the held-out set (never used for tuning): F1 and sentiment accuracy at least 0.7', async () => {
    const result = evaluate(parseLabelled(await read('held-out-sentences.txt')))
    // Measured 0.756 / 0.765: paraphrases a lexicon has not seen ("never turned up") are its known weakness.
    expect(result.f1).toBeGreaterThanOrEqual(0.7)
    expect(result.sentimentAccuracy).toBeGreaterThanOrEqual(0.7)
  })

  test('negation, contrast and intensity, sentence by sentence', () => {
    const read = (text: string) => Object.fromEntries(runAnalyze({ texts: [text], business }).map((l) => JSON.parse(l)).flatMap((r) => r.aspects.map((a: any) => [a.aspect, a.sentiment])))
    expect(read('He was not on time.')).toEqual({ punctuality: 'negative' })
    expect(read('Never late, never rude.')).toEqual({ punctuality: 'positive', professionalism: 'positive' })
    expect(read('Friendly but expensive.')).toEqual({ professionalism: 'positive', price: 'negative' })
    expect(read('Although pricey, the workmanship is superb.')).toEqual({ price: 'negative', quality: 'positive' })
    expect(read('No complaints about the price.')).toEqual({ price: 'positive' })
    expect(read("They didn't fix the issue.")).toEqual({ quality: 'negative' })
  })
})

describe('roster matching', () => {
  const enrich = createEnricher(business)
  const base: StoredReview = { id: 'x', rating: 5, date: '2025-01-01', author: 'A', text: '', technicians: [], services: [], service_area: null, source: 'direct', verified: true, response: null }
  const found = (text: string, extra: Partial<StoredReview> = {}) => enrich({ ...base, ...extra, text })

  test.each([
    ['Mike fixed it', ['Mike Alvarez']],
    ['MIKE ALVAREZ fixed it', ['Mike Alvarez']],
    ["Mike's van", ['Mike Alvarez']],
    ['Mike’s van', ['Mike Alvarez']],
    ['josé came', ['José Ramírez']],
    ['Jose Ramirez came', ['José Ramírez']],
    ["JOSE'S work", ['José Ramírez']],
    ['Sarah and Mike', ['Mike Alvarez', 'Sarah Chen']],
    ['Mikey came', []],
    ['Sarahs came', []],
    ['the jose-style fix', ['José Ramírez']],
  ] as [string, string[]][])('%s', (text, expected) => {
    expect(found(text).technicians.sort()).toEqual(expected)
  })

  test('a first name two technicians share needs the surname', () => {
    const twoMikes: Business = { ...business, technicians: [{ name: 'Mike Alvarez' }, { name: 'Mike Brown' }] }
    const e = createEnricher(twoMikes)
    expect(e({ ...base, text: 'Mike was great' }).technicians).toEqual([])
    expect(e({ ...base, text: 'Mike Brown was great' }).technicians).toEqual(['Mike Brown'])
  })

  test('services by alias or name, areas from the text, explicit mentions kept', () => {
    expect(found('The tankless unit and a clogged drain').services.sort()).toEqual(['drain-cleaning', 'water-heater-repair'])
    expect(found('New A/C compressor').services).toEqual(['ac-repair'])
    expect(found('Drainage? no').services).toEqual([])
    expect(found('Great work in Shelbyville').service_area).toBe('Shelbyville')
    expect(found('Great work in Shelbyville', { service_area: 'Springfield' }).service_area).toBe('Springfield')
    expect(found('nothing here', { technicians: ['Sarah Chen'], services: ['ac-repair'] })).toMatchObject({ technicians: ['Sarah Chen'], services: ['ac-repair'] })
  })
})

describe('a small known dataset, figure by figure', () => {
  const r = (id: string, rating: number, date: string, text: string, technicians: string[] = [], services: string[] = []): Review => ({
    id, rating, date, author: 'A B.', text, technicians, services, service_area: 'Springfield', source: 'google', verified: true, response: null, language: 'en', translation: null,
  })
  // Newest first, as the catalog passes them.
  const reviews: Review[] = [
    r('k-10', 5, '2025-06-10', 'Mike was right on time and the price was fair.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-09', 5, '2025-06-01', 'Mike showed up early. Excellent work on the water heater.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-08', 1, '2025-05-20', 'José was two hours late and rude.', ['José Ramírez'], ['drain-cleaning']),
    r('k-07', 4, '2025-04-02', 'Friendly but expensive.', ['Sarah Chen'], ['ac-repair']),
    r('k-06', 2, '2025-03-15', 'The office never called back.', [], []),
    r('k-05', 5, '2025-02-01', 'Mike fixed the tankless unit quickly.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-04', 3, '2024-12-30', 'Okay.', [], []),
  ]
  const insights = computeInsights(business, reviews, '2025-07-01T00:00:00.000Z')
  const aspect = (id: string) => insights.aspects.find((a) => a.id === id)!

  test('matches the Insights schema and is deterministic', () => {
    expect(Value.Check(Insights, insights)).toBe(true)
    expect(JSON.stringify(computeInsights(business, reviews, '2025-07-01T00:00:00.000Z'))).toBe(JSON.stringify(insights))
    expect(insights.review_count).toBe(7)
  })

  test('aspects: counts, splits, scores, trend and examples', () => {
    expect(aspect('punctuality')).toMatchObject({ mention_count: 3, sentiment: { positive: 2, negative: 1, neutral: 0 } })
    expect(aspect('punctuality').trend).toEqual([{ period: '2025-Q2', mention_count: 3, score: expect.any(Number) }])
    expect(aspect('punctuality').examples.map((e) => [e.review_id, e.sentiment])).toEqual([['k-10', 'positive'], ['k-09', 'positive'], ['k-08', 'negative']])
    expect(aspect('price')).toMatchObject({ mention_count: 2, sentiment: { positive: 1, negative: 1, neutral: 0 } })
    expect(aspect('professionalism')).toMatchObject({ mention_count: 2, sentiment: { positive: 1, negative: 1, neutral: 0 } })
    expect(aspect('communication')).toMatchObject({ mention_count: 1, sentiment: { positive: 0, negative: 1, neutral: 0 } })
    expect(aspect('speed')).toMatchObject({ mention_count: 1, sentiment: { positive: 1, negative: 0, neutral: 0 } })
    expect(aspect('cleanliness').mention_count).toBe(0)
    // k-05 "fixed ... quickly" is about speed: a general word ("fix") yields to a specific cue.
    expect(aspect('quality').trend.map((t) => t.period)).toEqual(['2025-Q2'])
  })

  test('entities: mentions, average rating, rating-based sentiment, review ids', () => {
    const mike = insights.entities.technicians.find((t) => t.name === 'Mike Alvarez')!
    expect(mike).toMatchObject({ mention_count: 3, average_rating: 5, sentiment: { positive: 3, negative: 0, neutral: 0 }, review_ids: ['k-10', 'k-09', 'k-05'] })
    expect(insights.entities.technicians[0]!.name).toBe('Mike Alvarez')
    const jose = insights.entities.technicians.find((t) => t.name === 'José Ramírez')!
    expect(jose).toMatchObject({ mention_count: 1, average_rating: 1, sentiment: { positive: 0, negative: 1, neutral: 0 } })
    expect(insights.entities.services.find((s) => s.id === 'water-heater-repair')).toMatchObject({ mention_count: 3, average_rating: 5 })
    expect(insights.entities.service_areas.find((a) => a.name === 'Springfield')).toMatchObject({ mention_count: 7, average_rating: 3.57 })
  })

  test('FAQ answers come from the figures', () => {
    const answer = (q: string) => insights.faq.find((f) => f.question === q)!
    expect(answer('Are they punctual?').answer).toBe('Mostly, with reservations: yes, reviewers find them punctual. 2 of the 3 reviews that mention punctuality are positive (67%) and 1 negative.')
    expect(answer('Are they punctual?').review_ids).toEqual(['k-10', 'k-09', 'k-08'])
    expect(answer('Who is the best-reviewed technician?').answer).toBe('Mike Alvarez: an average of 5 stars over 3 reviews that mention them (technicians with at least 3 mentions).')
    expect(answer('Who is the best-reviewed technician for water heater repair?').answer).toBe('Mike Alvarez: 3 reviews mention both Mike and water heater repair, averaging 5 stars.')
    expect(answer('What do unhappy customers complain about?').answer).toContain('2 reviews give 1 or 2 stars.')
  })

  test('every number in the summary and the FAQ appears among the figures', () => {
    const figures = new Set<string>()
    const collect = (value: unknown): void => {
      if (typeof value === 'number') figures.add(String(value))
      else if (Array.isArray(value)) value.forEach(collect)
      else if (value && typeof value === 'object') Object.values(value).forEach(collect)
    }
    collect({ ...insights, summary: undefined, faq: undefined })
    const mean = (reviews.reduce((s, x) => s + x.rating, 0) / reviews.length).toFixed(2)
    const derived = new Set([mean.replace(/0+$/, ''), '1', '2', '3', '5'])
    const percentOf = /(\d+)%/g
    const texts = [insights.summary, ...insights.faq.map((f) => f.answer)]
    for (const text of texts) {
      for (const [number] of text.replaceAll(percentOf, '').matchAll(/\d+(\.\d+)?/g)) {
        expect({ text, number, known: figures.has(number) || derived.has(number) }).toEqual({ text, number, known: true })
      }
    }
    expect(insights.summary).toContain('7 verified reviews')
  })

  test('an engine recomputes only what changed', async () => {
    const engine = new InsightsEngine()
    engine.compute(business, reviews, 'x')
    expect(engine.analysed).toBe(reviews.length)
    await engine.computeAsync(business, [r('k-11', 5, '2025-07-01', 'Brand new and on time.'), ...reviews], 'y')
    expect(engine.analysed).toBe(reviews.length + 1)
  })
})
