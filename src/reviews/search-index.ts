/**
 * In-memory filter index over one snapshot's published reviews, positions in newest-first order.
 * Structured filters cost what their matches cost: a date range is a binary search, a mention is a
 * posting list, and candidates are visited newest first, so the first `limit` hits are the page.
 */
import type { Review } from './schema'
import { technicianKeys } from './repository'
import { foldForSearch } from '../core/text'

export type IndexFilters = {
  rating?: number
  min_rating?: number
  since?: string
  until?: string
  technicianKey?: string
  serviceKey?: string
  /** Ascending positions of the text matches, when the text query went through FTS. */
  textPositions?: Int32Array
  /** A short folded query, matched by scanning the candidates' folded text. */
  scanText?: string
  limit: number
}

export class SearchIndex {
  private readonly ratings: Uint8Array
  private readonly dates: string[]
  private readonly positionByRowid = new Map<number, number>()
  private readonly technicians = new Map<string, Int32Array>()
  private readonly services = new Map<string, Int32Array>()
  private foldedTexts?: string[]
  private volume?: number

  constructor(
    private readonly reviews: Review[],
    rowids: number[],
  ) {
    this.ratings = Uint8Array.from(reviews, (r) => r.rating)
    this.dates = reviews.map((r) => r.date)
    const technicians = new Map<string, number[]>()
    const services = new Map<string, number[]>()
    const add = (map: Map<string, number[]>, key: string, position: number) => {
      const list = map.get(key)
      if (!list) map.set(key, [position])
      else if (list[list.length - 1] !== position) list.push(position)
    }
    reviews.forEach((review, position) => {
      this.positionByRowid.set(rowids[position]!, position)
      for (const name of review.technicians) for (const key of technicianKeys(name)) add(technicians, key, position)
      for (const service of review.services) add(services, service.toLowerCase(), position)
    })
    for (const [key, list] of technicians) this.technicians.set(key, Int32Array.from(list))
    for (const [key, list] of services) this.services.set(key, Int32Array.from(list))
  }

  get size(): number {
    return this.dates.length
  }

  /** Positions (ascending = newest first) of the given row ids; ids not in this snapshot are dropped. */
  positionsOf(rowids: number[]): Int32Array {
    const positions: number[] = []
    for (const rowid of rowids) {
      const position = this.positionByRowid.get(rowid)
      if (position !== undefined) positions.push(position)
    }
    return Int32Array.from(positions).sort()
  }

  /** Returns the total number of matches and the positions of the first `limit`. */
  search(filters: IndexFilters): { total: number; positions: number[] } {
    const [lo, hi] = this.dateRange(filters.since, filters.until)
    const lists: Int32Array[] = []
    if (filters.technicianKey !== undefined) lists.push(this.technicians.get(filters.technicianKey) ?? new Int32Array())
    if (filters.serviceKey !== undefined) lists.push(this.services.get(filters.serviceKey) ?? new Int32Array())
    if (filters.textPositions) lists.push(filters.textPositions)
    lists.sort((a, b) => a.length - b.length)

    const { rating, min_rating: minRating, scanText, limit } = filters
    const texts = scanText !== undefined ? this.folded() : undefined
    const [driver, ...others] = lists
    const cursors = others.map(() => 0)
    const positions: number[] = []
    let total = 0

    const visit = (position: number) => {
      if (rating !== undefined && this.ratings[position] !== rating) return
      if (minRating !== undefined && this.ratings[position]! < minRating) return
      for (let i = 0; i < others.length; i++) {
        const list = others[i]!
        // Lists and visits are both ascending: a cursor that only moves forward, galloping.
        cursors[i] = lowerBound(list, position, cursors[i]!)
        if (list[cursors[i]!] !== position) return
      }
      if (texts && !texts[position]!.includes(scanText!)) return
      total++
      if (positions.length < limit) positions.push(position)
    }

    if (driver) {
      for (let i = lowerBound(driver, lo, 0); i < driver.length && driver[i]! < hi; i++) visit(driver[i]!)
    } else {
      for (let position = lo; position < hi; position++) visit(position)
    }
    return { total, positions }
  }

  /** [lo, hi) of the positions whose date is within [since, until]; dates descend with position. */
  private dateRange(since?: string, until?: string): [number, number] {
    const firstBelow = (date: string, inclusive: boolean) => {
      let lo = 0
      let hi = this.dates.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        const d = this.dates[mid]!
        if (inclusive ? d >= date : d > date) lo = mid + 1
        else hi = mid
      }
      return lo
    }
    const start = until === undefined ? 0 : firstBelow(until, false)
    const end = since === undefined ? this.dates.length : firstBelow(since, true)
    return [start, Math.max(start, end)]
  }

  /** Characters of review text in this snapshot. */
  textVolume(): number {
    return (this.volume ??= this.reviews.reduce((sum, r) => sum + r.text.length, 0))
  }

  private folded(): string[] {
    return (this.foldedTexts ??= this.reviews.map((r) => foldForSearch(r.text)))
  }
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
