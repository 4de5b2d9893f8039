/**
 * The next data version made from the served one and the rows written since (CONTRACT.md, Data changes: cost that
 * follows the change). Migration 007 records the revision that last wrote each review; the published order and those
 * revisions are read off the index alone, then only the rows written since the served version. reviews.json's bytes
 * are the served version's pieces where its rows are kept (views of shared memory, not copies: dataset-bytes.ts) and
 * the new rows' bytes; the search index's sets are the served ones moved to
 * their new positions plus the new rows'. Anything it cannot vouch for (a changed business, an older revision, a row
 * it does not know) answers null, and the caller builds the whole version instead.
 */
import type { ReviewRepository } from '../reviews/repository'
import type { AggregateRating, Business, Review } from '../reviews/schema'
import { patchSetParts, type SearchIndexParts } from '../reviews/search-index'
import { DatasetBytes, type DatasetParts, joinParts } from './dataset-bytes'
import {
  businessKeyOf,
  contentKeyOf,
  datasetHead,
  rowHash,
  sharedBytes,
  sharedFloat64,
  sharedUint32,
  type ComposedVersion,
} from './version'

/** What the served version contributes to a splice: its dataset bytes, its rows' ids, ends and hashes, in order, and its index's sets. */
export type SpliceBase = {
  dataset: DatasetBytes
  revision: number
  contentKey: string
  updatedAt: string
  rowids: Float64Array
  hashes: Float64Array
  rowEnds: Uint32Array
  index: SearchIndexParts
}

/**
 * Past this many pieces, or when the buffers they are views of hold more than twice the dataset's bytes (rows removed
 * or changed since they were written), a splice joins the new version's bytes into one body instead: a lookup stays a
 * binary search over few pieces, and a long run of changes does not keep every earlier version's buffers.
 */
export const MAX_PIECES = 128

/** A composed version (its dataset bytes, row ends and hashes, figures) with what the splice knows beside it. */
export type SplicedVersion = Omit<ComposedVersion, 'body' | 'rowsStart'> & {
  dataset: DatasetParts
  revision: number
  changedAt: Date
  business: Business
  rowids: Float64Array
  reuse: Int32Array
  index: SearchIndexParts
  /** The reviews written since the served version, by position. */
  added: { position: number; review: Review }[]
  /** How many rows were read (the ones written since the served version). */
  read: number
  ms: { read: number; compose: number; index: number }
}

const encoder = new TextEncoder()

/** The next version as a splice of `base` (see the module's comment), or null when it must be built whole. Call inside a read transaction. */
export function spliceVersion(store: ReviewRepository, base: SpliceBase): SplicedVersion | null {
  const started = performance.now()
  const state = store.state()
  if (state.revision <= base.revision) return null
  const business = store.getBusiness()
  if (!business || businessKeyOf(business) !== base.contentKey.slice(0, base.contentKey.indexOf(':'))) return null
  const order = store.publishedChanges()
  const matched = matchOrder(order, base)
  if (!matched) return null
  const { reuse, moved, written } = matched
  const rows = store.jsonOfRows(written.map((i) => order[i]!.rowid))
  if (rows.size !== written.length) return null
  const read = performance.now()
  const count = order.length
  const rowids = sharedFloat64(count)
  for (let i = 0; i < count; i++) rowids[i] = order[i]!.rowid
  const freshRows = written.map((i) => encoder.encode(rows.get(order[i]!.rowid)!.json))
  const { rowEnds, rowHashes, pieces } = composeRows(reuse, freshRows, base)
  const added = written.map((i) => ({ position: i, review: JSON.parse(rows.get(order[i]!.rowid)!.json) as Review }))
  const rowsComposed = performance.now()
  const index = patchSetParts(base.index, count, moved, added)
  const indexed = performance.now()
  const aggregate = aggregateOf(index, count)
  const contentKey = contentKeyOf(business, rowHashes)
  const updatedAt = base.contentKey === contentKey ? new Date(base.updatedAt) : state.changedAt
  const head = datasetHead(business, aggregate, updatedAt)
  const dataset = datasetOf(head, pieces)
  const composed = performance.now() - indexed + (rowsComposed - read)
  return {
    revision: state.revision,
    changedAt: state.changedAt,
    business,
    contentKey,
    updatedAt,
    aggregate,
    dataset,
    rowEnds,
    rowids,
    rowHashes,
    reuse,
    index,
    added,
    read: written.length,
    ms: { read: read - started, compose: composed, index: indexed - rowsComposed },
  }
}

/**
 * Each published row's position in the served version (`reuse`, -1: written since), where each served row went
 * (`moved`, -1: gone) and the positions written since; null when a row unchanged since is not in the served version
 * or not in its order.
 */
function matchOrder(
  order: { rowid: number; changedRev: number }[],
  base: SpliceBase,
): { reuse: Int32Array; moved: Int32Array; written: number[] } | null {
  const before = new Map<number, number>()
  for (let j = 0; j < base.rowids.length; j++) before.set(base.rowids[j]!, j)
  const reuse = new Int32Array(order.length)
  const moved = new Int32Array(base.rowids.length).fill(-1)
  const written: number[] = []
  let lastKept = -1
  for (let i = 0; i < order.length; i++) {
    const { rowid, changedRev } = order[i]!
    if (changedRev > base.revision) {
      reuse[i] = -1
      written.push(i)
      continue
    }
    const j = before.get(rowid)
    if (j === undefined || j <= lastKept) return null
    reuse[i] = j
    moved[j] = i
    lastKept = j
  }
  return { reuse, moved, written }
}

/**
 * Where each row ends, each row's hash, and the rows region's pieces (dataset-bytes.ts): views of the served version's
 * pieces for each run of rows kept in order, and a view of one new shared buffer for each new row.
 */
function composeRows(
  reuse: Int32Array,
  freshRows: Uint8Array[],
  base: SpliceBase,
): { rowEnds: Uint32Array; rowHashes: Float64Array; pieces: Uint8Array[] } {
  const count = reuse.length
  const rowEnds = sharedUint32(count)
  const rowHashes = sharedFloat64(count)
  // Shared: the new version's pieces are views of it.
  const fresh = sharedBytes(freshRows.reduce((sum, bytes) => sum + bytes.byteLength, 0))
  const pieces: Uint8Array[] = []
  const baseStart = (j: number) => (j === 0 ? 0 : base.rowEnds[j - 1]! + 1)
  let freshAt = 0
  let next = 0
  let end = 0
  for (let i = 0; i < count; ) {
    const to = i === 0 ? 0 : end + 1
    if (reuse[i]! < 0) {
      const bytes = freshRows[next++]!
      fresh.set(bytes, freshAt)
      pieces.push(fresh.subarray(freshAt, freshAt + bytes.byteLength))
      freshAt += bytes.byteLength
      rowHashes[i] = rowHash(bytes)
      end = to + bytes.byteLength
      rowEnds[i++] = end
      continue
    }
    // A run of rows that follow each other in the served version too: views of its pieces, commas included.
    const first = reuse[i]!
    let j = first
    for (;;) {
      rowHashes[i] = base.hashes[j]!
      end = to + base.rowEnds[j]! - baseStart(first)
      rowEnds[i++] = end
      if (i >= count || reuse[i] !== j + 1) break
      j++
    }
    pieces.push(...base.dataset.views(baseStart(first), base.rowEnds[j]!))
  }
  return { rowEnds, rowHashes, pieces }
}

/** The aggregate rating from the index's rating sets: the same figures `aggregateRating` makes of the reviews. */
function aggregateOf(index: SearchIndexParts, count: number): AggregateRating {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
  let sum = 0
  for (let r = 1; r <= 5; r++) {
    const n = index.ratingIs[r]!.count
    distribution[String(r) as keyof typeof distribution] = n
    sum += r * n
  }
  const mean = count ? sum / count : 0
  return { rating_value: Math.round(mean * 100) / 100, review_count: count, best_rating: 5, worst_rating: 1, distribution }
}

/** The new version's dataset bytes: its pieces, joined into one body instead past MAX_PIECES pieces or twice the dataset's bytes held. */
function datasetOf(head: Uint8Array, pieces: Uint8Array[]): DatasetParts {
  const dataset = new DatasetBytes(head, pieces)
  if (dataset.pieceCount > MAX_PIECES || dataset.heldBytes > 2 * dataset.byteLength) {
    const whole = joinParts(head, pieces, dataset.byteLength)
    return DatasetBytes.of(whole, head.byteLength).parts
  }
  return dataset.parts
}
