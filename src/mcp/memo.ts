/**
 * Rendered tool results, kept per data version: the Snapshot is immutable, so a result computed for
 * it stays right until the catalog moves on, and a WeakMap lets the old version's results go with it.
 * A small LRU per snapshot, bounded in entries and in (approximate) bytes, like the HTTP memo.
 */
const ENTRIES = 256
const BYTES = 64 * 1024 * 1024

type Entry<T> = { value: T; bytes: number }
type Cache<T> = { entries: Map<string, Entry<T>>; bytes: number }

export class PerVersionMemo<T> {
  private readonly caches = new WeakMap<object, Cache<T>>()

  constructor(private readonly sizeOf: (value: T) => number) {}

  async get(version: object, key: string, compute: () => T | Promise<T>): Promise<T> {
    let cache = this.caches.get(version)
    if (!cache) this.caches.set(version, (cache = { entries: new Map(), bytes: 0 }))
    const hit = cache.entries.get(key)
    if (hit) {
      cache.entries.delete(key)
      cache.entries.set(key, hit)
      return hit.value
    }
    const value = await compute()
    const bytes = this.sizeOf(value)
    if (bytes > BYTES / 8) return value
    cache.entries.set(key, { value, bytes })
    cache.bytes += bytes
    while (cache.entries.size > ENTRIES || cache.bytes > BYTES) {
      const [oldest, evicted] = cache.entries.entries().next().value!
      cache.entries.delete(oldest)
      cache.bytes -= evicted.bytes
    }
    return value
  }
}

/** A cache key for tool arguments whatever their key order. */
export function argumentsKey(name: string, args: Record<string, unknown>): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]])
  return `${name}:${JSON.stringify(sorted)}`
}
