import type { Logger } from '../core/log'
import { memoryFigures } from './memory'

/**
 * How long after its swap a replaced version is first worth collecting: its requests have had time to end. Most end
 * within milliseconds; a version still held then (a long download) is left to a later collection.
 */
export const COLLECT_AFTER_SWAP_MS = 250

/** With no next version coming, replaced versions are collected after this long (a pause then disturbs no change). */
export const COLLECT_WHEN_QUIET_MS = 60_000

/**
 * A full collection is run for replaced versions whose datasets hold this many bytes together: below, the memory is
 * not worth its cost (a few hundred reviews replaced a few times would pay tens of milliseconds of collection each).
 */
export const COLLECT_FROM_BYTES = 8 << 20

/**
 * The versions a catalog has served that the collector has not yet freed, and a full collection for the replaced ones
 * before they pile up.
 *
 * A version's memory is array buffers made in the build worker (about 50 MB at 100k reviews); the event loop itself
 * allocates little, so its collector does not run during a burst of changes and the replaced versions pile up (20
 * imports at 100k: 997 MB against 213 MB idle). A full collection of the loop's heap, once no parsed review is in it,
 * takes 12-44 ms at 100k on a quiet machine, 30-200 ms during a burst (bench/RESULTS.md). So it is run when memory is
 * about to grow: when the next version's build starts while replaced versions holding COLLECT_FROM_BYTES or more of
 * datasets are alive (not before COLLECT_AFTER_SWAP_MS after their swap), else after COLLECT_WHEN_QUIET_MS. A single
 * change pays no collection while it is taken in; a burst holds at most the served version and the next one; small
 * data, or a process that serves without changes, never pays for one.
 */
export class ReplacedVersions {
  private alive = 0
  private readonly registry = new FinalizationRegistry<undefined>(() => this.alive--)
  private timer?: ReturnType<typeof setTimeout>
  /** Dataset bytes of the versions replaced since the last collection. */
  private replacedBytes = 0
  /** When the last version was replaced (performance.now()). */
  private replacedAt = 0

  constructor(
    private readonly log: Logger,
    private readonly timing = { afterSwapMs: COLLECT_AFTER_SWAP_MS, whenQuietMs: COLLECT_WHEN_QUIET_MS, fromBytes: COLLECT_FROM_BYTES },
  ) {}

  /** Versions served and not yet freed: the current one, and replaced ones the collector has not come for. */
  get count(): number {
    return this.alive
  }

  /** A version is served from now on. */
  served<T extends object>(version: T): T {
    this.alive++
    this.registry.register(version, undefined)
    return version
  }

  /** A version whose dataset holds `bytes` was replaced: collected once the next version comes, or when quiet. */
  replaced(bytes: number): void {
    this.replacedBytes += bytes
    this.replacedAt = performance.now()
    if (!this.timer && this.worthIt) this.schedule(this.timing.whenQuietMs)
  }

  /** The next version is being built: what was replaced is collected before it arrives. */
  nextComing(): void {
    if (!this.worthIt) return
    this.schedule(Math.max(0, this.replacedAt + this.timing.afterSwapMs - performance.now()))
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private get worthIt(): boolean {
    return this.replacedBytes >= this.timing.fromBytes
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.collect(), ms)
    this.timer.unref?.()
  }

  private collect(): void {
    this.timer = undefined
    if (this.alive <= 1) return
    this.replacedBytes = 0
    const before = this.alive
    const started = performance.now()
    Bun.gc(true)
    // Finalizers run after the collection, so the versions it freed are counted in the next log line.
    this.log({
      event: 'replaced_versions_collected',
      ms: Math.round((performance.now() - started) * 10) / 10,
      versions_alive_before: before,
      memory: memoryFigures(),
    })
  }
}
