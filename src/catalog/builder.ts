/**
 * Builds the next data version beside the one being served: the database read, reviews.json's bytes and
 * the search index in a Worker (build-worker.ts), then the rows parsed on the event loop in slices of a
 * few milliseconds, so requests keep being answered from the current version until the new one is whole.
 */
import type { Review } from '../reviews/schema'
import { SearchIndex } from '../reviews/search-index'
import type {
  BuildReply,
  BuildRequest,
  BuiltTextIndex,
  BuiltVersion,
  JoinedDataset,
  JoinRequest,
  SpliceSource,
  WorkerReady,
} from './build-worker'
import { DatasetBytes, type DatasetParts } from './dataset-bytes'
import type { PreparedVersion } from './snapshot'
import { isShared } from './version'

/**
 * In the compiled executable every entrypoint is bundled under the common root of the entrypoints (src/),
 * as .js (build.ts lists the worker); from source the worker sits beside this file.
 */
const WORKER_URL = import.meta.url.includes('/$bunfs/')
  ? new URL('./catalog/build-worker.js', import.meta.url)
  : new URL('./build-worker.ts', import.meta.url)

/** The longest the event loop is held at a time while a built version is taken in. */
export const SLICE_MS = 4

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export class Cancelled extends Error {}

/**
 * One Worker per build, ended once it has posted the version and then its text index (its heap, a whole
 * version's worth, is not kept while idle); ended at once to cancel a build.
 */
export class VersionBuilder {
  /** Told when a built version's text index arrives (after the version itself). */
  onTextIndex?: (built: BuiltTextIndex) => void
  private worker?: Worker
  private nextId = 0
  private pending?: {
    id: number
    resolve: (reply: Exclude<BuildReply, BuiltTextIndex>) => void
    reject: (error: Error) => void
  }
  /** Resolves once the worker has loaded (posting to a worker still loading holds the event loop). */
  private ready?: Promise<void>

  constructor(private readonly dbPath: string) {}

  /** Reads and builds the newest version in the worker; rejects with Cancelled if `cancel()` is called first. */
  build(
    previous: {
      contentKey: string
      updatedAt: Date
      rows?: { hashes: Float64Array; rowEnds: Uint32Array }
      /**
       * The served version's dataset bytes and rowids (shared memory, see version.ts), its revision, and copies of its index
       * sets (`transfer` lists their buffers): the next version may be spliced from it (splice.ts).
       */
      splice?: SpliceSource & { transfer: ArrayBuffer[] }
    } | null,
  ): Promise<Exclude<BuildReply, BuiltTextIndex>> {
    this.cancel()
    return new Promise((resolve, reject) => {
      const id = this.nextId++
      this.pending = { id, resolve, reject }
      this.worker ??= this.start()
      const worker = this.worker
      void this.ready!.then(() => {
        if (this.pending?.id !== id || this.worker !== worker) return
        // The previous rows' hashes and ends are in shared memory (version.ts): posted as they are. Others go as copies,
        // transferred: a copy is a memcpy, where posting the arrays themselves would clone them byte by byte on this thread.
        const transfer: ArrayBuffer[] = []
        const passed = <T extends Float64Array | Uint32Array>(array: T): T => {
          if (isShared(array)) return array
          const copy = array.slice() as T
          transfer.push(copy.buffer as ArrayBuffer)
          return copy
        }
        const rows = previous?.rows && { hashes: passed(previous.rows.hashes), rowEnds: passed(previous.rows.rowEnds) }
        const splice = previous?.splice
        if (splice) transfer.push(...splice.transfer)
        worker.postMessage(
          {
            id,
            dbPath: this.dbPath,
            previous: previous && {
              contentKey: previous.contentKey,
              updatedAt: previous.updatedAt.toISOString(),
              rows,
              splice: splice && {
                dataset: splice.dataset,
                revision: splice.revision,
                rowids: splice.rowids,
                index: splice.index,
                text: splice.text,
                textLayers: splice.textLayers,
              },
            },
          } satisfies BuildRequest,
          transfer,
        )
      })
    })
  }

  /** Stops the build in flight, if any (the worker is ended: its work is thrown away). */
  cancel(): void {
    if (!this.pending) return
    this.pending.reject(new Cancelled('build cancelled'))
    this.pending = undefined
    this.end()
  }

  end(): void {
    this.worker?.terminate()
    this.worker = undefined
  }

  private start(): Worker {
    const { worker, ready } = startWorker<BuildReply>(
      (reply) => this.onReply(worker, reply),
      (message) => {
        this.pending?.reject(new Error(`version build worker failed: ${message}`))
        this.pending = undefined
        this.end()
      },
    )
    this.ready = ready
    return worker
  }

  private onReply(worker: Worker, reply: BuildReply): void {
    if ('text' in reply) {
      // Done with this build; unless the next one was already posted to this worker, end it and its heap.
      if (this.worker === worker && !this.pending) this.end()
      this.onTextIndex?.(reply)
      return
    }
    const pending = this.pending
    if (pending?.id !== reply.id) {
      // A failure after its version was posted (building its text index): nothing waits for it, and the worker's
      // heap goes with the worker unless the next build is already posted to it.
      if (!reply.ok && this.worker === worker && !this.pending) this.end()
      return
    }
    this.pending = undefined
    if (!reply.ok && this.worker === worker) this.end()
    pending.resolve(reply)
  }
}

/**
 * A Worker on the build worker's entry (its builds and its joins), and a promise that it has loaded: posting to a
 * worker still loading holds the event loop. It never keeps the process alive on its own.
 */
function startWorker<Reply>(onReply: (reply: Reply) => void, onError: (message: string) => void): { worker: Worker; ready: Promise<void> } {
  const worker = new Worker(WORKER_URL)
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  worker.onmessage = (event: MessageEvent<Reply | WorkerReady>) => {
    if ('ready' in (event.data as object)) markReady()
    else onReply(event.data as Reply)
  }
  worker.onerror = (event) => onError(event.message)
  worker.unref()
  return { worker, ready }
}

/**
 * Joins a settled version's dataset pieces into one body (dataset-bytes.ts) on a Worker of its own (the build worker's
 * entry, started when a join is asked and ended when none is left): a copy of every byte, about 170 ms at 100k reviews,
 * never on the event loop, never queued behind a build, and never lost when a build is cancelled. `close` rejects the
 * joins still pending (with Cancelled).
 */
export class DatasetJoiner {
  private worker?: Worker
  private ready?: Promise<void>
  private readonly joins = new Map<number, { resolve: (body: Uint8Array) => void; reject: (error: Error) => void }>()
  private nextId = 0

  join(dataset: DatasetParts): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const joinId = this.nextId++
      this.joins.set(joinId, { resolve, reject })
      const worker = (this.worker ??= this.start())
      void this.ready!.then(() => {
        if (this.worker === worker && this.joins.has(joinId)) worker.postMessage({ joinId, dataset } satisfies JoinRequest)
      })
    })
  }

  close(): void {
    this.fail(new Cancelled('join cancelled'))
  }

  private fail(error: Error): void {
    this.worker?.terminate()
    this.worker = undefined
    for (const join of this.joins.values()) join.reject(error)
    this.joins.clear()
  }

  private start(): Worker {
    const { worker, ready } = startWorker<JoinedDataset>(
      (reply) => {
        const join = this.joins.get(reply.joinId)
        this.joins.delete(reply.joinId)
        join?.resolve(reply.body)
        if (this.worker === worker && this.joins.size === 0) {
          worker.terminate()
          this.worker = undefined
        }
      },
      (message) => this.fail(new Error(`dataset join worker failed: ${message}`)),
    )
    this.ready = ready
    return worker
  }
}

/**
 * The ids of a built version's reviews, taken in on the event loop a few milliseconds at a time (`cancelled` is asked
 * between slices), with the search index and the reviews' columns adopted from the worker's parts. A row whose bytes
 * are the previous version's (the worker matched them, `built.reuse`) keeps that version's id; only the others' ids
 * are read from their bytes: a one-review import reads one. No review is parsed and no row's JSON kept as a string
 * (the snapshot reads a review from reviews.json's bytes when it is asked for).
 */
export async function takeIn(
  built: BuiltVersion,
  cancelled: () => boolean,
  previous?: { reviews: { id(position: number): string } },
): Promise<{ prepared: PreparedVersion; parsed: number }> {
  const { rowEnds, rowids } = built
  const dataset = DatasetBytes.fromParts(built.dataset)
  const reuse = previous ? built.reuse : undefined
  let parsed = 0
  const count = rowEnds.length
  const ids = new Array<string>(count)
  const byId = new Map<string, number>()
  let i = 0
  while (i < count) {
    const until = performance.now() + SLICE_MS
    for (; i < count && ((i & 63) !== 0 || performance.now() < until); i++) {
      const j = reuse ? reuse[i]! : -1
      let id: string
      if (j >= 0) id = previous!.reviews.id(j)
      else {
        parsed++
        id = idOfRow(dataset.rows(i === 0 ? 0 : rowEnds[i - 1]! + 1, rowEnds[i]!))
      }
      ids[i] = id
      byId.set(id, i)
    }
    if (i < count) {
      await yieldToLoop()
      if (cancelled()) throw new Cancelled('build superseded')
    }
  }
  const index = SearchIndex.fromParts(rowReader(dataset, rowEnds), built.index)
  return {
    parsed,
    prepared: {
      reviews: index.columns,
      ids,
      byId,
      rowids,
      aggregate: built.aggregate,
      dataset,
      rowEnds,
      rowHashes: built.rowHashes,
      index,
    },
  }
}

/**
 * A review by position, parsed from its bytes. Made outside `takeIn`: a closure made in an async function holds all of
 * its locals, and those include the previous version (every version would keep the one before it).
 */
function rowReader(dataset: DatasetBytes, rowEnds: Uint32Array): (position: number) => Review {
  return (p) => JSON.parse(decoder.decode(dataset.rows(p === 0 ? 0 : rowEnds[p - 1]! + 1, rowEnds[p]!))) as Review
}

const decoder = new TextDecoder()
const ID_PREFIX = new TextEncoder().encode('{"id":"')

/** A row's id: read off the front of its JSON when it is a plain string there (as the database writes it), else parsed. */
export function idOfRow(row: Uint8Array): string {
  let plain = row.length > ID_PREFIX.length
  for (let k = 0; plain && k < ID_PREFIX.length; k++) plain = row[k] === ID_PREFIX[k]
  if (plain) {
    // Up to the closing quote; an escape first (a backslash) leaves it to the parser.
    for (let end = ID_PREFIX.length; end < row.length && row[end] !== 0x5c; end++)
      if (row[end] === 0x22) return decoder.decode(row.subarray(ID_PREFIX.length, end))
  }
  return (JSON.parse(decoder.decode(row)) as Review).id
}
