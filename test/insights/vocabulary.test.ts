/** The business's own vocabulary through the whole insights computation, and business.json's check of it. */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { readBusinessFile } from '../../src/catalog/business-file'
import { computeInsights } from '../../src/insights/compute'
import { Insights } from '../../src/insights/schema'
import type { Business, Review } from '../../src/reviews/schema'
import { business, review } from '../support/dataset'

const r = (id: string, text: string, rating = 5, technicians: string[] = []): Review =>
  review({ id, rating, date: '2025-05-01', author: 'A B.', text, technicians, service_area: null }) as Review

const restaurant = {
  ...business,
  name: 'Trattoria Uno',
  description: 'An Italian restaurant.',
  services: [],
  technicians: [{ name: 'Gina Rossi' }],
  aspects: [
    { id: 'food', label: 'Food', cues: ['food', 'dish', 'pasta', 'pizza'], positive: ['delicious'], negative: ['bland'] },
    { id: 'wait-time', label: 'Wait time', cues: ['wait', 'wait time'], question: 'Is the wait short?' },
  ],
  default_aspects: ['price'],
  topics: ['patio', 'gluten free'],
} as Business

const reviews = [
  r('d-1', 'The pasta was delicious and the price was fair.', 5, ['Gina Rossi']),
  r('d-2', 'Delicious pizza, we sat on the patio.'),
  r('d-3', 'Great food, but the wait was terrible.', 3),
  r('d-4', 'The pasta was bland and overpriced.', 2),
  r('d-5', 'Lovely patio, great food.'),
  r('d-6', 'The food was amazing. Gina was so friendly.', 5, ['Gina Rossi']),
  r('d-7', 'We waited an hour, the wait time was awful.', 1),
]

describe('a restaurant’s own aspects instead of the trade’s', () => {
  const insights = computeInsights(restaurant, reviews, '2025-07-01T00:00:00.000Z')
  const aspect = (id: string) => insights.aspects.find((a) => a.id === id)

  test('matches the Insights schema', () => {
    expect(Value.Check(Insights, insights)).toBe(true)
  })

  test('the aspects are the kept default and its own, with their labels', () => {
    expect(insights.aspects.map((a) => a.id).sort()).toEqual(['food', 'price', 'wait-time'])
    expect(aspect('food')!.label).toBe('Food')
    expect(aspect('price')!.label).toBe('Price and value')
    expect(aspect('food')!.sentiment).toEqual({ positive: 5, negative: 1, neutral: 0 })
    expect(aspect('wait-time')!.sentiment.negative).toBe(2)
    expect(aspect('food')!.examples.find((e) => e.sentiment === 'negative')).toEqual({
      review_id: 'd-4',
      excerpt: 'The pasta was bland and overpriced.',
      sentiment: 'negative',
    })
  })

  test('a dropped default is counted nowhere, not even under a technician', () => {
    // "friendly" is a professionalism cue; this business does not report professionalism.
    expect(insights.entities.technicians[0]!.aspects.map((a) => a.id).sort()).toEqual(['food', 'price'])
  })

  test('the FAQ asks about its own aspects and the kept default only', () => {
    const questions = insights.faq.map((f) => f.question)
    expect(questions).toContain('Are customers happy with food?')
    expect(questions).toContain('Is the wait short?')
    expect(questions).toContain('Are they good value for money?')
    for (const dropped of ['Are they punctual?', 'Do they clean up after the job?', 'Is the work done right?'])
      expect(questions).not.toContain(dropped)
    const food = insights.faq.find((f) => f.question === 'Are customers happy with food?')!
    expect(food.answer).toStartWith('Probably, from few reviews: reviewers are happy with food.')
  })

  test('the summary praises by its own labels', () => {
    expect(insights.summary).toContain('praise food (5 positive mentions and 1 negative)')
  })

  test('tracked topics first, with a mention count even when nobody uses them', () => {
    expect(insights.topics[0]).toMatchObject({ phrase: 'patio', mention_count: 2, review_ids: ['d-2', 'd-5'] })
    expect(insights.topics[1]).toMatchObject({ phrase: 'gluten free', mention_count: 0, review_ids: [] })
  })
})

describe('a cleaning firm', () => {
  const cleaners = {
    ...business,
    name: 'Sparkle Maids',
    description: 'House cleaning.',
    default_aspects: ['punctuality', 'price', 'professionalism', 'quality', 'communication', 'speed'],
    aspects: [{ id: 'thoroughness', label: 'Thoroughness', cues: ['thorough', 'detail', 'baseboards', 'missed'] }],
  } as Business
  const insights = computeInsights(
    cleaners,
    [
      r('c-1', 'Very thorough, even the baseboards were spotless.'),
      r('c-2', 'They missed the bathroom and arrived late.', 2),
      r('c-3', 'Great attention to detail.'),
    ],
    '2025-07-01T00:00:00.000Z',
  )

  test('is never asked whether it cleans up after the job', () => {
    expect(insights.faq.map((f) => f.question)).not.toContain('Do they clean up after the job?')
    expect(insights.aspects.map((a) => a.id)).not.toContain('cleanliness')
    expect(insights.faq[0]!.question).toBe('Are customers happy with thoroughness?')
  })

  test('its own aspect is counted', () => {
    expect(insights.aspects.find((a) => a.id === 'thoroughness')!.mention_count).toBe(3)
  })
})

describe('business.json', () => {
  const write = (value: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'vocabulary-'))
    const path = join(dir, 'business.json')
    writeFileSync(path, JSON.stringify(value))
    const result = readBusinessFile(path)
    rmSync(dir, { recursive: true, force: true })
    return result
  }

  test('a valid vocabulary is read with the rest of the file', () => {
    const result = write(restaurant)
    expect(result.ok).toBe(true)
    expect(result.ok && (result.value as typeof restaurant & { topics: string[] }).topics).toEqual(['patio', 'gluten free'])
  })

  test('an invalid one is refused, the field named, beside the profile’s own problems', () => {
    const result = write({ ...restaurant, telephone: 5, aspects: [{ id: 'price', label: 'Value', cues: ['value'] }] })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.issues.map((i) => i.path.join('.'))).toEqual(['telephone', 'aspects.0.id'])
      expect(result.issues[1]!.message).toContain('one of the seven default aspects')
    }
  })
})
