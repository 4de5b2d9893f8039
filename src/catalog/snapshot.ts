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
/** Bodies over CACHE_BYTES / 8 (a since-listing of nearly everything) are kept apart, the few most recent. */
const LARGE_ENTRIES = 3
const encoder = new TextEncoder()

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
  readonly representations: Record<TopicPath, CachedRepresentation>
  private index?: SearchIndex
  private insightsResult?: Promise<{ data: Insights; representation: CachedRepresentation }>
  private readonly byId = new Map<string, string>()
  private readonly derived = new Map<string, CachedRepresentation>()
  private derivedBytes = 0
  private readonly large = new Map<string, CachedRepresentation>()
  /** Where each row's JSON ends in reviews.json's body: a since-listing is a slice of those bytes. */
  private rowEnds?: Uint32Array
  private readonly rowsStart: number

  constructor(
    readonly revision: number,
    readonly contentKey: string,
    readonly updatedAt: Date,
    readonly business: Business,
    readonly rows: PublishedRow[],
    baseUrl: string,
    private readonly computeInsights: InsightsComputer,
    externalHubs: readonly string[] = [],
  ) {
    this.reviews = rows.map((r) => JSON.parse(r.json) as Review)
    for (let i = 0; i < rows.length; i++) this.byId.set(this.reviews[i]!.id, rows[i]!.json)
    this.aggregate = aggregateRating(this.reviews)

    const datasetHead =
      `{"business":${JSON.stringify(publicBusiness(business))},"aggregate_rating":${JSON.stringify(this.aggregate)},` +
      `"updated_at":${JSON.stringify(updatedAt.toISOString())},"reviews":[`
    this.rowsStart = Buffer.byteLength(datasetHead)
    const datasetJson = `${datasetHead}${rows.map((r) => r.json).join(',')}]}`
    const feed = { business, reviews: this.reviews, baseUrl, updatedAt, externalHubs }
    // The feeds are rendered on first use (a starting server answers its first request sooner); renderAll()
    // forces them, so a version that cannot be rendered is refused when it is built (see Catalog.refresh).
    this.representations = lazyRecord({
      'reviews.json': () => CachedRepresentation.text(datasetJson, JSON_TYPE, updatedAt),
      'api/feed.json': () => CachedRepresentation.text(renderJsonFeed(feed), 'application/feed+json; charset=utf-8', updatedAt),
      'feed.xml': () => CachedRepresentation.text(renderAtom(feed), 'application/atom+xml; charset=utf-8', updatedAt),
    })
  }

  /** The search index of this version: built on first use (the first search, or renderAll). */
  get searchIndex(): SearchIndex {
    return (this.index ??= new SearchIndex(
      this.reviews,
      this.rows.map((r) => r.rowid),
    ))
  }

  /** Renders everything deferred (feeds, search index); throws what a render throws. */
  renderAll(): void {
    for (const path of Object.keys(this.representations) as TopicPath[]) void this.representations[path]
    void this.searchIndex
  }

  /** Compresses the large topic bodies on the thread pool, so no request compresses them on the event loop. */
  warmCompression(): Promise<void> {
    return Promise.all(Object.values(this.representations).map((rep) => rep.precompress())).then(() => {})
  }

  /** The insights of this version: computed once, on first use or when the catalog warms them. */
  insights(): Promise<{ data: Insights; representation: CachedRepresentation }> {
    return (this.insightsResult ??= this.computeInsights(this.business, this.reviews, this.updatedAt.toISOString()).then((data) => {
      const representation = CachedRepresentation.text(JSON.stringify(data), JSON_TYPE, this.updatedAt)
      representation.precompress().catch(() => {}) // a large one is compressed off the loop; a failure is retried on use
      return { data, representation }
    }))
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

  /** How many published rows are dated on or after `date` (rows are newest first, so a binary search finds the cut). */
  countSince(date: string): number {
    let lo = 0
    let hi = this.rows.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.rows[mid]!.date >= date) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /**
   * GET /api/reviews/since/{date}. Keyed by how many rows it holds, so every date before the oldest review
   * (1900-01-01, 1990-01-01, ...) is one cached listing; a listing is the prefix of the joined rows, so even a
   * new cut costs a copy, not a re-render. Large ones are kept too (a few), and compressed off the event loop.
   */
  since(date: string): CachedRepresentation {
    const count = this.countSince(date)
    return this.memo(`since:${count}`, () => {
      const head = `{"count":${count},"total":${count},"reviews":[`
      if (count < 1000)
        return `${head}${this.rows
          .slice(0, count)
          .map((r) => r.json)
          .join(',')}]}`
      const end = (this.rowEnds ??= rowEnds(this.rows))[count - 1]!
      const rows = this.representations['reviews.json'].body.subarray(this.rowsStart, this.rowsStart + end)
      const headBytes = encoder.encode(head)
      const body = new Uint8Array(headBytes.byteLength + end + 2)
      body.set(headBytes)
      body.set(rows, headBytes.byteLength)
      body.set(encoder.encode(']}'), headBytes.byteLength + end)
      return body
    })
  }

  /** A JSON response rendered once per snapshot and kept in a small LRU (hot searches, since-dates). */
  memo(key: string, render: () => string | Uint8Array): CachedRepresentation {
    let rep = this.derived.get(key) ?? this.large.get(key)
    if (rep) {
      // Refresh recency: Map keeps insertion order, so the first key is the least recently used.
      const cache = this.derived.has(key) ? this.derived : this.large
      cache.delete(key)
      cache.set(key, rep)
      return rep
    }
    const rendered = render()
    rep =
      typeof rendered === 'string'
        ? CachedRepresentation.text(rendered, JSON_TYPE, this.updatedAt)
        : new CachedRepresentation(rendered, JSON_TYPE, this.updatedAt)
    if (rep.body.byteLength > CACHE_BYTES / 8) {
      this.large.set(key, rep)
      if (this.large.size > LARGE_ENTRIES) this.large.delete(this.large.keys().next().value!)
      return rep
    }
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

/** An object whose properties are computed on first read, then plain data properties (no getter on the hot path). */
function lazyRecord<K extends string, V>(makers: Record<K, () => V>): Record<K, V> {
  const record = {} as Record<K, V>
  for (const key of Object.keys(makers) as K[]) {
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = makers[key]()
        Object.defineProperty(record, key, { value, enumerable: true, writable: false, configurable: false })
        return value
      },
    })
  }
  return record
}

/** The byte offset where each row's JSON ends in the comma-joined rows. */
function rowEnds(rows: PublishedRow[]): Uint32Array {
  const ends = new Uint32Array(rows.length)
  let offset = 0
  for (let i = 0; i < rows.length; i++) {
    offset += (i === 0 ? 0 : 1) + Buffer.byteLength(rows[i]!.json)
    ends[i] = offset
  }
  return ends
}
