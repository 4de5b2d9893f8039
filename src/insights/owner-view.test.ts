import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import type { Review } from '../reviews/schema'
import type { Polarity } from './analyzer'
import { excerpt, ownerView, UNANSWERED_LISTED } from './owner-view'
import { OwnerView } from './schema'

const review = (id: string, date: string, rating: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating,
  date,
  author: 'A B.',
  text: `Review ${id}.`,
  technicians: [],
  services: [],
  service_area: null,
  source: 'google',
  verified: true,
  response: null,
  language: 'en',
  translation: null,
  ...extra,
})
const ASPECTS = [
  { id: 'punctuality', label: 'Punctuality' },
  { id: 'price', label: 'Price and value' },
]
const answered = { response: { date: '2026-01-01', text: 'Thank you.' } }

describe('periods end on the newest review date', () => {
  // Newest 2026-03-31. Last 30 days: 03-02..03-31; the 30 before: 01-31..03-01 (February has 28 days in 2026).
  const reviews = [
    review('a', '2026-03-31', 5),
    review('b', '2026-03-02', 1),
    review('c', '2026-03-01', 4),
    review('d', '2026-01-31', 2),
    review('e', '2026-01-30', 5),
    review('f', '2025-12-01', 3),
  ]
  const none = new Map<string, Polarity>()
  const view = ownerView(reviews, () => none, ASPECTS)
  const [w30, w90] = view.periods

  test('as_of is the newest date, not the clock; the bounds are inclusive and contiguous', () => {
    expect(view.as_of).toBe('2026-03-31')
    expect(w30!.current).toMatchObject({ since: '2026-03-02', until: '2026-03-31', review_count: 2 })
    expect(w30!.previous).toMatchObject({ since: '2026-01-31', until: '2026-03-01', review_count: 2 })
    expect(w90!.current).toMatchObject({ since: '2026-01-01', until: '2026-03-31', review_count: 5 })
    expect(w90!.previous).toMatchObject({ since: '2025-10-03', until: '2025-12-31', review_count: 1 })
    expect(Value.Check(OwnerView, view)).toBe(true)
  })

  test('count, average and share of 1-2 stars per period, null without reviews', () => {
    expect(w30!.current).toMatchObject({ average_rating: 3, low_rating_count: 1, low_rating_share: 0.5 })
    expect(w30!.previous).toMatchObject({ average_rating: 3, low_rating_count: 1, low_rating_share: 0.5 })
    expect(w90!.current).toMatchObject({ average_rating: 3.4, low_rating_count: 2, low_rating_share: 0.4 })
    expect(w90!.previous).toMatchObject({ average_rating: 3, low_rating_count: 0, low_rating_share: 0 })
    const quiet = ownerView([review('x', '2026-03-31', 4), review('y', '2025-01-01', 2)], () => none, ASPECTS).periods[0]!
    expect(quiet.previous).toMatchObject({ review_count: 0, average_rating: null, low_rating_count: 0, low_rating_share: null })
  })

  test('each period links to the search and the page of its dates', () => {
    expect(w30!.current.search).toBe('/api/reviews/search?since=2026-03-02&until=2026-03-31')
    expect(w30!.current.page).toBe('/?since=2026-03-02&until=2026-03-31')
  })

  test('order of the input does not matter', () => {
    const reversed = ownerView([...reviews].reverse(), () => none, ASPECTS)
    expect(reversed).toEqual(view)
  })

  test('no reviews: no periods, nothing unanswered', () => {
    expect(ownerView([], () => none, ASPECTS)).toEqual({
      as_of: null,
      periods: [],
      unanswered: { max_rating: 2, count: 0, search: '/api/reviews/search?max_rating=2&has_response=false', reviews: [] },
    })
  })
})

describe('aspects per period, only with support', () => {
  const days = ['2026-03-30', '2026-03-20', '2026-03-10', '2026-03-05', '2026-02-20', '2026-02-10']
  const reviews = days.map((d, i) => review(`r${i}`, d, 4))
  // Punctuality: 3 positive now, 1 negative before; price: 1 positive now, 1 negative now (2 < 3), 1 neutral.
  const readings: Record<string, [string, Polarity][]> = {
    r0: [
      ['punctuality', 'positive'],
      ['price', 'positive'],
    ],
    r1: [
      ['punctuality', 'positive'],
      ['price', 'negative'],
    ],
    r2: [
      ['punctuality', 'positive'],
      ['price', 'neutral'],
    ],
    r3: [],
    r4: [['punctuality', 'negative']],
    r5: [],
  }
  const view = ownerView(reviews, (i) => new Map(readings[reviews[i]!.id]), ASPECTS)

  test('positive and negative counts per period; neutral mentions left out; unsupported aspects not listed', () => {
    expect(view.periods[0]!.aspects).toEqual([
      { id: 'punctuality', label: 'Punctuality', current: { positive: 3, negative: 0 }, previous: { positive: 0, negative: 1 } },
    ])
  })

  test('an aspect listed when only the earlier period has support', () => {
    const flipped = ownerView(
      [review('n', '2026-03-30', 5), ...['2026-02-20', '2026-02-19', '2026-02-18'].map((d, i) => review(`o${i}`, d, 1))],
      (i) => new Map<string, Polarity>(i === 0 ? [] : [['price', 'negative']]),
      ASPECTS,
    )
    expect(flipped.periods[0]!.aspects).toEqual([
      { id: 'price', label: 'Price and value', current: { positive: 0, negative: 0 }, previous: { positive: 0, negative: 3 } },
    ])
  })
})

describe('unanswered reviews of 1-2 stars', () => {
  const long = 'The technician arrived three hours late, left mud on the carpet and the leak came back the next day. '.repeat(3)
  const reviews = [
    review('u-1', '2026-03-10', 1, { text: long }),
    review('u-2', '2026-03-10', 2),
    review('u-3', '2026-03-12', 3),
    review('u-4', '2026-03-09', 2, answered),
    review('u-5', '2026-03-11', 2, { text: '' }),
    review('u-6', '2026-01-01', 1, { id: 'u 6/x' }),
  ]
  const view = ownerView(reviews, () => new Map(), ASPECTS)

  test('only unanswered 1-2 stars, newest first (ties: id descending), with links to the record and the page', () => {
    expect(view.unanswered.count).toBe(4)
    expect(view.unanswered.reviews.map((r) => r.id)).toEqual(['u-5', 'u-2', 'u-1', 'u 6/x'])
    expect(view.unanswered.reviews[3]).toMatchObject({
      rating: 1,
      date: '2026-01-01',
      permalink: '/api/reviews/u%206%2Fx',
      page: '/reviews/u%206%2Fx',
    })
    expect(view.unanswered.search).toBe('/api/reviews/search?max_rating=2&has_response=false')
  })

  test('a short excerpt: cut at a word, with an ellipsis; a rating without text has an empty one', () => {
    const first = view.unanswered.reviews.find((r) => r.id === 'u-1')!.excerpt
    expect([...first].length).toBeLessThanOrEqual(161)
    expect(first.endsWith('…')).toBe(true)
    expect(long.startsWith(first.slice(0, -1))).toBe(true)
    expect(view.unanswered.reviews.find((r) => r.id === 'u-5')!.excerpt).toBe('')
    expect(excerpt('  Short\n\ntext.  ')).toBe('Short text.')
  })

  test(`the count is complete; the first ${UNANSWERED_LISTED} are listed`, () => {
    const many = Array.from({ length: UNANSWERED_LISTED + 5 }, (_, i) => review(`m-${String(i).padStart(3, '0')}`, '2026-02-01', 1))
    const listed = ownerView(many, () => new Map(), ASPECTS).unanswered
    expect(listed.count).toBe(UNANSWERED_LISTED + 5)
    expect(listed.reviews).toHaveLength(UNANSWERED_LISTED)
    expect(listed.reviews[0]!.id).toBe(`m-0${UNANSWERED_LISTED + 4}`)
  })
})
