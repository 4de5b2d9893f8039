/**
 * Worker entry: builds the next data version beside the one being served. Reads the revision, business
 * and published rows in one read transaction on its own connection, composes reviews.json's bytes and
 * builds the search index, then posts them with every buffer transferred (no copy on the event loop).
 * Listed as an entrypoint in build.ts so the compiled binary carries it.
 */
import { Database } from 'bun:sqlite'
import { ReviewRepository } from '../reviews/repository'
import type { AggregateRating, Business, Review } from '../reviews/schema'
import { SearchIndex, type SearchIndexParts } from '../reviews/search-index'
import type { NgramIndexParts } from '../reviews/ngram-index'
import { composeVersion, readVersion } from './version'

/**
 * `previous.rows`: the served version's row hashes and byte lengths (see `rowHashes`), when it has them: each row of
 * the new version whose bytes are the same is named by its position there, so the event loop reuses it as it is.
 */
export type BuildRequest = {
  id: number
  dbPath: string
  previous: { contentKey: string; updatedAt: string; rows?: { hashes: Float64Array; rowEnds: Uint32Array } } | null
}
export type BuiltVersion = {
  id: number
  ok: true
  revision: number
  changedAt: string
  business: Business
  contentKey: string
  updatedAt: string
  aggregate: AggregateRating
  body: Uint8Array
  rowsStart: number
  rowEnds: Uint32Array
  rowids: Float64Array
  /** A hash of each row's bytes (the next build matches its rows against them). */
  rowHashes: Float64Array
  /** For each row, its position in the previous version when its bytes are the same there, else -1. */
  reuse: Int32Array
  index: SearchIndexParts
  /** Milliseconds spent reading, composing and indexing (on this thread). */
  ms: { read: number; compose: number; match: number; index: number }
}
/** The version's text index, posted after the version itself (the version is served sooner; see SearchIndex.adoptTextIndex). */
export type BuiltTextIndex = { id: number; revision: number; text: NgramIndexParts; ms: number }
export type BuildReply = BuiltVersion | { id: number; ok: false; revision: number; error: string } | { ready: true } | BuiltTextIndex

declare const self: Worker

let open: { path: string; db: Database } | undefined

function connection(path: string): Database {
  if (open?.path !== path) {
    open?.db.close()
    const db = new Database(path, { strict: true })
    db.exec('PRAGMA busy_timeout = 5000')
    db.exec('PRAGMA query_only = ON')
    open = { path, db }
  }
  return open.db
}

self.onmessage = (event: MessageEvent<BuildRequest>) => {
  const { id, dbPath, previous } = event.data
  let revision = -1
  try {
    const store = new ReviewRepository(connection(dbPath))
    const started = performance.now()
    const { state, business, rows } = readVersion(store)
    revision = state.revision
    const reviews = rows.map((r) => JSON.parse(r.json) as Review)
    const read = performance.now()
    const composed = composeVersion(
      business,
      rows,
      reviews,
      state.changedAt,
      previous && { contentKey: previous.contentKey, updatedAt: new Date(previous.updatedAt) },
    )
    const composedAt = performance.now()
    const rowHashes = rowHashesOf(composed.body, composed.rowsStart, composed.rowEnds)
    const reuse = matchRows(rowHashes, composed.rowEnds, previous?.rows)
    const matched = performance.now()
    const index = new SearchIndex(reviews, undefined, { deferText: true })
    const { parts, transfer } = index.toParts(false)
    const rowids = Float64Array.from(rows, (r) => r.rowid)
    const reply: BuiltVersion = {
      id,
      ok: true,
      revision,
      changedAt: state.changedAt.toISOString(),
      business,
      contentKey: composed.contentKey,
      updatedAt: composed.updatedAt.toISOString(),
      aggregate: composed.aggregate,
      body: composed.body,
      rowsStart: composed.rowsStart,
      rowEnds: composed.rowEnds,
      rowids,
      rowHashes,
      reuse,
      index: parts,
      ms: { read: read - started, compose: composedAt - read, match: matched - composedAt, index: performance.now() - matched },
    }
    self.postMessage(reply, [
      composed.body.buffer as ArrayBuffer,
      composed.rowEnds.buffer as ArrayBuffer,
      rowids.buffer,
      rowHashes.buffer as ArrayBuffer,
      reuse.buffer as ArrayBuffer,
      ...transfer,
    ])
    const text = index.textIndexParts()
    self.postMessage({ id, revision, text: text.parts, ms: text.ms } satisfies BuiltTextIndex, text.transfer)
  } catch (error) {
    if (revision < 0) {
      try {
        revision = new ReviewRepository(connection(dbPath)).state().revision
      } catch {}
    }
    self.postMessage({ id, ok: false, revision, error: error instanceof Error ? error.message : String(error) } satisfies BuildReply)
  }
  // What this build allocated is garbage now: give it back before the worker idles.
  Bun.gc(false)
}

/** 52 bits of a 64-bit hash of each row's bytes: a number, exact in a Float64Array. */
export function rowHashesOf(body: Uint8Array, rowsStart: number, rowEnds: Uint32Array): Float64Array {
  const hashes = new Float64Array(rowEnds.length)
  const mask = (1n << 52n) - 1n
  for (let i = 0; i < rowEnds.length; i++) {
    const start = rowsStart + (i === 0 ? 0 : rowEnds[i - 1]! + 1)
    hashes[i] = Number(BigInt(Bun.hash(body.subarray(start, rowsStart + rowEnds[i]!))) & mask)
  }
  return hashes
}

/** For each row, the position of the previous version's row with the same hash and length, else -1. */
export function matchRows(
  hashes: Float64Array,
  rowEnds: Uint32Array,
  previous?: { hashes: Float64Array; rowEnds: Uint32Array },
): Int32Array {
  const reuse = new Int32Array(hashes.length).fill(-1)
  if (!previous) return reuse
  const length = (ends: Uint32Array, i: number) => ends[i]! - (i === 0 ? 0 : ends[i - 1]! + 1)
  const before = new Map<number, number>()
  for (let j = 0; j < previous.hashes.length; j++) before.set(previous.hashes[j]!, j)
  for (let i = 0; i < hashes.length; i++) {
    const j = before.get(hashes[i]!)
    if (j !== undefined && length(previous.rowEnds, j) === length(rowEnds, i)) reuse[i] = j
  }
  return reuse
}

// Told once this module is loaded: a message posted to a worker still loading holds the sender until it has.
self.postMessage({ ready: true } satisfies BuildReply)
