/**
 * Worker entry: reads review texts with the language model, off the main thread, or computes a whole
 * version's insights here (the reviews parsed from reviews.json's bytes), so the event loop does none of
 * it. The model lives only in this worker's heap, so the server's idle memory does not carry it once the
 * worker is ended (see analysis-worker.ts). Listed as an entrypoint in build.ts so the compiled binary carries it.
 */
import { analyzeText, type AnalysisContext, type TextAnalysis } from './analyzer'
import { computeInsights } from './compute'
import type { Business, Review } from '../reviews/schema'
import type { Insights } from './schema'
import { computeIncrementally, type IncrementalStats } from './stored-analyses'
import { runInBackground } from '../core/thread-priority'

// Requests on the main thread come first: this worker takes the cores they leave.
runInBackground()

export type AnalysisRequest = { id: number; texts: string[]; context: AnalysisContext }
/** `store`: where each review's analysis is kept (see stored-analyses.ts); without it every text is read. */
export type ComputeRequest = {
  id: number
  compute: { business: Business; dataset: Uint8Array; generatedAt: string; store?: { dbPath: string; release: string } }
}
export type AnalysisReply =
  | { id: number; analyses: TextAnalysis[] }
  | { id: number; insights: Insights; stats?: IncrementalStats }
  | { id: number; error: string }
  | { ready: true }

declare const self: Worker

self.onmessage = (event: MessageEvent<AnalysisRequest | ComputeRequest>) => {
  const request = event.data
  let reply: AnalysisReply
  try {
    if ('compute' in request) {
      const { business, dataset, generatedAt, store } = request.compute
      const { reviews } = JSON.parse(new TextDecoder().decode(dataset)) as { reviews: Review[] }
      reply = store
        ? { id: request.id, ...computeIncrementally(store.dbPath, store.release, business, reviews, generatedAt) }
        : { id: request.id, insights: computeInsights(business, reviews, generatedAt) }
    } else {
      reply = { id: request.id, analyses: request.texts.map((text) => analyzeText(text, request.context)) }
    }
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  self.postMessage(reply)
}

// Told once this module (and the model) is loaded: a message posted to a worker still loading holds the sender.
self.postMessage({ ready: true } satisfies AnalysisReply)
