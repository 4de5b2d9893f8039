/**
 * The one cache of things computed from one data version (rendered searches, pages, MCP tool results,
 * parsed query strings). A Snapshot never changes, so a value computed for it stays right until the
 * catalog moves on; each version gets its own bounded LRU, held in a WeakMap, so an old version's
 * values go with it and a request still running on the old version never sees the new one's.
 *
 * Bounds: at most `entries` values and `bytes` (as `sizeOf` counts them) per version. A value over
 * `largeFrom` bytes is either not kept (the default) or kept apart among the `largeEntries` most recent,
 * so one huge body never pushes out hundreds of small ones; `largeBytes` bounds their total too (the most
 * recent one is always kept, so a value asked for over and over is made once).
 */

export type CacheLimits<T> = {
  /** Most values kept per version. */
  entries: number
  /** Most bytes (by `sizeOf`) kept per version. */
  bytes: number
  sizeOf: (value: T) => number
  /** Values over this many bytes are large (default: bytes / 8). */
  largeFrom?: number
  /** How many large values to keep per version, most recent first (default 0: never kept). */
  largeEntries?: number
  /** Most bytes of large values kept per version, the most recent one whatever its size (default: no bound). */
  largeBytes?: number
}

/** A bounded least-recently-used map: Map keeps insertion order, so the first key is the least recently used. */
export class BoundedCache<T> {
  private readonly small = new Map<string, { value: T; bytes: number }>()
  private readonly large = new Map<string, { value: T; bytes: number }>()
  private bytes = 0
  private largeTotal = 0
  private readonly largeFrom: number
  /** The most recently used small key: reading it again needs no reordering (the hot path reads one key over and over). */
  private newest: string | undefined

  constructor(private readonly limits: CacheLimits<T>) {
    this.largeFrom = limits.largeFrom ?? limits.bytes / 8
  }

  get size(): number {
    return this.small.size + this.large.size
  }

  get(key: string): T | undefined {
    const entry = this.small.get(key)
    if (entry) {
      if (key !== this.newest) {
        this.small.delete(key)
        this.small.set(key, entry)
        this.newest = key
      }
      return entry.value
    }
    const large = this.large.get(key)
    if (large) {
      this.large.delete(key)
      this.large.set(key, large)
    }
    return large?.value
  }

  /** Keeps `value` (unless it is large and large values are not kept) and returns it. */
  set(key: string, value: T): T {
    this.delete(key)
    const bytes = this.limits.sizeOf(value)
    if (bytes > this.largeFrom) {
      const keep = this.limits.largeEntries ?? 0
      if (keep <= 0) return value
      this.large.set(key, { value, bytes })
      this.largeTotal += bytes
      const budget = this.limits.largeBytes ?? Number.POSITIVE_INFINITY
      while (this.large.size > keep || (this.large.size > 1 && this.largeTotal > budget)) {
        const [oldest, evicted] = this.large.entries().next().value!
        this.large.delete(oldest)
        this.largeTotal -= evicted.bytes
      }
      return value
    }
    this.small.set(key, { value, bytes })
    this.newest = key
    this.bytes += bytes
    while (this.small.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const [oldest, evicted] = this.small.entries().next().value!
      this.small.delete(oldest)
      this.bytes -= evicted.bytes
    }
    return value
  }

  /** The kept value, or `make()`'s, kept. */
  memo(key: string, make: () => T): T {
    const hit = this.get(key)
    return hit !== undefined ? hit : this.set(key, make())
  }

  private delete(key: string): void {
    const entry = this.small.get(key)
    if (entry) {
      this.small.delete(key)
      this.bytes -= entry.bytes
    }
    const large = this.large.get(key)
    if (large) {
      this.large.delete(key)
      this.largeTotal -= large.bytes
    }
  }
}

/** One BoundedCache per data version (any object standing for it: a Snapshot), dropped with the version. */
export class VersionCache<T> {
  private readonly versions = new WeakMap<object, BoundedCache<T>>()

  constructor(private readonly limits: CacheLimits<T>) {}

  /** The cache of one version, created empty on first use. */
  of(version: object): BoundedCache<T> {
    let cache = this.versions.get(version)
    if (!cache) this.versions.set(version, (cache = new BoundedCache(this.limits)))
    return cache
  }

  get(version: object, key: string): T | undefined {
    return this.versions.get(version)?.get(key)
  }

  set(version: object, key: string, value: T): T {
    return this.of(version).set(key, value)
  }

  memo(version: object, key: string, make: () => T): T {
    return this.of(version).memo(key, make)
  }

  /** `memo` for values computed asynchronously; concurrent misses each compute (the last one is kept). */
  async memoAsync(version: object, key: string, make: () => T | Promise<T>): Promise<T> {
    const hit = this.get(version, key)
    if (hit !== undefined) return hit
    return this.set(version, key, await make())
  }
}
