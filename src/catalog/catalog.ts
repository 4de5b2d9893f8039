/**
 * Holds the current Snapshot and follows the database: a commit by any process (the CLI import,
 * another server) moves meta.revision, which a cheap poll notices; the snapshot is rebuilt and
 * listeners hear which topics' bytes changed. A version that cannot be built leaves the last good
 * one serving and the catalog degraded (see `problem`) until the data changes again.
 */
import type { ReviewRepository } from '../reviews/repository'
import { positionsById, Snapshot, type InsightsComputer, type InsightsResult, type InsightsStore, type SnapshotOptions } from './snapshot'
import { createLogger, type Logger } from '../core/log'
import type { Representation } from '../http/representation'
import { TOPIC_PATHS, type TopicPath, type TopicSource } from '../feeds/websub-topics'
import { composeVersion, isShared, isSharedCorpus, readVersion } from './version'
import { DatasetBytes } from './dataset-bytes'
import { Cancelled, DatasetJoiner, takeIn, VersionBuilder } from './builder'
import type { BuiltTextIndex } from './build-worker'
import type { NgramIndexParts } from '../reviews/ngram-index'
import type { Insights } from '../insights/schema'
import type { IncrementalStats } from '../insights/stored-analyses'
import type { Review } from '../reviews/schema'
import { CachedRepresentation } from '../http/representation'
import { copySetParts } from '../reviews/search-index'
import { Value } from '@sinclair/typebox/value'
import { check } from '../core/issues'
import { Business } from '../reviews/schema'
import { memoryFigures } from './memory'
import { ReplacedVersions } from './replaced-versions'

export type CatalogOptions = {
  baseUrl: string
  computeInsights: InsightsComputer
  pollMs?: number
  log?: Logger
  /**
   * From this many published reviews a data change is built in a Worker and taken in by slices (below, on the
   * event loop at once: a few milliseconds). Default BUILD_OFF_LOOP_FROM.
   */
  buildOffLoopFrom?: number
  /** How long a version is served with no newer data before its large bodies are compressed. Default COMPRESS_WHEN_SETTLED_MS. */
  compressWhenSettledMs?: number
  /** Distinguishes stored insights of different releases of the analyser (default: none). */
  insightsVersion?: string
  /** Outside WebSub hubs the feeds list beside ours (HUB_EXTERNAL_URLS). */
  externalHubs?: readonly string[]
  /**
   * The first version is built in the Worker once `start` is called, so a starting server answers at once: the last
   * stored insights are served before it (`insightsBeforeFirstVersion`), the native reads wait for it
   * (`whenServing`), and anything that reads `current` sooner builds it on the event loop, as a start did before.
   * Default false: the version is built in the constructor.
   */
  firstVersionOffLoop?: boolean
}

/** How long after start the first version's deferred work (feeds, search index, insights) begins. */
const WARM_AFTER_MS = 250
/** How long a version is served with no newer data before its large bodies are compressed (compressWhenSettled). */
const COMPRESS_WHEN_SETTLED_MS = 2000
/** Below this many reviews a whole build takes a few milliseconds: not worth a trip to the worker. */
export const BUILD_OFF_LOOP_FROM = 1000
/** Stored insights that met another writer's lock are saved again after this long, a few times. */
const SAVE_RETRY_MS = 1000
const SAVE_ATTEMPTS = 30

/** What /healthz says of the data served. */
export type ServedHead = { revision: number; reviewCount: number; updatedAt: Date }

/** The data in the database cannot be published, and there is no earlier version to fall back on. */
export class UnpublishableData extends Error {}

/** A check run on every poll (a watched file); returns why something is being ignored, or null. */
export type CatalogCheck = () => string | null

export class Catalog implements TopicSource {
  /** Undefined only before the first version of a start with `firstVersionOffLoop` (read `current`, which builds it). */
  private snapshot!: Snapshot
  /** Resolved once the first version is served (only with `firstVersionOffLoop`); `head`: what it will serve. */
  private firstVersion?: { ready: Promise<void>; resolve: () => void; head: ServedHead }
  private readonly listeners = new Set<(topics: TopicPath[]) => void>()
  private timer?: ReturnType<typeof setInterval>
  private readonly extraChecks: CatalogCheck[] = []
  private readonly checkProblems = new Map<CatalogCheck, string>()
  private readonly checkErrors = new Map<CatalogCheck, string>()
  private failedBuild: { revision: number; error: string } | null = null
  private readonly log: Logger
  /** Builds in a Worker; absent for a database that is not a file. */
  private readonly builder?: VersionBuilder
  /** Joins a spliced version's dataset pieces into one body when it is first wanted whole (dataset-bytes.ts). */
  private readonly joiner?: DatasetJoiner
  /** The background build in flight: its token (a newer token, or a synchronous refresh, supersedes it). */
  private building: number | null = null
  private buildToken = 0
  private readonly insightsStore: InsightsStore
  /** The newest insights this process has served or loaded: what a version whose own are computing serves. */
  private latestInsights?: { revision: number; result: InsightsResult }
  private storedLatestLoaded = false
  /** The served version's rowids, when a build worker read them (what the next version is spliced against). */
  private servedRowids?: { revision: number; rowids: Float64Array }
  /** A text index that arrived before its version was swapped in. */
  private pendingText?: BuiltTextIndex
  /**
   * The whole text index the next ones in layers stand on, with the revision it was built for (text-layers.ts): the
   * one the served version's text index is or stands on, set when a version adopts a text index and when the next
   * build is spliced from it (a whole one posted for a version never served is never kept). Only that one: an older
   * one kept here would stay in memory after the versions on it are gone.
   */
  private textBase?: { revision: number; parts: NgramIndexParts }
  /** The versions served and not yet freed (logged beside the memory figures); replaced ones collected before the next arrives. */
  private readonly versions: ReplacedVersions

  constructor(
    private readonly store: ReviewRepository,
    private readonly options: CatalogOptions,
  ) {
    this.log = options.log ?? createLogger()
    this.versions = new ReplacedVersions(this.log)
    const file = store.db.filename
    if (file && file !== ':memory:') {
      this.builder = new VersionBuilder(file)
      this.joiner = new DatasetJoiner()
      this.builder.onTextIndex = (built) => {
        this.log({
          event: 'text_index_built',
          revision: built.revision,
          ms: Math.round(built.ms),
          from: built.from,
          // In layers: how many texts the delta holds (text-layers.ts); absent when whole.
          delta: 'layers' in built.text ? built.text.layers.maps.deltaHere.length : undefined,
          memory: memoryFigures(),
        })
        // The version's text index follows the version: the one served adopts it; one still being taken in, after its swap.
        if (built.revision === this.snapshot?.revision) this.adoptText(this.snapshot, built)
        else if (built.revision > (this.snapshot?.revision ?? -1)) this.pendingText = built
      }
    }
    this.insightsStore = this.storedInsights()
    // Small data is built here at once (a few ms), as every later version of it is (BUILD_OFF_LOOP_FROM): no Worker.
    const published = () => store.db.query<{ count: number }, []>('SELECT count(*) AS count FROM reviews WHERE verified = 1').get()!.count
    const count = options.firstVersionOffLoop === true && this.builder !== undefined ? published() : 0
    const deferred = count > 0 && count >= (options.buildOffLoopFrom ?? BUILD_OFF_LOOP_FROM)
    try {
      // Deferred, the business is still checked here: data that cannot be published is refused at start, as before.
      if (deferred) checkPublishable(this.store)
      else this.snapshot = this.versions.served(this.build(null))
    } catch (error) {
      throw new UnpublishableData(`The data in the database cannot be published: ${messageOf(error)}`)
    }
    if (deferred) {
      let resolve!: () => void
      const ready = new Promise<void>((done) => (resolve = done))
      const state = store.state()
      // A first version's Last-Modified is the data's last change (version.ts): known before it is built.
      this.firstVersion = { ready, resolve, head: { revision: state.revision, reviewCount: count, updatedAt: state.changedAt } }
    }
  }

  /**
   * The revision, review count and Last-Modified served (/healthz): the current version's, or, before a starting
   * server's first version is built, what it will serve (read from the database, without building it).
   */
  get head(): ServedHead {
    if (!this.snapshot && this.firstVersion) return this.firstVersion.head
    const snapshot = this.current
    return { revision: snapshot.revision, reviewCount: snapshot.reviews.length, updatedAt: snapshot.updatedAt }
  }

  /** Whether a version is being served (false only while a start with `firstVersionOffLoop` builds its first). */
  get hasVersion(): boolean {
    return this.snapshot !== undefined
  }

  /** Resolves once a version is served (at once, unless the first is still being built beside the loop). */
  whenServing(): Promise<void> {
    return this.snapshot || !this.firstVersion ? Promise.resolve() : this.firstVersion.ready
  }

  /**
   * Before the first version is built: the newest stored insights (their generated_at says which data they describe),
   * served at once, as they are while any newer version's insights compute. Undefined once a version is served, or
   * when none are stored.
   */
  insightsBeforeFirstVersion(): CachedRepresentation | undefined {
    return this.snapshot ? undefined : this.staleInsights()?.representation
  }

  /** Resolves once the start's warming (WARM_AFTER_MS after `start`) has run. */
  startWarmed: Promise<void> = Promise.resolve()

  /**
   * Starts computing the current version's insights in the background, so a request rarely waits. The reactions hold
   * the revision, never the version: a replaced version's insights promise is settled by its successor's, so a
   * reaction whose closure reached the version (closures keep their whole scope) kept every version of a burst alive
   * until the newest insights were ready.
   */
  warmInsights(): void {
    const snapshot = this.snapshot
    const revision = snapshot.revision
    const log = this.log
    void snapshot.insights().catch((error) => log({ event: 'insights_failed', revision, error: String(error) }))
    this.compressWhenSettled(snapshot)
  }

  /**
   * Compresses the version's large bodies (off the event loop) once it has been served `compressWhenSettledMs` with
   * no newer data. In a burst of imports a version built in under a second was current when swapped in, and each one
   * was joined and compressed (reviews.json twice more, and brotli's working memory) to be replaced a second later.
   * A request meanwhile gets its coding made off the loop when it asks. The timer holds the version weakly.
   */
  private compressWhenSettled(snapshot: Snapshot): void {
    const version = new WeakRef(snapshot)
    const revision = snapshot.revision
    setTimeout(() => {
      const settled = version.deref()
      if (!settled || !this.timer || this.snapshot !== settled || this.supersededInDatabase(settled)) return
      this.logCompression(settled.warmCompression(), revision)
    }, this.options.compressWhenSettledMs ?? COMPRESS_WHEN_SETTLED_MS).unref?.()
  }

  private logCompression(compressing: Promise<void>, revision: number): void {
    const started = performance.now()
    void compressing.then(
      () =>
        this.log({
          event: 'compressed',
          revision,
          ms: Math.round(performance.now() - started),
          memory: memoryFigures(),
          versions_alive: this.versions.count,
        }),
      (error) => this.log({ event: 'compression_failed', error: String(error) }),
    )
  }

  get current(): Snapshot {
    if (!this.snapshot) this.buildFirstOnLoop()
    return this.snapshot
  }

  /** The first version, for a caller that cannot wait for the Worker: built here, as every start did before. */
  private buildFirstOnLoop(): void {
    // The same build in the Worker is stopped (both at once cost more than twice one); it is started again for the
    // search index alone, as a start built on the loop does.
    this.cancelBuild()
    this.snapshot = this.versions.served(this.build(null))
    this.log({ event: 'first_version_built_on_loop', revision: this.snapshot.revision })
    this.firstVersion?.resolve()
    if (this.timer) setTimeout(() => this.warmFirst(), 0).unref?.()
  }

  private warmFirst(): void {
    try {
      this.snapshot.renderTopics()
    } catch (error) {
      this.log({ event: 'render_failed', revision: this.snapshot.revision, error: messageOf(error) })
    }
    this.warmInsights()
    if (this.building === null && !this.snapshot.hasSearchIndex) void this.buildInBackground()
  }

  /** Why the service is degraded (serving an older version than the data, or ignoring a file), or null. */
  get problem(): string | null {
    if (this.failedBuild)
      return `revision ${this.failedBuild.revision} cannot be published (still serving revision ${this.snapshot?.revision ?? 'none'}): ${this.failedBuild.error}`
    for (const problem of this.checkProblems.values()) return problem
    return null
  }

  topic(path: TopicPath): Representation {
    return this.current.representations[path]
  }

  /** The Last-Modified of a rendering of the code alone (ReviewRepository.firstServed). */
  firstServed(name: string, etag: string): Date {
    return this.store.firstServed(name, etag)
  }

  onTopicsChanged(listener: (topics: TopicPath[]) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Something else to check on every poll (a watched business file); run once now. */
  addCheck(check: CatalogCheck): void {
    this.extraChecks.push(check)
    this.runCheck(check)
  }

  /**
   * Rebuilds now, on the event loop, if the data moved on; returns the topics whose bytes changed. A version that
   * fails to build is tried once. A background build in flight is superseded. (The running server's poll uses
   * `update`, which never holds the loop for long; this is for callers that need the new version at once.)
   */
  refresh(): TopicPath[] {
    for (const check of this.extraChecks) this.runCheck(check)
    const { revision } = this.store.state()
    if (revision === this.current.revision) {
      this.failedBuild = null
      return []
    }
    if (revision === this.failedBuild?.revision) return []
    this.cancelBuild()
    const previous = this.snapshot
    let next: Snapshot
    try {
      next = this.build(previous)
      next.renderAll()
    } catch (error) {
      this.buildFailed(revision, error)
      return []
    }
    return this.swap(next)
  }

  /**
   * What the poll runs: if the data moved on, builds the next version beside the current one (a Worker, then
   * slices of a few ms) and swaps it in whole. One build at a time: changes that arrive meanwhile are taken by
   * the next one, started when this one ends (a burst costs one more build, not one per change).
   */
  update(): void {
    for (const check of this.extraChecks) this.runCheck(check)
    if (this.building !== null) return
    const { revision } = this.store.state()
    if (!this.snapshot) {
      // The first version's build failed in the Worker: tried again while the data moves on, else on first read.
      if (revision !== this.failedBuild?.revision) void this.buildInBackground()
      return
    }
    if (revision === this.snapshot.revision) {
      this.failedBuild = null
      return
    }
    if (revision === this.failedBuild?.revision) return
    if (!this.builder || this.snapshot.reviews.length < (this.options.buildOffLoopFrom ?? BUILD_OFF_LOOP_FROM)) {
      this.refresh()
      return
    }
    void this.buildInBackground()
  }

  /** Resolves once no background build is in flight (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.building !== null) await Bun.sleep(5)
  }

  private async buildInBackground(): Promise<void> {
    const builder = this.builder!
    this.versions.nextComing()
    const token = ++this.buildToken
    this.building = token
    const live = () => this.building === token
    try {
      const previous = this.snapshot as Snapshot | undefined
      const built = await builder.build(
        previous
          ? { contentKey: previous.contentKey, updatedAt: previous.updatedAt, rows: previous.rowMatch, splice: this.spliceBase(previous) }
          : null,
      )
      if (!live()) return
      if (!built.ok) {
        if (built.revision !== this.snapshot?.revision) this.buildFailed(built.revision, built.error)
        // Whoever waits for a first version reads `current` now (built on the loop, or its error).
        this.firstVersion?.resolve()
        return
      }
      if (this.snapshot && built.revision <= this.snapshot.revision) {
        // The version being served (the first one, whose index was left for later): adopt the index.
        if (built.revision === this.snapshot.revision && !this.snapshot.hasSearchIndex) {
          const { prepared } = await takeIn(built, () => !live(), previous)
          if (live() && built.revision === this.snapshot.revision) {
            this.servedRowids = { revision: built.revision, rowids: built.rowids }
            this.snapshot.adoptSearchIndex(prepared.index!)
            this.snapshot.adoptRowHashes(built.rowHashes)
          }
        }
        return
      }
      const takingIn = performance.now()
      const { prepared, parsed } = await takeIn(built, () => !live(), previous)
      if (!live()) return
      if (!previous && this.snapshot?.revision === built.revision) {
        // The first version was built on the loop meanwhile (a read that could not wait): it adopts the index.
        this.snapshot.adoptSearchIndex(prepared.index!)
        this.snapshot.adoptRowHashes(built.rowHashes)
        return
      }
      const swapping = performance.now()
      const next = new Snapshot(
        built.revision,
        built.contentKey,
        new Date(built.updatedAt),
        built.business,
        [],
        this.options.baseUrl,
        this.options.computeInsights,
        this.snapshotOptions({ prepared, previous: this.snapshot as Snapshot | undefined }),
      )
      try {
        next.renderTopics()
      } catch (error) {
        this.buildFailed(built.revision, error)
        return
      }
      const rendered = performance.now()
      this.swap(next)
      this.servedRowids = { revision: next.revision, rowids: built.rowids }
      if (this.pendingText?.revision === next.revision) this.adoptText(next, this.pendingText)
      this.pendingText = undefined
      this.log({
        event: 'version_built',
        revision: built.revision,
        reviews: prepared.reviews.length,
        // Rows decoded and parsed on the loop: the others were the previous version's, reused as they are.
        parsed,
        // Rows the worker read: only those written since the served version when it spliced this one from it.
        rows_read: built.rowsRead,
        spliced: built.spliced,
        worker_ms: roundAll(built.ms),
        // On the event loop: taking the rows in (in slices, elapsed), rendering the topics, the swap itself (listeners, warming).
        loop_ms: roundAll({ take_in: swapping - takingIn, render: rendered - swapping, swap: performance.now() - rendered }),
        memory: memoryFigures(),
        versions_alive: this.versions.count,
      })
    } catch (error) {
      if (!(error instanceof Cancelled)) this.log({ event: 'catalog_build_failed', error: messageOf(error) })
    } finally {
      if (live()) this.building = null
    }
  }

  /**
   * What the next version may be spliced from (splice.ts): the served version's dataset bytes and rowids (shared memory, not
   * copied), revision, and a copy of its index sets (tens of KB at 100k reviews); none until a build worker has given
   * the version its index, row hashes and rowids.
   */
  private spliceBase(snapshot: Snapshot) {
    const rowids = this.servedRowids?.revision === snapshot.revision ? this.servedRowids.rowids : undefined
    if (!rowids || !snapshot.hasSearchIndex || !snapshot.rowMatch) return undefined
    const dataset = snapshot.datasetBytes
    if (!dataset.shared || !isShared(rowids)) return undefined
    const { parts, transfer } = copySetParts(snapshot.searchIndex)
    const index = snapshot.searchIndex
    const text = index.textCorpus
    const sharedText = text && isSharedCorpus(text) ? text : undefined
    const textLayers = index.textLayers
    // The base the next version's layers will stand on: this version's whole index, or the one its layers stand on.
    const baseParts = index.textBaseParts
    if (baseParts) this.textBase = { revision: textLayers?.baseRevision ?? snapshot.revision, parts: baseParts }
    return { dataset: dataset.parts, revision: snapshot.revision, rowids, index: parts, text: sharedText, textLayers, transfer }
  }

  /**
   * `snapshot` adopts its text index from the build worker: whole (then the base of the next ones in layers), or in
   * layers on the base kept. One on a base no longer kept (not expected: the worker stands on the served version's base,
   * or on its own last, which reaches this loop first) is dropped: the version's text index is then built where it is
   * first needed, as a version built on the event loop does.
   */
  private adoptText(snapshot: Snapshot, built: BuiltTextIndex): void {
    if ('whole' in built.text) {
      this.textBase = { revision: built.revision, parts: built.text.whole }
      snapshot.adoptTextIndex(built.text, built.ms)
      return
    }
    const { maps, delta, deltaCorpus } = built.text.layers
    if (this.textBase?.revision !== maps.baseRevision) {
      this.log({ event: 'text_index_unusable', revision: built.revision, base_revision: maps.baseRevision })
      return
    }
    snapshot.adoptTextIndex({ layers: { base: this.textBase.parts, delta, maps, deltaCorpus } }, built.ms)
  }

  private cancelBuild(): void {
    if (this.building === null) return
    this.building = null
    this.builder?.cancel()
  }

  private buildFailed(revision: number, error: unknown): void {
    this.failedBuild = { revision, error: messageOf(error) }
    this.log({ event: 'catalog_build_failed', revision, serving_revision: this.snapshot?.revision, error: this.failedBuild.error })
    // The version served stays the newest that can be: its insights were not started if a newer one was expected.
    if (this.timer && this.snapshot) this.warmInsights()
  }

  /**
   * Whether the database has moved past `snapshot` already (a burst of imports): its insights and compressed forms
   * would be thrown away when the next build swaps in, so they are not started (a request still gets them; the
   * last stored insights are served meanwhile). Each superseded computation held a Worker with a whole dataset
   * (about 1.3 GB at 100k reviews) for nothing.
   */
  private supersededInDatabase(snapshot: Snapshot): boolean {
    try {
      return this.store.state().revision > snapshot.revision
    } catch {
      return false // unreadable now (locked): warmed as before
    }
  }

  /** Swaps in a whole new version; returns (and announces) the topics whose bytes changed. */
  private swap(next: Snapshot): TopicPath[] {
    const previous = this.snapshot as Snapshot | undefined
    this.snapshot = this.versions.served(next)
    if (!previous) {
      // The first version, built beside a loop that was already answering: nothing changed for subscribers.
      this.firstVersion?.resolve()
      if (this.timer) this.warmInsights()
      return []
    }
    previous.supersede(next)
    // The dataset's size stands for the version's: its rows' arrays, columns and index scale with it (its bytes may be
    // the successor's too, in pieces, and are then not what a collection frees).
    this.versions.replaced(previous.datasetBytes.byteLength)
    if (this.failedBuild) this.log({ event: 'catalog_recovered', revision: next.revision })
    this.failedBuild = null
    if (this.timer && !this.supersededInDatabase(next)) this.warmInsights()
    const changed = TOPIC_PATHS.filter((path) => previous.representations[path].etag !== next.representations[path].etag)
    if (changed.length) for (const listener of this.listeners) listener(changed)
    return changed
  }

  start(): void {
    // The first version's feeds and search index were left for first use, and the language model takes a few
    // hundred ms to load: a starting server answers its first requests first, then renders them (a failure is
    // logged; the route's own 500 stays the fallback) and computes the insights in the background. A large
    // first version's search index is built in the worker, like every later version's.
    // The first version is built in the Worker now; warmed when it is swapped in.
    if (!this.snapshot && this.building === null) void this.buildInBackground()
    let warmed: () => void = () => {}
    this.startWarmed = new Promise((resolve) => (warmed = resolve))
    setTimeout(() => {
      warmed()
      if (!this.snapshot) return
      const offLoop = this.builder && this.snapshot.reviews.length >= (this.options.buildOffLoopFrom ?? BUILD_OFF_LOOP_FROM)
      try {
        if (offLoop) this.snapshot.renderTopics()
        else this.snapshot.renderAll()
      } catch (error) {
        this.log({ event: 'render_failed', revision: this.snapshot.revision, error: messageOf(error) })
      }
      this.warmInsights()
      if (offLoop && this.building === null && !this.snapshot.hasSearchIndex) void this.buildInBackground()
    }, WARM_AFTER_MS).unref?.()
    this.timer ??= setInterval(() => {
      try {
        this.update()
      } catch (error) {
        this.log({ event: 'catalog_refresh_failed', error: String(error) })
      }
    }, this.options.pollMs ?? 500)
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.cancelBuild()
    this.versions.stop()
    this.builder?.end()
    this.joiner?.close()
  }

  private runCheck(check: CatalogCheck): void {
    try {
      const problem = check()
      if (problem) this.checkProblems.set(check, problem)
      else this.checkProblems.delete(check)
      this.checkErrors.delete(check)
    } catch (error) {
      // A lock held by another writer (an import): the check runs again on the next poll; logged once, not every poll.
      const message = messageOf(error)
      if (this.checkErrors.get(check) !== message) this.log({ event: 'catalog_check_failed', error: message })
      this.checkErrors.set(check, message)
    }
  }

  /** The whole build on the event loop: the first version, small data, and `refresh`. */
  private build(previous: Snapshot | null): Snapshot {
    const { state, business, rows } = readVersion(this.store)
    const reviews = rows.map((r) => JSON.parse(r.json) as Review)
    const composed = composeVersion(business, rows, reviews, state.changedAt, previous)
    return new Snapshot(
      state.revision,
      composed.contentKey,
      composed.updatedAt,
      business,
      [],
      this.options.baseUrl,
      this.options.computeInsights,
      this.snapshotOptions({
        prepared: {
          reviews,
          byId: positionsById(reviews),
          rowids: Float64Array.from(rows, (r) => r.rowid),
          aggregate: composed.aggregate,
          dataset: DatasetBytes.of(composed.body, composed.rowsStart),
          rowEnds: composed.rowEnds,
          rowHashes: composed.rowHashes,
        },
        previous: previous ?? undefined,
      }),
    )
  }

  private snapshotOptions(parts: Pick<SnapshotOptions, 'prepared' | 'previous'>): SnapshotOptions {
    return {
      ...parts,
      insightsStore: this.insightsStore,
      insightsVersion: this.options.insightsVersion,
      analysesDb: this.builder ? this.store.db.filename : undefined,
      onInsightsStats: (stats, snapshot) =>
        this.log({ event: 'insights_computed', revision: snapshot.revision, ...statsFields(stats), memory: memoryFigures() }),
      externalHubs: this.options.externalHubs,
      joinDataset: this.joiner && ((dataset) => this.joiner!.join(dataset)),
      staleInsights: () => this.staleInsights(),
      onInsights: (result, snapshot) => {
        if (!this.latestInsights || snapshot.revision >= this.latestInsights.revision)
          this.latestInsights = { revision: snapshot.revision, result }
      },
    }
  }

  /** The newest insights known: this process's, else the newest stored (a restart, or another process's). */
  private staleInsights(): InsightsResult | undefined {
    if (this.latestInsights) return this.latestInsights.result
    if (this.storedLatestLoaded) return undefined
    this.storedLatestLoaded = true
    try {
      const stored = this.store.latestInsights()
      if (!stored) return undefined
      const result = {
        data: JSON.parse(stored.json) as Insights,
        representation: CachedRepresentation.text(stored.json, 'application/json; charset=utf-8', new Date(stored.generatedAt)),
      }
      this.latestInsights = { revision: stored.revision, result }
      return result
    } catch (error) {
      this.log({ event: 'insights_load_failed', error: messageOf(error) })
      return undefined
    }
  }

  /**
   * The repository's insights table, with writes that meet another process's lock (an import in progress) saved
   * again a little later instead of waiting on the lock.
   */
  private storedInsights(): InsightsStore {
    const store = this.store
    const log = () => this.log
    return {
      find: (key) => {
        try {
          return store.insightsFor(key)
        } catch {
          return null // locked or unreadable: computed instead
        }
      },
      save: (entry) => {
        let attempts = 0
        const attempt = () => {
          try {
            store.saveInsights(entry)
          } catch (error) {
            if (++attempts < SAVE_ATTEMPTS && /busy|locked/i.test(messageOf(error))) setTimeout(attempt, SAVE_RETRY_MS).unref?.()
            else log()({ event: 'insights_save_failed', revision: entry.revision, error: messageOf(error) })
          }
        }
        attempt()
      },
    }
  }
}

/** What `readVersion` refuses before anything else: no business, or one this release does not accept. Cheap. */
function checkPublishable(store: ReviewRepository): void {
  const business = store.getBusiness()
  if (!business) throw new Error('the database has no business: import a dataset first')
  const issues = Value.Check(Business, business) ? [] : check(Business, business)
  if (issues.length) {
    const [issue] = issues as [(typeof issues)[number]]
    let value: unknown = business
    for (const key of issue.path) value = (value as Record<string | number, unknown> | undefined)?.[key]
    // The same words as readVersion's (the value named), so a start refuses it as a build would.
    throw new Error(`business.${issue.path.join('.')} ${issue.message} (got ${JSON.stringify(value)})`)
  }
}

const statsFields = (stats: IncrementalStats) => ({
  reused: stats.reused,
  analysed: stats.analysed,
  saved: stats.saved,
  read_ms: stats.readMs,
  compute_ms: stats.computeMs,
  save_ms: stats.saveMs,
})

const roundAll = (values: Record<string, number>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Math.round(v)]))

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
