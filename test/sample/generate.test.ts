/** The sample generator: deterministic, valid, realistic, and the committed data/sample.json is its output. */
import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { Type } from '@sinclair/typebox'
import { DEFAULT_OPTIONS, generateDataset, generateReviews } from '../../src/sample/generate'
import { sampleBusiness } from '../../src/sample/business'
import { Business, Review } from '../../src/reviews/schema'
import { isCalendarDate } from '../../src/core/dates'
import { foldForSearch } from '../../src/core/text'
import committed from '../../data/sample.json'

const StoredReview = Type.Composite([Type.Omit(Review, ['verified']), Type.Object({ verified: Type.Boolean() })])
const dataset = generateDataset(DEFAULT_OPTIONS)
const words = (text: string) => ` ${foldForSearch(text).replace(/[^\p{L}\p{N}/-]+/gu, ' ')} `

describe('sample generator', () => {
  test('the committed data/sample.json is exactly the default generation', () => {
    expect(JSON.stringify(committed)).toBe(JSON.stringify(dataset))
  })

  test('same seed, same bytes; another seed, other bytes', () => {
    const again = generateDataset(DEFAULT_OPTIONS)
    expect(JSON.stringify(again)).toBe(JSON.stringify(dataset))
    expect(JSON.stringify(generateDataset({ ...DEFAULT_OPTIONS, seed: 43 }))).not.toBe(JSON.stringify(dataset))
  })

  test('the business is complete: 6+ technicians, 8+ services with aliases, 6+ areas', () => {
    expect(Value.Check(Business, sampleBusiness)).toBe(true)
    expect(sampleBusiness.technicians.length).toBeGreaterThanOrEqual(6)
    expect(sampleBusiness.services.length).toBeGreaterThanOrEqual(8)
    expect(sampleBusiness.service_areas.length).toBeGreaterThanOrEqual(6)
    for (const service of sampleBusiness.services) expect(service.aliases?.length).toBeGreaterThan(0)
  })

  test('every record is valid, ids are unique, dates real and in range, newest first', () => {
    expect(dataset.reviews.length).toBe(750)
    const ids = new Set<string>()
    for (const review of dataset.reviews) {
      expect(Value.Check(StoredReview, review)).toBe(true)
      expect(ids.has(review.id)).toBe(false)
      ids.add(review.id)
      expect(isCalendarDate(review.date)).toBe(true)
      expect(review.date >= '2023-11-15' && review.date <= DEFAULT_OPTIONS.endDate).toBe(true)
      if (review.response) expect(review.response.date >= review.date && review.response.date <= DEFAULT_OPTIONS.endDate).toBe(true)
    }
    const sorted = [...dataset.reviews].sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
    expect(dataset.reviews.map((r) => r.id)).toEqual(sorted.map((r) => r.id))
  })

  test('star ratings are J-shaped: mostly 5, then 4, a bump at 1', () => {
    const share = (rating: number) => dataset.reviews.filter((r) => r.rating === rating).length / dataset.reviews.length
    expect(share(5)).toBeGreaterThan(0.55)
    expect(share(4)).toBeGreaterThan(0.08)
    expect(share(1)).toBeGreaterThan(share(2))
    expect(share(1)).toBeGreaterThan(share(3))
    expect(share(2) + share(3)).toBeLessThan(0.2)
  })

  test('listed technicians and services are exactly those the text mentions', () => {
    for (const review of dataset.reviews) {
      const text = words(review.text)
      for (const { name } of sampleBusiness.technicians) {
        const first = foldForSearch(name.split(' ')[0]!)
        const mentioned =
          text.includes(` ${first} `) || text.includes(` ${first}s `) || text.includes(` ${first} ${foldForSearch(name.split(' ')[1]!)} `)
        expect({ id: review.id, name, mentioned }).toEqual({ id: review.id, name, mentioned: review.technicians.includes(name) })
      }
      for (const service of review.services) {
        const aliases = sampleBusiness.services.find((s) => s.id === service)!.aliases!
        expect(aliases.some((alias) => text.includes(` ${foldForSearch(alias)} `))).toBe(true)
      }
    }
  })

  test('texts vary: negations, contrasts, owner responses and unverified records all occur', () => {
    const texts = dataset.reviews.map((r) => r.text)
    expect(new Set(texts).size).toBeGreaterThan(600)
    expect(texts.some((t) => /\bnot on time\b|never late/.test(t))).toBe(true)
    expect(texts.some((t) => /, but |Although |; however, /.test(t))).toBe(true)
    expect(texts.some((t) => /[^\x00-\x7f]/.test(t))).toBe(true)
    const responded = dataset.reviews.filter((r) => r.response).length / dataset.reviews.length
    expect(responded).toBeGreaterThan(0.15)
    expect(responded).toBeLessThan(0.5)
    expect(dataset.reviews.some((r) => !r.verified)).toBe(true)
  })

  test('long stories (2,000+ characters, paragraphs, quotes, URLs, emoji) are in the sample, every one of them whole', () => {
    const stories = dataset.reviews.filter((r) => r.text.includes('\n\n'))
    expect(stories.length).toBeGreaterThanOrEqual(10)
    for (const story of stories) expect(story.text.length).toBeGreaterThanOrEqual(2000)
    expect(stories.some((r) => r.rating <= 2) && stories.some((r) => r.rating >= 4)).toBe(true)
    expect(stories.some((r) => /https:\/\/\S+/.test(r.text))).toBe(true)
    expect(stories.some((r) => /"[^"]+"/.test(r.text))).toBe(true)
    expect(stories.some((r) => /\p{Extended_Pictographic}/u.test(r.text))).toBe(true)
  })

  test('every review has a language; German, Spanish and French ones occur, some with the English translation Google gives', () => {
    const byLanguage = Map.groupBy(dataset.reviews, (r) => r.language)
    expect([...byLanguage.keys()].sort()).toEqual(['de', 'en', 'es', 'fr'])
    expect(byLanguage.get('en')!.length / dataset.reviews.length).toBeGreaterThan(0.85)
    const translated = dataset.reviews.filter((r) => r.translation)
    expect(translated.length).toBeGreaterThanOrEqual(10)
    for (const review of translated) {
      expect(review.source).toBe('google')
      expect(review.language).not.toBe('en')
      expect(review.translation!.language).toBe('en')
      expect(review.translation!.text).not.toBe(review.text)
    }
    expect(dataset.reviews.some((r) => r.language !== 'en' && !r.translation)).toBe(true)
  })

  test('streams 20k reviews, identical to the first 20k of a larger run', () => {
    const small = [...generateReviews({ ...DEFAULT_OPTIONS, count: 20_000 })]
    expect(small).toHaveLength(20_000)
    const iterator = generateReviews({ ...DEFAULT_OPTIONS, count: 1_000_000 })
    for (let i = 0; i < 100; i++) expect(iterator.next().value).toEqual(small[i]!)
  })
})
