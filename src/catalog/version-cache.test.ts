import { describe, expect, test } from 'bun:test'
import { BoundedCache, VersionCache } from './version-cache'

const sized = (entries: number, bytes: number, largeEntries?: number, largeFrom?: number) =>
  new BoundedCache<string>({ entries, bytes, sizeOf: (v) => v.length, largeEntries, largeFrom })

describe('BoundedCache', () => {
  test('keeps at most `entries`, evicting the least recently used', () => {
    const cache = sized(2, 1000)
    cache.set('a', 'A')
    cache.set('b', 'B')
    expect(cache.get('a')).toBe('A') // a is now the most recent
    cache.set('c', 'C')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe('A')
    expect(cache.get('c')).toBe('C')
    expect(cache.size).toBe(2)
  })

  test('keeps at most `bytes`', () => {
    const cache = sized(100, 10, 0, 10)
    cache.set('a', 'xxxx')
    cache.set('b', 'yyyy')
    cache.set('c', 'z') // 9 bytes: all kept
    expect(cache.size).toBe(3)
    cache.set('d', 'w') // 10 bytes: still within
    cache.set('e', 'vv') // 12 > 10: the oldest (a) goes
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe('yyyy')
  })

  test('replacing a key counts its bytes once', () => {
    const cache = sized(100, 8, 0, 8)
    for (let i = 0; i < 10; i++) cache.set('a', 'xxxxxx')
    cache.set('b', 'y')
    expect(cache.get('a')).toBe('xxxxxx')
    expect(cache.get('b')).toBe('y')
  })

  test('large values: `largeBytes` bounds their total, the most recent one kept whatever its size', () => {
    const cache = new BoundedCache<string>({ entries: 100, bytes: 80, sizeOf: (v) => v.length, largeEntries: 3, largeBytes: 25 })
    cache.set('a', 'x'.repeat(11))
    cache.set('b', 'y'.repeat(12)) // 23 bytes of large values: both kept
    expect([cache.get('a'), cache.get('b')].map((v) => v?.length)).toEqual([11, 12])
    cache.set('c', 'z'.repeat(13)) // 36 > 25: the least recently used (a) goes
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toHaveLength(12)
    cache.set('d', 'w'.repeat(40)) // over the bound alone: kept, every other large value goes
    expect(cache.get('d')).toHaveLength(40)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')).toBeUndefined()
    cache.set('d', 'v'.repeat(20)) // replaced: counted once
    cache.set('e', 'u'.repeat(11)) // 31 > 25: d goes, e stays
    expect(cache.get('d')).toBeUndefined()
    expect(cache.get('e')).toHaveLength(11)
  })

  test('large values: not kept by default, else kept apart among the few most recent', () => {
    const dropping = sized(100, 80) // large from 10 bytes
    expect(dropping.set('big', 'x'.repeat(11))).toBe('x'.repeat(11))
    expect(dropping.get('big')).toBeUndefined()

    const keeping = sized(100, 80, 2)
    keeping.set('small', 'ok')
    keeping.set('big1', '1'.repeat(20))
    keeping.set('big2', '2'.repeat(20))
    keeping.set('big3', '3'.repeat(20))
    expect(keeping.get('big1')).toBeUndefined()
    expect(keeping.get('big2')).toBe('2'.repeat(20))
    expect(keeping.get('big3')).toBe('3'.repeat(20))
    expect(keeping.get('small')).toBe('ok') // large values never push out small ones
  })

  test('memo computes once per key', () => {
    const cache = sized(10, 100)
    let calls = 0
    const make = () => `v${++calls}`
    expect(cache.memo('k', make)).toBe('v1')
    expect(cache.memo('k', make)).toBe('v1')
    expect(calls).toBe(1)
  })
})

describe('VersionCache', () => {
  test('each version has its own values; a new version starts empty', () => {
    const cache = new VersionCache<string>({ entries: 10, bytes: 100, sizeOf: (v) => v.length })
    const v1 = {}
    const v2 = {}
    cache.set(v1, 'k', 'one')
    expect(cache.get(v1, 'k')).toBe('one')
    expect(cache.get(v2, 'k')).toBeUndefined()
    expect(cache.memo(v2, 'k', () => 'two')).toBe('two')
    expect(cache.get(v1, 'k')).toBe('one')
  })

  test('the bounds hold per version', () => {
    const cache = new VersionCache<string>({ entries: 1, bytes: 100, sizeOf: (v) => v.length })
    const version = {}
    cache.set(version, 'a', 'A')
    cache.set(version, 'b', 'B')
    expect(cache.get(version, 'a')).toBeUndefined()
    expect(cache.of(version).size).toBe(1)
  })

  test('memoAsync awaits and keeps the value', async () => {
    const cache = new VersionCache<number>({ entries: 10, bytes: 100, sizeOf: () => 1 })
    const version = {}
    let calls = 0
    const make = async () => ++calls
    expect(await cache.memoAsync(version, 'k', make)).toBe(1)
    expect(await cache.memoAsync(version, 'k', make)).toBe(1)
    expect(calls).toBe(1)
  })
})
