/**
 * A whole version's insights computed in a child process of the same executable (a hidden subcommand, see
 * cli/index.ts): everything the computation allocates (the parsed reviews, the stored readings, the aggregation) is
 * given back to the system when the child exits, so a server's RSS does not keep it after a burst of changes, and a
 * superseded computation is ended at once by a signal. The request travels on the child's stdin as
 * [u32 LE header length][header JSON][reviews.json bytes]; the answer is one JSON document on its stdout.
 */
import type { Review } from '../reviews/schema'
import { computeInsights } from './compute'
import { computeIncrementally } from './stored-analyses'
import { decodeChildRequest, type ChildReply, type ChildRequest } from './child-command'

/** The reviews of reviews.json's bytes. */
function reviewsOf(dataset: Uint8Array): Review[] {
  return (JSON.parse(new TextDecoder().decode(dataset)) as { reviews: Review[] }).reviews
}

/**
 * The child's answer to its stdin's bytes, as the JSON it writes out (an error is answered too, never thrown).
 * `input.bytes` is let go once the reviews are parsed, and the garbage is collected between the phases (the bytes and
 * their decoded text, then the stored readings' JSON): each phase reuses the memory of the one before rather than
 * growing the process, whose peak RSS is what a computation costs the machine.
 */
export function answerChildRequest(input: { bytes?: Uint8Array }): string {
  let reply: ChildReply
  try {
    const decoded: { request: ChildRequest; dataset?: Uint8Array } = decodeChildRequest(input.bytes!)
    input.bytes = undefined
    const reviews = reviewsOf(decoded.dataset!)
    decoded.dataset = undefined
    const { business, generatedAt, store } = decoded.request
    const collect = () => Bun.gc(true)
    collect()
    reply = store
      ? computeIncrementally(store.dbPath, store.release, business, reviews, generatedAt, collect)
      : { insights: computeInsights(business, reviews, generatedAt) }
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  return JSON.stringify(reply)
}
