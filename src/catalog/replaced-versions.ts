import type { Logger } from '../core/log'
import { memoryFigures } from './memory'

/**
 * After a swap, once the replaced version's requests have had time to end. Most end within milliseconds; a version
 * still held then (a long download) is left to a later collection. A quarter of a second, not a second: in a burst at
 * 100k reviews a new version arrived about every 1.2 s, and a second's wait let the one replaced before it overlap
 * the next one's arrival (burst peak 404 MB against 329 MB).
 */
export const COLLECT_AFTER_SWAP_MS = 250

/**
 * A full collection is run for replaced versions whose datasets hold this many bytes together: below, the memory is
 * not worth its cost (a few hundred reviews replaced a few times would pay tens of milliseconds of collection each).
 */
export const COLLECT_FROM_BYTES = 8 << 20

/**
 * The versions a catalog has served that the collector has not yet freed, and a full collection when replaced ones
 * worth it outlive their swap.
 *
 * A version's memory is array buffers made in the build worker (about 110 MB at 100k reviews); the event loop itself
 * allocates little, so its collector does not run during a burst of changes and the replaced versions pile up (20
 * imports at 100k: 997 MB against 213 MB idle). A full collection of the loop's heap, once no parsed review is in it,
 * takes 12-44 ms at 100k on a quiet machine, up to 190 ms during a burst (bench/RESULTS.md): one after a swap, at most one per `delayMs`, when a replaced version is
 * still alive and the versions replaced since the last one hold COLLECT_FROM_BYTES or more (each 44 MB of dataset at
 * 100k reviews, 4 MB at 10k). None while nothing large was replaced, so a process that serves without changes, or
 * small data, never pays for one.
 */
export class ReplacedVersions {
  private alive = 0
  private readonly registry = new FinalizationRegistry<undefined>(() => this.alive--)
  private timer?: ReturnType<typeof setTimeout>
  /** Dataset bytes of the versions replaced since the last collection. */
  private replacedBytes = 0

  constructor(
    private readonly log: Logger,
    private readonly delayMs = COLLECT_AFTER_SWAP_MS,
    private readonly fromBytes = COLLECT_FROM_BYTES,
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

  /** A version whose dataset holds `bytes` was replaced: a collection follows once they add up, unless one is due. */
  replaced(bytes: number): void {
    this.replacedBytes += bytes
    if (this.timer || this.replacedBytes < this.fromBytes) return
    this.timer = setTimeout(() => this.collect(), this.delayMs)
    this.timer.unref?.()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
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
