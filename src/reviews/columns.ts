/**
 * A version's reviews as columns: what filters, sorting, statistics and listings read, one typed array per field, in
 * newest-first positions. Strings (dates, technicians, services, areas, languages) are ids into one dictionary of the
 * distinct values (0: none), so a million reviews hold a few thousand strings, not a million objects. The columns are
 * in shared memory: posted between the event loop and the build worker they are shared, never copied, and never
 * written once built. A whole review is read on demand from reviews.json's bytes (`ReviewTable.at`).
 */
import type { Review } from './schema'

/** The columns as plain data, for another thread (every array in shared memory: posted, not copied). */
export type ReviewColumnParts = {
  size: number
  /** The review's date (a dictionary id). */
  dates: Uint32Array
  /** The reply's date (a dictionary id), 0 without a reply. */
  responseDates: Uint32Array
  ratings: Uint8Array
  /** The language tag as stored (a dictionary id), 0 when unknown. */
  languages: Uint32Array
  /** The service area as stored (a dictionary id), 0 when none. */
  areas: Uint32Array
  /** Review p's technicians are technicians[technicianEnds[p - 1] .. technicianEnds[p]) (from 0 for p = 0). */
  technicianEnds: Uint32Array
  technicians: Uint32Array
  serviceEnds: Uint32Array
  services: Uint32Array
  /** The dictionary: id i names words[i]; words[0] is unused (none). */
  words: string[]
}

const NONE_LIST: readonly string[] = Object.freeze([])

function shared<T extends Uint32Array | Uint8Array>(
  Kind: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new Kind(new SharedArrayBuffer(Math.max(1, length) * Kind.BYTES_PER_ELEMENT))
}

/** Builds columns row by row: `add` each review in position order, then `finish`. */
class ColumnsBuilder {
  private readonly ids = new Map<string, number>()
  readonly words: string[] = ['']
  private readonly technicians: number[] = []
  private readonly services: number[] = []
  readonly parts: Omit<ReviewColumnParts, 'technicians' | 'services' | 'words'>

  constructor(size: number, words?: readonly string[]) {
    // Seeded with a dictionary, the ids stay the same (words are distinct): copied rows keep theirs.
    if (words) for (let i = 1; i < words.length; i++) this.word(words[i]!)
    this.parts = {
      size,
      dates: shared(Uint32Array, size),
      responseDates: shared(Uint32Array, size),
      ratings: shared(Uint8Array, size),
      languages: shared(Uint32Array, size),
      areas: shared(Uint32Array, size),
      technicianEnds: shared(Uint32Array, size),
      serviceEnds: shared(Uint32Array, size),
    }
  }

  word(value: string): number {
    let id = this.ids.get(value)
    if (id === undefined) {
      id = this.words.push(value) - 1
      this.ids.set(value, id)
    }
    return id
  }

  add(p: number, review: Review): void {
    const parts = this.parts
    parts.dates[p] = this.word(review.date)
    parts.responseDates[p] = review.response ? this.word(review.response.date) : 0
    parts.ratings[p] = review.rating
    parts.languages[p] = review.language ? this.word(review.language) : 0
    parts.areas[p] = review.service_area !== null ? this.word(review.service_area) : 0
    for (const name of review.technicians) this.technicians.push(this.word(name))
    parts.technicianEnds[p] = this.technicians.length
    for (const service of review.services) this.services.push(this.word(service))
    parts.serviceEnds[p] = this.services.length
  }

  /**
   * Copies review `from` of `source` to position p. The builder was seeded with `source`'s dictionary (see `patched`),
   * so its ids are this builder's as they are.
   */
  copy(p: number, source: ReviewColumns, from: number): void {
    const parts = this.parts
    const given = source.parts
    parts.dates[p] = given.dates[from]!
    parts.responseDates[p] = given.responseDates[from]!
    parts.ratings[p] = given.ratings[from]!
    parts.languages[p] = given.languages[from]!
    parts.areas[p] = given.areas[from]!
    const [t0, t1] = source.range(given.technicianEnds, from)
    for (let k = t0; k < t1; k++) this.technicians.push(given.technicians[k]!)
    parts.technicianEnds[p] = this.technicians.length
    const [s0, s1] = source.range(given.serviceEnds, from)
    for (let k = s0; k < s1; k++) this.services.push(given.services[k]!)
    parts.serviceEnds[p] = this.services.length
  }

  finish(): ReviewColumns {
    const technicians = shared(Uint32Array, this.technicians.length)
    technicians.set(this.technicians)
    const services = shared(Uint32Array, this.services.length)
    services.set(this.services)
    return new ReviewColumns({ ...this.parts, technicians, services, words: this.words })
  }
}

export class ReviewColumns {
  /** Each word's list of one (a technician or service), made once: the lists a review names share them. */
  private readonly lists = new Map<number, readonly string[]>()

  constructor(readonly parts: ReviewColumnParts) {}

  /** The columns of `reviews` (newest first). */
  static of(reviews: readonly Review[]): ReviewColumns {
    const builder = new ColumnsBuilder(reviews.length)
    for (let p = 0; p < reviews.length; p++) builder.add(p, reviews[p]!)
    return builder.finish()
  }

  /**
   * The columns of a new version from this one's: `moved[j]` is the new position of this version's position j (-1: no
   * longer published); `added` are the new version's other reviews. The same values a build over every review gives.
   */
  patched(size: number, moved: Int32Array, added: readonly { position: number; review: Review }[]): ReviewColumns {
    const from = new Int32Array(size).fill(-1)
    for (let j = 0; j < moved.length; j++) if (moved[j]! >= 0) from[moved[j]!] = j
    const fresh = new Map(added.map((a) => [a.position, a.review]))
    const builder = new ColumnsBuilder(size, this.words)
    for (let p = 0; p < size; p++) {
      const review = fresh.get(p)
      if (review) builder.add(p, review)
      else if (from[p]! >= 0) builder.copy(p, this, from[p]!)
      else throw new Error(`position ${p} of the next version has no review`)
    }
    return builder.finish()
  }

  get length(): number {
    return this.parts.size
  }

  get words(): readonly string[] {
    return this.parts.words
  }

  /** [start, end) of review p's entries in a list column whose ends are `ends`. */
  range(ends: Uint32Array, p: number): [number, number] {
    return [p === 0 ? 0 : ends[p - 1]!, ends[p]!]
  }

  date(p: number): string {
    return this.parts.words[this.parts.dates[p]!]!
  }

  /** The date's dictionary id: equal ids are equal dates. */
  dateId(p: number): number {
    return this.parts.dates[p]!
  }

  rating(p: number): number {
    return this.parts.ratings[p]!
  }

  hasResponse(p: number): boolean {
    return this.parts.responseDates[p] !== 0
  }

  responseDate(p: number): string | null {
    const id = this.parts.responseDates[p]!
    return id === 0 ? null : this.parts.words[id]!
  }

  language(p: number): string | null {
    const id = this.parts.languages[p]!
    return id === 0 ? null : this.parts.words[id]!
  }

  area(p: number): string | null {
    const id = this.parts.areas[p]!
    return id === 0 ? null : this.parts.words[id]!
  }

  /** Dictionary ids of review p's technicians. */
  technicianIds(p: number): Uint32Array {
    const [start, end] = this.range(this.parts.technicianEnds, p)
    return this.parts.technicians.subarray(start, end)
  }

  serviceIds(p: number): Uint32Array {
    const [start, end] = this.range(this.parts.serviceEnds, p)
    return this.parts.services.subarray(start, end)
  }

  technicians(p: number): readonly string[] {
    return this.listOf(this.technicianIds(p))
  }

  services(p: number): readonly string[] {
    return this.listOf(this.serviceIds(p))
  }

  private listOf(ids: Uint32Array): readonly string[] {
    if (ids.length === 0) return NONE_LIST
    if (ids.length === 1) {
      let list = this.lists.get(ids[0]!)
      if (!list) this.lists.set(ids[0]!, (list = Object.freeze([this.parts.words[ids[0]!]!])))
      return list
    }
    return Array.from(ids, (id) => this.parts.words[id]!)
  }
}

/**
 * A version's published reviews, newest first: the columns, each review's id, and the whole review read on demand from
 * its JSON (reviews.json's bytes, see Snapshot.jsonAt). What the snapshot offers its consumers as `reviews`.
 */
export class ReviewTable {
  constructor(
    readonly columns: ReviewColumns,
    /** Each position's id. */
    readonly ids: readonly string[],
    private readonly byId: ReadonlyMap<string, number>,
    private readonly jsonAt: (position: number) => string,
  ) {}

  get length(): number {
    return this.ids.length
  }

  /** The whole review at a position, parsed from its JSON (a new object on each call). */
  at(position: number): Review {
    return JSON.parse(this.jsonAt(position)) as Review
  }

  id(position: number): string {
    return this.ids[position]!
  }

  positionOf(id: string): number | undefined {
    return this.byId.get(id)
  }

  date(position: number): string {
    return this.columns.date(position)
  }

  rating(position: number): number {
    return this.columns.rating(position)
  }

  hasResponse(position: number): boolean {
    return this.columns.hasResponse(position)
  }

  /** The reviews at `positions`, parsed. */
  pick(positions: Iterable<number>): Review[] {
    return Array.from(positions, (p) => this.at(p))
  }

  /** Positions from..to (exclusive), parsed. */
  slice(from: number, to = this.length): Review[] {
    const reviews: Review[] = []
    for (let p = Math.max(0, from); p < Math.min(to, this.length); p++) reviews.push(this.at(p))
    return reviews
  }

  /** Every review, parsed (a whole dataset's objects: for small data, tests and in-process computations only). */
  all(): Review[] {
    return this.slice(0)
  }
}
