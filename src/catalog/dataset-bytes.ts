/**
 * reviews.json's bytes as a version holds them: the head (business, aggregate, updated_at), then the rows region, then
 * `]}`. The rows region is a list of pieces joined by commas, each piece whole rows, comma-joined (views of shared
 * memory). A version spliced from the served one (splice.ts) keeps the served version's pieces where its rows are
 * the same and adds a piece per new row (a splice of many rows joins at once, see MAX_PIECES): the next version costs
 * the bytes that changed, not another copy of the dataset (44 MB at 100k reviews, two of them alive at once in a
 * burst). The contiguous body (what a response or a compression reads) is joined when a version is first wanted whole,
 * off the event loop (builder.ts DatasetJoiner), and the pieces then read from it; the insights child reads the pieces
 * as they are (`chunks`).
 *
 * Offsets into the rows region are virtual: the offsets the rows would have if it were contiguous (a row's end in
 * `rowEnds` counts the commas between pieces too), so a rope and its joined body answer the same offsets.
 */
import { sharedBytes } from './version'

/** A version's dataset bytes as posted between threads (views of shared memory: posting shares them). */
export type DatasetParts = {
  head: Uint8Array
  pieces: Uint8Array[]
  /** The contiguous body, when there is one (a whole build, a joined version): the pieces are views of it. */
  whole?: Uint8Array
}

const COMMA = 0x2c
const TAIL = new Uint8Array([0x5d, 0x7d]) // ]}

export class DatasetBytes {
  /** The whole body's length: head, rows region, `]}`. */
  readonly byteLength: number
  /** The rows region's length (its pieces and the commas between them). */
  readonly rowsLength: number
  private pieces: readonly Uint8Array[]
  /** Each piece's start in the rows region. */
  private starts: number[]
  private whole?: Uint8Array

  constructor(
    readonly head: Uint8Array,
    pieces: readonly Uint8Array[],
    whole?: Uint8Array,
  ) {
    this.pieces = pieces.filter((piece) => piece.byteLength > 0)
    this.starts = startsOf(this.pieces)
    const last = this.pieces.length - 1
    this.rowsLength = last < 0 ? 0 : this.starts[last]! + this.pieces[last]!.byteLength
    this.byteLength = head.byteLength + this.rowsLength + TAIL.byteLength
    this.whole = whole
  }

  /** A contiguous body whose rows start at `rowsStart` (and end before its last two bytes, `]}`). */
  static of(body: Uint8Array, rowsStart: number): DatasetBytes {
    return new DatasetBytes(body.subarray(0, rowsStart), [body.subarray(rowsStart, body.byteLength - TAIL.byteLength)], body)
  }

  static fromParts(parts: DatasetParts): DatasetBytes {
    return new DatasetBytes(parts.head, parts.pieces, parts.whole)
  }

  get parts(): DatasetParts {
    return { head: this.head, pieces: [...this.pieces], whole: this.whole }
  }

  get rowsStart(): number {
    return this.head.byteLength
  }

  /** How many pieces the rows region is made of (1 once joined). */
  get pieceCount(): number {
    return this.pieces.length
  }

  /** The contiguous body, if it is joined already (else undefined: see `join`). */
  get joined(): Uint8Array | undefined {
    return this.whole
  }

  /**
   * The contiguous body: joined here the first time (a copy of every byte into fresh shared memory: about 170 ms at
   * 100k reviews, so the event loop takes one joined elsewhere, `adoptJoined`), then kept.
   */
  join(): Uint8Array {
    if (!this.whole) this.adoptJoined(joinParts(this.head, this.pieces, this.byteLength))
    return this.whole!
  }

  /**
   * Takes a contiguous body with these bytes (joined on another thread): the pieces become views of it, so the
   * buffers they came from (earlier versions') are no longer held by this one.
   */
  adoptJoined(body: Uint8Array): void {
    if (this.whole) return
    if (body.byteLength !== this.byteLength) throw new Error('a joined dataset of another length')
    this.whole = body
    const rows = body.subarray(this.rowsStart, this.rowsStart + this.rowsLength)
    this.pieces = this.pieces.length ? [rows] : []
    this.starts = startsOf(this.pieces)
  }

  /**
   * The rows region's bytes from `start` to `end` (virtual offsets): a view when they are in one piece (a row always
   * is), else a copy.
   */
  rows(start: number, end: number): Uint8Array {
    if (end <= start) return new Uint8Array()
    if (this.whole) return this.whole.subarray(this.rowsStart + start, this.rowsStart + end)
    const k = this.pieceAt(start)
    if (end - this.starts[k]! <= this.pieces[k]!.byteLength) return this.pieces[k]!.subarray(start - this.starts[k]!, end - this.starts[k]!)
    const out = new Uint8Array(end - start)
    this.copyRows(start, end, out, 0)
    return out
  }

  /** Writes the rows region's bytes `start` to `end` into `into` at `at` (a since-listing's body: one copy, not two). */
  copyRows(start: number, end: number, into: Uint8Array, at: number): void {
    if (end <= start) return
    if (this.whole) {
      into.set(this.whole.subarray(this.rowsStart + start, this.rowsStart + end), at)
      return
    }
    if (end > this.rowsLength) throw new RangeError('past the rows region')
    let k = this.pieceAt(start)
    for (let position = start; position < end; ) {
      const pieceStart = this.starts[k]!
      const pieceEnd = pieceStart + this.pieces[k]!.byteLength
      if (position < pieceEnd) {
        const to = Math.min(end, pieceEnd)
        into.set(this.pieces[k]!.subarray(position - pieceStart, to - pieceStart), at)
        at += to - position
        position = to
      } else {
        into[at++] = COMMA // the one between piece k and the next
        position++
        k++
      }
    }
  }

  /**
   * The views that make up rows region bytes `start` to `end`, split where pieces meet (the comma between two pieces
   * belongs to neither): what a splice keeps of this version's rows, each view joined to the next by a comma.
   */
  views(start: number, end: number): Uint8Array[] {
    const out: Uint8Array[] = []
    if (end <= start) return out
    if (this.whole) return [this.whole.subarray(this.rowsStart + start, this.rowsStart + end)]
    for (let k = this.pieceAt(start); k < this.pieces.length && this.starts[k]! < end; k++) {
      const from = Math.max(start - this.starts[k]!, 0)
      const to = Math.min(end - this.starts[k]!, this.pieces[k]!.byteLength)
      if (to > from) out.push(this.pieces[k]!.subarray(from, to))
    }
    return out
  }

  /** The body in order, without a copy: the head, each piece with the commas between them, `]}` (an insights child's stdin). */
  chunks(): Uint8Array[] {
    if (this.whole) return [this.whole]
    const out: Uint8Array[] = [this.head]
    this.pieces.forEach((piece, k) => {
      if (k > 0) out.push(COMMA_BYTES)
      out.push(piece)
    })
    out.push(TAIL)
    return out
  }

  /** Whether the rows are in shared memory (posted to a worker without a copy: what a splice stands on; the head is small). */
  get shared(): boolean {
    return [...this.pieces, ...(this.whole ? [this.whole] : [])].every((part) => part.buffer instanceof SharedArrayBuffer)
  }

  /** The bytes of the distinct buffers the pieces are views of (what this version keeps alive). */
  get heldBytes(): number {
    if (this.whole) return this.whole.buffer.byteLength
    const buffers = new Set<ArrayBufferLike>(this.pieces.map((piece) => piece.buffer))
    let total = 0
    for (const buffer of buffers) total += buffer.byteLength
    return total
  }

  /** The piece holding virtual offset `at` (the last piece starting at or before it). */
  private pieceAt(at: number): number {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if (this.starts[mid]! <= at) lo = mid
      else hi = mid - 1
    }
    return lo
  }
}

const COMMA_BYTES = new Uint8Array([COMMA])

function startsOf(pieces: readonly Uint8Array[]): number[] {
  const starts: number[] = []
  let at = 0
  for (const piece of pieces) {
    starts.push(at)
    at += piece.byteLength + 1
  }
  return starts
}

/** The contiguous body of `head`, `pieces` and `]}`, in fresh shared memory. */
export function joinParts(head: Uint8Array, pieces: readonly Uint8Array[], byteLength?: number): Uint8Array {
  const live = pieces.filter((piece) => piece.byteLength > 0)
  const length = byteLength ?? head.byteLength + live.reduce((sum, piece) => sum + piece.byteLength + 1, 0) - (live.length ? 1 : 0) + 2
  const body = sharedBytes(length)
  body.set(head)
  let at = head.byteLength
  live.forEach((piece, k) => {
    if (k > 0) body[at++] = COMMA
    body.set(piece, at)
    at += piece.byteLength
  })
  body.set(TAIL, at)
  return body
}
