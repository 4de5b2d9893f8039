/**
 * Review search: filters combine with AND, results newest first, `total` counts every match, and
 * results come in pages that continue after a cursor (a keyset position, see search-query.ts).
 *
 * Text: on large datasets, through the FTS5 trigram index in SQLite (user text always bound as one
 * quoted phrase, never as query syntax); below SCAN_TEXT_BELOW characters of text, and for queries
 * under three characters, which trigrams cannot index, by scanning the candidates' folded text. Everything else is answered by the snapshot's in-memory
 * SearchIndex, so the cost follows the number of matches rather than the size of the table.
 *
 * The SearchIndex knows rating, date range, mentions and text. Filters it does not know (max_rating,
 * has_response, a technician's last name) and cursors are applied here, over its full list of matches.
 */
import type { ReviewKey, SearchFilters } from './search-query'
import type { SearchIndex } from './search-index'
import type { Business, Review } from './schema'
import { technicianKeys, type ReviewRepository } from './repository'
import { foldForSearch } from '../core/text'

/**
 * Below this much text (about 15k reviews) a scan of the folded texts costs under a millisecond
 * whatever the phrase. Above it the FTS5 trigram index wins on real review text: at 100k reviews
 * 0.02-7 ms against 7-9 ms for the scan (bench/RESULTS.md).
 */
const SCAN_TEXT_BELOW = 2_000_000

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
export function technicianLastNameMatches(name: string, business: Business): string[] {
  const key = technicianKeys(name)[0] ?? ''
  if (!key || /\s/.test(key)) return []
  const roster = business.technicians.map((t) => t.name)
  if (roster.some((full) => technicianKeys(full).includes(key))) return []
  return roster.filter((full) => lastWord(foldForSearch(full)) === key)
}

export class ReviewSearch {
  constructor(
    private readonly store: ReviewRepository,
    private readonly snapshot: () => SearchSnapshot,
    private readonly scanTextBelow = SCAN_TEXT_BELOW,
  ) {}

  /** `maxBytes` bounds the page's JSON (PAGE_BYTES for clients); unbounded by default, for in-process callers. */
  search(filters: SearchFilters, maxBytes = Number.POSITIVE_INFINITY): SearchResult {
    const current = this.snapshot()
    const index = current.searchIndex
    let textPositions: Int32Array | undefined
    let scanText: string | undefined
    if (filters.query !== undefined) {
      const folded = foldForSearch(filters.query)
      const indexable = [...folded].length >= 3 && index.textVolume() >= this.scanTextBelow
      if (indexable) textPositions = index.positionsOf(this.store.rowidsMatching(folded))
      else scanText = folded
    }

    // Filters the index does not know, as predicates over the snapshot's reviews.
    const predicates: ((review: Review) => boolean)[] = []
    const { max_rating: maxRating, has_response: hasResponse } = filters
    if (maxRating !== undefined) predicates.push((r) => r.rating <= maxRating)
    if (hasResponse !== undefined) predicates.push((r) => (r.response !== null) === hasResponse)
    let technicianKey = filters.mentions_technician === undefined ? undefined : (technicianKeys(filters.mentions_technician)[0] ?? '')
    const byLastName = filters.mentions_technician === undefined ? [] : technicianLastNameMatches(filters.mentions_technician, current.business)
    if (byLastName.length === 1) technicianKey = technicianKeys(byLastName[0]!)[0]
    else if (byLastName.length > 1) {
      const names = new Set(byLastName)
      predicates.push((r) => r.technicians.some((t) => names.has(t)))
      technicianKey = undefined
    }

    const direct = predicates.length === 0 && filters.after === undefined
    const found = index.search({
      rating: filters.rating,
      min_rating: filters.min_rating,
      since: filters.since,
      until: filters.until,
      technicianKey,
      serviceKey: filters.mentions_service?.trim().toLowerCase(),
      textPositions,
      scanText,
      limit: direct ? filters.limit : ALL,
    })
    let total = found.total
    let positions = found.positions
    if (!direct) {
      if (predicates.length) positions = positions.filter((p) => predicates.every((keep) => keep(current.reviews[p]!)))
      total = positions.length
      if (filters.after) positions = positions.slice(startAfter(positions, current.reviews, filters.after))
    }
    // Without a cursor or extra filters the index handed over only the first `limit`: total says whether more follow.
    return page(current, positions, filters.limit, total, direct ? total : positions.length, maxBytes)
  }
}

/** The reviews of one page, bounded by `limit` and PAGE_BYTES, and the key to continue from. */
function page(current: SearchSnapshot, positions: number[], limit: number, total: number, available: number, maxBytes: number): SearchResult {
  const reviewsJson: string[] = []
  const reviews: Review[] = []
  let bytes = 0
  for (const position of positions) {
    if (reviewsJson.length >= limit) break
    const json = current.jsonAt(position)
    if (reviewsJson.length > 0 && bytes + json.length > maxBytes) break
    bytes += json.length
    reviewsJson.push(json)
    reviews.push(current.reviews[position]!)
  }
  const last = reviews[reviews.length - 1]
  const more = reviews.length < available
  return { total, reviewsJson, reviews, next: more && last ? { date: last.date, id: last.id } : null }
}

/**
 * Index into `positions` (ascending = newest first) of the first review after `key`. Dates order the
 * positions, so a binary search finds the key's day; within the day the key's own review is looked up
 * (ids compare like the database's order only for plain ids, so comparison is the fallback when the
 * review has since gone).
 */
function startAfter(positions: number[], reviews: Review[], key: ReviewKey): number {
  let lo = 0
  let hi = positions.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (reviews[positions[mid]!]!.date > key.date) lo = mid + 1
    else hi = mid
  }
  let i = lo
  while (i < positions.length && reviews[positions[i]!]!.date === key.date) {
    if (reviews[positions[i]!]!.id === key.id) return i + 1
    i++
  }
  i = lo
  while (i < positions.length && reviews[positions[i]!]!.date === key.date && reviews[positions[i]!]!.id > key.id) i++
  return i
}
