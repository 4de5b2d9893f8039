/**
 * In-memory search index over one snapshot's published reviews, positions in newest-first order.
 * Every filter is a set of positions (bitset or sorted list, see NgramIndex): a date range is a binary
 * search, ratings are bitsets, mentions are lists, text is the n-gram index. The smallest list drives
 * and the others are probed; with only bitsets, a word-wise AND counts 32 positions per step. Work
 * follows the rarest filter, not the dataset, and `total` stays exact.
 */
import type { Review } from './schema'
import { technicianKeys } from './repository'
import { ReviewColumns, type ReviewColumnParts } from './columns'
import {
  buffersOf,
  corpusOf,
  foldText,
  NgramIndex,
  type NgramIndexParts,
  type Needle,
  type PositionSet,
  positionsOf,
  type TextCorpus,
} from './ngram-index'
import { matchSets, setOfPositions } from './position-sets'
import { LayeredText, type ServedTextLayers, type TextLayerMaps } from './text-layers'

/**
 * Between a review's text and its translation in the text `query` reads: review texts never hold it (they are
 * sanitised, no control characters), and a query that holds it matches nothing, so no match spans the two.
 */
const TRANSLATION_SEPARATOR = '\u0000'

/** What `query` reads: the review's text and the translation its source supplied, folded (one text basis, CONTRACT.md). */
export function searchableText(review: Pick<Review, 'text' | 'translation'>): string {
  const folded = foldText(review.text)
  const translation = review.translation?.text
  return translation ? `${folded}${TRANSLATION_SEPARATOR}${foldText(translation)}` : folded
}

/** From this many reviews the text index is built with the snapshot; below, on the first text query. */
const EAGER_TEXT_INDEX_FROM = 20_000

export type IndexFilters = {
  rating?: number
  min_rating?: number
  since?: string
  until?: string
  technicianKey?: string
  serviceKey?: string
  /** Primary language subtag, lower case ("pt" for pt-BR). */
  languageKey?: string
  /** Service area, lower case. */
  areaKey?: string
  /** Folded text query: a case- and accent-insensitive substring of the review text. */
  text?: string
  /** Only these positions (ascending): the reviews an insights figure counts (aspect, sentiment, topic). */
  within?: PositionSet
  limit: number
}

const EMPTY: PositionSet = { count: 0, list: new Int32Array() }

/** A SearchIndex's sets as plain data (typed arrays and maps), built on another thread and posted with its buffers transferred. */
export type SearchIndexParts = {
  technicians: Map<string, PositionSet>
  services: Map<string, PositionSet>
  ratingIs: PositionSet[]
  ratingAtLeast: PositionSet[]
  languages: Map<string, PositionSet>
  areas: Map<string, PositionSet>
  /** The reviews' columns (shared memory): what filters, sorting and statistics read beside the sets. */
  columns: ReviewColumnParts
  /** Absent when the text index is posted on its own, later (see `adoptTextIndex`). */
  ngrams?: NgramIndexParts
  textIndexMs: number
}

/** A text index built on another thread: whole, or in layers on an earlier version's whole one (`base`). */
export type TextIndexParts =
  | { whole: NgramIndexParts }
  | { layers: { base: NgramIndexParts; delta: NgramIndexParts; maps: TextLayerMaps; deltaCorpus: TextCorpus } }

export class SearchIndex {
  readonly columns: ReviewColumns
  private readonly technicians = new Map<string, PositionSet>()
  private readonly services = new Map<string, PositionSet>()
  private readonly languages = new Map<string, PositionSet>()
  private readonly areas = new Map<string, PositionSet>()
  /** ratingIs[r]: positions rated r; ratingAtLeast[r]: rated r or more. */
  private readonly ratingIs: PositionSet[] = []
  private readonly ratingAtLeast: PositionSet[] = []
  /** Whole, or in layers on an earlier version's whole one (text-layers.ts). */
  private ngrams?: NgramIndex | LayeredText
  /** A review by position: the text index reads its text (when it is built here, and to confirm rare matches). */
  private readonly reviewAt: (position: number) => Review

  /**
   * Over `reviews` (kept for their texts unless `options.reviewAt` reads them elsewhere) or over columns
   * (`options.reviewAt` then required). `rowids` is no longer used; accepted so callers need not change.
   * `deferText`: leave the text index for later whatever the size (a builder posts it on its own).
   */
  constructor(
    source: readonly Review[] | ReviewColumns,
    _rowids?: number[],
    options: { deferText?: boolean; reviewAt?: (position: number) => Review } = {},
  ) {
    const columns = source instanceof ReviewColumns ? source : ReviewColumns.of(source)
    if (options.reviewAt) this.reviewAt = options.reviewAt
    else if (source instanceof ReviewColumns) throw new Error('an index over columns needs `reviewAt`')
    else this.reviewAt = (p) => source[p]!
    this.columns = columns
    const size = columns.length
    const words = (size + 31) >>> 5
    for (let r = 1; r <= 5; r++) {
      this.ratingIs[r] = { count: 0, words: new Uint32Array(words) }
      this.ratingAtLeast[r] = { count: 0, words: new Uint32Array(words) }
    }
    // Each dictionary word's keys, worked out once: a word names many reviews.
    const keysOf = <T>(make: (word: string) => T) => {
      const made = new Map<number, T>()
      return (id: number): T => {
        let keys = made.get(id)
        if (keys === undefined) made.set(id, (keys = make(columns.words[id]!)))
        return keys
      }
    }
    const technicianKeysOf = keysOf(technicianKeys)
    const lower = keysOf((word) => word.toLowerCase())
    const languageKeyOf = keysOf(languageKey)
    const technicians = new Map<string, number[]>()
    const services = new Map<string, number[]>()
    const languages = new Map<string, number[]>()
    const areas = new Map<string, number[]>()
    const add = (map: Map<string, number[]>, key: string, position: number) => {
      const list = map.get(key)
      if (!list) map.set(key, [position])
      else if (list[list.length - 1] !== position) list.push(position)
    }
    const { ratings, languages: languageIds, areas: areaIds } = columns.parts
    for (let position = 0; position < size; position++) {
      const bit = 1 << (position & 31)
      const word = position >>> 5
      const rating = ratings[position]!
      const is = this.ratingIs[rating]!
      is.words![word]! |= bit
      is.count++
      for (let r = 1; r <= rating; r++) {
        this.ratingAtLeast[r]!.words![word]! |= bit
        this.ratingAtLeast[r]!.count++
      }
      for (const id of columns.technicianIds(position)) for (const key of technicianKeysOf(id)) add(technicians, key, position)
      for (const id of columns.serviceIds(position)) add(services, lower(id), position)
      if (languageIds[position] !== 0) add(languages, languageKeyOf(languageIds[position]!), position)
      if (areaIds[position] !== 0) add(areas, lower(areaIds[position]!), position)
    }
    for (const [key, list] of technicians) this.technicians.set(key, setOfPositions(list, size))
    for (const [key, list] of services) this.services.set(key, setOfPositions(list, size))
    for (const [key, list] of languages) this.languages.set(key, setOfPositions(list, size))
    for (const [key, list] of areas) this.areas.set(key, setOfPositions(list, size))
    if (size >= EAGER_TEXT_INDEX_FROM && !options.deferText) this.textIndex()
  }

  /**
   * Every set, for posting to another thread; with `withText`, the text index too (built now if it was not),
   * else it can follow on its own (`textIndexParts`).
   */
  toParts(withText = true): { parts: SearchIndexParts; transfer: ArrayBuffer[] } {
    const ngrams = withText ? this.wholeTextIndex().toParts() : undefined
    const parts: SearchIndexParts = {
      technicians: this.technicians,
      services: this.services,
      ratingIs: this.ratingIs,
      ratingAtLeast: this.ratingAtLeast,
      languages: this.languages,
      areas: this.areas,
      columns: this.columns.parts,
      ngrams: ngrams?.parts,
      textIndexMs: this.textIndexMs,
    }
    const sets = buffersOf([parts.technicians, parts.services, parts.ratingIs, parts.ratingAtLeast, parts.languages, parts.areas])
    return { parts, transfer: [...new Set([...sets, ...(ngrams?.transfer ?? [])])] }
  }

  /** The text index alone (built now if it was not), for posting after the rest. */
  textIndexParts(afterTexts?: () => void): { parts: NgramIndexParts; ms: number; transfer: ArrayBuffer[] } {
    const { parts, transfer } = this.wholeTextIndex(afterTexts).toParts()
    return { parts, ms: this.textIndexMs, transfer }
  }

  /**
   * Adopts a text index built elsewhere over the same reviews, unless one was built here meanwhile: whole, or in
   * layers (text-layers.ts) on the whole index of an earlier version, shared with it.
   */
  adoptTextIndex(text: TextIndexParts, ms: number): void {
    if (this.ngrams) return
    const foldedAt = (p: number) => searchableText(this.reviewAt(p))
    if ('whole' in text) this.ngrams = NgramIndex.fromParts(text.whole, foldedAt)
    else {
      const { base, delta, maps, deltaCorpus } = text.layers
      this.ngrams = new LayeredText(base, delta, maps, deltaCorpus, this.columns.length, foldedAt)
    }
    this.textIndexMs = ms
  }

  /**
   * The index whose sets (and columns) were built elsewhere (`toParts` over the same reviews, in the same order); its
   * text index reads a review's text through `reviewAt` (or the reviews given).
   */
  static fromParts(reviewAt: readonly Review[] | ((position: number) => Review), parts: SearchIndexParts): SearchIndex {
    const index = Object.create(SearchIndex.prototype) as SearchIndex
    const fields = index as unknown as Record<string, unknown>
    const read = typeof reviewAt === 'function' ? reviewAt : (p: number) => reviewAt[p]!
    fields.reviewAt = read
    fields.columns = new ReviewColumns(parts.columns)
    fields.technicians = parts.technicians
    fields.services = parts.services
    fields.ratingIs = parts.ratingIs
    fields.ratingAtLeast = parts.ratingAtLeast
    fields.languages = parts.languages
    fields.areas = parts.areas
    fields.textIndexMs = parts.textIndexMs
    if (parts.ngrams) fields.ngrams = NgramIndex.fromParts(parts.ngrams, (p) => searchableText(read(p)))
    return index
  }

  get size(): number {
    return this.columns.length
  }

  /** Milliseconds it took to build the text index (0 until it is built). */
  textIndexMs = 0

  /** A whole text index's folded texts (undefined until it is built, or when in layers), for the next version's (`splicedCorpus`). */
  get textCorpus(): TextCorpus | undefined {
    return this.ngrams instanceof NgramIndex ? this.ngrams.textCorpus : undefined
  }

  /** A layered text index's maps and delta texts, for the next version's layers (undefined when whole or not built). */
  get textLayers(): ServedTextLayers | undefined {
    if (!(this.ngrams instanceof LayeredText)) return undefined
    return { ...this.ngrams.maps, deltaCorpus: this.ngrams.deltaCorpus, baseCorpus: this.ngrams.baseCorpus }
  }

  /** The parts of the whole index this one is or stands on: what the next version's layers stand on. */
  get textBaseParts(): NgramIndexParts | undefined {
    if (this.ngrams instanceof LayeredText) return this.ngrams.baseParts
    return this.ngrams?.parts()
  }

  /** Bytes of the text index (0 until it is built; in layers, what this version adds to the base and the base). */
  get textIndexBytes(): number {
    if (this.ngrams instanceof LayeredText) return this.ngrams.bytes + this.ngrams.baseBytes
    return this.ngrams?.bytes ?? 0
  }

  /** Returns the total number of matches and the positions of the first `limit`. */
  search(filters: IndexFilters): { total: number; positions: number[] } {
    const [lo, hi] = this.dateRange(filters.since, filters.until)
    const sets: PositionSet[] = []
    let verify: Needle | undefined
    let texts: NgramIndex | undefined
    // A query of combining marks only folds to '', which every text contains.
    if (filters.text !== undefined && filters.text !== '') {
      if (filters.text.includes(TRANSLATION_SEPARATOR)) return { total: 0, positions: [] }
      const index = this.textIndex()
      const { sets: textSets, exact, needle } = index.lookup(filters.text)
      sets.push(...textSets)
      // A layered index answers exactly; a whole one's candidates may need their texts checked.
      if (!exact && index instanceof NgramIndex) {
        verify = needle
        texts = index
      }
    }
    if (filters.technicianKey !== undefined) sets.push(this.technicians.get(filters.technicianKey) ?? EMPTY)
    if (filters.serviceKey !== undefined) sets.push(this.services.get(filters.serviceKey) ?? EMPTY)
    if (filters.languageKey !== undefined) sets.push(this.languages.get(filters.languageKey) ?? EMPTY)
    if (filters.areaKey !== undefined) sets.push(this.areas.get(filters.areaKey) ?? EMPTY)
    if (filters.within !== undefined) sets.push(filters.within)
    if (filters.rating !== undefined) sets.push(this.ratingIs[filters.rating] ?? EMPTY)
    if (filters.min_rating !== undefined && filters.min_rating > 1) sets.push(this.ratingAtLeast[Math.ceil(filters.min_rating)] ?? EMPTY)

    const limit = filters.limit
    if (lo >= hi || sets.some((s) => s.count === 0)) return { total: 0, positions: [] }
    if (!sets.length) {
      const positions: number[] = []
      for (let p = lo; p < hi && positions.length < limit; p++) positions.push(p)
      return { total: hi - lo, positions }
    }
    // One exact list over every date: its count is the total, and only the page's positions are read.
    if (sets.length === 1 && !sets[0]!.words && verify === undefined && lo === 0 && hi === this.columns.length) {
      const only = sets[0]!
      return { total: only.count, positions: only.packed ? only.packed.firstPositions(limit) : Array.from(only.list!.subarray(0, limit)) }
    }
    return matchSets(sets, lo, hi, limit, texts, verify)
  }

  /** [lo, hi) of the positions whose date is within [since, until]; dates descend with position. */
  private dateRange(since?: string, until?: string): [number, number] {
    const columns = this.columns
    const firstBelow = (date: string, inclusive: boolean) => {
      let lo = 0
      let hi = columns.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        const d = columns.date(mid)
        if (inclusive ? d >= date : d > date) lo = mid + 1
        else hi = mid
      }
      return lo
    }
    const start = until === undefined ? 0 : firstBelow(until, false)
    const end = since === undefined ? columns.length : firstBelow(since, true)
    return [start, Math.max(start, end)]
  }

  /** The text index as one whole index, to post to another thread: only a builder's, never one in layers. */
  private wholeTextIndex(afterTexts?: () => void): NgramIndex {
    const index = this.textIndex(afterTexts)
    if (index instanceof LayeredText) throw new Error('a text index in layers is posted as its layers, not whole')
    return index
  }

  /**
   * The text index, built now if it was not. `afterTexts` is told once every text has been read into the index's
   * corpus, before the grams are counted: a builder that holds the parsed reviews only for their texts lets them go
   * there, so its peak holds the reviews or the index's working arrays, not both.
   */
  private textIndex(afterTexts?: () => void): NgramIndex | LayeredText {
    if (this.ngrams) return this.ngrams
    const started = performance.now()
    const foldedAt = (p: number) => searchableText(this.reviewAt(p))
    const corpus = corpusOf(this.columns.length, foldedAt)
    afterTexts?.()
    this.ngrams = new NgramIndex(this.columns.length, foldedAt, corpus)
    this.textIndexMs = performance.now() - started
    return this.ngrams
  }
}

/** The key a language filter matches: the primary subtag, lower case ("pt-BR" -> "pt"). */
export function languageKey(tag: string): string {
  const dash = tag.indexOf('-')
  return (dash === -1 ? tag : tag.slice(0, dash)).toLowerCase()
}

/**
 * Copies of every set but the text index (for posting to another thread with the buffers transferred, while this
 * index keeps serving its own).
 */
export function copySetParts(index: SearchIndex): { parts: SearchIndexParts; transfer: ArrayBuffer[] } {
  const { parts } = index.toParts(false)
  const copy = (set: PositionSet): PositionSet =>
    set.words ? { count: set.count, words: set.words.slice() } : { count: set.count, list: positionsOf(set).slice() }
  const copyMap = (map: Map<string, PositionSet>) => new Map([...map].map(([key, set]) => [key, copy(set)] as const))
  const copied: SearchIndexParts = {
    technicians: copyMap(parts.technicians),
    services: copyMap(parts.services),
    ratingIs: parts.ratingIs.map((set) => set && copy(set)),
    ratingAtLeast: parts.ratingAtLeast.map((set) => set && copy(set)),
    languages: copyMap(parts.languages),
    areas: copyMap(parts.areas),
    // Shared memory, never written: posted as they are.
    columns: parts.columns,
    textIndexMs: 0,
  }
  return {
    parts: copied,
    transfer: buffersOf([copied.technicians, copied.services, copied.ratingIs, copied.ratingAtLeast, copied.languages, copied.areas]),
  }
}

/**
 * The sets (all but the text index) of the index over a new version, from the previous version's: `moved[j]` is the new
 * position of the previous version's position j (-1: no longer published), and the rows kept are in the same order
 * in both; `added` are the new version's other reviews, by ascending position. The sets are the ones a build over
 * every review of the new version makes (the same positions, each a bitset or a list by the same rule).
 */
export function patchSetParts(
  previous: SearchIndexParts,
  size: number,
  moved: Int32Array,
  added: readonly { position: number; review: Review }[],
): SearchIndexParts {
  const keysOf = (review: Review) => ({
    technicians: review.technicians.flatMap((name) => technicianKeys(name)),
    services: review.services.map((service) => service.toLowerCase()),
    languages: review.language ? [languageKey(review.language)] : [],
    areas: review.service_area !== null ? [review.service_area.toLowerCase()] : [],
  })
  const addedByKey = {
    technicians: new Map<string, number[]>(),
    services: new Map<string, number[]>(),
    languages: new Map<string, number[]>(),
    areas: new Map<string, number[]>(),
  }
  for (const { position, review } of added) {
    const keys = keysOf(review)
    for (const kind of ['technicians', 'services', 'languages', 'areas'] as const)
      for (const key of keys[kind]) {
        const list = addedByKey[kind].get(key)
        if (!list) addedByKey[kind].set(key, [position])
        else if (list[list.length - 1] !== position) list.push(position)
      }
  }
  const patchMap = (map: Map<string, PositionSet>, addedHere: Map<string, number[]>) => {
    const result = new Map<string, PositionSet>()
    // A full build meets the keys in order of their first position: the maps keep that order too.
    const firsts: { key: string; first: number; list: number[] }[] = []
    for (const [key, set] of map) {
      const list = mergeSorted(remapped(set, moved), addedHere.get(key) ?? [])
      if (list.length) firsts.push({ key, first: list[0]!, list })
    }
    for (const [key, list] of addedHere) if (!map.has(key)) firsts.push({ key, first: list[0]!, list })
    firsts.sort((a, b) => a.first - b.first)
    for (const { key, list } of firsts) result.set(key, setOfPositions(list, size))
    return result
  }
  const ratingIs: PositionSet[] = []
  const ratingAtLeast: PositionSet[] = []
  const words = (size + 31) >>> 5
  for (let r = 1; r <= 5; r++) {
    ratingIs[r] = bitsetOf(
      mergeSorted(
        remapped(previous.ratingIs[r]!, moved),
        added.filter((a) => a.review.rating === r).map((a) => a.position),
      ),
      words,
    )
    ratingAtLeast[r] = bitsetOf(
      mergeSorted(
        remapped(previous.ratingAtLeast[r]!, moved),
        added.filter((a) => a.review.rating >= r).map((a) => a.position),
      ),
      words,
    )
  }
  return {
    technicians: patchMap(previous.technicians, addedByKey.technicians),
    services: patchMap(previous.services, addedByKey.services),
    ratingIs,
    ratingAtLeast,
    languages: patchMap(previous.languages, addedByKey.languages),
    areas: patchMap(previous.areas, addedByKey.areas),
    columns: new ReviewColumns(previous.columns).patched(size, moved, added).parts,
    textIndexMs: 0,
  }
}

/** The new positions of a set's positions (`moved`, -1 dropped), ascending. */
function remapped(set: PositionSet, moved: Int32Array): number[] {
  const out: number[] = []
  if (!set.words) {
    for (const p of positionsOf(set)) {
      const q = moved[p]!
      if (q >= 0) out.push(q)
    }
    return out
  }
  const words = set.words
  for (let w = 0; w < words.length; w++) {
    let bits = words[w]!
    while (bits !== 0) {
      const low = bits & -bits
      bits ^= low
      const q = moved[(w << 5) | (31 - Math.clz32(low))]!
      if (q >= 0) out.push(q)
    }
  }
  return out
}

function mergeSorted(a: number[], b: number[]): number[] {
  if (!b.length) return a
  if (!a.length) return b
  const out = new Array<number>(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!
  while (i < a.length) out[k++] = a[i++]!
  while (j < b.length) out[k++] = b[j++]!
  return out
}

function bitsetOf(list: number[], words: number): PositionSet {
  const bits = new Uint32Array(words)
  for (const p of list) bits[p >>> 5]! |= 1 << (p & 31)
  return { count: list.length, words: bits }
}
