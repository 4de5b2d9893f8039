/**
 * Review search: filters combine with AND, results newest first, `total` counts every match, and
 * results come in pages that continue after a cursor (a keyset position, see search-query.ts).
 *
 * The snapshot's in-memory SearchIndex answers rating, dates, mentions and text, text through its n-gram
 * index (a substring of 1-3 code units is one exact set, and so is a very common gram or a phrase one of
 * whose trigrams occurs nowhere else; any other query intersects its rarest trigrams and checks the
 * candidates), so the cost follows the matches of the rarest filter rather than the size of
 * the table (bench/RESULTS.md).
 *
 * The SearchIndex knows rating, date range, mentions and text. Filters it does not know (max_rating,
 * has_response, a technician's last name) and cursors are applied here, over its full list of matches.
 */
import { queryScope, type ReviewKey, type SearchFilters, type Sort } from './search-query'
import { languageKey, type SearchIndex } from './search-index'
import type { PositionSet } from './ngram-index'
import type { Business, Review } from './schema'
import { technicianKeys } from './repository'
import { foldForSearch } from '../core/text'

/**
 * The byte budget of a page for the HTTP search and the MCP tools (`maxBytes`): a page stops growing
 * once its reviews' JSON passes it (at least one review is always given), so one response, or one MCP
 * tool result with its text rendering, stays under about 1 MB.
 */
export const PAGE_BYTES = 400_000

const ALL = Number.MAX_SAFE_INTEGER

export type SearchResult = {
  total: number
  reviewsJson: string[]
  /** The same reviews, parsed (shared with the snapshot: do not mutate). */
  reviews: Review[]
  /** The last review of this page when more follow, else null. */
  next: ReviewKey | null
}

export type SearchSnapshot = { searchIndex: SearchIndex; jsonAt(position: number): string; reviews: Review[]; business: Business }

const lastWord = (folded: string) => folded.split(/\s+/).pop() ?? folded

/** Roster technicians whose last name is `name` (folded), when it is not already a full or first name. */
function technicianLastNameMatches(name: string, business: Business): string[] {
  const key = technicianKeys(name)[0] ?? ''
  if (!key || /\s/.test(key)) return []
  const roster = business.technicians.map((t) => t.name)
  if (roster.some((full) => technicianKeys(full).includes(key))) return []
  return roster.filter((full) => lastWord(foldForSearch(full)) === key)
}

export class ReviewSearch {
  constructor(private readonly snapshot: () => SearchSnapshot) {}

  /**
   * `maxBytes` bounds the page's JSON (PAGE_BYTES for clients); unbounded by default, for in-process callers.
   * `within`: the positions an insights figure counts (`aspect`, `sentiment`, `topic` resolved by the caller
   * against this version's insights, see insights/links.ts); a filter like any other.
   */
  search(filters: SearchFilters, maxBytes = Number.POSITIVE_INFINITY, within?: PositionSet): SearchResult {
    const current = this.snapshot()
    const index = current.searchIndex

    // Filters the index does not know, as predicates over the snapshot's reviews.
    const predicates: ((review: Review) => boolean)[] = []
    const { max_rating: maxRating, has_response: hasResponse } = filters
    if (maxRating !== undefined) predicates.push((r) => r.rating <= maxRating)
    if (hasResponse !== undefined) predicates.push((r) => (r.response !== null) === hasResponse)
    let technicianKey = filters.mentions_technician === undefined ? undefined : (technicianKeys(filters.mentions_technician)[0] ?? '')
    const byLastName =
      filters.mentions_technician === undefined ? [] : technicianLastNameMatches(filters.mentions_technician, current.business)
    if (byLastName.length === 1) technicianKey = technicianKeys(byLastName[0]!)[0]
    else if (byLastName.length > 1) {
      const names = new Set(byLastName)
      predicates.push((r) => r.technicians.some((t) => names.has(t)))
      technicianKey = undefined
    }

    const sort = filters.sort ?? 'newest'
    const direct = predicates.length === 0 && filters.after === undefined && sort === 'newest'
    const found = index.search({
      rating: filters.rating,
      min_rating: filters.min_rating,
      since: filters.since,
      until: filters.until,
      technicianKey,
      serviceKey: filters.mentions_service?.trim().toLowerCase(),
      languageKey: filters.language === undefined ? undefined : languageKey(filters.language),
      areaKey: filters.service_area?.toLowerCase(),
      text: filters.query === undefined ? undefined : foldForSearch(filters.query),
      within,
      limit: direct ? filters.limit : ALL,
    })
    let total = found.total
    let positions = found.positions
    if (!direct) {
      if (predicates.length) positions = positions.filter((p) => predicates.every((keep) => keep(current.reviews[p]!)))
      total = positions.length
      if (sort !== 'newest') positions = ordered(positions, current.reviews, sort)
      if (filters.after) positions = positions.slice(startAfter(positions, current.reviews, filters.after, sort))
    }
    // Without a cursor, extra filters or another order the index handed over only the first `limit`: total says whether more follow.
    return page(current, positions, filters, total, direct ? total : positions.length, maxBytes, sort)
  }
}

/** The reviews of one page, bounded by `limit` and PAGE_BYTES, and the key to continue from. */
function page(
  current: SearchSnapshot,
  positions: number[],
  filters: SearchFilters,
  total: number,
  available: number,
  maxBytes: number,
  sort: Sort,
): SearchResult {
  const reviewsJson: string[] = []
  const reviews: Review[] = []
  let bytes = 0
  for (const position of positions) {
    if (reviewsJson.length >= filters.limit) break
    const json = current.jsonAt(position)
    if (reviewsJson.length > 0 && bytes + json.length > maxBytes) break
    bytes += json.length
    reviewsJson.push(json)
    reviews.push(current.reviews[position]!)
  }
  const last = reviews[reviews.length - 1]
  const more = reviews.length < available
  // A cursor names the last review shown, the order it continues and the query it belongs to.
  const next: ReviewKey | null =
    more && last
      ? sort === 'newest'
        ? { date: last.date, id: last.id, scope: queryScope(filters) }
        : { date: last.date, id: last.id, scope: queryScope(filters), sort, rating: last.rating }
      : null
  return { total, reviewsJson, reviews, next }
}

/**
 * Positions (newest first) in another order, ties newest first: by star rating, a stable bucket per
 * rating; oldest first, the days reversed with each day's reviews kept newest first. Linear, no sort.
 */
function ordered(positions: number[], reviews: Review[], sort: Exclude<Sort, 'newest'>): number[] {
  if (sort === 'oldest') {
    const result: number[] = []
    let end = positions.length
    while (end > 0) {
      const date = reviews[positions[end - 1]!]!.date
      let start = end - 1
      while (start > 0 && reviews[positions[start - 1]!]!.date === date) start--
      for (let i = start; i < end; i++) result.push(positions[i]!)
      end = start
    }
    return result
  }
  const buckets: number[][] = [[], [], [], [], [], []]
  for (const p of positions) buckets[reviews[p]!.rating]!.push(p)
  const ratings = sort === 'highest' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]
  return ratings.flatMap((r) => buckets[r]!)
}

/**
 * How a review stands against a cursor's key in `sort`'s order, before ties (-1 before, 1 after, 0 in
 * the same tie group): the sort's own key first, then the date, newest first.
 */
function compareToKey(review: Review, key: ReviewKey, sort: Sort): number {
  if (sort === 'highest' || sort === 'lowest') {
    const rating = key.rating ?? 0
    if (review.rating !== rating) return review.rating > rating === (sort === 'highest') ? -1 : 1
  } else if (sort === 'oldest' && review.date !== key.date) return review.date < key.date ? -1 : 1
  return review.date === key.date ? 0 : review.date > key.date ? -1 : 1
}

/**
 * Index into `positions` (in `sort`'s order) of the first review after `key`. The order is monotone in
 * the sort's key and date, so a binary search finds the key's group; within it the key's own review is
 * looked up (ids compare like the database's order only for plain ids, so comparison is the fallback
 * when the review has since gone).
 */
function startAfter(positions: number[], reviews: Review[], key: ReviewKey, sort: Sort): number {
  let lo = 0
  let hi = positions.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compareToKey(reviews[positions[mid]!]!, key, sort) < 0) lo = mid + 1
    else hi = mid
  }
  const inGroup = (i: number) => i < positions.length && compareToKey(reviews[positions[i]!]!, key, sort) === 0
  for (let i = lo; inGroup(i); i++) if (reviews[positions[i]!]!.id === key.id) return i + 1
  let i = lo
  while (inGroup(i) && reviews[positions[i]!]!.id > key.id) i++
  return i
}
