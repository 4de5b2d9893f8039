/**
 * Run by version-memory.test.ts in a process of its own: the heap a first version holds, built on this thread (no
 * Worker, no search index yet), against its reviews.json body. Prints one JSON line.
 */
import { heapStats } from 'bun:jsc'
import { review } from '../support/dataset'
import { catalogOnFile } from '../support/catalog-on-file'

const COUNT = 5000
/** Texts of a few hundred bytes, each its own (the generated data's are of that size). */
const reviews = Array.from({ length: COUNT }, (_, i) =>
  review({
    id: `mem-${i}`,
    date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    text: `Visit ${i}: ${Array.from({ length: 40 }, (_, k) => `w${(i * 7919 + k * 104729) % 100003}`).join(' ')}`,
  }),
)

function heapBytes(): number {
  Bun.gc(true)
  return heapStats().heapSize
}

/**
 * The heap one opened catalog adds, the least of four openings: the collector scans the stack conservatively, so a
 * reading now and then still counts garbage a stale stack slot points at (measured: about 1 in 3 readings, +3 MB).
 */
async function heldByOneVersion(): Promise<number> {
  let least = Number.POSITIVE_INFINITY
  for (let i = 0; i < 4; i++) {
    const steps: (() => void | Promise<void>)[] = []
    const { open } = catalogOnFile(reviews, steps, { prefix: 'reviews-version-memory-' })
    const before = heapBytes()
    const opened = open({ buildOffLoopFrom: Number.MAX_SAFE_INTEGER })
    least = Math.min(least, heapBytes() - before)
    opened.stop()
    for (const step of steps.reverse()) await step()
  }
  return least
}

const held = await heldByOneVersion()
const cleanup: (() => void | Promise<void>)[] = []
const { open } = catalogOnFile(reviews, cleanup, { prefix: 'reviews-version-memory-' })
const version = open({ buildOffLoopFrom: Number.MAX_SAFE_INTEGER }).current
const body = version.representations['reviews.json'].body
const text = new TextDecoder().decode(body)
const rows = version.rows
const rowsMatch =
  text.endsWith(`"reviews":[${rows.map((r) => r.json).join(',')}]}`) &&
  rows.every((r, i) => version.jsonAt(i) === r.json && version.reviewJson(version.reviews.id(i)) === r.json) &&
  rows.every((r, i) => (JSON.parse(r.json) as { id: string }).id === version.reviews.id(i))
process.stdout.write(`${JSON.stringify({ held, body: body.byteLength, rowsMatch })}\n`)
for (const step of cleanup.reverse()) await step()
