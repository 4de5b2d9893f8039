import { describe, expect, test } from 'bun:test'
import { analyzeText } from './analyzer'
import { topicsOf, trackedPattern, type TopicSource } from './topics'
import type { Business } from '../reviews/schema'

const business = { name: 'Acme', technicians: [], service_areas: [] } as unknown as Business
const sources = (texts: string[]): TopicSource[] => texts.map((text, i) => ({ id: `r${i}`, analysis: analyzeText(text), language: 'en' }))
const phrases = (texts: string[], tracked: string[] = []) => topicsOf(business, sources(texts), tracked).map((t) => t.phrase)

describe('topics', () => {
  test('only noun phrases: no adjective, quantity word or noun of a set expression on its own', () => {
    const found = phrases([
      'They came several times on short notice, it was a bit slow in the end.',
      'Several trips, multiple trucks, short notice and a bit of a wait in the end.',
      'A bit expensive, several visits, short notice, but in the end the small crew did it.',
      'Short notice again, several calls and in the end a small crew.',
    ])
    expect(found).toContain('short notice')
    for (const word of ['short', 'several', 'multiple', 'bit', 'end', 'small']) expect(found).not.toContain(word)
  })

  test('variants the words say are one topic are merged; the more used form names it', () => {
    const found = topicsOf(
      business,
      sources([
        'The EV charger works.',
        'They installed our EV charger.',
        'The electric vehicle charger install was quick.',
        'Our electric vehicle charger was wired in a day.',
        'The electric vehicle charger is neat.',
        'A car charger in the garage.',
        'The car charger was cheap.',
        'One car charger, done.',
      ]),
    )
    const charger = found.find((t) => t.phrase === 'electric vehicle charger')
    expect(charger?.mention_count).toBe(5)
    expect(found.map((t) => t.phrase)).not.toContain('ev charger')
    // "car charger" means the same to a person, but its words do not say so: kept apart.
    expect(found.find((t) => t.phrase === 'car charger')?.mention_count).toBe(3)
  })

  test('tracked topics come first, always, with the sentiment of the clauses that hold them', () => {
    const found = topicsOf(business, sources(['The patio was lovely.', 'Our table on the patios was awful.', 'The water heater works.']), [
      'patio',
      'gluten free',
    ])
    expect(found[0]).toEqual({
      phrase: 'patio',
      members: ['r0', 'r1'],
      memberSentiments: ['positive', 'negative'],
      mention_count: 2,
      sentiment: { positive: 1, negative: 1, neutral: 0 },
      review_ids: ['r0', 'r1'],
    })
    expect(found[1]).toEqual({
      phrase: 'gluten free',
      members: [],
      memberSentiments: [],
      mention_count: 0,
      sentiment: { positive: 0, negative: 0, neutral: 0 },
      review_ids: [],
    })
  })

  test('a tracked topic is not listed a second time among the topics found', () => {
    const texts = ['The water heater works.', 'A new water heater.', 'They fixed the water heater.']
    expect(phrases(texts)).toContain('water heater')
    expect(phrases(texts, ['water-heater']).filter((p) => p.replace('-', ' ') === 'water heater')).toEqual(['water-heater'])
  })
  test('a tracked topic matches whole words in either number, and a topic found in other words is listed once', () => {
    const matches = (phrase: string, text: string) => trackedPattern(phrase).test(text)
    expect(matches('garlic fries', 'the garlic fry was cold')).toBe(true)
    expect(matches('dishes', 'one dish')).toBe(true)
    expect(matches('patio', 'on the patios')).toBe(true)
    expect(matches('Split checks', 'they split-check nothing')).toBe(true)
    expect(matches('patio', 'patiostyle')).toBe(false)
    expect(matches('fries', 'free')).toBe(false)
    const texts = ['Great onion rings.', 'The onion rings were cold.', 'Onion rings, again the onion rings.']
    expect(phrases(texts)).toContain('onion ring')
    expect(phrases(texts, ['onion rings'])).toEqual(['onion rings'])
  })
})
