/**
 * Intersections of position sets (see NgramIndex): the smallest list drives and the others are probed with cursors
 * that only move forward; with only bitsets, a word-wise AND counts 32 positions per step. Candidates a text index
 * could not answer exactly are checked against their texts in batches.
 */
import { CHECK_BATCH, END, type NgramIndex, type Needle, type PositionSet } from './ngram-index'

export type Result = { total: number; positions: number[] }

/**
 * Collects matches in ascending order: the total and the first `limit` positions. Candidates that need
 * their text checked wait in a batch that the n-gram index checks together (see `retainContaining`).
 */
class Matches {
  total = 0
  readonly positions: number[] = []
  private readonly pending?: Int32Array
  private waiting = 0

  constructor(
    private readonly limit: number,
    private readonly texts?: NgramIndex,
    private readonly needle?: Needle,
  ) {
    if (texts) this.pending = new Int32Array(CHECK_BATCH * 4)
  }

  /** Whether only the total is still wanted and no candidate needs its text checked (a popcount will do). */
  get countingOnly(): boolean {
    return !this.pending && this.positions.length >= this.limit
  }

  add(position: number): void {
    if (!this.pending) {
      this.total++
      if (this.positions.length < this.limit) this.positions.push(position)
      return
    }
    this.pending[this.waiting++] = position
    if (this.waiting === this.pending.length) this.check()
  }

  /** Checks the waiting candidates; call once more after the last `add`. */
  check(): Result {
    if (!this.pending || this.waiting === 0) return { total: this.total, positions: this.positions }
    const kept = this.texts!.retainContaining(this.pending, this.waiting, this.needle!)
    for (let i = 0; i < kept && this.positions.length < this.limit; i++) this.positions.push(this.pending[i]!)
    this.total += kept
    this.waiting = 0
    return { total: this.total, positions: this.positions }
  }
}

/** A list read forward: `seek(target)` answers its first position at or after `target` (END past the last). */
class ListCursor {
  private at = 0
  constructor(private readonly list: Int32Array) {}
  seek(target: number): number {
    this.at = lowerBound(this.list, target, this.at)
    return this.at < this.list.length ? this.list[this.at]! : END
  }
}

/**
 * The smallest list drives; every other list is probed with a cursor that only moves forward (a packed one skips whole
 * blocks), bitsets by one bit test.
 */
function probe(
  lists: PositionSet[],
  bitsets: Uint32Array[],
  lo: number,
  hi: number,
  limit: number,
  texts?: NgramIndex,
  verify?: Needle,
): Result {
  const [first, ...rest] = lists as [PositionSet, ...PositionSet[]]
  const others = rest.map((set) => (set.packed ? set.packed.cursor() : new ListCursor(set.list!)))
  const matches = new Matches(limit, texts, verify)
  // 1: a match, 0: not one, -1: no match can follow (a probed list has ended).
  const check = (p: number): number => {
    for (const bits of bitsets) if (((bits[p >>> 5]! >>> (p & 31)) & 1) === 0) return 0
    for (let k = 0; k < others.length; k++) {
      const at = others[k]!.seek(p)
      if (at === END) return -1
      if (at !== p) return 0
    }
    return 1
  }
  if (first.packed) {
    // A packed driver is read by its own cursor, from the first block that can hold `lo`.
    const driver = first.packed.cursor()
    for (let p = driver.seek(lo); p < hi; p = driver.seek(p + 1)) {
      const found = check(p)
      if (found < 0) break
      if (found) matches.add(p)
    }
    return matches.check()
  }
  const driver = first.list!
  for (let i = lowerBound(driver, lo, 0); i < driver.length; i++) {
    const p = driver[i]!
    if (p >= hi) break
    const found = check(p)
    if (found < 0) break
    if (found) matches.add(p)
  }
  return matches.check()
}

/** Word-wise AND of bitsets over [lo, hi): a popcount per word once the page is full and nothing needs checking. */
function intersect(bitsets: Uint32Array[], lo: number, hi: number, limit: number, texts?: NgramIndex, verify?: Needle): Result {
  const [first, ...others] = bitsets as [Uint32Array, ...Uint32Array[]]
  const matches = new Matches(limit, texts, verify)
  const lastWord = (hi - 1) >>> 5
  for (let w = lo >>> 5; w <= lastWord; w++) {
    let bits = first[w]!
    for (let k = 0; k < others.length && bits; k++) bits &= others[k]![w]!
    if (w === lo >>> 5) bits &= ~0 << (lo & 31)
    if (w === lastWord && (hi & 31) !== 0) bits &= ~(~0 << (hi & 31))
    if (bits === 0) continue
    if (matches.countingOnly) {
      matches.total += popcount(bits)
      continue
    }
    while (bits !== 0) {
      const low = bits & -bits
      bits ^= low
      matches.add((w << 5) | (31 - Math.clz32(low)))
    }
  }
  return matches.check()
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** First index at or after `from` whose value is >= target (exponential then binary search). */
function lowerBound(list: Int32Array, target: number, from: number): number {
  let step = 1
  let hi = from
  while (hi < list.length && list[hi]! < target) {
    from = hi + 1
    hi += step
    step *= 2
  }
  hi = Math.min(hi, list.length)
  let lo = from
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Every position in all of `sets` (ascending), checked against `texts` for `verify` when given: a text query answered
 * whole, where a search would stop at its page.
 */
export function everyMatch(sets: PositionSet[], size: number, texts?: NgramIndex, verify?: Needle): number[] {
  if (!sets.length || sets.some((s) => s.count === 0)) return []
  return matchSets(sets, 0, size, Number.POSITIVE_INFINITY, texts, verify).positions
}

/**
 * The positions in [lo, hi) in all of `sets` (at least one), up to `limit`, and their total: the lists probed from the
 * rarest, the bitsets ANDed a word at a time when there is no list.
 */
export function matchSets(sets: PositionSet[], lo: number, hi: number, limit: number, texts?: NgramIndex, verify?: Needle): Result {
  const lists = sets.filter((s) => !s.words).sort((a, b) => a.count - b.count)
  const bitsets = sets.filter((s) => s.words).map((s) => s.words!)
  return lists.length ? probe(lists, bitsets, lo, hi, limit, texts, verify) : intersect(bitsets, lo, hi, limit, texts, verify)
}

/** Ascending positions as a set: a bitset when that is smaller (more than 1/32 of the positions), else the list. */
export function setOfPositions(list: ArrayLike<number>, size: number): PositionSet {
  if (list.length * 32 <= size) return { count: list.length, list: list instanceof Int32Array ? list : Int32Array.from(list) }
  const words = new Uint32Array((size + 31) >>> 5)
  for (let i = 0; i < list.length; i++) words[list[i]! >>> 5]! |= 1 << (list[i]! & 31)
  return { count: list.length, words }
}
