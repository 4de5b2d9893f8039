/**
 * Worker entry: reads review texts with the language model, off the main thread. The model lives only
 * in this worker's heap, so the server's idle memory does not carry it once the worker is ended
 * (see analysis-worker.ts). Listed as an entrypoint in build.ts so the compiled binary carries it.
 */
import { analyzeText, type AnalysisContext, type TextAnalysis } from './analyzer'

export type AnalysisRequest = { id: number; texts: string[]; context: AnalysisContext }
export type AnalysisReply = { id: number; analyses: TextAnalysis[] } | { id: number; error: string }

declare const self: Worker

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const { id, texts, context } = event.data
  let reply: AnalysisReply
  try {
    reply = { id, analyses: texts.map((text) => analyzeText(text, context)) }
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  self.postMessage(reply)
}
