/**
 * Worker entry: builds the next data version beside the one being served. Reads the revision, business
 * and published rows in one read transaction on its own connection, composes reviews.json's bytes and
 * builds the search index, then posts them with every buffer shared or transferred (no copy on the event loop).
 * Listed as an entrypoint in build.ts so the compiled binary carries it.
 */
import { Database } from 'bun:sqlite'
import { ReviewRepository } from '../reviews/repository'
import type { Business, Review } from '../reviews/schema'
import { searchableText, SearchIndex, type SearchIndexParts } from '../reviews/search-index'
import { buffersOf, corpusOf, NgramIndex, splicedCorpus, type NgramIndexParts, type TextCorpus } from '../reviews/ngram-index'
import { nextLayerMaps, shouldCompact, type ServedTextLayers, type TextLayerMaps } from '../reviews/text-layers'
import { DatasetBytes, type DatasetParts } from './dataset-bytes'
import { composeVersion, isSharedCorpus, readVersion, sharedFloat64, type ComposedVersion } from './version'
import { spliceVersion, type SplicedVersion } from './splice'
import { runInBackground } from '../core/thread-priority'

// Requests on the main thread come first: this worker takes the cores they leave.
runInBackground()

/**
 * `previous.rows`: the served version's row hashes and byte lengths (see `rowHashes`), when it has them: each row of
 * the new version whose bytes are the same is named by its position there, so the event loop reuses it as it is.
 * With `previous.splice` too (the served version's dataset bytes, revision, rowids and index sets), the version is
 * spliced from the served one and the rows written since (splice.ts) when it can be; else built whole. The dataset's
 * bytes, row ends, hashes and rowids are in shared memory (version.ts `sharedBytes`): posted both ways without a copy.
 * A `JoinRequest` joins a settled version's dataset pieces into one body (dataset-bytes.ts), off the event loop.
 */
/** The served version a build may splice from (splice.ts): its dataset bytes and rowids (shared memory), revision and index sets. */
export type SpliceSource = {
  dataset: DatasetParts
  revision: number
  rowids: Float64Array
  index: SearchIndexParts
  /** The served text index's folded texts (shared memory), when it has one and it is whole. */
  text?: TextCorpus
  /** The served text index's maps and delta texts (shared memory), when it has one in layers (text-layers.ts). */
  textLayers?: ServedTextLayers
}

export type BuildRequest = {
  id: number
  dbPath: string
  previous: {
    contentKey: string
    updatedAt: string
    rows?: { hashes: Float64Array; rowEnds: Uint32Array }
    splice?: SpliceSource
  } | null
}
/** A composed version as posted to the event loop: its dates as ISO strings, with the build's own figures beside it. */
export type BuiltVersion = Omit<ComposedVersion, 'updatedAt' | 'body' | 'rowsStart'> & {
  /** reviews.json's bytes: one body (a whole build) or pieces, some of them the served version's (dataset-bytes.ts). */
  dataset: DatasetParts
  id: number
  ok: true
  revision: number
  changedAt: string
  business: Business
  updatedAt: string
  /** Whether the version was spliced from the served one (splice.ts) rather than built whole. */
  spliced: boolean
  rowids: Float64Array
  /** For each row, its position in the previous version when its bytes are the same there, else -1. */
  reuse: Int32Array
  index: SearchIndexParts
  /** Rows read from the database (every published one for a whole build, the ones written since for a splice). */
  rowsRead: number
  /** Milliseconds spent reading, composing and indexing (on this thread). */
  ms: { read: number; compose: number; match: number; index: number }
}
/** The version's text index, posted after the version itself (the version is served sooner; see SearchIndex.adoptTextIndex). */
export type BuiltTextIndex = {
  id: number
  revision: number
  /** Whole, or in layers on the whole index of an earlier version (text-layers.ts; the event loop holds the base). */
  text: { whole: NgramIndexParts } | { layers: { maps: TextLayerMaps; delta: NgramIndexParts; deltaCorpus: TextCorpus } }
  ms: number
  /**
   * Whose folded texts it was spliced from: the served version's (posted with the request), this worker's last (the
   * served version's own, not yet adopted by it), or none: read from every published row (the first build, a whole one).
   */
  from: 'served' | 'worker' | 'rows'
}
/** A dataset's pieces joined into one body (see `JoinRequest`). */
export type JoinedDataset = { joinId: number; body: Uint8Array }
/** Told once the module is loaded (see the last line). */
export type WorkerReady = { ready: true }
export type BuildReply = BuiltVersion | { id: number; ok: false; revision: number; error: string } | BuiltTextIndex
/** Joins a settled version's pieces into its contiguous body (dataset-bytes.ts), off the event loop. */
export type JoinRequest = { joinId: number; dataset: DatasetParts }

declare const self: Worker

let open: { path: string; db: Database } | undefined

/** A served version's text index as a build reads it: its folded texts when whole, its layers when in layers. */
type ServedText = { revision: number } & ({ whole: TextCorpus; layers?: undefined } | { whole?: undefined; layers: ServedTextLayers })

/**
 * The text index of the last version this worker indexed (shared memory: the event loop's holds the same bytes). In a
 * burst the next build is posted before that version's text index has reached the event loop, so the served version
 * has none to splice from; the next text index was then built over every published row, read and parsed again (7 s
 * and about 300 MB of this thread's heap at 100k reviews, against 3.5 s).
 */
let lastText: ServedText | undefined

function rememberText(text: ServedText): void {
  const corpora = [text.whole, text.layers?.deltaCorpus, text.layers?.baseCorpus].filter((c) => c !== undefined)
  lastText = corpora.every(isSharedCorpus) ? text : undefined
}

/** The served version's text index: posted with it, else this worker's own when it indexed that version last. */
function servedText(base: SpliceSource): { text: ServedText; from: 'served' | 'worker' } | undefined {
  // A text index is whole or in layers (SearchIndex.textCorpus, textLayers), never both.
  if (base.textLayers) return { text: { revision: base.revision, layers: base.textLayers }, from: 'served' }
  if (base.text) return { text: { revision: base.revision, whole: base.text }, from: 'served' }
  return lastText?.revision === base.revision ? { text: lastText, from: 'worker' } : undefined
}

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

self.onmessage = (event: MessageEvent<BuildRequest | JoinRequest>) => {
  if ('joinId' in event.data) {
    const { joinId, dataset } = event.data
    self.postMessage({ joinId, body: DatasetBytes.fromParts(dataset).join() } satisfies JoinedDataset)
    return
  }
  const { id, dbPath, previous } = event.data
  let revision = -1
  try {
    const db = connection(dbPath)
    const store = new ReviewRepository(db)
    // One read transaction: the version and, for a splice, every text its text index reads are of one revision.
    db.exec('BEGIN')
    try {
      const base = previous?.rows && previous.splice
      const spliced =
        previous?.rows && base
          ? spliceVersion(store, {
              dataset: DatasetBytes.fromParts(base.dataset),
              revision: base.revision,
              contentKey: previous.contentKey,
              updatedAt: previous.updatedAt,
              rowids: base.rowids,
              hashes: previous.rows.hashes,
              rowEnds: previous.rows.rowEnds,
              index: base.index,
            })
          : null
      if (spliced && base) {
        revision = spliced.revision
        // Posting transfers the version's arrays away from here: the text index reads its own copy of `reuse`.
        const reuse = spliced.reuse.slice()
        postSpliced(id, spliced)
        postSplicedText(id, { ...spliced, reuse }, base.rowids.length, store, servedText(base))
      } else {
        revision = buildWhole(id, store, previous)
      }
    } finally {
      if (db.inTransaction) db.exec('COMMIT')
    }
  } catch (error) {
    if (revision < 0) {
      try {
        revision = new ReviewRepository(connection(dbPath)).state().revision
      } catch {}
    }
    self.postMessage({ id, ok: false, revision, error: error instanceof Error ? error.message : String(error) } satisfies BuildReply)
  }
  // What this build allocated is garbage now, with this thread's handles on the served version's shared buffers: the
  // buffers' memory stays until every thread's handle is collected, and an eden collection (Bun.gc(false)) reaches
  // none of them. During a burst the worker lives on from build to build, so each version it spliced from stayed in
  // memory (4-5 versions at 100k reviews, about 500 MB) after the event loop had freed it. A full collection here
  // holds this thread only.
  Bun.gc(true)
}

/**
 * The spliced version's text index. In layers on the served version's base (text-layers.ts) while the texts added
 * since the base and the base's removed rows stay under 1/COMPACT_AT of the reviews: only the delta is indexed, from
 * the served delta's folded texts and the new rows'. Else whole again, on the base's folded texts and the texts of the
 * rows written since it (read in the same transaction); with no served text index at all, over every published text.
 */
function postSplicedText(
  id: number,
  spliced: SplicedVersion,
  servedSize: number,
  store: ReviewRepository,
  served?: { text: ServedText; from: 'served' | 'worker' },
): void {
  const started = performance.now()
  const revision = spliced.revision
  const size = spliced.reuse.length
  const added = new Map(spliced.added.map((a) => [a.position, a.review]))
  const post = (text: BuiltTextIndex['text'], transfer: ArrayBuffer[], from: BuiltTextIndex['from']) =>
    self.postMessage({ id, revision, text, ms: performance.now() - started, from } satisfies BuiltTextIndex, transfer)
  const postWhole = (index: NgramIndex, from: BuiltTextIndex['from']) => {
    rememberText({ revision, whole: index.textCorpus })
    const text = index.toParts()
    post({ whole: text.parts }, text.transfer, from)
  }
  if (served) {
    const maps = nextLayerMaps(served.text.layers ?? null, servedSize, served.text.revision, spliced.reuse)
    const baseCorpus = served.text.whole ?? served.text.layers.baseCorpus
    if (!shouldCompact(maps, size)) {
      store.db.exec('COMMIT')
      const { deltaReuse, ...layerMaps } = maps
      const deltaCorpus = splicedCorpus(served.text.layers?.deltaCorpus ?? EMPTY_CORPUS, deltaReuse, (k) =>
        searchableText(added.get(layerMaps.deltaHere[k]!)!),
      )
      const delta = new NgramIndex(layerMaps.deltaHere.length, notKept, deltaCorpus).toParts()
      rememberText({ revision, layers: { ...layerMaps, deltaCorpus, baseCorpus } })
      post({ layers: { maps: layerMaps, delta: delta.parts, deltaCorpus } }, delta.transfer, served.from)
      return
    }
    // Whole again, on the base's folded texts: only the texts not in the base are read (the rows written since it).
    const fromBase = new Int32Array(size).fill(-1)
    for (let b = 0; b < maps.baseHere.length; b++) if (maps.baseHere[b]! >= 0) fromBase[maps.baseHere[b]!] = b
    const unread: number[] = []
    for (let i = 0; i < size; i++) if (fromBase[i]! < 0 && !added.has(i)) unread.push(spliced.rowids[i]!)
    const rows = store.jsonOfRows(unread)
    store.db.exec('COMMIT')
    const textAt = (p: number) => {
      const review = added.get(p) ?? (JSON.parse(rows.get(spliced.rowids[p]!)!.json) as Review)
      return searchableText(review)
    }
    postWhole(new NgramIndex(size, notKept, splicedCorpus(baseCorpus, fromBase, textAt)), served.from)
    return
  }
  const texts = store.publishedJson()
  store.db.exec('COMMIT')
  const reviews = texts.map((r) => JSON.parse(r.json) as Review)
  postWhole(new NgramIndex(reviews.length, (p) => searchableText(reviews[p]!)), 'rows')
}

/** The folded texts of no review: what the first delta on a whole index is spliced from. */
const EMPTY_CORPUS = corpusOf(0, () => '')

/** The texts of an index built here are not kept here: the event loop gives the index it adopts its own (`fromParts`). */
const notKept = (): string => {
  throw new Error('the build worker keeps no texts')
}

function postSpliced(id: number, spliced: SplicedVersion): void {
  const { parts, transfer } = { parts: spliced.index, transfer: buffersOf(spliced.index) }
  const reply: BuiltVersion = {
    id,
    ok: true,
    revision: spliced.revision,
    changedAt: spliced.changedAt.toISOString(),
    business: spliced.business,
    contentKey: spliced.contentKey,
    updatedAt: spliced.updatedAt.toISOString(),
    aggregate: spliced.aggregate,
    dataset: spliced.dataset,
    spliced: true,
    rowEnds: spliced.rowEnds,
    rowids: spliced.rowids,
    rowHashes: spliced.rowHashes,
    reuse: spliced.reuse,
    index: parts,
    rowsRead: spliced.read,
    ms: { read: spliced.ms.read, compose: spliced.ms.compose, match: 0, index: spliced.ms.index },
  }
  // The body, ends, hashes and rowids are shared; the rest is transferred.
  self.postMessage(reply, [spliced.reuse.buffer as ArrayBuffer, ...transfer])
}

/** Reads every published row and builds the whole version (the first build, a changed business, anything a splice refuses). */
function buildWhole(id: number, store: ReviewRepository, previous: BuildRequest['previous']): number {
  const started = performance.now()
  const { state, business, rows } = readVersion(store)
  const revision = state.revision
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
  const rowHashes = composed.rowHashes
  const reuse = matchRows(rowHashes, composed.rowEnds, previous?.rows)
  const matched = performance.now()
  const rowids = sharedFloat64(rows.length)
  for (let i = 0; i < rows.length; i++) rowids[i] = rows[i]!.rowid
  // The rows' JSON strings (a copy of the dataset, in this heap) are not needed past here: the index and the text
  // index read the parsed reviews. Dropped before them, so the worker's peak holds one copy less.
  rows.length = 0
  Bun.gc(true)
  const index = new SearchIndex(reviews, undefined, { deferText: true })
  const { parts, transfer } = index.toParts(false)
  const reply: BuiltVersion = {
    id,
    ok: true,
    revision,
    changedAt: state.changedAt.toISOString(),
    business,
    contentKey: composed.contentKey,
    updatedAt: composed.updatedAt.toISOString(),
    aggregate: composed.aggregate,
    dataset: DatasetBytes.of(composed.body, composed.rowsStart).parts,
    spliced: false,
    rowEnds: composed.rowEnds,
    rowids,
    rowHashes,
    reuse,
    index: parts,
    rowsRead: reviews.length,
    ms: { read: read - started, compose: composedAt - read, match: matched - composedAt, index: performance.now() - matched },
  }
  // The body, ends, hashes and rowids are shared; the rest is transferred.
  self.postMessage(reply, [reuse.buffer as ArrayBuffer, ...transfer])
  // The parsed reviews are let go once their texts are in the text index's corpus, before its grams are counted.
  const text = index.textIndexParts(() => {
    reviews.length = 0
    Bun.gc(true)
  })
  const corpus = index.textCorpus
  if (corpus) rememberText({ revision, whole: corpus })
  else lastText = undefined
  self.postMessage({ id, revision, text: { whole: text.parts }, ms: text.ms, from: 'rows' } satisfies BuiltTextIndex, text.transfer)
  return revision
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
self.postMessage({ ready: true } satisfies WorkerReady)
