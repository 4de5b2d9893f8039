/**
 * Review search: filters combine with AND, results newest first, `total` counts every match.
 *
 * Text: on large datasets, through the FTS5 trigram index in SQLite (user text always bound as one
 * quoted phrase, never as query syntax); below SCAN_TEXT_BELOW characters of text, and for queries
 * under three characters, which trigrams cannot index, by scanning the candidates' folded text. Everything else is answered by the snapshot's in-memory
 * SearchIndex, so the cost follows the number of matches rather than the size of the table.
 */
import type { SearchFilters } from './search-query'
import type { SearchIndex } from './search-index'
import { technicianKeys, type ReviewStore } from './store'
import { foldForSearch } from './text'

/**
 * Measured on 100k reviews (bench/): scanning 24 M folded characters takes 3-5 ms whatever the
 * phrase, while a trigram phrase query takes 0.1 ms for a rare phrase but 15-25 ms for one made of
 * common trigrams ("water heater"). Below this volume the scan's flat cost is the safer bet.
 */
const SCAN_TEXT_BELOW = 32_000_000

export type SearchResult = { total: number; reviewsJson: string[] }

export type SearchSnapshot = { searchIndex: SearchIndex; jsonAt(position: number): string }

export class ReviewSearch {
  constructor(
    private readonly store: ReviewStore,
    private readonly snapshot: () => SearchSnapshot,
    private readonly scanTextBelow = SCAN_TEXT_BELOW,
  ) {}

  search(filters: SearchFilters): SearchResult {
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
    const { total, positions } = index.search({
      rating: filters.rating,
      min_rating: filters.min_rating,
      since: filters.since,
      until: filters.until,
      technicianKey: filters.mentions_technician === undefined ? undefined : (technicianKeys(filters.mentions_technician)[0] ?? ''),
      serviceKey: filters.mentions_service?.trim().toLowerCase(),
      textPositions,
      scanText,
      limit: filters.limit,
    })
    return { total, reviewsJson: positions.map((p) => current.jsonAt(p)) }
  }
}
