/**
 * Worker entry: reads review texts with the language model, off the main thread. The model lives only in this
 * worker's heap, so the server's idle memory does not carry it once the worker is ended (see analysis-worker.ts).
 * A whole version's insights are computed in a child process instead (insights-child.ts). Listed as an entrypoint
 * in build.ts so the compiled binary carries it.
 */
import { analyzeText, type AnalysisContext, type TextAnalysis } from './analyzer'
import { runInBackground } from '../core/thread-priority'

// Requests on the main thread come first: this worker takes the cores they leave.
runInBackground()

export type AnalysisRequest = { id: number; texts: string[]; context: AnalysisContext }
export type AnalysisReply = { id: number; analyses: TextAnalysis[] } | { id: number; error: string } | { ready: true }

declare const self: Worker

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const request = event.data
  let reply: AnalysisReply
  try {
    reply = { id: request.id, analyses: request.texts.map((text) => analyzeText(text, request.context)) }
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  self.postMessage(reply)
}

// Told once this module (and the model) is loaded: a message posted to a worker still loading holds the sender.
self.postMessage({ ready: true } satisfies AnalysisReply)
