/**
 * Review search: filters combine with AND, results newest first, `total` counts every match.
 *
 * Everything, text included, is answered by the snapshot's in-memory SearchIndex: text through its
 * n-gram index (a substring of 1-3 code units is one exact set; a longer one intersects its rarest
 * trigrams and checks the candidates), so the cost follows the matches of the rarest filter rather
 * than the size of the table (bench/RESULTS.md).
 */
import type { SearchFilters } from './search-query'
import type { SearchIndex } from './search-index'
import { technicianKeys, type ReviewStore } from './store'
import { foldForSearch } from './text'

export type SearchResult = { total: number; reviewsJson: string[] }

export type SearchSnapshot = { searchIndex: SearchIndex; jsonAt(position: number): string }

export class ReviewSearch {
  /** `store` is no longer read (the FTS5 table stays for other readers); accepted so callers need not change. */
  constructor(
    _store: ReviewStore,
    private readonly snapshot: () => SearchSnapshot,
  ) {}

  search(filters: SearchFilters): SearchResult {
    const current = this.snapshot()
    const { total, positions } = current.searchIndex.search({
      rating: filters.rating,
      min_rating: filters.min_rating,
      since: filters.since,
      until: filters.until,
      technicianKey: filters.mentions_technician === undefined ? undefined : (technicianKeys(filters.mentions_technician)[0] ?? ''),
      serviceKey: filters.mentions_service?.trim().toLowerCase(),
      text: filters.query === undefined ? undefined : foldForSearch(filters.query),
      limit: filters.limit,
    })
    return { total, reviewsJson: positions.map((p) => current.jsonAt(p)) }
  }
}
