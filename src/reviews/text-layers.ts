/**
 * A version's text index as layers: the last whole index (the base, over an earlier version's texts, in that version's
 * order) and an index over the texts added since (the delta), each position mapped to this version's. A one-review
 * change indexes one text instead of every text (3.5 s of the build worker and 85 MB at 100k reviews), and the
 * versions of a burst share one base. A whole index is built again once the delta and the base's removed rows pass
 * 1/COMPACT_AT of the reviews.
 *
 * The maps are monotone: rows a version keeps stay in the same order (newest first by date, then id), and a changed
 * row is a new row, in the delta. So each layer's matches, mapped, are already in this version's order.
 */
import { NgramIndex, type NgramIndexParts, type PositionSet, type TextCorpus, type TextLookup } from './ngram-index'
import { everyMatch, popcount, setOfPositions } from './position-sets'

/** A whole index is built again once the delta holds more than 1/COMPACT_AT of the reviews. */
export const COMPACT_AT = 32

/**
 * How a version's text index stands on its base, as posted between threads: `baseHere[b]` is base position b's
 * position in this version (-1: no longer published, or changed); `deltaHere[k]` the delta's text k's (ascending).
 */
export type TextLayerMaps = {
  /** The revision whose whole text index is the base. */
  baseRevision: number
  baseHere: Int32Array
  deltaHere: Int32Array
}

/**
 * The layers of a served version, as the next build reads them (shared memory): the maps, the delta's folded texts and
 * the base's (a whole index is built again on them).
 */
export type ServedTextLayers = TextLayerMaps & { deltaCorpus: TextCorpus; baseCorpus: TextCorpus }

/**
 * The next version's maps, from the served version's (`served`: the base is the served index itself when null, of
 * `servedSize` texts) and the splice's `reuse` (for each next position, its served position, or -1 for a new row).
 * `deltaReuse[k]`: the served delta position whose text is the next delta's text k, or -1 for a new row's text.
 */
export function nextLayerMaps(
  served: TextLayerMaps | null,
  servedSize: number,
  servedRevision: number,
  reuse: Int32Array,
): TextLayerMaps & { deltaReuse: Int32Array } {
  const here = new Int32Array(servedSize).fill(-1)
  for (let i = 0; i < reuse.length; i++) if (reuse[i]! >= 0) here[reuse[i]!] = i
  let baseHere: Int32Array
  if (served) {
    baseHere = shared(served.baseHere.length)
    for (let b = 0; b < baseHere.length; b++) {
      const s = served.baseHere[b]!
      baseHere[b] = s < 0 ? -1 : here[s]!
    }
  } else {
    baseHere = shared(servedSize)
    baseHere.set(here)
  }
  const covered = new Uint8Array(reuse.length)
  for (let b = 0; b < baseHere.length; b++) if (baseHere[b]! >= 0) covered[baseHere[b]!] = 1
  // A served delta text's position there, by its served position.
  const inServedDelta = new Map<number, number>()
  if (served) for (let d = 0; d < served.deltaHere.length; d++) inServedDelta.set(served.deltaHere[d]!, d)
  const delta: number[] = []
  const deltaReuse: number[] = []
  for (let i = 0; i < reuse.length; i++) {
    if (covered[i]) continue
    delta.push(i)
    const s = reuse[i]!
    deltaReuse.push(s >= 0 ? (inServedDelta.get(s) ?? -1) : -1)
  }
  const deltaHere = shared(delta.length)
  deltaHere.set(delta)
  return { baseRevision: served?.baseRevision ?? servedRevision, baseHere, deltaHere, deltaReuse: Int32Array.from(deltaReuse) }
}

/**
 * Whether the next version should have a whole text index again: the texts added since the base, and the base's rows
 * no longer published (their texts stay in the base's memory, and every lookup still reads them), together pass
 * 1/COMPACT_AT of the reviews.
 */
export function shouldCompact(maps: TextLayerMaps, size: number): boolean {
  let gone = 0
  for (const here of maps.baseHere) if (here < 0) gone++
  return (maps.deltaHere.length + gone) * COMPACT_AT > size
}

/**
 * A layered text index over one version. `foldedAt` reads this version's folded text by its position: each layer's
 * view reads through its map (a base text no longer published reads as '': it matches nothing here anyway).
 */
export class LayeredText {
  private readonly base: NgramIndex
  private readonly delta: NgramIndex
  /** `baseHere` as runs of consecutive positions (from, to, length): few, one per change, so a bitset maps word-wise. */
  private readonly baseRuns: Int32Array
  /** Lookups made (a search's pages, its counts), each mapped and merged once; the oldest made is dropped first. */
  private readonly recent = new Map<string, TextLookup>()

  constructor(
    /** The base's parts (shared with every version on it), for the next version's layers. */
    readonly baseParts: NgramIndexParts,
    deltaParts: NgramIndexParts,
    readonly maps: TextLayerMaps,
    readonly deltaCorpus: TextCorpus,
    private readonly size: number,
    foldedAt: (position: number) => string,
  ) {
    const { baseHere, deltaHere } = maps
    // Views sharing the parts' arrays, reading texts through this version: the base is shared by every version on it.
    this.base = NgramIndex.fromParts(baseParts, (b) => (baseHere[b]! < 0 ? '' : foldedAt(baseHere[b]!)))
    this.delta = NgramIndex.fromParts(deltaParts, (k) => foldedAt(deltaHere[k]!))
    this.baseRuns = runsOf(baseHere)
  }

  /** Every match, as one exact set: each layer's, checked where its sets are not exact, mapped and merged. */
  lookup(folded: string): TextLookup {
    const known = this.recent.get(folded)
    if (known) return known
    const base = this.base.lookup(folded)
    if (folded === '') return base
    const fromDelta = this.matches(this.delta, this.delta.lookup(folded), this.maps.deltaHere)
    const bits = base.exact && base.sets.every((set) => set.words) ? this.mappedBits(base.sets) : undefined
    let set: PositionSet
    if (bits) {
      for (const p of fromDelta) bits[p >>> 5]! |= 1 << (p & 31)
      let count = 0
      for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) count += popcount(bits[w]!)
      set = { count, words: bits }
    } else set = setOfPositions(merge(this.matches(this.base, base, this.maps.baseHere), fromDelta), this.size)
    const found: TextLookup = { sets: [set], exact: true, needle: base.needle }
    if (this.recent.size >= RECENT_LOOKUPS) this.recent.delete(this.recent.keys().next().value!)
    this.recent.set(folded, found)
    return found
  }

  /** Bytes this version adds to its base: the maps and the delta (the base is counted once, by `baseBytes`). */
  get bytes(): number {
    return this.maps.baseHere.byteLength + this.maps.deltaHere.byteLength + this.baseRuns.byteLength + this.delta.bytes
  }

  get baseBytes(): number {
    return this.base.bytes
  }

  /** The base's folded texts, on which the next whole index is built. */
  get baseCorpus(): TextCorpus {
    return this.base.textCorpus
  }

  /** A layer's matches, in this version's positions. */
  private matches(layer: NgramIndex, { sets, exact, needle }: TextLookup, here: Int32Array): Int32Array {
    if (here.length === 0) return new Int32Array(0)
    const found = everyMatch(sets, here.length, exact ? undefined : layer, exact ? undefined : needle)
    const out = new Int32Array(found.length)
    let n = 0
    for (const p of found) if (here[p]! >= 0) out[n++] = here[p]!
    return out.subarray(0, n)
  }

  /**
   * The base's exact bitsets intersected and moved to this version's positions run by run, a word at a time: a common
   * word's matches (most of the reviews) are not mapped one by one.
   */
  private mappedBits(sets: PositionSet[]): Uint32Array {
    let words = sets[0]!.words!
    if (sets.length > 1) {
      words = words.slice()
      for (const set of sets.slice(1)) for (let w = 0; w < words.length; w++) words[w]! &= set.words![w]!
    }
    const out = new Uint32Array((this.size + 31) >>> 5)
    const runs = this.baseRuns
    for (let r = 0; r < runs.length; r += 3) copyBits(words, runs[r]!, out, runs[r + 1]!, runs[r + 2]!)
    return out
  }
}

/** Lookups a version keeps mapped. */
const RECENT_LOOKUPS = 16

/** A monotone map's runs of consecutive positions, as (from, to, length) triples; positions mapped to -1 are in none. */
export function runsOf(here: Int32Array): Int32Array {
  const runs: number[] = []
  for (let b = 0; b < here.length; ) {
    if (here[b]! < 0) {
      b++
      continue
    }
    const from = b
    while (b + 1 < here.length && here[b + 1] === here[b]! + 1) b++
    runs.push(from, here[from]!, b - from + 1)
    b++
  }
  return Int32Array.from(runs)
}

/** ORs `length` bits of `source` from bit `from` into `target` from bit `to`, up to 32 at a time. */
export function copyBits(source: Uint32Array, from: number, target: Uint32Array, to: number, length: number): void {
  for (let done = 0; done < length; ) {
    const s = from + done
    const t = to + done
    const sourceShift = s & 31
    const n = Math.min(32 - (t & 31), 32 - sourceShift, length - done)
    const bits = source[s >>> 5]! >>> sourceShift
    const mask = n === 32 ? 0xffffffff : (1 << n) - 1
    target[t >>> 5]! |= (bits & mask) << (t & 31)
    done += n
  }
}

/** Two ascending lists of distinct positions merged. */
function merge(a: Int32Array, b: Int32Array): Int32Array {
  if (!b.length) return a
  if (!a.length) return b
  const out = new Int32Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!
  while (i < a.length) out[k++] = a[i++]!
  while (j < b.length) out[k++] = b[j++]!
  return out
}

const shared = (length: number) => new Int32Array(new SharedArrayBuffer(Math.max(length, 1) * 4), 0, length)
