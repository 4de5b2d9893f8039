/**
 * Document-level n-gram index over folded review texts, positions in newest-first order.
 *
 * Every 1-, 2- and 3-code-unit gram of every text maps to the set of positions whose text contains it.
 * A query of up to three code units is answered exactly by one set, and so is a very common longer gram
 * (below) or a query that lies inside the context one of its trigrams has wherever it occurs (`contexts`);
 * any other query by the intersection of its rarest grams, a superset whose candidates the caller checks
 * with `retainContaining`. Sets holding more than 1/32 of the positions are bitsets (a word-wise AND counts
 * 32 positions per step), the rest sorted position lists, packed: the gaps between positions as variable-length
 * integers (one byte for a gap under 128), in blocks of LIST_BLOCK whose first positions are kept apart, so a probe
 * skips whole blocks (`PackedList`). The bitsets are rows of one buffer and the packed lists runs of another: no
 * object per gram. Code units outside the first MAX_ALPHABET seen
 * share one class, so grams that contain them are supersets too and are never reported exact. The folded
 * texts live in one byte array of alphabet ids: a check reads one contiguous run, not a string object, and
 * candidates are checked in batches whose texts are fetched together (`retainContaining`); a long text only
 * in the blocks its trigram filters allow.
 */
import { foldForSearch } from '../core/text'

const MAX_ALPHABET = 128
/** Intersecting more sets than this rarely removes a candidate the check would not. */
const MAX_TEXT_SETS = 6
/**
 * Grams of 4 to LONGEST_COMMON code units found in more than 1/VERY_COMMON of the texts also get an
 * exact set, built level by level from the very common grams one shorter: a query such as "the " or
 * " the " would otherwise check most texts one by one (about 100 ms at 1M reviews). A rarer query checks at
 * most as many candidates as the intersection of its rarest grams holds.
 */
const VERY_COMMON = 8
const LONGEST_COMMON = 8
/**
 * Texts longer than LONG_TEXT code units (a few percent of reviews, a third of the bytes) also keep, per block
 * of BLOCK code units, a 1024-bit filter of the trigrams that start in it: a check scans only the blocks where
 * every trigram of the needle may start, in that block or the next, instead of the whole text.
 */
const LONG_TEXT = 512
const BLOCK = 256
const FILTER_WORDS = 32
/** How far a trigram's shared context is followed each way: a query of up to 2 * CONTEXT_CAP + 3 code units can use it. */
const CONTEXT_CAP = 48

/** Positions per block of a packed list: a probe skips a block by its first position, and decodes at most this many. */
export const LIST_BLOCK = 32
/** What a cursor answers past the last position. */
export const END = 0x7fffffff

/** A set of positions: a bitset (bit p of word p >> 5), an ascending list, or an ascending list packed (`PackedList`). */
export type PositionSet =
  | { count: number; words: Uint32Array; list?: undefined; packed?: undefined }
  | { count: number; list: Int32Array; words?: undefined; packed?: undefined }
  | { count: number; packed: PackedList; words?: undefined; list?: undefined }

/**
 * An ascending list of positions, packed: in blocks of LIST_BLOCK, the first position of each block in `heads`, the
 * others as the gaps from the one before, variable-length (7 bits a byte, the high bit set on every byte but a gap's
 * last) from `starts[block]` in `bytes`. `first` is the list's first block in the shared arrays.
 */
export class PackedList {
  constructor(
    readonly count: number,
    private readonly bytes: Uint8Array,
    private readonly heads: Int32Array,
    private readonly starts: Uint32Array,
    private readonly first: number,
  ) {}

  /** Every position, decoded. */
  toArray(): Int32Array {
    const { bytes, heads, starts, first, count } = this
    const out = new Int32Array(count)
    let k = 0
    for (let b = 0; k < count; b++) {
      let value = heads[first + b]!
      out[k++] = value
      let at = starts[first + b]!
      for (let i = 1; i < LIST_BLOCK && k < count; i++) {
        let byte = bytes[at++]!
        let gap = byte & 127
        for (let shift = 7; byte & 128; shift += 7) {
          byte = bytes[at++]!
          gap |= (byte & 127) << shift
        }
        value += gap
        out[k++] = value
      }
    }
    return out
  }

  /** The first `n` positions (or all, when there are fewer). */
  firstPositions(n: number): number[] {
    const out: number[] = []
    const cursor = this.cursor()
    for (let target = 0; out.length < Math.min(n, this.count); ) {
      const value = cursor.seek(target)
      out.push(value)
      target = value + 1
    }
    return out
  }

  /** Whether `position` is in the list (a test's question: a search probes with `cursor`). */
  has(position: number): boolean {
    return this.cursor().seek(position) === position
  }

  /** A cursor that moves forward only, skipping whole blocks by their first positions. */
  cursor(): PackedCursor {
    return new PackedCursor(this.count, this.bytes, this.heads, this.starts, this.first)
  }
}

/** Reads a packed list forward: `seek(target)` answers the first position at or after `target` (END past the last). */
export class PackedCursor {
  private block = 0
  /** Index within the block of `value`. */
  private index = 0
  private value: number
  private at: number
  private readonly blocks: number

  constructor(
    private readonly count: number,
    private readonly bytes: Uint8Array,
    private readonly heads: Int32Array,
    private readonly starts: Uint32Array,
    private readonly first: number,
  ) {
    this.blocks = Math.ceil(count / LIST_BLOCK)
    this.value = count === 0 ? END : heads[first]!
    this.at = count === 0 ? 0 : starts[first]!
  }

  seek(target: number): number {
    if (this.value >= target) return this.value
    const heads = this.heads
    const first = this.first
    const last = this.blocks - 1
    if (this.block < last && heads[first + this.block + 1]! <= target) {
      // The last block whose first position is at most `target`: galloping, then a binary search.
      let lo = this.block + 1
      let hi = lo + 1
      let step = 2
      while (hi <= last && heads[first + hi]! <= target) {
        lo = hi
        hi += step
        step *= 2
      }
      hi = Math.min(hi, last + 1)
      while (lo + 1 < hi) {
        const mid = (lo + hi) >>> 1
        if (heads[first + mid]! <= target) lo = mid
        else hi = mid
      }
      this.block = lo
      this.index = 0
      this.value = heads[first + lo]!
      this.at = this.starts[first + lo]!
      if (this.value >= target) return this.value
    }
    const bytes = this.bytes
    const inBlock = Math.min(LIST_BLOCK, this.count - this.block * LIST_BLOCK)
    let value = this.value
    let at = this.at
    while (++this.index < inBlock) {
      let byte = bytes[at++]!
      let gap = byte & 127
      for (let shift = 7; byte & 128; shift += 7) {
        byte = bytes[at++]!
        gap |= (byte & 127) << shift
      }
      value += gap
      if (value >= target) {
        this.value = value
        this.at = at
        return value
      }
    }
    // Past this block: the next one starts after `target` (it would have been skipped to otherwise).
    if (this.block >= last) {
      this.value = END
      return END
    }
    this.block++
    this.index = 0
    this.value = heads[first + this.block]!
    this.at = this.starts[first + this.block]!
    return this.value
  }
}

/** Whether a set holds `position` (tests and checks; a search intersects sets without asking position by position). */
export function setHas(set: PositionSet, position: number): boolean {
  if (set.words) return ((set.words[position >>> 5]! >>> (position & 31)) & 1) === 1
  if (set.packed) return set.packed.has(position)
  return set.list.includes(position)
}

/** A set's positions, ascending, as a list. */
export function positionsOf(set: PositionSet): Int32Array {
  if (set.list) return set.list
  if (set.packed) return set.packed.toArray()
  const found: number[] = []
  set.words.forEach((word, w) => {
    for (let bits = word; bits !== 0; ) {
      const low = bits & -bits
      bits ^= low
      found.push((w << 5) | (31 - Math.clz32(low)))
    }
  })
  return Int32Array.from(found)
}

export type TextLookup = {
  /** Sets whose intersection contains every matching position. */
  sets: PositionSet[]
  /** True when the intersection is exactly the matches; otherwise candidates need `contains(position, needle)`. */
  exact: boolean
  needle: Needle
}

/** A folded query as alphabet ids; `lossy` when one of them is the shared overflow class. */
export type Needle = {
  ids: Uint8Array
  text: string
  lossy: boolean
  /** Index of the letter that occurs least often in the corpus: checks look for it first. */
  anchor: number
  /** Its trigrams' bits in a block filter as (word, mask) pairs; absent when it has none or is too long to use them. */
  trigramBits?: Int32Array
}

/** Candidates checked together: their texts are fetched from memory side by side rather than one miss after another. */
export const CHECK_BATCH = 16

const EMPTY: PositionSet = { count: 0, list: new Int32Array() }

/** The folded form of a review text; ASCII needs only lower-casing (NFD and mark removal leave it alone). */
export function foldText(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : foldForSearch(text)
}

export class NgramIndex {
  private readonly alphabet: Uint8Array
  private readonly base2: number
  private readonly base3: number
  private readonly counts: Int32Array
  /** The sparse grams' lists, packed (see PackedList): gram g's blocks are listBlocks[g] .. listBlocks[g + 1]. */
  private readonly listBlocks: Int32Array
  private readonly heads: Int32Array
  private readonly blockStarts: Uint32Array
  private readonly packed: Uint8Array
  /** The dense grams' bitsets: gram g's is row denseRows.get(g) of denseBits (one buffer, `words` words a row). */
  private readonly denseRows = new Map<number, number>()
  private readonly denseBits: Uint32Array
  /**
   * Very common grams by length: rows[3][trigram] is a very common trigram's row (or -1); for k > 3,
   * rows[k][row of its (k-1)-prefix * alphabet + last letter] is a very common k-gram's row, whose exact set is row
   * `row` of commonBits[k] (`words` words a row), holding commonCounts[k][row] positions. commonCounts[3] only counts
   * the very common trigrams (their sets are the trigrams' own).
   */
  private readonly rows: Int32Array[] = []
  private readonly commonCounts: Int32Array[] = []
  private readonly commonBits: Uint32Array[] = []
  /**
   * The context every occurrence of a trigram t shares: `contexts[2t]` is the corpus offset of its first
   * occurrence (-1: none), and every occurrence has the same (left = `contexts[2t + 1]` & 255) ids before it
   * and (right = `contexts[2t + 1]` >> 8) after it (each at most CONTEXT_CAP, never the overflow class). A longer
   * query inside that context is in exactly the texts that hold the trigram: one exact set, no text to check
   * (a phrase whose rarest trigram only ever occurs in it).
   */
  private readonly contexts: Int32Array
  /** Long texts only: the first of their block filters (FILTER_WORDS words each in `filters`), else -1. */
  private readonly firstBlock: Int32Array
  private readonly filters: Int32Array

  /**
   * Folded texts end to end as alphabet ids, one byte per code unit: text p is corpus[starts[p] .. starts[p + 1]).
   * Ids are exact except the overflow class 0, which a check confirms on the text itself (`foldedAt`).
   */
  private readonly corpus: Uint8Array
  /** The corpus four code units at a time (its length is padded to a multiple of 4), to look for a letter per word. */
  private readonly corpusWords: Uint32Array
  private readonly starts: Int32Array
  /** Loads that only bring texts into the cache accumulate here, so the compiler cannot drop them as unused. */
  private touched = 0
  /** Occurrences of each alphabet id in the corpus: a needle is anchored on its rarest letter. */
  private readonly occurrences = new Float64Array(MAX_ALPHABET)

  /**
   * `foldedAt(p)`: the folded text at position p; asked once per position while building (unless `prepared` gives the
   * texts as a corpus already, see `splicedCorpus`), and again only to confirm overflow-class matches.
   */
  constructor(
    size: number,
    private readonly foldedAt: (position: number) => string,
    prepared: TextCorpus = corpusOf(size, foldedAt),
  ) {
    this.alphabet = prepared.alphabet
    this.starts = prepared.starts
    this.corpus = prepared.corpus
    const length = prepared.starts[size]!
    const letters = prepared.letters
    this.corpusWords = new Uint32Array(this.corpus.buffer, 0, this.corpus.length >>> 2)
    const occurrences = this.occurrences
    const ids = this.corpus
    for (let i = 0; i < length; i++) occurrences[ids[i]!]!++
    const a = letters
    this.base2 = a
    this.base3 = a + a * a
    const space = this.base3 + a * a * a
    const counts = new Int32Array(space)
    const last = new Int32Array(space).fill(-1)
    // Pass 1: in how many texts each gram occurs.
    scanGrams(this.corpus, this.starts, a, last, (g) => counts[g]!++)
    const offsets = new Int32Array(space + 1)
    const words = (size + 31) >>> 5
    // Dense sets share one block of words: set k is denseBits[k * words .. (k + 1) * words).
    const denseIndex = new Int32Array(space).fill(-1)
    let denseCount = 0
    for (let g = 0; g < space; g++) {
      const dense = counts[g]! * 32 > size
      if (dense) {
        denseIndex[g] = denseCount
        this.denseRows.set(g, denseCount++)
      }
      offsets[g + 1] = offsets[g]! + (dense ? 0 : counts[g]!)
    }
    const denseBits = new Uint32Array(denseCount * words)
    // Pass 2: fill lists and bitsets (positions arrive in ascending order). The lists are packed afterwards.
    const postings = new Int32Array(offsets[space]!)
    const cursor = offsets.slice(0, space)
    last.fill(-1)
    scanGrams(this.corpus, this.starts, a, last, (g, p) => {
      const k = denseIndex[g]!
      if (k >= 0) denseBits[k * words + (p >>> 5)]! |= 1 << (p & 31)
      else postings[cursor[g]!++] = p
    })
    this.counts = counts
    this.denseBits = denseBits
    const packed = packLists(postings, offsets)
    this.listBlocks = packed.listBlocks
    this.heads = packed.heads
    this.blockStarts = packed.blockStarts
    this.packed = packed.bytes
    this.rows[3] = new Int32Array(a * a * a).fill(-1)
    let commonTrigrams = 0
    for (let t = 0; t < a * a * a; t++) {
      if (counts[this.base3 + t]! * VERY_COMMON > size) this.rows[3][t] = commonTrigrams++
    }
    this.commonCounts[3] = new Int32Array(commonTrigrams)
    this.indexCommonGrams()
    this.contexts = new Int32Array(2 * a * a * a).fill(-1)
    this.indexContexts()
    let blocks = 0
    this.firstBlock = new Int32Array(size).fill(-1)
    for (let p = 0; p < size; p++) {
      const length = this.starts[p + 1]! - this.starts[p]!
      if (length <= LONG_TEXT) continue
      this.firstBlock[p] = blocks
      blocks += Math.ceil(length / BLOCK)
    }
    this.filters = new Int32Array(blocks * FILTER_WORDS)
    this.indexLongTexts()
  }

  /**
   * One pass per length k from 4: counts the k-grams whose (k-1)-prefix is very common while filling the
   * sets of the (k-1)-grams kept by the previous pass. Stops when a length has no very common gram.
   */
  private indexCommonGrams(): void {
    const a = this.base2
    const size = this.starts.length - 1
    const words = (size + 31) >>> 5
    const corpus = this.corpus
    const rowsAt = this.rows
    const trigramRows = rowsAt[3]!
    // rows of the very common grams ending at the previous / current code unit, by length (3..depth valid:
    // a k-gram is only very common when its (k-1)-prefix is, so the valid lengths are contiguous).
    let previous = new Int32Array(LONGEST_COMMON + 2)
    let current = new Int32Array(LONGEST_COMMON + 2)
    for (let k = 4; k <= LONGEST_COMMON + 1; k++) {
      const counting = k <= LONGEST_COMMON && this.commonCounts[k - 1]!.length > 0
      const filling = k - 1 >= 4 && this.commonCounts[k - 1]!.length > 0
      if (!counting && !filling) return
      const slots = counting ? this.commonCounts[k - 1]!.length * a : 0
      const counts = new Int32Array(slots)
      const lastCounted = new Int32Array(slots).fill(-1)
      const fillBits = filling ? this.commonBits[k - 1]! : new Uint32Array(0)
      for (let p = 0; p < size; p++) {
        const start = this.starts[p]!
        const end = this.starts[p + 1]!
        const word = p >>> 5
        const bit = 1 << (p & 31)
        let before = 0
        let previousId = 0
        let depth = 0 // longest valid length at the previous code unit (0: none)
        for (let i = start; i < end; i++) {
          const id = corpus[i]!
          const trigram = (before * a + previousId) * a + id
          before = previousId
          previousId = id
          let reached = 0
          if (i >= start + 2) {
            const row3 = trigramRows[trigram]!
            if (row3 >= 0) {
              current[3] = row3
              reached = 3
            }
          }
          // Lengths 4 .. k-1 extend the previous code unit's grams; length k is only counted. A gram whose
          // trigram suffix is not very common is not either (it is in no more texts than its suffix).
          if (reached === 3) {
            for (let level = 4; level <= depth + 1 && level <= k; level++) {
              const slot = previous[level - 1]! * a + id
              if (level === k) {
                if (counting && lastCounted[slot] !== p) {
                  lastCounted[slot] = p
                  counts[slot]!++
                }
                break
              }
              const row = rowsAt[level]![slot]!
              if (row < 0) break
              current[level] = row
              reached = level
              if (level === k - 1 && filling) fillBits[row * words + word]! |= bit
            }
          }
          const swap = previous
          previous = current
          current = swap
          depth = reached
        }
      }
      if (!counting) return
      const rows = new Int32Array(slots).fill(-1)
      const kept: number[] = []
      for (let slot = 0; slot < slots; slot++) {
        if (counts[slot]! * VERY_COMMON > size) rows[slot] = kept.push(counts[slot]!) - 1
      }
      rowsAt[k] = rows
      this.commonCounts[k] = Int32Array.from(kept)
      this.commonBits[k] = new Uint32Array(kept.length * words)
    }
  }

  /**
   * One pass over every trigram occurrence, narrowing its trigram's shared context to what this occurrence
   * has too. `contexts[2t]` is the first occurrence, `contexts[2t + 1]` left | right << 8 (side by side: one
   * cache line per occurrence).
   */
  private indexContexts(): void {
    const a = this.base2
    const corpus = this.corpus
    const contexts = this.contexts
    for (let p = 0; p + 1 < this.starts.length; p++) {
      const start = this.starts[p]!
      const end = this.starts[p + 1]!
      for (let i = start; i + 3 <= end; i++) {
        const t = 2 * ((corpus[i]! * a + corpus[i + 1]!) * a + corpus[i + 2]!)
        const first = contexts[t]!
        if (first < 0) {
          let l = 0
          while (l < CONTEXT_CAP && i - l - 1 >= start && corpus[i - l - 1] !== 0) l++
          let r = 0
          while (r < CONTEXT_CAP && i + 3 + r < end && corpus[i + 3 + r] !== 0) r++
          contexts[t] = i
          contexts[t + 1] = l | (r << 8)
          continue
        }
        // Most trigrams lose their context within a few occurrences. The first occurrence's context holds no
        // overflow-class id, so equal ids here are equal code units.
        const extent = contexts[t + 1]!
        if (extent === 0) continue
        const leftBefore = extent & 255
        const rightBefore = extent >>> 8
        let l = 0
        while (l < leftBefore && i - l - 1 >= start && corpus[i - l - 1] === corpus[first - l - 1]) l++
        let r = 0
        while (r < rightBefore && i + 3 + r < end && corpus[i + 3 + r] === corpus[first + 3 + r]) r++
        contexts[t + 1] = l | (r << 8)
      }
    }
  }

  /** Sets, in each long text's block filters, the bit of every trigram that starts in the block. */
  private indexLongTexts(): void {
    const a = this.base2
    const corpus = this.corpus
    const filters = this.filters
    for (let p = 0; p < this.firstBlock.length; p++) {
      if (this.firstBlock[p]! < 0) continue
      const start = this.starts[p]!
      const end = this.starts[p + 1]!
      for (let i = start; i + 3 <= end; i++) {
        const bit = trigramBit((corpus[i]! * a + corpus[i + 1]!) * a + corpus[i + 2]!)
        filters[(this.firstBlock[p]! + Math.floor((i - start) / BLOCK)) * FILTER_WORDS + (bit >>> 5)]! |= 1 << (bit & 31)
      }
    }
  }

  /**
   * The index's data as plain typed arrays and maps, for another thread: `transfer` lists every buffer, so
   * posting the parts moves them instead of copying (see `NgramIndex.fromParts`).
   */
  toParts(): { parts: NgramIndexParts; transfer: ArrayBuffer[] } {
    const parts = this.parts()
    return { parts, transfer: buffersOf(parts) }
  }

  /** The index's data (see `toParts`), without walking it for the buffers to transfer: for a caller that keeps it here. */
  parts(): NgramIndexParts {
    const { foldedAt: _foldedAt, ...parts } = this as unknown as Record<string, unknown>
    return parts as NgramIndexParts
  }

  /** An index from `toParts()` (posted from another thread), reading folded texts through `foldedAt`. */
  static fromParts(parts: NgramIndexParts, foldedAt: (position: number) => string): NgramIndex {
    return Object.assign(Object.create(NgramIndex.prototype) as NgramIndex, parts, { foldedAt })
  }

  /** The folded texts as ids, for the next version's corpus (`splicedCorpus`). */
  get textCorpus(): TextCorpus {
    return { corpus: this.corpus, starts: this.starts, alphabet: this.alphabet, letters: this.base2 }
  }

  /** Bytes held by the index (lists, bitsets, counts, offsets, trigram contexts, block filters and the corpus). */
  get bytes(): number {
    let common = 0
    for (const bits of this.commonBits) common += bits?.byteLength ?? 0
    for (const counts of this.commonCounts) common += counts?.byteLength ?? 0
    for (const rows of this.rows) common += rows?.byteLength ?? 0
    return (
      this.packed.byteLength +
      this.heads.byteLength +
      this.blockStarts.byteLength +
      this.listBlocks.byteLength +
      this.denseBits.byteLength +
      common +
      this.counts.byteLength +
      this.alphabet.byteLength +
      this.occurrences.byteLength +
      this.contexts.byteLength +
      this.firstBlock.byteLength +
      this.filters.byteLength +
      this.corpusBytes
    )
  }

  /** Bytes of the folded texts kept for checking candidates (counted in `bytes`). */
  get corpusBytes(): number {
    return this.corpus.byteLength + this.starts.byteLength
  }

  /** Whether the folded text at `position` contains the needle (a candidate's check). */
  contains(position: number, needle: Needle): boolean {
    if (needle.ids.length === 0) return true
    return this.textHas(position, needle) && (!needle.lossy || this.foldedAt(position).includes(needle.text))
  }

  /**
   * Keeps in `candidates[0, count)` the positions whose text contains the needle, in the same order, and
   * returns how many there are. With candidates in ascending order the texts are read in corpus order,
   * and each batch's texts are touched before they are checked so their cache misses overlap.
   */
  retainContaining(candidates: Int32Array, count: number, needle: Needle): number {
    if (needle.ids.length === 0) return count
    const corpus = this.corpus
    const starts = this.starts
    let kept = 0
    for (let from = 0; from < count; from += CHECK_BATCH) {
      const to = Math.min(count, from + CHECK_BATCH)
      let loaded = 0
      for (let i = from; i < to; i++) {
        const position = candidates[i]!
        const end = starts[position + 1]!
        const start = starts[position]!
        // A long text is checked through its block filters first: fetching all of it would be wasted.
        if (end - start > LONG_TEXT) continue
        for (let at = start; at < end; at += 64) loaded |= corpus[at]!
        if (end > start) loaded |= corpus[end - 1]!
      }
      this.touched |= loaded
      for (let i = from; i < to; i++) {
        const position = candidates[i]!
        if (!this.textHas(position, needle)) continue
        // Ids match; with an overflow-class id among them, so might other code units: ask the text.
        if (needle.lossy && !this.foldedAt(position).includes(needle.text)) continue
        candidates[kept++] = position
      }
    }
    return kept
  }

  /** Whether the ids of the text at `position` hold the needle's; a long text only where its block filters allow. */
  private textHas(position: number, needle: Needle): boolean {
    const start = this.starts[position]!
    const end = this.starts[position + 1]!
    const first = this.firstBlock[position]!
    const bits = needle.trigramBits
    if (first < 0 || !bits) return this.textContains(start, end, needle)
    const filters = this.filters
    const blocks = Math.ceil((end - start) / BLOCK)
    for (let b = 0; b < blocks; b++) {
      // An occurrence starting in block b has its trigrams start in block b or b + 1.
      const here = (first + b) * FILTER_WORDS
      const next = b + 1 < blocks ? here + FILTER_WORDS : here
      let possible = true
      for (let k = 0; k < bits.length && possible; k += 2)
        possible = ((filters[here + bits[k]!]! | filters[next + bits[k]!]!) & bits[k + 1]!) !== 0
      if (!possible) continue
      const from = start + b * BLOCK
      if (this.textContains(from, Math.min(end, from + BLOCK + needle.ids.length - 1), needle)) return true
    }
    return false
  }

  /**
   * Whether corpus[start, end) holds the needle's ids: finds the anchor letter four code units per step
   * (a word whose byte equals it has a zero byte once XORed with the letter repeated), then compares.
   */
  private textContains(start: number, end: number, needle: Needle): boolean {
    const { ids, anchor } = needle
    const m = ids.length
    const first = start + anchor
    const last = end - m + anchor
    if (last < first) return false
    const corpus = this.corpus
    const words = this.corpusWords
    const repeated = Math.imul(ids[anchor]!, 0x01010101)
    for (let w = first >>> 2, lastWord = last >>> 2; w <= lastWord; w++) {
      const x = words[w]! ^ repeated
      // A set high bit for every zero byte (and possibly for a byte above one: the comparison below rejects those).
      let hits = (x - 0x01010101) & ~x & 0x80808080
      while (hits !== 0) {
        const low = hits & -hits
        hits ^= low
        const at = (w << 2) | ((31 - Math.clz32(low)) >>> 3)
        if (at < first || at > last) continue
        const from = at - anchor
        let k = 0
        while (k < m && corpus[from + k] === ids[k]) k++
        if (k === m) return true
      }
    }
    return false
  }

  /** The sets for a folded query; none for '' (every text contains it). */
  lookup(folded: string): TextLookup {
    const ids = new Uint8Array(folded.length)
    for (let i = 0; i < folded.length; i++) ids[i] = this.alphabet[folded.charCodeAt(i)]!
    let anchor = 0
    for (let i = 1; i < ids.length; i++) if (this.occurrences[ids[i]!]! < this.occurrences[ids[anchor]!]!) anchor = i
    const needle: Needle = { ids, anchor, text: folded, lossy: ids.includes(0), trigramBits: this.trigramBitsOf(ids) }
    const exact = !needle.lossy
    if (folded === '') return { sets: [], exact: true, needle }
    if (ids.length <= 3) return { sets: [this.set(this.gramId(ids, 0, ids.length))], exact, needle }
    const inContext = exact ? this.trigramWithContext(ids) : -1
    if (inContext >= 0) return { sets: [this.set(this.gramId(ids, inContext, 3))], exact: true, needle }
    const grams = new Set<number>()
    for (let i = 0; i + 3 <= ids.length; i++) grams.add(this.gramId(ids, i, 3))
    const sets = [...grams].map((g) => this.set(g))
    // From each start, the longest very common gram there: exact if it is the whole query.
    for (let i = 0; i + 4 <= ids.length; i++) {
      const { set, length } = this.longestCommon(ids, i)
      if (set && length === ids.length && exact) return { sets: [set], exact: true, needle }
      if (set) sets.push(set)
    }
    sets.sort((x, y) => x.count - y.count)
    return { sets: sets.slice(0, MAX_TEXT_SETS), exact: false, needle }
  }

  /** The needle's trigrams as (filter word, mask) pairs, for needles of 3 to BLOCK + 2 code units. */
  private trigramBitsOf(ids: Uint8Array): Int32Array | undefined {
    const m = ids.length
    if (m < 3 || m - 3 >= BLOCK) return undefined
    const a = this.base2
    const pairs: number[] = []
    for (let i = 0; i + 3 <= m; i++) {
      const bit = trigramBit((ids[i]! * a + ids[i + 1]!) * a + ids[i + 2]!)
      pairs.push(bit >>> 5, 1 << (bit & 31))
    }
    return Int32Array.from(pairs)
  }

  /** The offset in the query of a trigram whose shared context holds the whole query, or -1. */
  private trigramWithContext(ids: Uint8Array): number {
    const a = this.base2
    const m = ids.length
    const corpus = this.corpus
    for (let j = 0; j + 3 <= m; j++) {
      const t = 2 * ((ids[j]! * a + ids[j + 1]!) * a + ids[j + 2]!)
      const first = this.contexts[t]!
      const extent = this.contexts[t + 1]!
      if (first < 0 || j > (extent & 255) || m - j - 3 > extent >>> 8) continue
      let k = 0
      while (k < m && corpus[first - j + k] === ids[k]) k++
      if (k === m) return j
    }
    return -1
  }

  /** The longest very common gram of 4+ code units starting at `from`, if any. */
  private longestCommon(ids: Uint8Array, from: number): { set?: PositionSet; length: number } {
    const a = this.base2
    let row = this.rows[3]![(ids[from]! * a + ids[from + 1]!) * a + ids[from + 2]!]!
    let found: { set?: PositionSet; length: number } = { length: 0 }
    const words = (this.starts.length - 1 + 31) >>> 5
    for (let k = 4; row >= 0 && from + k <= ids.length && this.rows[k]; k++) {
      row = this.rows[k]![row * a + ids[from + k - 1]!]!
      if (row >= 0)
        found = {
          set: { count: this.commonCounts[k]![row]!, words: this.commonBits[k]!.subarray(row * words, (row + 1) * words) },
          length: k,
        }
    }
    return found
  }

  private gramId(ids: Uint8Array, from: number, length: number): number {
    const a = this.base2
    if (length === 1) return ids[from]!
    if (length === 2) return this.base2 + ids[from]! * a + ids[from + 1]!
    return this.base3 + (ids[from]! * a + ids[from + 1]!) * a + ids[from + 2]!
  }

  private set(g: number): PositionSet {
    const count = this.counts[g] ?? 0
    if (count === 0) return EMPTY
    const row = this.denseRows.get(g)
    if (row !== undefined) {
      const words = (this.starts.length - 1 + 31) >>> 5
      return { count, words: this.denseBits.subarray(row * words, (row + 1) * words) }
    }
    return { count, packed: new PackedList(count, this.packed, this.heads, this.blockStarts, this.listBlocks[g]!) }
  }
}

/** An NgramIndex's fields (typed arrays, maps of them, numbers), as `toParts` gives them. */
export type NgramIndexParts = Record<string, unknown>

/** Every distinct ArrayBuffer under `value` (typed arrays in objects, arrays and maps), to transfer rather than copy. */
export function buffersOf(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer)
  } else if (value instanceof Map) {
    for (const item of value.values()) buffersOf(item, found)
  } else if (Array.isArray(value)) {
    for (const item of value) buffersOf(item, found)
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) buffersOf(item, found)
  }
  return [...found]
}

/**
 * The lists `postings[offsets[g] .. offsets[g + 1])` packed (see PackedList): per list, its blocks' first positions in
 * `heads` and where each block's gaps start in `bytes`; list g's blocks are listBlocks[g] .. listBlocks[g + 1].
 */
export function packLists(
  postings: Int32Array,
  offsets: Int32Array,
): { listBlocks: Int32Array; heads: Int32Array; blockStarts: Uint32Array; bytes: Uint8Array } {
  const lists = offsets.length - 1
  const listBlocks = new Int32Array(lists + 1)
  for (let g = 0; g < lists; g++) listBlocks[g + 1] = listBlocks[g]! + Math.ceil((offsets[g + 1]! - offsets[g]!) / LIST_BLOCK)
  const blocks = listBlocks[lists]!
  const heads = new Int32Array(blocks)
  const blockStarts = new Uint32Array(blocks + 1)
  // Sized first (a gap takes a byte per 7 bits), then written.
  let length = 0
  for (let g = 0; g < lists; g++) {
    for (let i = offsets[g]!, k = 0; i < offsets[g + 1]!; i++, k++) {
      if (k % LIST_BLOCK === 0) continue
      const gap = postings[i]! - postings[i - 1]!
      length += gap < 1 << 7 ? 1 : gap < 1 << 14 ? 2 : gap < 1 << 21 ? 3 : gap < 1 << 28 ? 4 : 5
    }
  }
  const bytes = new Uint8Array(length)
  let at = 0
  for (let g = 0; g < lists; g++) {
    let block = listBlocks[g]!
    for (let i = offsets[g]!, k = 0; i < offsets[g + 1]!; i++, k++) {
      if (k % LIST_BLOCK === 0) {
        heads[block] = postings[i]!
        blockStarts[block++] = at
        continue
      }
      let gap = postings[i]! - postings[i - 1]!
      while (gap >= 128) {
        bytes[at++] = (gap & 127) | 128
        gap >>>= 7
      }
      bytes[at++] = gap
    }
  }
  blockStarts[blocks] = at
  return { listBlocks, heads, blockStarts, bytes }
}

/** A trigram's bit in a block filter (FILTER_WORDS * 32 = 1024 bits). */
function trigramBit(trigram: number): number {
  return Math.imul(trigram, 0x9e3779b1) >>> 22
}

/**
 * Calls `first(gram, position)` once per distinct 1-, 2- and 3-gram of each text, `last` remembering the
 * last position each gram was seen at (one flat loop: this runs over every code unit, twice).
 */
function scanGrams(
  corpus: Uint8Array,
  starts: Int32Array,
  a: number,
  last: Int32Array,
  first: (gram: number, position: number) => void,
): void {
  const base3 = a + a * a
  for (let p = 0; p < starts.length - 1; p++) {
    const start = starts[p]!
    const end = starts[p + 1]!
    let before = 0
    let previous = 0
    for (let i = start; i < end; i++) {
      const id = corpus[i]!
      if (last[id] !== p) {
        last[id] = p
        first(id, p)
      }
      if (i > start) {
        const g2 = a + previous * a + id
        if (last[g2] !== p) {
          last[g2] = p
          first(g2, p)
        }
        if (i > start + 1) {
          const g3 = base3 + (before * a + previous) * a + id
          if (last[g3] !== p) {
            last[g3] = p
            first(g3, p)
          }
        }
      }
      before = previous
      previous = id
    }
  }
}

/**
 * Folded texts as alphabet ids, end to end (`corpus`, padded to a multiple of 4; text p is corpus[starts[p] ..
 * starts[p + 1])), the alphabet (code unit -> id; 0 is the overflow class) and how many ids it gives out. In shared
 * memory: a served index's corpus is read by the next build where it is (`splicedCorpus`), never copied.
 */
export type TextCorpus = { corpus: Uint8Array; starts: Int32Array; alphabet: Uint8Array; letters: number }

/** The corpus of `size` folded texts; ids in order of first appearance, past MAX_ALPHABET the overflow class. */
export function corpusOf(size: number, foldedAt: (position: number) => string): TextCorpus {
  const starts = new Int32Array(new SharedArrayBuffer((size + 1) * 4))
  let corpus = new Uint8Array(1 << 16)
  let length = 0
  const alphabet = new Uint8Array(new SharedArrayBuffer(65536))
  // Alphabet ids in order of first appearance; 0 is every code unit past the cap (and any never seen).
  let letters = 1
  for (let p = 0; p < size; p++) {
    const text = foldedAt(p)
    if (length + text.length > corpus.length) {
      const bigger = new Uint8Array(Math.max(length + text.length, corpus.length * 2))
      bigger.set(corpus)
      corpus = bigger
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (alphabet[c] === 0 && letters < MAX_ALPHABET) alphabet[c] = letters++
      corpus[length + i] = alphabet[c]!
    }
    length += text.length
    starts[p + 1] = length
  }
  // Padding (id 0, past every text's end) lets the last text be read a word at a time.
  const padded = new Uint8Array(new SharedArrayBuffer((length + 3) & ~3))
  padded.set(corpus.subarray(0, length))
  return { corpus: padded, starts, alphabet, letters }
}

/**
 * The corpus of a new version from the served index's (`previous`): text i is the previous text at `reuse[i]` (its ids
 * copied, runs of consecutive texts at once), or when that is -1, `foldedAt(i)` (ids from the previous alphabet, which
 * gives a letter it has not seen the next id while there is one). The ids differ from the ones a build over every text
 * would give, never what a search answers: an id names one code unit, or the overflow class whose matches are checked
 * on the text itself.
 */
export function splicedCorpus(previous: TextCorpus, reuse: Int32Array, foldedAt: (position: number) => string): TextCorpus {
  const size = reuse.length
  const alphabet = new Uint8Array(new SharedArrayBuffer(65536))
  alphabet.set(previous.alphabet)
  let letters = previous.letters
  const texts = new Map<number, string>()
  let length = 0
  for (let i = 0; i < size; i++) {
    const j = reuse[i]!
    if (j >= 0) length += previous.starts[j + 1]! - previous.starts[j]!
    else {
      const text = foldedAt(i)
      texts.set(i, text)
      length += text.length
    }
  }
  const corpus = new Uint8Array(new SharedArrayBuffer((length + 3) & ~3))
  const starts = new Int32Array(new SharedArrayBuffer((size + 1) * 4))
  let at = 0
  for (let i = 0; i < size; ) {
    const first = reuse[i]!
    if (first < 0) {
      const text = texts.get(i)!
      for (let k = 0; k < text.length; k++) {
        const c = text.charCodeAt(k)
        if (alphabet[c] === 0 && letters < MAX_ALPHABET) alphabet[c] = letters++
        corpus[at + k] = alphabet[c]!
      }
      at += text.length
      starts[++i] = at
      continue
    }
    let j = first
    const shift = at - previous.starts[first]!
    for (;;) {
      starts[++i] = previous.starts[j + 1]! + shift
      if (i >= size || reuse[i] !== j + 1) break
      j++
    }
    corpus.set(previous.corpus.subarray(previous.starts[first]!, previous.starts[j + 1]!), at)
    at = starts[i]!
  }
  return { corpus, starts, alphabet, letters }
}
