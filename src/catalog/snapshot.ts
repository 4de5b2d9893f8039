/**
 * One immutable version of the published data and every response rendered from it. Built once per
 * data change; requests only pick bytes out of it.
 */
import type { Insights } from '../insights/schema'
import type { IncrementalStats } from '../insights/stored-analyses'
import { CachedRepresentation } from '../http/representation'
import { FEED_SIZE, renderAtom, renderJsonFeed } from '../feeds/render'
import type { AggregateRating, Business, Review } from '../reviews/schema'
import type { TopicPath } from '../feeds/websub-topics'
import type { PublishedRow } from '../reviews/repository'
import { SearchIndex, type TextIndexParts } from '../reviews/search-index'
import { ReviewColumns, ReviewTable } from '../reviews/columns'
import { BoundedCache } from './version-cache'
import { composeVersion } from './version'
import { DatasetBytes, type DatasetParts } from './dataset-bytes'
import { ANALYSER_RELEASE } from '../insights/release'
import { vocabularyKey } from '../insights/vocabulary'

export { aggregateRating } from './version'

/**
 * Insights take real work (text analysis), so they are computed off the request path, without blocking the loop.
 * `source.dataset` is reviews.json's bytes in order, without a join (a computer may read the reviews from them on another
 * thread); `source.key` names the content (the insights key); `source.signal` aborts when the version is superseded.
 */
export type InsightsComputer = (
  business: Business,
  reviews: Review[],
  generatedAt: string,
  source?: { dataset: () => readonly Uint8Array[]; key: string; signal: AbortSignal; store?: AnalysisStore },
) => Promise<Insights>

/**
 * Where each review's analysis is kept (the database file, see insights/stored-analyses.ts), under the analyser's
 * release: a computation reads only new or changed reviews. `onStats` hears what it reused and read.
 */
export type AnalysisStore = { dbPath: string; release: string; onStats?: (stats: IncrementalStats) => void }

/** Insights as served: the data and its pre-rendered response. */
export type InsightsResult = { data: Insights; representation: CachedRepresentation }

/** Insights kept in the database per content (see ReviewRepository): a restart or another process reuses them. */
export type InsightsStore = {
  find(key: string): { generatedAt: string; json: string } | null
  save(entry: { revision: number; key: string; generatedAt: string; json: string }): void
}

/** What a build worked out beside the snapshot (version.ts, the build worker), so the constructor does no heavy work. */
export type PreparedVersion = {
  /** The reviews as columns (or parsed, for small data built on the event loop: made columns, not kept). */
  reviews: ReviewColumns | Review[]
  /** Each review's position (newest first) by its id. */
  byId: Map<string, number>
  /** Each position's id (else read off `byId`). */
  ids?: string[]
  /** Each published row's rowid (shared memory when a build worker read them). */
  rowids: Float64Array
  aggregate: AggregateRating
  /** reviews.json's bytes: one body, or pieces (a spliced version, dataset-bytes.ts). */
  dataset: DatasetBytes
  rowEnds: Uint32Array
  /** A hash of each row's bytes (build-worker.ts): the next build reuses the rows whose bytes are the same. */
  rowHashes?: Float64Array
  index?: SearchIndex
}

export type SnapshotOptions = {
  prepared?: PreparedVersion
  /**
   * The version this one replaces: a topic whose bytes did not change keeps its representation (ETag,
   * Last-Modified, compressed forms). Released once the topics are rendered.
   */
  previous?: Snapshot
  insightsStore?: InsightsStore
  /** The newest insights known (an earlier version's), served while this version's are computed. */
  staleInsights?: () => InsightsResult | undefined
  /** Told when this version's insights are ready (the catalog keeps the newest). */
  onInsights?: (result: InsightsResult, snapshot: Snapshot) => void
  /** Distinguishes insights computed by different releases of the analyser. */
  insightsVersion?: string
  /** The database file per-review analyses are kept in (absent: an in-memory database, every text is read). */
  analysesDb?: string
  /** Told what an incremental computation of this version's insights reused and read. */
  onInsightsStats?: (stats: IncrementalStats, snapshot: Snapshot) => void
  /** Outside WebSub hubs the feeds list beside ours (HUB_EXTERNAL_URLS). */
  externalHubs?: readonly string[]
  /** Joins a dataset's pieces into one body off the event loop (the build worker); absent: joined where asked. */
  joinDataset?: (dataset: DatasetParts) => Promise<Uint8Array>
}

const JSON_TYPE = 'application/json; charset=utf-8'
/**
 * Rendered responses kept per version; bodies over 1/8 of the bytes (a since-listing of nearly everything) are kept
 * apart, the 3 most recent, together at most as many bytes as reviews.json itself (the most recent one whatever its
 * size): at 1M reviews three near-whole listings were 1.3 GB of heap beside their compressed forms.
 */
const CACHE_LIMITS = { entries: 512, bytes: 64 * 1024 * 1024, largeEntries: 3, sizeOf: (rep: CachedRepresentation) => rep.byteLength }
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** The computation was for a version that has since been replaced. */
export class Superseded extends Error {}

export class Snapshot {
  /** The published reviews, newest first: columns, ids, and each whole review read from its JSON on demand. */
  readonly reviews: ReviewTable
  readonly aggregate: AggregateRating
  readonly representations: Record<TopicPath, CachedRepresentation>
  private index?: SearchIndex
  private insightsResult?: Promise<InsightsResult>
  private insightsReady?: InsightsResult
  private readonly insightsAbort = new AbortController()
  private successor?: Snapshot
  private previous?: Snapshot
  private textParts?: { text: TextIndexParts; ms: number }
  /**
   * Each review's position by its id. A row's JSON is not kept as a string: it is read from reviews.json's bytes when
   * asked for (`jsonAt`); the strings were the largest part of a version's heap (70 MB of 254 at 100k reviews).
   */
  private readonly byId: Map<string, number>
  /** The reviews' columns (the search index's, once it is adopted: the same values). */
  private readonly columns: ReviewColumns
  /** Each published row's rowid, newest first. */
  private readonly rowids: Float64Array
  private readonly derived: BoundedCache<CachedRepresentation>
  /** The options without `previous`: kept for the version's lifetime, they must not hold the version it replaced (nor the prepared parts, held where they are used). */
  private readonly options: Omit<SnapshotOptions, 'previous' | 'prepared'>
  /** Where each row's JSON ends in reviews.json's rows: a row, or a since-listing, is a slice of those bytes. */
  private readonly rowEnds: Uint32Array
  /** reviews.json's bytes (in pieces until joined: dataset-bytes.ts); the previous version's when they are the same. */
  private dataset: DatasetBytes
  /** A hash of each row's bytes, once a build worker has made them (the first version gets them with its index). */
  private rowHashes?: Float64Array

  constructor(
    readonly revision: number,
    readonly contentKey: string,
    readonly updatedAt: Date,
    readonly business: Business,
    /** The published rows, newest first: read only when `options.prepared` is absent (none of them is kept). */
    rows: PublishedRow[],
    baseUrl: string,
    private readonly computeInsights: InsightsComputer,
    options: SnapshotOptions = {},
  ) {
    const prepared = options.prepared
    // Only `this.previous` holds the previous version, until the topics are rendered: each version kept its predecessor
    // through its options before, so every version since the start stayed in memory (a chain through `previous`).
    const { previous, prepared: _prepared, ...kept } = options
    this.options = kept
    this.previous = previous
    let columns: ReviewColumns
    let ids: string[]
    if (prepared) {
      columns =
        prepared.index?.columns ?? (prepared.reviews instanceof ReviewColumns ? prepared.reviews : ReviewColumns.of(prepared.reviews))
      ids = prepared.ids ?? idsOf(prepared.byId)
      this.byId = prepared.byId
      this.rowids = prepared.rowids
      this.aggregate = prepared.aggregate
      this.dataset = prepared.dataset
      this.rowEnds = prepared.rowEnds
      this.rowHashes = prepared.rowHashes
      this.index = prepared.index
    } else {
      // Parsed for the columns and the composition, then dropped: a version keeps no review object.
      const reviews = rows.map((r) => JSON.parse(r.json) as Review)
      columns = ReviewColumns.of(reviews)
      this.byId = positionsById(reviews)
      ids = reviews.map((r) => r.id)
      this.rowids = Float64Array.from(rows, (r) => r.rowid)
      // The same composition as a built version's (version.ts), here on the loop.
      const composed = composeVersion(business, rows, reviews, updatedAt, null)
      this.aggregate = composed.aggregate
      this.dataset = DatasetBytes.of(composed.body, composed.rowsStart)
      this.rowEnds = composed.rowEnds
    }
    const datasetBytes = this.dataset.byteLength
    const dataset = datasetRepresentation(this.dataset, contentKey, updatedAt, options.joinDataset)
    this.columns = columns
    this.reviews = new ReviewTable(columns, ids, this.byId, (p) => this.jsonAt(p))
    this.derived = new BoundedCache<CachedRepresentation>({ ...CACHE_LIMITS, largeBytes: datasetBytes })
    // The feeds hold the newest FEED_SIZE reviews, and each one's whole day (its entries' times follow the day's order).
    // (Not a closure over `options`: it holds the previous version, which must not stay reachable from this one.)
    const externalHubs = options.externalHubs ?? []
    const feed = () => ({ business, reviews: this.feedReviews(), baseUrl, updatedAt, externalHubs })
    // The feeds are rendered on first use (a starting server answers its first request sooner); renderAll()
    // forces them, so a version that cannot be rendered is refused when it is built (see Catalog.refresh).
    // A topic whose bytes are the previous version's keeps the previous representation: its Last-Modified
    // moves only when its bytes change (CONTRACT.md, HTTP behaviour), and its compressed forms are reused.
    this.representations = lazyRecord({
      'reviews.json': () => {
        const rep = this.keepUnchanged('reviews.json', dataset())
        // The previous version's bytes, kept (the same bytes, so the same offsets): its joined body is this one's.
        if (this.previous && rep === renderedTopic(this.previous, 'reviews.json')) this.dataset = this.previous.dataset
        return rep
      },
      'api/feed.json': () =>
        this.keepUnchanged(
          'api/feed.json',
          CachedRepresentation.text(renderJsonFeed(feed()), 'application/feed+json; charset=utf-8', updatedAt),
        ),
      'feed.xml': () =>
        this.keepUnchanged('feed.xml', CachedRepresentation.text(renderAtom(feed()), 'application/atom+xml; charset=utf-8', updatedAt)),
    })
  }

  /** The reviews the feeds read: the newest FEED_SIZE and the rest of the last one's day, parsed. */
  private feedReviews(): Review[] {
    const table = this.reviews
    let end = Math.min(FEED_SIZE, table.length)
    if (end > 0) {
      const last = this.columns.dateId(end - 1)
      while (end < table.length && this.columns.dateId(end) === last) end++
    }
    return table.slice(0, end)
  }

  /** A review's id by its position. */
  idAt(position: number): string {
    return this.reviews.id(position)
  }

  private keepUnchanged(path: TopicPath, rep: CachedRepresentation): CachedRepresentation {
    const before = this.previous && renderedTopic(this.previous, path)
    return before && before.etag === rep.etag ? before : rep
  }

  /** The search index of this version: built on first use (the first search, or renderAll). */
  get searchIndex(): SearchIndex {
    if (!this.index) this.adoptSearchIndex(new SearchIndex(this.columns, undefined, { reviewAt: (p) => this.reviews.at(p) }))
    return this.index!
  }

  /** Renders everything deferred (feeds, search index); throws what a render throws. */
  renderAll(): void {
    this.renderTopics()
    void this.searchIndex
  }

  /** Renders the three topics (cheap: the dataset's bytes are composed already, the feeds hold 50 reviews). */
  renderTopics(): void {
    for (const path of Object.keys(this.representations) as TopicPath[]) void this.representations[path]
    this.previous = undefined
  }

  /** Whether the search index is built (a search then costs no build on the event loop). */
  get hasSearchIndex(): boolean {
    return this.index !== undefined
  }

  /**
   * What the next build matches its rows against: each row's hash and where it ends (undefined until a build worker
   * has hashed this version's rows).
   */
  get rowMatch(): { hashes: Float64Array; rowEnds: Uint32Array } | undefined {
    return this.rowHashes && this.rowEnds ? { hashes: this.rowHashes, rowEnds: this.rowEnds } : undefined
  }

  /** reviews.json's bytes: what the next version's splice keeps of this one (splice.ts). */
  get datasetBytes(): DatasetBytes {
    return this.dataset
  }

  /**
   * reviews.json's contiguous body, joined off the event loop if this version's bytes are in pieces (once: the pieces
   * then read from it, and the earlier versions' buffers they were views of are let go).
   */
  wholeDataset(): Promise<Uint8Array> {
    return this.representations['reviews.json'].whole()
  }

  /** Adopts the row hashes a build worker made of this version's bytes (the first version's, built on the loop). */
  adoptRowHashes(hashes: Float64Array): void {
    if (hashes.length === this.reviews.length) this.rowHashes ??= hashes
  }

  /** Adopts a search index built elsewhere over this version's reviews (unless one was built here meanwhile). */
  adoptSearchIndex(index: SearchIndex): void {
    this.index ??= index
    if (this.textParts) this.index.adoptTextIndex(this.textParts.text, this.textParts.ms)
    this.textParts = undefined
  }

  /** Adopts a text index built elsewhere over this version's reviews (kept until the search index exists). */
  adoptTextIndex(text: TextIndexParts, ms: number): void {
    if (this.index) this.index.adoptTextIndex(text, ms)
    else this.textParts = { text, ms }
  }

  /** Compresses the large topic bodies on the thread pool, so no request compresses them on the event loop. */
  warmCompression(): Promise<void> {
    return Promise.all(Object.values(this.representations).map((rep) => rep.precompress())).then(() => {})
  }

  /**
   * The key insights are stored under: the same published content read by the same analyser gives the same insights.
   * The analyser is named by its release (a fingerprint of its output, src/insights/release.ts), so a changed analyser
   * computes afresh rather than serving the previous one's; `insightsVersion` (the service's version) beside it.
   */
  get insightsKey(): string {
    return `${ANALYSER_RELEASE}:${this.options.insightsVersion ?? ''}:${this.contentKey}${vocabularyKey(this.business)}`
  }

  /**
   * The insights of this version: read from the store when this content's were computed before (by this process,
   * another one, or before a restart), else computed once, stored, and kept. A version superseded while its
   * insights are computed stops computing them and answers with its successor's.
   */
  insights(): Promise<InsightsResult> {
    if (!this.insightsResult) {
      const stored = this.loadStored()
      this.insightsResult = stored ? Promise.resolve(stored) : this.compute()
      // Weakly: a replaced version's promise is settled by its successor's (compute), so a reaction holding the version
      // kept every version replaced while insights computed alive until the newest ones were ready (a burst's versions).
      const version = new WeakRef<Snapshot>(this)
      void this.insightsResult.then(
        (result) => {
          const snapshot = version.deref()
          if (!snapshot) return
          snapshot.insightsReady = result
          snapshot.options.onInsights?.(result, snapshot)
        },
        () => {},
      )
      if (stored) this.insightsReady = stored
    }
    return this.insightsResult
  }

  /** This version's own insights, once ready (undefined while they are computed). */
  get readyInsights(): InsightsResult | undefined {
    return this.insightsReady
  }

  /**
   * What /insights.json serves: this version's insights once ready; while they are computed, the newest earlier
   * ones (their generated_at says which version they describe); only when there are none, a wait for these.
   */
  latestInsights(): Promise<InsightsResult> {
    if (this.insightsReady) return Promise.resolve(this.insightsReady)
    const fresh = this.insights()
    const stale = this.options.staleInsights?.()
    if (!stale) return fresh
    fresh.catch(() => {}) // logged by whoever warmed them
    return Promise.resolve(stale)
  }

  /** This version was replaced by `successor`: stop computing its insights (whoever waits gets the successor's). */
  supersede(successor: Snapshot): void {
    this.successor = successor
    if (!this.insightsReady) this.insightsAbort.abort(new Superseded(`revision ${this.revision} was superseded`))
  }

  /** This content's insights from the store (computed before, by any process), or undefined. */
  private loadStored(): InsightsResult | undefined {
    const stored = this.options.insightsStore?.find(this.insightsKey)
    return stored ? insightsResult(JSON.parse(stored.json) as Insights, stored.json, new Date(stored.generatedAt)) : undefined
  }

  private async compute(): Promise<InsightsResult> {
    const generatedAt = this.updatedAt.toISOString()
    let data: Insights
    try {
      if (this.insightsAbort.signal.aborted) throw this.insightsAbort.signal.reason
      const dbPath = this.options.analysesDb
      data = await this.computeInsights(this.business, lazyReviews(this.reviews), generatedAt, {
        dataset: () => this.dataset.chunks(),
        key: this.insightsKey,
        signal: this.insightsAbort.signal,
        store: dbPath ? { dbPath, release: ANALYSER_RELEASE, onStats: (stats) => this.options.onInsightsStats?.(stats, this) } : undefined,
      })
    } catch (error) {
      if (this.successor && this.insightsAbort.signal.aborted) return this.successor.insights()
      throw error
    }
    const json = JSON.stringify(data)
    this.options.insightsStore?.save({ revision: this.revision, key: this.insightsKey, generatedAt, json })
    return insightsResult(data, json, this.updatedAt)
  }

  /** The canonical JSON of the review at a newest-first position: its bytes in reviews.json, decoded. */
  jsonAt(position: number): string {
    return this.jsonOfRows(position, position + 1)
  }

  reviewJson(id: string): string | undefined {
    const position = this.byId.get(id)
    return position === undefined ? undefined : this.jsonAt(position)
  }

  /** The published rows, newest first, as the database gives them (made afresh on each read: tests, tools). */
  get rows(): PublishedRow[] {
    return Array.from({ length: this.reviews.length }, (_, i) => ({
      rowid: this.rowids[i]!,
      date: this.columns.date(i),
      json: this.jsonAt(i),
    }))
  }

  /** Rows `from` (inclusive) to `to` (exclusive) as they are in reviews.json: comma-joined JSON. */
  private jsonOfRows(from: number, to: number): string {
    if (to <= from) return ''
    return decoder.decode(this.rowBytes(from, to))
  }

  private rowBytes(from: number, to: number): Uint8Array {
    const ends = this.rowEnds
    return this.dataset.rows(from === 0 ? 0 : ends[from - 1]! + 1, ends[to - 1]!)
  }

  /** GET /api/reviews/{id}. */
  review(id: string): CachedRepresentation | undefined {
    const position = this.byId.get(id)
    return position === undefined ? undefined : this.memo(`review:${id}`, () => this.rowBytes(position, position + 1).slice())
  }

  /** How many published rows are dated on or after `date` (rows are newest first, so a binary search finds the cut). */
  countSince(date: string): number {
    let lo = 0
    let hi = this.reviews.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.columns.date(mid) >= date) lo = mid + 1
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
      const head = encoder.encode(`{"count":${count},"total":${count},"reviews":[`)
      const rowsLength = count === 0 ? 0 : this.rowEnds[count - 1]!
      const body = new Uint8Array(head.byteLength + rowsLength + 2)
      body.set(head)
      this.dataset.copyRows(0, rowsLength, body, head.byteLength)
      body.set(encoder.encode(']}'), head.byteLength + rowsLength)
      return body
    })
  }

  /** A JSON response rendered once per snapshot and kept in a small LRU (hot searches, since-dates). */
  memo(key: string, render: () => string | Uint8Array): CachedRepresentation {
    return this.derived.memo(key, () => {
      const rendered = render()
      return typeof rendered === 'string'
        ? CachedRepresentation.text(rendered, JSON_TYPE, this.updatedAt)
        : new CachedRepresentation(rendered, JSON_TYPE, this.updatedAt)
    })
  }
}

/**
 * reviews.json's representation: its strong tag from the head's bytes and the rows' hashes (the content key's second
 * part), so a version in pieces needs no join for it, and the same bytes always have the same tag. A body in pieces is
 * joined off the event loop when first needed (`joinDataset`), and its pieces then read from the joined body.
 */
function datasetRepresentation(
  dataset: DatasetBytes,
  contentKey: string,
  updatedAt: Date,
  joinDataset?: (dataset: DatasetParts) => Promise<Uint8Array>,
): () => CachedRepresentation {
  const rowsKey = contentKey.slice(contentKey.indexOf(':') + 1)
  const etag = `"${Bun.hash(dataset.head, Bun.hash(rowsKey)).toString(36)}-${dataset.byteLength.toString(36)}"`
  const adopt = (body: Uint8Array) => {
    dataset.adoptJoined(body)
    return dataset.joined!
  }
  return () =>
    new CachedRepresentation(
      dataset.joined ?? {
        byteLength: dataset.byteLength,
        etag,
        join: () => dataset.join(),
        joinOffLoop: () => (joinDataset && !dataset.joined ? joinDataset(dataset.parts).then(adopt) : Promise.resolve(dataset.join())),
      },
      JSON_TYPE,
      updatedAt,
      dataset.joined ? etag : undefined,
    )
}

function insightsResult(data: Insights, json: string, lastModified: Date): InsightsResult {
  const representation = CachedRepresentation.text(json, JSON_TYPE, lastModified)
  representation.precompress().catch(() => {}) // a large one is compressed off the loop; a failure is retried on use
  return { data, representation }
}

/** A topic of `snapshot` if it was rendered already (never renders it). */
function renderedTopic(snapshot: Snapshot, path: TopicPath): CachedRepresentation | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(snapshot.representations, path)
  return descriptor && 'value' in descriptor ? (descriptor.value as CachedRepresentation) : undefined
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

/** Each review's position by its id. */
export function positionsById(reviews: Review[]): Map<string, number> {
  const byId = new Map<string, number>()
  for (let i = 0; i < reviews.length; i++) byId.set(reviews[i]!.id, i)
  return byId
}

/** Each position's id, from the map of positions by id. */
function idsOf(byId: Map<string, number>): string[] {
  const ids = new Array<string>(byId.size)
  for (const [id, position] of byId) ids[position] = id
  return ids
}

/**
 * The reviews as an array parsed on first use: an insights computation in a child process reads them from the dataset's
 * bytes and never touches it (a million parsed reviews were half a GB); one in this process (small data, tests) does.
 */
function lazyReviews(table: ReviewTable): Review[] {
  let all: Review[] | undefined
  let source: ReviewTable | undefined = table
  const array = () => {
    if (!all) {
      all = source!.all()
      source = undefined // kept by whoever keeps the array: not the version
    }
    return all
  }
  return new Proxy([] as Review[], {
    get: (_, key) => {
      const value = Reflect.get(array(), key)
      return typeof value === 'function' ? value.bind(array()) : value
    },
    has: (_, key) => Reflect.has(array(), key),
    ownKeys: () => Reflect.ownKeys(array()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(array(), key),
  })
}
