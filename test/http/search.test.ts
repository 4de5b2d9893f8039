/** GET /api/reviews/search and /api/reviews/since/{date}: semantics and every error row of CONTRACT.md. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, type TestServer } from '../support/server'
import { business, review, reviews as baseReviews } from '../support/dataset'
import type { Review, StoredReview } from '../../src/reviews/schema'

// 30 filler reviews on top of the hand-written ones, so the default limit of 20 bites.
const filler: StoredReview[] = Array.from({ length: 30 }, (_, i) =>
  review({
    id: `f-${String(i).padStart(2, '0')}`,
    rating: (i % 5) + 1,
    date: `2023-05-${String(i + 1).padStart(2, '0')}`,
    text: `Filler review number ${i}.`,
  }),
)
const all = [...baseReviews, ...filler]
const published = all.filter((r) => r.verified)
const newestFirst = (a: StoredReview, b: StoredReview) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews: all } })
})
afterAll(() => server.stop())

type List = { count: number; total: number; reviews: Review[] }
async function search(query: string): Promise<List> {
  const response = await fetch(`${server.url}/api/reviews/search?${query}`)
  expect(response.status).toBe(200)
  return response.json() as Promise<List>
}
const ids = (list: List) => list.reviews.map((r) => r.id)
const expected = (keep: (r: StoredReview) => boolean, limit = 20) =>
  published
    .filter(keep)
    .sort(newestFirst)
    .slice(0, limit)
    .map((r) => r.id)

describe('search semantics', () => {
  test('no filters: newest first, default limit 20, total counts every published review', async () => {
    const list = await search('')
    expect(list.count).toBe(20)
    expect(list.total).toBe(published.length)
    expect(ids(list)).toEqual(expected(() => true))
    expect(ids(list)).not.toContain('r-007')
  })

  test('each filter alone', async () => {
    expect(ids(await search('rating=5&limit=100'))).toEqual(expected((r) => r.rating === 5, 100))
    expect(ids(await search('min_rating=3.5&limit=100'))).toEqual(expected((r) => r.rating >= 3.5, 100))
    expect(ids(await search('since=2025-01-01&limit=100'))).toEqual(expected((r) => r.date >= '2025-01-01', 100))
    expect(ids(await search('until=2024-02-29&limit=100'))).toEqual(expected((r) => r.date <= '2024-02-29', 100))
    expect(ids(await search('mentions_service=DRAIN-cleaning'))).toEqual(['r-002'])
  })

  test('filters combine with AND; total counts matches before limit', async () => {
    const list = await search('min_rating=2&until=2023-12-31&limit=3')
    const matches = published.filter((r) => r.rating >= 2 && r.date <= '2023-12-31')
    expect(list.total).toBe(matches.length)
    expect(list.count).toBe(3)
    expect(ids(list)).toEqual(expected((r) => r.rating >= 2 && r.date <= '2023-12-31', 3))
  })

  test('query is a case- and accent-insensitive substring, from one character', async () => {
    expect(ids(await search('query=CAFE'))).toEqual(['r-001'])
    expect(ids(await search('query=caf%C3%A9-level'))).toEqual(['r-001'])
    expect(ids(await search('query=jos%C3%A9%20WAS'))).toEqual(['r-002'])
    expect(ids(await search('query=jose'))).toEqual(['r-002'])
    expect(ids(await search('query=\u{1F527}'))).toEqual(['r-005'])
    expect((await search('query=z&limit=100')).total).toBe(published.filter((r) => /z/i.test(r.text)).length)
    expect(ids(await search('query=fe'))).toEqual(expected((r) => /fé|fe/i.test(r.text)))
  })

  test('hostile query text never reaches FTS5 syntax', async () => {
    for (const q of [
      '"',
      '""',
      '*',
      'NEAR(a b)',
      'a AND b',
      '-x',
      '^start',
      'col:val',
      "'; DROP TABLE reviews; --",
      '\\',
      '(',
      ')',
      '%',
      '_',
    ]) {
      const response = await fetch(`${server.url}/api/reviews/search?query=${encodeURIComponent(q)}`)
      expect(response.status).toBe(200)
    }
    expect(ids(await search(`query=${encodeURIComponent('"quotes"')}`))).toEqual(['r-005'])
    expect(ids(await search(`query=${encodeURIComponent(']]>')}`))).toEqual(['r-005'])
  })

  test('technician by full or first name, any case and accents', async () => {
    expect(ids(await search('mentions_technician=mike'))).toEqual(['r-001', 'r-006'])
    expect(ids(await search('mentions_technician=MIKE%20ALVAREZ'))).toEqual(['r-001', 'r-006'])
    expect(ids(await search('mentions_technician=jose'))).toEqual(['r-002'])
    expect(ids(await search('mentions_technician=Jos%C3%A9%20Ram%C3%ADrez'))).toEqual(['r-002'])
    expect((await search('mentions_technician=nobody')).total).toBe(0)
  })
})

describe('search errors: 400 invalid_query with every bad parameter', () => {
  const cases: [string, [string, string][]][] = [
    ['rating=7', [['rating', 'too_big']]],
    ['rating=2.5', [['rating', 'invalid_type']]],
    ['rating=0', [['rating', 'too_small']]],
    ['limit=0', [['limit', 'too_small']]],
    ['limit=101', [['limit', 'too_big']]],
    ['min_rating=0.5', [['min_rating', 'too_small']]],
    ['min_rating=5.5', [['min_rating', 'too_big']]],
    ['since=2024-02-30', [['since', 'invalid_date']]],
    ['until=2024-13-01', [['until', 'invalid_date']]],
    ['since=yesterday', [['since', 'invalid_date']]],
    ['since=2024-05-01&until=2024-01-01', [['since', 'invalid_range']]],
    ['rating=3&rating=4', [['rating', 'repeated']]],
    [
      'rating=abc&limit=ten',
      [
        ['rating', 'invalid_type'],
        ['limit', 'invalid_type'],
      ],
    ],
    ['query=', [['query', 'too_small']]],
    [
      'rating=7&limit=0&min_rating=0.5&since=2024-02-30',
      [
        ['rating', 'too_big'],
        ['min_rating', 'too_small'],
        ['since', 'invalid_date'],
        ['limit', 'too_small'],
      ],
    ],
    ['unknown=1', [['unknown', 'unrecognized']]],
  ]
  test.each(cases)('%s', async (query, issues) => {
    const response = await fetch(`${server.url}/api/reviews/search?${query}`)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/json')
    const body = (await response.json()) as { error: string; message: string; issues: { path: string[]; code: string; message: string }[] }
    expect(body.error).toBe('invalid_query')
    expect(body.message.length).toBeGreaterThan(0)
    expect(body.issues.map((i) => [i.path[0], i.code])).toEqual(issues)
    for (const issue of body.issues) expect(issue.message).toMatch(/^must /)
  })

  test('bounds are stated in the messages', async () => {
    const body = (await (await fetch(`${server.url}/api/reviews/search?limit=101&rating=0`)).json()) as { issues: { message: string }[] }
    expect(body.issues.map((i) => i.message)).toEqual(['must be at least 1', 'must be at most 100'])
  })
})

describe('since-listing', () => {
  test('reviews dated on or after the date, newest first, count = total', async () => {
    const response = await fetch(`${server.url}/api/reviews/since/2025-02-15`)
    const list = (await response.json()) as List
    expect(ids(list)).toEqual(
      published
        .filter((r) => r.date >= '2025-02-15')
        .sort(newestFirst)
        .map((r) => r.id),
    )
    expect(list.count).toBe(3)
    expect(list.total).toBe(3)
    expect(((await (await fetch(`${server.url}/api/reviews/since/2030-01-01`)).json()) as List).count).toBe(0)
    expect(((await (await fetch(`${server.url}/api/reviews/since/2024-02-29`)).json()) as List).reviews.at(-1)!.id).toBe('r-006')
  })

  test.each(['2024-13-45', '2024-02-30', '2023-02-29', 'yesterday', '2024-1-01', '20240101', '%20'])(
    '%s is 400 invalid_date',
    async (date) => {
      const response = await fetch(`${server.url}/api/reviews/since/${date}`)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toBe('invalid_date')
    },
  )
})

describe('permalinks', () => {
  test('a review by id is the record itself; unknown and unverified ids are 404', async () => {
    const response = await fetch(`${server.url}/api/reviews/r-003`)
    expect(await response.json()).toEqual(published.find((r) => r.id === 'r-003')! as Review)
    for (const id of ['nope', 'r-007']) {
      const missing = await fetch(`${server.url}/api/reviews/${id}`)
      expect(missing.status).toBe(404)
      expect(((await missing.json()) as { error: string }).error).toBe('not_found')
    }
  })
})
