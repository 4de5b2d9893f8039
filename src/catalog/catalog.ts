/**
 * Holds the current Snapshot and follows the database: a commit by any process (the CLI import,
 * another server) moves meta.revision, which a cheap poll notices; the snapshot is rebuilt and
 * listeners hear which topics' bytes changed.
 */
import type { ReviewRepository } from '../reviews/repository'
import { Snapshot, type InsightsComputer } from './snapshot'
import { createLogger, type Logger } from '../core/log'
import type { Representation } from '../http/representation'
import { TOPIC_PATHS, type TopicPath, type TopicSource } from '../feeds/websub-topics'

export type CatalogOptions = { baseUrl: string; computeInsights: InsightsComputer; pollMs?: number; log?: Logger }

export class Catalog implements TopicSource {
  private snapshot: Snapshot
  private readonly listeners = new Set<(topics: TopicPath[]) => void>()
  private timer?: ReturnType<typeof setInterval>
  private readonly extraChecks: (() => void)[] = []
  private readonly log: Logger

  constructor(
    private readonly store: ReviewRepository,
    private readonly options: CatalogOptions,
  ) {
    this.log = options.log ?? createLogger()
    this.snapshot = this.build(null)
  }

  /** Starts computing the current version's insights in the background, so a request rarely waits. */
  warmInsights(): void {
    void this.snapshot.insights().catch((error) => this.log({ event: 'insights_failed', error: String(error) }))
  }

  get current(): Snapshot {
    return this.snapshot
  }

  topic(path: TopicPath): Representation {
    return this.snapshot.representations[path]
  }

  onTopicsChanged(listener: (topics: TopicPath[]) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Something else to check on every poll (a watched business file). */
  addCheck(check: () => void): void {
    this.extraChecks.push(check)
  }

  /** Rebuilds if the data moved on; returns the topics whose bytes changed. */
  refresh(): TopicPath[] {
    for (const check of this.extraChecks) check()
    const { revision } = this.store.state()
    if (revision === this.snapshot.revision) return []
    const previous = this.snapshot
    this.snapshot = this.build(previous)
    if (this.timer) this.warmInsights()
    const changed = TOPIC_PATHS.filter((path) => previous.representations[path].etag !== this.snapshot.representations[path].etag)
    if (changed.length) for (const listener of this.listeners) listener(changed)
    return changed
  }

  start(): void {
    // Loading the language model takes a few hundred ms: let a starting server answer its first requests first.
    setTimeout(() => this.warmInsights(), 250).unref?.()
    this.timer ??= setInterval(() => {
      try {
        this.refresh()
      } catch (error) {
        this.log({ event: 'catalog_refresh_failed', error: String(error) })
      }
    }, this.options.pollMs ?? 500)
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  private build(previous: Snapshot | null): Snapshot {
    // Read the revision and the rows in one read transaction: never half of an import.
    const { state, business, rows } = this.store.db.transaction(() => ({
      state: this.store.state(),
      business: this.store.getBusiness(),
      rows: this.store.publishedJson(),
    }))()
    if (!business) throw new Error('The database has no business: import a dataset first.')
    const businessJson = JSON.stringify(business)
    const contentKey = `${Bun.hash(businessJson).toString(36)}:${Bun.hash(rows.map((r) => r.json).join('\n')).toString(36)}`
    // Published content unchanged (say, only unverified reviews were imported): same bytes, same ETags.
    const updatedAt = previous && previous.contentKey === contentKey ? previous.updatedAt : state.changedAt
    return new Snapshot(state.revision, contentKey, updatedAt, business, rows, this.options.baseUrl, this.options.computeInsights)
  }
}
