/**
 * Rendered tool results, kept per data version (catalog/version-cache.ts): the Snapshot is immutable,
 * so a result computed for it stays right until the catalog moves on, and the old version's results go
 * with it. Bounded in entries and in (approximate) bytes; a result over 8 MB is not kept.
 */
import { VersionCache } from '../catalog/version-cache'

const ENTRIES = 256
const BYTES = 64 * 1024 * 1024

export class PerVersionMemo<T> {
  private readonly cache: VersionCache<T>

  constructor(sizeOf: (value: T) => number) {
    this.cache = new VersionCache<T>({ entries: ENTRIES, bytes: BYTES, sizeOf })
  }

  get(version: object, key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.cache.memoAsync(version, key, compute)
  }
}

/** A cache key for tool arguments whatever their key order. */
export function argumentsKey(name: string, args: Record<string, unknown>): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]])
  return `${name}:${JSON.stringify(sorted)}`
}
