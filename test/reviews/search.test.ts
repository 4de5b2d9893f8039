/**
 * Search against a plain reference implementation, over many random filter combinations: the n-gram
 * text index (exact sets and verified candidates), rating bitsets, mention lists and date ranges.
 */
import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../../src/store/database'
import { ReviewStore } from '../../src/reviews/store'
import { ReviewSearch } from '../../src/reviews/search'
import { Catalog } from '../../src/catalog/catalog'
import { foldForSearch } from '../../src/reviews/text'
import { validateSearch, type SearchFilters } from '../../src/reviews/search-query'
import type { StoredReview } from '../../src/reviews/schema'
import { business } from '../support/dataset'

let seed = 7
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32)
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
  service_area: null,
  source: 'google',
  verified: random() > 0.05,
  response: null,
}))

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
        r.technicians.some((t) => [foldForSearch(t), foldForSearch(t).split(' ')[0]].includes(foldForSearch(filters.mentions_technician!))),
    )
    .filter((r) => filters.mentions_service === undefined || r.services.includes(filters.mentions_service.toLowerCase()))
    .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
  return { total: matches.length, ids: matches.slice(0, filters.limit).map((r) => r.id) }
}

function randomFilters(): SearchFilters {
  const args: Record<string, unknown> = {}
  if (random() < 0.3) args.rating = pick([1, 2, 3, 4, 5])
  if (random() < 0.3) args.min_rating = pick([1, 2.5, 3, 4, 4.5, 5])
  if (random() < 0.3) args.since = pick(['2020-06-01', '2022-01-01', '2023-12-31'])
  if (random() < 0.3) args.until = pick(['2024-06-30', '2023-01-01', '2022-12-31'])
  if (random() < 0.5) args.query = pick([...phrases, 'wat', 'ater h', 'CAFE', 'nai', 'xyz', 'on time and', '\u0301', 'e\u0301'])
  if (random() < 0.3) args.mentions_technician = pick(['mike', 'Mike Alvarez', 'JOSE', 'josé ramírez', 'sarah', 'nobody'])
  if (random() < 0.3) args.mentions_service = pick([...services, 'AC-REPAIR', 'none'])
  args.limit = pick([1, 5, 20, 100])
  const result = validateSearch(args)
  if (!result.ok) return randomFilters() // since after until: drawn again
  return result.value
}

describe('search matches a plain reference', () => {
  const db = openDatabase(':memory:')
  const store = new ReviewStore(db)
  store.write({ business, reviews })
  const catalog = new Catalog(store, { baseUrl: 'https://x.test', computeInsights: async () => ({}) })
  const search = new ReviewSearch(store, () => catalog.current)

  test('2000 random filter combinations', () => {
    for (let i = 0; i < 2000; i++) {
      const filters = randomFilters()
      const expected = reference(filters)
      const result = search.search(filters)
      expect({ filters, total: result.total, ids: result.reviewsJson.map((j) => JSON.parse(j).id) }).toEqual({ filters, ...expected })
    }
  })
})
