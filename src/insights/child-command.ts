/**
 * The subcommand the executable runs an insights computation under (insights-child.ts), not listed in --help: only the
 * service starts it. A module of its own (with the framing of a request) so the command dispatcher and the server
 * name it without loading the insights engine.
 */
import type { Business } from '../reviews/schema'
import type { Insights } from './schema'
import type { IncrementalStats } from './stored-analyses'

export const INSIGHTS_CHILD_COMMAND = '__compute-insights'

/** `store`: where each review's analysis is kept (see stored-analyses.ts); without it every text is read. */
export type ChildRequest = { business: Business; generatedAt: string; store?: { dbPath: string; release: string } }
export type ChildReply = { insights: Insights; stats?: IncrementalStats } | { error: string }

/** Bytes per chunk written to a child's stdin: each is a view of the dataset, never a copy of it. */
const CHUNK = 1 << 16

/**
 * What a child reads on its stdin: [u32 LE header length][header JSON][reviews.json bytes], as a stream of views of
 * `dataset` (its parts in order: a version's bytes in pieces need no join) written as the pipe drains. Handing the
 * runtime the whole array (or writing it at once) copies it and held the event loop about a second at 100k reviews
 * (44 MB); 64 KB views pulled one by one cost neither.
 */
export function childRequestStream(request: ChildRequest, dataset: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  const json = new TextEncoder().encode(JSON.stringify(request))
  const header = new Uint8Array(4 + json.byteLength)
  new DataView(header.buffer).setUint32(0, json.byteLength, true)
  header.set(json, 4)
  let part = -1
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (part < 0) {
        controller.enqueue(header)
        part = 0
        return
      }
      while (part < dataset.length && offset >= dataset[part]!.byteLength) {
        part++
        offset = 0
      }
      if (part >= dataset.length) controller.close()
      else {
        controller.enqueue(dataset[part]!.subarray(offset, offset + CHUNK))
        offset += CHUNK
      }
    },
  })
}

export function decodeChildRequest(input: Uint8Array): { request: ChildRequest; dataset: Uint8Array } {
  if (input.byteLength < 4) throw new Error('insights child: no request on stdin')
  const length = new DataView(input.buffer, input.byteOffset, input.byteLength).getUint32(0, true)
  const request = JSON.parse(new TextDecoder().decode(input.subarray(4, 4 + length))) as ChildRequest
  return { request, dataset: input.subarray(4 + length) }
}
