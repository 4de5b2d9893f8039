/**
 * Search against a plain reference implementation, over many random filter combinations: the n-gram
 * text index (exact sets and verified candidates), rating bitsets, mention lists and date ranges.
 */
import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../../src/db/database'
import { reviewMigrations } from '../../src/reviews/migrations'
import { ReviewRepository } from '../../src/reviews/repository'
import { ReviewSearch } from '../../src/reviews/search'
import { Catalog } from '../../src/catalog/catalog'
import { foldForSearch } from '../../src/core/text'
import { validateSearch, type SearchFilters } from '../../src/reviews/search-query'
import type { StoredReview } from '../../src/reviews/schema'
import { business } from '../support/dataset'

let seed = 7
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!

const phrases = ['water heater', 'on time', 'Café', 'naïve', 'price', 'LATE', 'drain', 'tankless', 'ok', 'é', 'x', '"quoted"', 'a b']
const technicians = business.technicians.map((t) => t.name)
const services = business.services.map((s) => s.id)

const reviews: StoredReview[] = Array.from({ length: 600 }, (_, i) => ({
  id: `s-${String(i).padStart(4, '0')}`,
  rating: pick([1, 2, 3, 4, 5, 5, 5]),
  date: `202${Math.floor(random() * 5)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
  author: 'A. B.',
  text: Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick(phrases)).join(' and '),
  technicians: random() < 0.4 ? [pick(technicians)] : [],
  services: random() < 0.5 ? [pick(services)] : [],
  service_area: (['Springfield', null, 'Shelbyville', 'SPRINGFIELD'] as const)[i % 4]!,
  language: (['en', 'de', null, 'pt-BR', 'EN-GB'] as const)[i % 5]!,
  source: 'google',
  verified: random() > 0.05,
  response: random() < 0.3 ? { date: '2025-01-01', text: 'Thanks!' } : null,
}))

const newestFirst = (a: StoredReview, b: StoredReview) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)
/** Each order of `sort`, ties newest first. */
const ORDERS: Record<string, (a: StoredReview, b: StoredReview) => number> = {
  newest: newestFirst,
  oldest: (a, b) => (a.date === b.date ? newestFirst(a, b) : a.date < b.date ? -1 : 1),
  highest: (a, b) => b.rating - a.rating || newestFirst(a, b),
  lowest: (a, b) => a.rating - b.rating || newestFirst(a, b),
}

function reference(filters: SearchFilters): { total: number; ids: string[] } {
  const matches = reviews
    .filter((r) => r.verified)
    .filter((r) => filters.rating === undefined || r.rating === filters.rating)
    .filter((r) => filters.min_rating === undefined || r.rating >= filters.min_rating)
    .filter((r) => filters.since === undefined || r.date >= filters.since)
    .filter((r) => filters.until === undefined || r.date <= filters.until)
    .filter((r) => filters.query === undefined || foldForSearch(r.text).includes(foldForSearch(filters.query)))
    .filter(
      (r) =>
        filters.mentions_technician === undefined ||
        r.technicians.some((t) =>
          [foldForSearch(t), foldForSearch(t).split(' ')[0], foldForSearch(t).split(' ').at(-1)].includes(
            foldForSearch(filters.mentions_technician!),
          ),
        ),
    )
    .filter((r) => filters.max_rating === undefined || r.rating <= filters.max_rating)
    .filter((r) => filters.has_response === undefined || (r.response !== null) === filters.has_response)
    .filter((r) => filters.mentions_service === undefined || r.services.includes(filters.mentions_service.toLowerCase()))
    .filter((r) => filters.language === undefined || r.language?.split('-')[0]?.toLowerCase() === filters.language.toLowerCase())
    .filter((r) => filters.service_area === undefined || r.service_area?.toLowerCase() === filters.service_area.toLowerCase())
    .sort(ORDERS[filters.sort ?? 'newest'])
  const after = filters.after ? matches.findIndex((r) => r.id === filters.after!.id) + 1 : 0
  return { total: matches.length, ids: matches.slice(after, after + filters.limit).map((r) => r.id) }
}

function randomFilters(): SearchFilters {
  const args: Record<string, unknown> = {}
  if (random() < 0.3) args.rating = pick([1, 2, 3, 4, 5])
  if (random() < 0.3) args.min_rating = pick([1, 2.5, 3, 4, 4.5, 5])
  if (random() < 0.3) args.since = pick(['2020-06-01', '2022-01-01', '2023-12-31'])
  if (random() < 0.3) args.until = pick(['2024-06-30', '2023-01-01', '2022-12-31'])
  if (random() < 0.5) args.query = pick([...phrases, 'wat', 'ater h', 'CAFE', 'nai', 'xyz', 'on time and', '\u0301', 'e\u0301'])
  if (random() < 0.3)
    args.mentions_technician = pick(['mike', 'Mike Alvarez', 'JOSE', 'josé ramírez', 'sarah', 'nobody', 'alvarez', 'RAMIREZ', 'chen'])
  if (random() < 0.2) args.max_rating = pick([1, 2, 3.5, 4, 5])
  if (random() < 0.2) args.has_response = pick([true, false])
  if (random() < 0.3) args.mentions_service = pick([...services, 'AC-REPAIR', 'none'])
  args.limit = pick([1, 5, 20, 100])
  if (random() < 0.2) args.language = pick(['en', 'DE', 'pt', 'fr'])
  if (random() < 0.2) args.service_area = pick(['springfield', 'Shelbyville', 'Spring'])
  if (random() < 0.4) args.sort = pick(['newest', 'oldest', 'highest', 'lowest'])
  const result = validateSearch(args)
  if (!result.ok) return randomFilters() // since after until, min above max: drawn again
  if (random() < 0.3) {
    // Continue after one of the matches, as a client following next_cursor would.
    const matches = reference({ ...result.value, limit: 10_000 }).ids
    const id = matches.length ? pick(matches) : undefined
    const at = reviews.find((r) => r.id === id)
    const sort = result.value.sort
    if (at)
      return { ...result.value, after: { date: at.date, id: at.id, ...(sort && sort !== 'newest' ? { sort, rating: at.rating } : {}) } }
  }
  return result.value
}

describe('search matches a plain reference', () => {
  const db = openDatabase(':memory:', reviewMigrations)
  const store = new ReviewRepository(db)
  store.write({ business, reviews })
  const catalog = new Catalog(store, { baseUrl: 'https://x.test', computeInsights: async () => ({}) as never })
  const search = new ReviewSearch(() => catalog.current)

  test('2000 random filter combinations', () => {
    for (let i = 0; i < 2000; i++) {
      const filters = randomFilters()
      const expected = reference(filters)
      const result = search.search(filters)
      expect({ filters, total: result.total, ids: result.reviewsJson.map((j) => JSON.parse(j).id) }).toEqual({ filters, ...expected })
    }
  })
})
