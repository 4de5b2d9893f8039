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

export type BuildRequest = { id: number; dbPath: string; previous: { contentKey: string; updatedAt: string } | null }
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
  index: SearchIndexParts
  /** Milliseconds spent reading, composing and indexing (on this thread). */
  ms: { read: number; compose: number; index: number }
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
      index: parts,
      ms: { read: read - started, compose: composedAt - read, index: performance.now() - composedAt },
    }
    self.postMessage(reply, [composed.body.buffer as ArrayBuffer, composed.rowEnds.buffer as ArrayBuffer, rowids.buffer, ...transfer])
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

// Told once this module is loaded: a message posted to a worker still loading holds the sender until it has.
self.postMessage({ ready: true } satisfies BuildReply)
