/**
 * One data version read from the database and composed into reviews.json's bytes: the part of a
 * snapshot build that needs no request state, so it runs the same on the event loop (the first version,
 * `Catalog.refresh`) and in the build worker (every later version, see build-worker.ts).
 */
import { Value } from '@sinclair/typebox/value'
import { check } from '../core/issues'
import type { DataState, PublishedRow, ReviewRepository } from '../reviews/repository'
import type { TextCorpus } from '../reviews/ngram-index'
import { Business, publicBusiness, type AggregateRating, type Review } from '../reviews/schema'

const encoder = new TextEncoder()

export function aggregateRating(reviews: Review[]): AggregateRating {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
  let sum = 0
  for (const r of reviews) {
    distribution[String(r.rating) as keyof typeof distribution]++
    sum += r.rating
  }
  const mean = reviews.length ? sum / reviews.length : 0
  return {
    rating_value: Math.round(mean * 100) / 100,
    review_count: reviews.length,
    best_rating: 5,
    worst_rating: 1,
    distribution,
  }
}

/** The revision, the business and the published rows, read in one read transaction: never half of an import. */
export function readVersion(store: ReviewRepository): { state: DataState; business: Business; rows: PublishedRow[] } {
  const { state, business, rows } = store.db.transaction(() => ({
    state: store.state(),
    business: store.getBusiness(),
    rows: store.publishedJson(),
  }))()
  if (!business) throw new Error('the database has no business: import a dataset first')
  // A database written by an older release may hold a business this one refuses (an unknown time zone).
  // Checked once per build: interpreting the schema costs less than compiling it (which `check` does, for its issues).
  const issues = Value.Check(Business, business) ? [] : check(Business, business)
  if (issues.length)
    throw new Error(
      `business.${issues[0]!.path.join('.')} ${issues[0]!.message} (got ${JSON.stringify(valueAt(business, issues[0]!.path))})`,
    )
  return { state, business, rows }
}

/** What the previous version contributes: its content key and Last-Modified (kept when the content is the same). */
export type PreviousVersion = { contentKey: string; updatedAt: Date } | null

/** reviews.json's bytes and where each row's JSON ends in them, with the figures derived from the rows. */
export type ComposedVersion = {
  contentKey: string
  updatedAt: Date
  aggregate: AggregateRating
  /** The whole reviews.json body. */
  body: Uint8Array
  /** Where the first row starts in `body`. */
  rowsStart: number
  /** Where each row's JSON ends, counted from `rowsStart` (rows are comma-joined). */
  rowEnds: Uint32Array
  /** A hash of each row's bytes (`rowHashesOf`): the content key is made of them, and the next build matches rows by them. */
  rowHashes: Float64Array
}

export function composeVersion(
  business: Business,
  rows: PublishedRow[],
  reviews: Review[],
  changedAt: Date,
  previous: PreviousVersion,
): ComposedVersion {
  // Each row is encoded straight into its place in the body: the rows joined as one string and then as bytes were two
  // more copies of the dataset at once (a few hundred MB at 1M reviews), before the copy into the body.
  const rowEnds = sharedUint32(rows.length)
  let offset = 0
  for (let i = 0; i < rows.length; i++) {
    offset += (i === 0 ? 0 : 1) + Buffer.byteLength(rows[i]!.json)
    rowEnds[i] = offset
  }
  const aggregate = aggregateRating(reviews)
  // The head names the content's Last-Modified, which depends on the rows' hashes: the rows are placed after a head of
  // the same length (only the date in it may change, and an ISO date has one length), then the head is written.
  const draft = datasetHead(business, aggregate, changedAt)
  const body = sharedBytes(draft.byteLength + offset + 2)
  const rowsView = body.subarray(draft.byteLength, draft.byteLength + offset)
  let at = 0
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) rowsView[at++] = 44 // ','
    at += encoder.encodeInto(rows[i]!.json, rowsView.subarray(at)).written
  }
  const rowHashes = rowHashesOf(rowsView, 0, rowEnds)
  const contentKey = contentKeyOf(business, rowHashes)
  // Published content unchanged (say, only unverified reviews were imported): same bytes, same ETags.
  const updatedAt = previous && previous.contentKey === contentKey ? previous.updatedAt : changedAt
  const head = datasetHead(business, aggregate, updatedAt)
  if (head.byteLength !== draft.byteLength) throw new Error('the dataset head changed length with its date')
  body.set(head)
  body.set(encoder.encode(']}'), head.byteLength + offset)
  return { contentKey, updatedAt, aggregate, body, rowsStart: head.byteLength, rowEnds, rowHashes }
}

/**
 * What names the published content: the business and the published rows' bytes, in order, through each row's hash
 * (so a version spliced from the previous one's rows names its content without reading every row's bytes again).
 */
export function contentKeyOf(business: Business, rowHashes: Float64Array): string {
  return `${businessKeyOf(business)}:${Bun.hash(new Uint8Array(rowHashes.buffer, rowHashes.byteOffset, rowHashes.byteLength)).toString(36)}`
}

/** The content key's first part: the business as stored. */
export function businessKeyOf(business: Business): string {
  return Bun.hash(JSON.stringify(business)).toString(36)
}

/** The head of reviews.json, up to the first row. */
export function datasetHead(business: Business, aggregate: AggregateRating, updatedAt: Date): Uint8Array {
  return encoder.encode(
    `{"business":${JSON.stringify(publicBusiness(business))},"aggregate_rating":${JSON.stringify(aggregate)},` +
      `"updated_at":${JSON.stringify(updatedAt.toISOString())},"reviews":[`,
  )
}

/** 52 bits of a 64-bit hash of each row's bytes: a number, exact in a Float64Array. */
export function rowHashesOf(body: Uint8Array, rowsStart: number, rowEnds: Uint32Array): Float64Array {
  const hashes = sharedFloat64(rowEnds.length)
  for (let i = 0; i < rowEnds.length; i++) {
    const start = rowsStart + (i === 0 ? 0 : rowEnds[i - 1]! + 1)
    hashes[i] = rowHash(body.subarray(start, rowsStart + rowEnds[i]!))
  }
  return hashes
}

const HASH_MASK = (1n << 52n) - 1n

/** One row's hash (see `rowHashesOf`). */
export function rowHash(bytes: Uint8Array): number {
  return Number(BigInt(Bun.hash(bytes)) & HASH_MASK)
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  let current = value
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key]
  return current
}

/**
 * A version's large arrays live in shared memory: posted between the event loop and a worker they are shared, never
 * copied (a copy of reviews.json's bytes on the event loop costs tens of ms per MB where fresh pages fault slowly),
 * and the next build reads the served version's where they are. They are never written once built.
 */
export function sharedBytes(length: number): Uint8Array {
  return new Uint8Array(new SharedArrayBuffer(length))
}

export function sharedUint32(length: number): Uint32Array {
  return new Uint32Array(new SharedArrayBuffer(length * 4))
}

export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * 8))
}

/** Whether a typed array is in shared memory (posting it shares it; it must not be listed for transfer). */
export function isShared(array: ArrayBufferView): boolean {
  return array.buffer instanceof SharedArrayBuffer
}

/** Whether a text corpus's arrays are all in shared memory (posted between threads without a copy). */
export function isSharedCorpus(text: TextCorpus): boolean {
  return isShared(text.corpus) && isShared(text.starts) && isShared(text.alphabet)
}
