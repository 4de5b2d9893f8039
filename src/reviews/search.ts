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
import type { ReviewColumns } from './columns'
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
  /** The same reviews, parsed from their JSON when first read (the caller's own objects). */
  readonly reviews: Review[]
  /** The page's positions in the version searched. */
  positions: number[]
  /** The last review of this page when more follow, else null. */
  next: ReviewKey | null
}

/** What a search reads of a version: its index (sets and columns), each row's JSON and id, the business. */
export type SearchSnapshot = {
  searchIndex: SearchIndex
  jsonAt(position: number): string
  /** A review's id by position (a cursor's key and its resumption compare them without parsing the row). */
  idAt(position: number): string
  business: Business
}

/** Every match of a search, in its order, with the columns of the version it was made on. */
export type SearchMatches = { total: number; positions: number[]; columns: ReviewColumns; snapshot: SearchSnapshot }

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
    const { current, total, positions, available, sort } = this.find(filters, within, false)
    return page(current, positions, filters, total, available, maxBytes, sort)
  }

  /** Every match (limit and cursor apply as in `search`), as positions and the columns to read them from: statistics. */
  matches(filters: SearchFilters, within?: PositionSet): SearchMatches {
    const { current, total, positions } = this.find(filters, within, true)
    return { total, positions, columns: current.searchIndex.columns, snapshot: current }
  }

  private find(filters: SearchFilters, within: PositionSet | undefined, all: boolean) {
    const current = this.snapshot()
    const index = current.searchIndex
    const columns = index.columns

    // Filters the index does not know, as predicates over the version's columns.
    const predicates: ((position: number) => boolean)[] = []
    const { max_rating: maxRating, has_response: hasResponse } = filters
    if (maxRating !== undefined) predicates.push((p) => columns.rating(p) <= maxRating)
    if (hasResponse !== undefined) predicates.push((p) => columns.hasResponse(p) === hasResponse)
    let technicianKey = filters.mentions_technician === undefined ? undefined : (technicianKeys(filters.mentions_technician)[0] ?? '')
    const byLastName =
      filters.mentions_technician === undefined ? [] : technicianLastNameMatches(filters.mentions_technician, current.business)
    if (byLastName.length === 1) technicianKey = technicianKeys(byLastName[0]!)[0]
    else if (byLastName.length > 1) {
      const names = new Set(byLastName)
      predicates.push((p) => columns.technicianIds(p).some((id) => names.has(columns.words[id]!)))
      technicianKey = undefined
    }

    const sort = filters.sort ?? 'newest'
    const direct = !all && predicates.length === 0 && filters.after === undefined && sort === 'newest'
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
      if (predicates.length) positions = positions.filter((p) => predicates.every((keep) => keep(p)))
      total = positions.length
      if (sort !== 'newest') positions = ordered(positions, columns, sort)
      if (filters.after) positions = positions.slice(startAfter(positions, current, filters.after, sort))
    }
    // Without a cursor, extra filters or another order the index handed over only the first `limit`: total says whether more follow.
    return { current, total, positions, available: direct ? total : positions.length, sort }
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
  const shown: number[] = []
  let bytes = 0
  for (const position of positions) {
    if (reviewsJson.length >= filters.limit) break
    const json = current.jsonAt(position)
    if (reviewsJson.length > 0 && bytes + json.length > maxBytes) break
    bytes += json.length
    reviewsJson.push(json)
    shown.push(position)
  }
  const last = shown[shown.length - 1]
  const more = shown.length < available
  const columns = current.searchIndex.columns
  // A cursor names the last review shown, the order it continues and the query it belongs to.
  const next: ReviewKey | null =
    more && last !== undefined
      ? sort === 'newest'
        ? { date: columns.date(last), id: current.idAt(last), scope: queryScope(filters) }
        : { date: columns.date(last), id: current.idAt(last), scope: queryScope(filters), sort, rating: columns.rating(last) }
      : null
  let parsed: Review[] | undefined
  return {
    total,
    reviewsJson,
    get reviews() {
      parsed ??= reviewsJson.map((json) => JSON.parse(json) as Review)
      return parsed
    },
    positions: shown,
    next,
  }
}

/**
 * Positions (newest first) in another order, ties newest first: by star rating, a stable bucket per
 * rating; oldest first, the days reversed with each day's reviews kept newest first. Linear, no sort.
 */
function ordered(positions: number[], columns: ReviewColumns, sort: Exclude<Sort, 'newest'>): number[] {
  if (sort === 'oldest') {
    const result: number[] = []
    let end = positions.length
    while (end > 0) {
      const date = columns.dateId(positions[end - 1]!)
      let start = end - 1
      while (start > 0 && columns.dateId(positions[start - 1]!) === date) start--
      for (let i = start; i < end; i++) result.push(positions[i]!)
      end = start
    }
    return result
  }
  const buckets: number[][] = [[], [], [], [], [], []]
  for (const p of positions) buckets[columns.rating(p)]!.push(p)
  const ratings = sort === 'highest' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]
  return ratings.flatMap((r) => buckets[r]!)
}

/**
 * How the review at a position stands against a cursor's key in `sort`'s order, before ties (-1 before, 1 after, 0 in
 * the same tie group): the sort's own key first, then the date, newest first.
 */
function compareToKey(columns: ReviewColumns, position: number, key: ReviewKey, sort: Sort): number {
  const date = columns.date(position)
  if (sort === 'highest' || sort === 'lowest') {
    const rating = key.rating ?? 0
    const own = columns.rating(position)
    if (own !== rating) return own > rating === (sort === 'highest') ? -1 : 1
  } else if (sort === 'oldest' && date !== key.date) return date < key.date ? -1 : 1
  return date === key.date ? 0 : date > key.date ? -1 : 1
}

/**
 * Index into `positions` (in `sort`'s order) of the first review after `key`. The order is monotone in
 * the sort's key and date, so a binary search finds the key's group; within it the key's own review is
 * looked up (ids compare like the database's order only for plain ids, so comparison is the fallback
 * when the review has since gone).
 */
function startAfter(positions: number[], current: SearchSnapshot, key: ReviewKey, sort: Sort): number {
  const columns = current.searchIndex.columns
  let lo = 0
  let hi = positions.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compareToKey(columns, positions[mid]!, key, sort) < 0) lo = mid + 1
    else hi = mid
  }
  const inGroup = (i: number) => i < positions.length && compareToKey(columns, positions[i]!, key, sort) === 0
  for (let i = lo; inGroup(i); i++) if (current.idAt(positions[i]!) === key.id) return i + 1
  let i = lo
  while (inGroup(i) && current.idAt(positions[i]!) > key.id) i++
  return i
}
