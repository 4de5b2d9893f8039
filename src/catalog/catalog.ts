/**
 * Holds the current Snapshot and follows the database: a commit by any process (the CLI import,
 * another server) moves meta.revision, which a cheap poll notices; the snapshot is rebuilt and
 * listeners hear which topics' bytes changed. A version that cannot be built leaves the last good
 * one serving and the catalog degraded (see `problem`) until the data changes again.
 */
import type { ReviewRepository } from '../reviews/repository'
import { Snapshot, type InsightsComputer } from './snapshot'
import { createLogger, type Logger } from '../core/log'
import type { Representation } from '../http/representation'
import { TOPIC_PATHS, type TopicPath, type TopicSource } from '../feeds/websub-topics'
import { Value } from '@sinclair/typebox/value'
import { check } from '../core/issues'
import { Business } from '../reviews/schema'

export type CatalogOptions = {
  baseUrl: string
  computeInsights: InsightsComputer
  pollMs?: number
  log?: Logger
  /** Outside WebSub hubs the feeds list beside ours (HUB_EXTERNAL_URLS). */
  externalHubs?: readonly string[]
}

/** How long after start the first version's deferred work (feeds, search index, insights) begins. */
const WARM_AFTER_MS = 250

/** The data in the database cannot be published, and there is no earlier version to fall back on. */
export class UnpublishableData extends Error {}

/** A check run on every poll (a watched file); returns why something is being ignored, or null. */
export type CatalogCheck = () => string | null

export class Catalog implements TopicSource {
  private snapshot: Snapshot
  private readonly listeners = new Set<(topics: TopicPath[]) => void>()
  private timer?: ReturnType<typeof setInterval>
  private readonly extraChecks: CatalogCheck[] = []
  private readonly checkProblems = new Map<CatalogCheck, string>()
  private readonly checkErrors = new Map<CatalogCheck, string>()
  private failedBuild: { revision: number; error: string } | null = null
  private readonly log: Logger

  constructor(
    private readonly store: ReviewRepository,
    private readonly options: CatalogOptions,
  ) {
    this.log = options.log ?? createLogger()
    try {
      this.snapshot = this.build(null)
    } catch (error) {
      throw new UnpublishableData(`The data in the database cannot be published: ${messageOf(error)}`)
    }
  }

  /** Starts computing the current version's insights in the background, so a request rarely waits. */
  warmInsights(): void {
    void this.snapshot.insights().catch((error) => this.log({ event: 'insights_failed', error: String(error) }))
    void this.snapshot.warmCompression().catch((error) => this.log({ event: 'compression_failed', error: String(error) }))
  }

  get current(): Snapshot {
    return this.snapshot
  }

  /** Why the service is degraded (serving an older version than the data, or ignoring a file), or null. */
  get problem(): string | null {
    if (this.failedBuild)
      return `revision ${this.failedBuild.revision} cannot be published (still serving revision ${this.snapshot.revision}): ${this.failedBuild.error}`
    for (const problem of this.checkProblems.values()) return problem
    return null
  }

  topic(path: TopicPath): Representation {
    return this.snapshot.representations[path]
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

  /** Rebuilds if the data moved on; returns the topics whose bytes changed. A version that fails to build is tried once. */
  refresh(): TopicPath[] {
    for (const check of this.extraChecks) this.runCheck(check)
    const { revision } = this.store.state()
    if (revision === this.snapshot.revision) {
      this.failedBuild = null
      return []
    }
    if (revision === this.failedBuild?.revision) return []
    const previous = this.snapshot
    try {
      const next = this.build(previous)
      next.renderAll()
      this.snapshot = next
    } catch (error) {
      this.failedBuild = { revision, error: messageOf(error) }
      this.log({ event: 'catalog_build_failed', revision, serving_revision: previous.revision, error: this.failedBuild.error })
      return []
    }
    if (this.failedBuild) this.log({ event: 'catalog_recovered', revision })
    this.failedBuild = null
    if (this.timer) this.warmInsights()
    const changed = TOPIC_PATHS.filter((path) => previous.representations[path].etag !== this.snapshot.representations[path].etag)
    if (changed.length) for (const listener of this.listeners) listener(changed)
    return changed
  }

  start(): void {
    // The first version's feeds and search index were left for first use, and the language model takes a few
    // hundred ms to load: a starting server answers its first requests first, then renders them (a failure is
    // logged; the route's own 500 stays the fallback) and computes the insights in the background.
    setTimeout(() => {
      try {
        this.snapshot.renderAll()
      } catch (error) {
        this.log({ event: 'render_failed', revision: this.snapshot.revision, error: messageOf(error) })
      }
      this.warmInsights()
    }, WARM_AFTER_MS).unref?.()
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

  private build(previous: Snapshot | null): Snapshot {
    // Read the revision and the rows in one read transaction: never half of an import.
    const { state, business, rows } = this.store.db.transaction(() => ({
      state: this.store.state(),
      business: this.store.getBusiness(),
      rows: this.store.publishedJson(),
    }))()
    if (!business) throw new Error('the database has no business: import a dataset first')
    // A database written by an older release may hold a business this one refuses (an unknown time zone).
    // Checked once per build: interpreting the schema costs less than compiling it (which `check` does, for its issues).
    const issues = Value.Check(Business, business) ? [] : check(Business, business)
    if (issues.length)
      throw new Error(
        `business.${issues[0]!.path.join('.')} ${issues[0]!.message} (got ${JSON.stringify(valueAt(business, issues[0]!.path))})`,
      )
    const businessJson = JSON.stringify(business)
    const contentKey = `${Bun.hash(businessJson).toString(36)}:${Bun.hash(rows.map((r) => r.json).join('\n')).toString(36)}`
    // Published content unchanged (say, only unverified reviews were imported): same bytes, same ETags.
    const updatedAt = previous && previous.contentKey === contentKey ? previous.updatedAt : state.changedAt
    return new Snapshot(
      state.revision,
      contentKey,
      updatedAt,
      business,
      rows,
      this.options.baseUrl,
      this.options.computeInsights,
      this.options.externalHubs,
    )
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

function valueAt(value: unknown, path: (string | number)[]): unknown {
  let current = value
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key]
  return current
}
