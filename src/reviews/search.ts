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
import { technicianKeys, type ReviewRepository } from './repository'
import { foldForSearch } from '../core/text'

/**
 * Below this much text (about 15k reviews) a scan of the folded texts costs under a millisecond
 * whatever the phrase. Above it the FTS5 trigram index wins on real review text: at 100k reviews
 * 0.02-7 ms against 7-9 ms for the scan (bench/RESULTS.md).
 */
const SCAN_TEXT_BELOW = 2_000_000

export type SearchResult = { total: number; reviewsJson: string[] }

export type SearchSnapshot = { searchIndex: SearchIndex; jsonAt(position: number): string }

export class ReviewSearch {
  constructor(
    private readonly store: ReviewRepository,
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
