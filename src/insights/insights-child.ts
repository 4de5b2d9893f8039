/**
 * A whole version's insights computed in a child process of the same executable (a hidden subcommand, see
 * cli/index.ts): everything the computation allocates (the parsed reviews, the stored readings, the aggregation) is
 * given back to the system when the child exits, so a server's RSS does not keep it after a burst of changes, and a
 * superseded computation is ended at once by a signal. The request travels on the child's stdin as
 * [u32 LE header length][header JSON][reviews.json bytes]; the answer is one JSON document on its stdout.
 */
import type { Review } from '../reviews/schema'
import { computeInsights } from './compute'
import type { Insights } from './schema'
import { computeIncrementally, type IncrementalStats } from './stored-analyses'
import { decodeChildRequest, type ChildReply, type ChildRequest } from './child-command'

/** The computation itself (the child's whole work, also what the insights Worker runs): the reviews read from reviews.json's bytes. */
export function computeFromDataset(request: ChildRequest, dataset: Uint8Array): { insights: Insights; stats?: IncrementalStats } {
  const { business, generatedAt, store } = request
  const { reviews } = JSON.parse(new TextDecoder().decode(dataset)) as { reviews: Review[] }
  return store
    ? computeIncrementally(store.dbPath, store.release, business, reviews, generatedAt)
    : { insights: computeInsights(business, reviews, generatedAt) }
}

/** The child's answer to its stdin's bytes, as the JSON it writes out (an error is answered too, never thrown). */
export function answerChildRequest(input: Uint8Array): string {
  let reply: ChildReply
  try {
    const { request, dataset } = decodeChildRequest(input)
    reply = computeFromDataset(request, dataset)
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  return JSON.stringify(reply)
}
