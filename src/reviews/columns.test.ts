import { describe, expect, test } from 'bun:test'
import { ReviewColumns, ReviewTable } from './columns'
import type { Review } from './schema'

const make = (id: string, date: string, rating: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating,
  date,
  author: 'Sam P.',
  text: `Review ${id}`,
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

// Newest first, as a version holds them; every kind of value, none, one and several.
const reviews = [
  make('e', '2025-04-02', 1, { technicians: ['Ann Lee', 'Bo Kim'], language: 'de-AT', service_area: 'Nörth' }),
  make('d', '2025-04-02', 5, { services: ['drain-cleaning', 'water-heater'], response: { date: '2025-04-03', text: 'Thanks' } }),
  make('c', '2025-01-20', 4, { technicians: ['Ann Lee'], language: null, service_area: 'North' }),
  make('b', '2024-11-05', 2, { services: ['drain-cleaning'], response: { date: '2024-11-05', text: 'Sorry' } }),
  make('a', '2024-11-05', 3, { text: 'Ünïcödé ✓ 👍', language: 'pt-BR' }),
]

/** What the columns say of review p, in the Review's own terms. */
const valuesAt = (columns: ReviewColumns, p: number) => ({
  date: columns.date(p),
  rating: columns.rating(p),
  response: columns.responseDate(p),
  hasResponse: columns.hasResponse(p),
  language: columns.language(p),
  area: columns.area(p),
  technicians: [...columns.technicians(p)],
  services: [...columns.services(p)],
})
const valuesOf = (r: Review) => ({
  date: r.date,
  rating: r.rating,
  response: r.response?.date ?? null,
  hasResponse: r.response !== null,
  language: r.language,
  area: r.service_area,
  technicians: r.technicians,
  services: r.services,
})

describe('review columns', () => {
  test('round trip: every field of every review reads back from the columns', () => {
    const columns = ReviewColumns.of(reviews)
    expect(columns.length).toBe(reviews.length)
    expect(reviews.map((_, p) => valuesAt(columns, p))).toEqual(reviews.map(valuesOf))
    // Equal dates are one id (sorting compares them), different dates not.
    expect(columns.dateId(0)).toBe(columns.dateId(1))
    expect(columns.dateId(1)).not.toBe(columns.dateId(2))
  })

  test('every array is in shared memory (posted between threads without a copy); strings are one dictionary', () => {
    const { parts } = ReviewColumns.of(reviews)
    for (const [name, value] of Object.entries(parts))
      if (ArrayBuffer.isView(value)) expect({ name, shared: value.buffer instanceof SharedArrayBuffer }).toEqual({ name, shared: true })
    expect(new Set(parts.words).size).toBe(parts.words.length)
    expect(parts.words).toContain('Ann Lee')
    expect(parts.words.filter((w) => w === '2024-11-05')).toHaveLength(1)
  })

  test('no reviews, and reviews with none of the optional values', () => {
    expect(ReviewColumns.of([]).length).toBe(0)
    const bare = ReviewColumns.of([make('x', '2020-02-29', 3, { language: null })])
    expect(valuesAt(bare, 0)).toEqual(valuesOf(make('x', '2020-02-29', 3, { language: null })))
    expect(bare.technicians(0)).toBe(bare.services(0))
  })

  test('patched from the previous version: the same values as columns made of every review', () => {
    const before = ReviewColumns.of(reviews)
    // The next version: "d" unpublished, "c" edited (a new service), two new reviews, the others moved.
    const added = [
      { position: 0, review: make('g', '2025-05-01', 5, { services: ['roof'], technicians: ['Cy Dee'], service_area: 'East' }) },
      { position: 2, review: make('c', '2025-01-20', 3, { technicians: ['Ann Lee'], services: ['roof'] }) },
      { position: 4, review: make('f', '2024-01-01', 1, { language: 'fr' }) },
    ]
    const after = [added[0]!.review, reviews[0]!, added[1]!.review, reviews[3]!, added[2]!.review, reviews[4]!]
    // moved[j]: where previous position j went (-1: gone, or rewritten as an added review).
    const moved = Int32Array.from([1, -1, -1, 3, 5])
    const patched = before.patched(after.length, moved, added)
    expect(after.map((_, p) => valuesAt(patched, p))).toEqual(after.map(valuesOf))
    expect(() => before.patched(after.length, Int32Array.from([1, -1, -1, 3, -1]), added)).toThrow(/no review/)
  })
})

describe('review table', () => {
  test('a whole review parsed on demand from its JSON, ids by position and positions by id', () => {
    const json = reviews.map((r) => JSON.stringify(r))
    const byId = new Map(reviews.map((r, p) => [r.id, p]))
    const table = new ReviewTable(
      ReviewColumns.of(reviews),
      reviews.map((r) => r.id),
      byId,
      (p) => json[p]!,
    )
    expect(table.length).toBe(5)
    expect(table.at(4)).toEqual(reviews[4]!)
    expect(table.at(4)).not.toBe(table.at(4))
    expect(table.all()).toEqual(reviews)
    expect(table.slice(1, 3)).toEqual(reviews.slice(1, 3))
    expect(table.pick([4, 0])).toEqual([reviews[4]!, reviews[0]!])
    expect(table.id(2)).toBe('c')
    expect(table.positionOf('b')).toBe(3)
    expect(table.positionOf('zz')).toBeUndefined()
    expect([table.date(3), table.rating(3), table.hasResponse(3)]).toEqual(['2024-11-05', 2, true])
  })
})
