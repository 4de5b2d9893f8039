/**
 * Off the event loop: a whole version's insights in a child process of this executable (computeInChildProcess, see
 * insights-child.ts), and text analysis in a Worker that exists only while there is work (workerAnalyzer, the
 * fallback when no child can be started): the language model (tens of MB) is loaded in the worker and freed with it.
 * A batch of texts per message keeps the copying cheap and the main thread free.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { analyzeText, type AnalysisContext, type TextAnalysis } from './analyzer'
import type { AnalysisReply, AnalysisRequest } from './insights-worker'
import { childRequestStream, INSIGHTS_CHILD_COMMAND, type ChildReply } from './child-command'
import type { Business } from '../reviews/schema'
import type { Insights } from './schema'
import type { TextAnalyzer } from './compute'
import type { IncrementalStats } from './stored-analyses'

/**
 * In the compiled executable every entrypoint is bundled under the common root of the entrypoints (src/),
 * as .js (build.ts lists the worker); from source the worker sits beside this file.
 */
const WORKER_URL = import.meta.url.includes('/$bunfs/')
  ? new URL('./insights/insights-worker.js', import.meta.url)
  : new URL('./insights-worker.ts', import.meta.url)

export type { TextAnalyzer } from './compute'

export function workerAnalyzer(): TextAnalyzer {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, { resolve: (analyses: TextAnalysis[]) => void; reject: (error: Error) => void }>()

  const end = () => {
    worker?.terminate()
    worker = undefined
  }
  const start = (): Worker => {
    const created = new Worker(WORKER_URL)
    created.onmessage = (event: MessageEvent<AnalysisReply>) => {
      const reply = event.data
      if ('ready' in reply) return
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if ('error' in reply) waiting?.reject(new Error(reply.error))
      else if ('analyses' in reply) waiting?.resolve(reply.analyses)
      // Nothing left to read: end the worker and its model now.
      if (pending.size === 0) end()
    }
    created.onerror = (event) => {
      for (const waiting of pending.values()) waiting.reject(new Error(`text analysis worker failed: ${event.message}`))
      pending.clear()
      end()
    }
    // A worker must never keep the process alive on its own.
    created.unref()
    return created
  }

  return (texts, context) => {
    if (texts.length === 0) return Promise.resolve([])
    // Starting a worker takes file descriptors, and the runtime exits when it cannot get them: with the
    // process near its limit (a flood of idle connections), read on this thread instead, in slices.
    if (!worker && descriptorHeadroom() < WORKER_DESCRIPTORS) return analyzeHere(texts, context)
    return new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker ??= start()
      worker.postMessage({ id, texts, context } satisfies AnalysisRequest)
    })
  }
}

/**
 * The executable (and its arguments) that computes one version's insights in a child process: the compiled binary
 * runs itself with the hidden subcommand; from source, the runtime runs src/main.ts with it.
 */
function childCommand(): string[] {
  if (import.meta.url.includes('/$bunfs/')) return [process.execPath, INSIGHTS_CHILD_COMMAND]
  return [process.execPath, Bun.fileURLToPath(new URL('../main.ts', import.meta.url)), INSIGHTS_CHILD_COMMAND]
}

/** Children computing now: ended with this process (a child outliving its server would only burn CPU). */
const children = new Set<Bun.Subprocess>()
let exitHook = false
/**
 * Ends every running child when this process exits. A function of the module, not a closure made inside
 * computeInChildProcess: that one held the first computation's scope (its version, through the stats callback), and through
 * each version's successor every version after it, for the life of the process.
 */
function killChildren(): void {
  for (const running of children) running.kill('SIGKILL')
}

/**
 * A whole version's insights computed in a child process of this executable (insights-child.ts; the reviews read
 * from reviews.json's bytes, sent on its stdin): the event loop only hands over the bytes and parses the answer, and
 * everything the computation allocates goes back to the system when the child exits, where a Worker's heap stayed in
 * this process's RSS after it ended. The child is killed at once when `signal` aborts (a superseded version). With
 * `store`, each review's analysis is kept in that database and only new or changed reviews are read
 * (stored-analyses.ts). Null when no child can be started (too few descriptors left, or the spawn failed): the
 * caller computes in slices on this thread instead.
 */
export function computeInChildProcess(
  business: Business,
  /** reviews.json's bytes, in order (one body, or a version's pieces: see childRequestStream). */
  dataset: readonly Uint8Array[],
  generatedAt: string,
  signal?: AbortSignal,
  store?: { dbPath: string; release: string; onStats?: (stats: IncrementalStats) => void },
): Promise<Insights> | null {
  if (descriptorHeadroom() < WORKER_DESCRIPTORS) return null
  if (signal?.aborted) return Promise.reject(signal.reason)
  let child: Bun.Subprocess<ReadableStream<Uint8Array>, 'pipe', 'pipe'>
  try {
    child = Bun.spawn(childCommand(), {
      stdin: childRequestStream({ business, generatedAt, store: store && { dbPath: store.dbPath, release: store.release } }, dataset),
      stdout: 'pipe',
      stderr: 'pipe',
    })
  } catch {
    return null
  }
  children.add(child)
  if (!exitHook) {
    exitHook = true
    process.once('exit', killChildren)
  }
  // A child must never keep the process alive on its own.
  child.unref()
  const abort = () => child.kill('SIGKILL')
  signal?.addEventListener('abort', abort, { once: true })
  return (async () => {
    try {
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
      if (signal?.aborted) throw signal.reason
      let reply: ChildReply
      try {
        reply = JSON.parse(out) as ChildReply
      } catch {
        throw new Error(`insights child failed (exit ${code}${child.signalCode ? `, ${child.signalCode}` : ''}): ${err.slice(-2000)}`)
      }
      if ('error' in reply) throw new Error(reply.error)
      if (reply.stats) store?.onStats?.(reply.stats)
      return reply.insights
    } finally {
      signal?.removeEventListener('abort', abort)
      children.delete(child)
    }
  })()
}

/** The pids of the insights children running now (tests count them). */
export function runningChildren(): number[] {
  return [...children].map((c) => c.pid)
}

/** Free descriptors a worker start needs, with margin (it takes a handful: event loop, wakeups). */
const WORKER_DESCRIPTORS = 64
/** Texts per slice when reading on this thread: about 10 ms between yields to the event loop. */
const SLICE = 100

/** How many more files the process may open (Linux /proc); Infinity where that cannot be told. */
export function descriptorHeadroom(): number {
  try {
    const limit = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]
    if (limit === undefined || limit === 'unlimited') return Number.POSITIVE_INFINITY
    return Number(limit) - readdirSync('/proc/self/fd').length
  } catch (error) {
    // Out of descriptors already (reading /proc needs one); else no /proc to read.
    const code = (error as { code?: string }).code
    return code === 'EMFILE' || code === 'ENFILE' ? 0 : Number.POSITIVE_INFINITY
  }
}

async function analyzeHere(texts: string[], context: AnalysisContext): Promise<TextAnalysis[]> {
  const analyses: TextAnalysis[] = []
  for (let start = 0; start < texts.length; start += SLICE) {
    await new Promise((resolve) => setImmediate(resolve))
    for (const text of texts.slice(start, start + SLICE)) analyses.push(analyzeText(text, context))
  }
  return analyses
}
