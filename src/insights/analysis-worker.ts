/**
 * Text analysis in a Worker that exists only while there is work: the language model (tens of MB) is
 * loaded in the worker and freed with it, so a server that has computed its insights goes back to its
 * idle memory. A batch of texts per message keeps the copying cheap and the main thread free.
 */
import type { AnalysisContext, TextAnalysis } from './analyzer'
import type { AnalysisReply, AnalysisRequest } from './insights-worker'

/**
 * In the compiled executable every entrypoint is bundled under the common root of the entrypoints (src/),
 * as .js (build.ts lists the worker); from source the worker sits beside this file.
 */
const WORKER_URL = import.meta.url.includes('/$bunfs/') ? new URL('./insights/insights-worker.js', import.meta.url) : new URL('./insights-worker.ts', import.meta.url)

export type TextAnalyzer = (texts: string[], context: AnalysisContext) => Promise<TextAnalysis[]>

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
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if ('error' in reply) waiting?.reject(new Error(reply.error))
      else waiting?.resolve(reply.analyses)
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
    return new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker ??= start()
      worker.postMessage({ id, texts, context } satisfies AnalysisRequest)
    })
  }
}
