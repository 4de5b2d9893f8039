/**
 * The process's memory as the catalog's log lines report it (version_built, text_index_built, compressed,
 * insights_computed), in MB: where a burst of data changes puts its memory, read beside the system's RSS. Cheap (about
 * 10 microseconds): no heap walk.
 * - `heap_used` / `heap_total`: this thread's JS heap, with the memory outside it that its objects hold (a build
 *   Worker's heap is not in it);
 * - `array_buffers`: the bytes of the ArrayBuffers and SharedArrayBuffers this thread holds (each version's
 *   reviews.json, row ends, hashes, rowids, folded texts and text index; the compressed forms), garbage not yet
 *   collected included: versions replaced but not yet collected show here.
 */
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10

export type MemoryFigures = { rss: number; heap_used: number; heap_total: number; array_buffers: number; external: number }

export function memoryFigures(): MemoryFigures {
  const usage = process.memoryUsage()
  return {
    rss: mb(usage.rss),
    heap_used: mb(usage.heapUsed),
    heap_total: mb(usage.heapTotal),
    array_buffers: mb(usage.arrayBuffers),
    external: mb(usage.external),
  }
}
