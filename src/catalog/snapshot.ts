/**
 * One immutable version of the published data and every response rendered from it. Built once per
 * data change; requests only pick bytes out of it.
 */
import type { Insights } from '../insights/schema'
import { CachedRepresentation } from '../http/representation'
import { renderAtom, renderJsonFeed } from '../feeds/render'
import { publicBusiness, type AggregateRating, type Business, type Review } from '../reviews/schema'
import type { TopicPath } from '../feeds/websub-topics'
import type { PublishedRow } from '../reviews/repository'
import { SearchIndex } from '../reviews/search-index'

/** Insights take real work (text analysis), so they are computed off the request path, without blocking the loop. */
export type InsightsComputer = (business: Business, reviews: Review[], generatedAt: string) => Promise<Insights>


const JSON_TYPE = 'application/json; charset=utf-8'
const CACHE_ENTRIES = 512
const CACHE_BYTES = 64 * 1024 * 1024

export function aggregateRating(reviews: Review[]): AggregateRating {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
  let sum = 0
  for (const r of reviews) {
    distribution[String(r.rating) as keyof typeof distribution]++
    sum += r.rating
  }
  const mean = reviews.length ? sum / reviews.length : 0
  return {
    rating_value: Math.round(mean * 100) / 100,
    review_count: reviews.length,
    best_rating: 5,
    worst_rating: 1,
    distribution,
  }
}

export class Snapshot {
  readonly reviews: Review[]
  readonly aggregate: AggregateRating
  readonly searchIndex: SearchIndex
  readonly representations: Record<TopicPath, CachedRepresentation>
  private insightsResult?: Promise<{ data: Insights; representation: CachedRepresentation }>
  private readonly byId = new Map<string, string>()
  private readonly derived = new Map<string, CachedRepresentation>()
  private derivedBytes = 0

  constructor(
    readonly revision: number,
    readonly contentKey: string,
    readonly updatedAt: Date,
    readonly business: Business,
    readonly rows: PublishedRow[],
    baseUrl: string,
    private readonly computeInsights: InsightsComputer,
  ) {
    this.reviews = rows.map((r) => JSON.parse(r.json) as Review)
    for (let i = 0; i < rows.length; i++) this.byId.set(this.reviews[i]!.id, rows[i]!.json)
    this.aggregate = aggregateRating(this.reviews)
    this.searchIndex = new SearchIndex(this.reviews, rows.map((r) => r.rowid))

    const datasetJson =
      `{"business":${JSON.stringify(publicBusiness(business))},"aggregate_rating":${JSON.stringify(this.aggregate)},` +
      `"updated_at":${JSON.stringify(updatedAt.toISOString())},"reviews":[${rows.map((r) => r.json).join(',')}]}`
    const feed = { business, reviews: this.reviews, baseUrl, updatedAt }
    this.representations = {
      'reviews.json': CachedRepresentation.text(datasetJson, JSON_TYPE, updatedAt),
      'api/feed.json': CachedRepresentation.text(renderJsonFeed(feed), 'application/feed+json; charset=utf-8', updatedAt),
      'feed.xml': CachedRepresentation.text(renderAtom(feed), 'application/atom+xml; charset=utf-8', updatedAt),
    }
  }

  /** The insights of this version: computed once, on first use or when the catalog warms them. */
  insights(): Promise<{ data: Insights; representation: CachedRepresentation }> {
    return (this.insightsResult ??= this.computeInsights(this.business, this.reviews, this.updatedAt.toISOString()).then((data) => ({
      data,
      representation: CachedRepresentation.text(JSON.stringify(data), JSON_TYPE, this.updatedAt),
    })))
  }

  /** The canonical JSON of the review at a newest-first position. */
  jsonAt(position: number): string {
    return this.rows[position]!.json
  }

  reviewJson(id: string): string | undefined {
    return this.byId.get(id)
  }

  /** GET /api/reviews/{id}. */
  review(id: string): CachedRepresentation | undefined {
    const json = this.byId.get(id)
    return json === undefined ? undefined : this.memo(`review:${id}`, () => json)
  }

  /** Published rows dated on or after `date` (rows are newest first, so a binary search finds the cut). */
  rowsSince(date: string): PublishedRow[] {
    let lo = 0
    let hi = this.rows.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.rows[mid]!.date >= date) lo = mid + 1
      else hi = mid
    }
    return this.rows.slice(0, lo)
  }

  /** GET /api/reviews/since/{date}. */
  since(date: string): CachedRepresentation {
    return this.memo(`since:${date}`, () => {
      const rows = this.rowsSince(date)
      return `{"count":${rows.length},"total":${rows.length},"reviews":[${rows.map((r) => r.json).join(',')}]}`
    })
  }

  /** A JSON response rendered once per snapshot and kept in a small LRU (hot searches, since-dates). */
  memo(key: string, render: () => string): CachedRepresentation {
    let rep = this.derived.get(key)
    if (rep) {
      // Refresh recency: Map keeps insertion order, so the first key is the least recently used.
      this.derived.delete(key)
      this.derived.set(key, rep)
      return rep
    }
    rep = CachedRepresentation.text(render(), JSON_TYPE, this.updatedAt)
    if (rep.body.byteLength > CACHE_BYTES / 8) return rep // Too big to keep: a since-listing of everything.
    this.derived.set(key, rep)
    this.derivedBytes += rep.body.byteLength
    while (this.derived.size > CACHE_ENTRIES || this.derivedBytes > CACHE_BYTES) {
      const [oldest, evicted] = this.derived.entries().next().value!
      this.derived.delete(oldest)
      this.derivedBytes -= evicted.body.byteLength
    }
    return rep
  }
}
