/** reviewStats over a real ReviewSearch on a handful of reviews: groupings, gaps, nulls and parsing. */
import { describe, expect, test } from 'bun:test'
import { SearchIndex } from './search-index'
import { ReviewSearch } from './search'
import { parseStatsParams, reviewStats, validateStats } from './stats'
import type { Business, Review } from './schema'

const business: Business = {
  id: 'b',
  name: 'B',
  description: 'd',
  url: 'https://b.example',
  telephone: '1',
  address: { street_address: 's', locality: 'l', region: 'r', postal_code: 'p', country: 'US' },
  timezone: 'UTC',
  services: [{ id: 'drain-cleaning', name: 'Drain cleaning' }],
  technicians: [{ name: 'Ann Lee' }, { name: 'Bo Kim' }],
  service_areas: ['North'],
}

const make = (id: string, date: string, rating: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating,
  date,
  author: 'A.',
  text: 'ok',
  technicians: [],
  services: [],
  service_area: null,
  source: 'direct',
  verified: true,
  response: null,
  language: 'en',
  translation: null,
  ...extra,
})

// Newest first, as a snapshot holds them.
const reviews = [
  make('c', '2025-04-02', 1, { technicians: ['Ann Lee', 'Bo Kim'], language: 'de-AT' }),
  make('b', '2025-01-20', 4, { services: ['drain-cleaning'], service_area: 'North', response: { date: '2025-01-21', text: 'Thanks' } }),
  make('a', '2024-11-05', 2, { technicians: ['Ann Lee'], language: null }),
]
const search = new ReviewSearch(() => ({
  searchIndex: new SearchIndex(
    reviews,
    reviews.map((_, i) => i + 1),
  ),
  jsonAt: (i) => JSON.stringify(reviews[i]),
  idAt: (i) => reviews[i]!.id,
  reviews,
  business,
}))
const stats = (input: Record<string, unknown>) => {
  const parsed = validateStats(input)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues))
  return reviewStats(search, parsed.value, business, 7)
}

describe('reviewStats', () => {
  test('totals, answered and the unanswered low ratings, newest first', () => {
    const all = stats({})
    expect(all).toMatchObject({ data_version: 7, count: 3, average_rating: 2.33, answered: 1, group_by: null, groups: [] })
    expect(all.distribution).toEqual({ '1': 1, '2': 1, '3': 0, '4': 1, '5': 0 })
    expect(all.unanswered_low_ratings).toEqual({ max_rating: 2, count: 2, review_ids: ['c', 'a'] })
    expect(stats({ rating: 3 })).toMatchObject({ count: 0, average_rating: null })
  })

  test('months and quarters run oldest first with the empty ones in between', () => {
    expect(stats({ group_by: 'month' }).groups.map((g) => [g.key, g.count])).toEqual([
      ['2024-11', 1],
      ['2024-12', 0],
      ['2025-01', 1],
      ['2025-02', 0],
      ['2025-03', 0],
      ['2025-04', 1],
    ])
    expect(stats({ group_by: 'quarter' }).groups.map((g) => [g.key, g.count, g.average_rating])).toEqual([
      ['2024-Q4', 1, 2],
      ['2025-Q1', 1, 4],
      ['2025-Q2', 1, 1],
    ])
  })

  test('a review counts under each technician it names; none is the null group, last', () => {
    expect(stats({ group_by: 'technician' }).groups.map((g) => [g.key, g.count])).toEqual([
      ['Ann Lee', 2],
      ['Bo Kim', 1],
      [null, 1],
    ])
    expect(stats({ group_by: 'service' }).groups).toEqual([
      expect.objectContaining({ key: 'drain-cleaning', label: 'Drain cleaning', count: 1 }),
      expect.objectContaining({ key: null, count: 2 }),
    ])
    expect(stats({ group_by: 'language' }).groups.map((g) => g.key)).toEqual(['de', 'en', null])
    expect(stats({ group_by: 'rating' }).groups.map((g) => [g.key, g.count])).toEqual([
      ['5', 0],
      ['4', 1],
      ['3', 0],
      ['2', 1],
      ['1', 1],
    ])
  })

  test('limit and cursor are not stats parameters; group_by is checked; query strings parse like the search', () => {
    const refused = validateStats({ limit: 5, group_by: 'week' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.issues.map((i) => i.path[0])).toEqual(['limit', 'group_by'])
    const parsed = parseStatsParams(new URLSearchParams('group_by=area&min_rating=2&group_by=month'))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.issues).toEqual([{ path: ['group_by'], code: 'repeated', message: 'must be given at most once' }])
    const good = parseStatsParams(new URLSearchParams('group_by=area&min_rating=2'))
    expect(good.ok && good.value.group_by === 'area' && good.value.min_rating === 2).toBe(true)
  })
})
