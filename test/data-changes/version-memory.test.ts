/**
 * What a served version keeps in memory. A row's JSON is read from reviews.json's bytes when it is asked for, not
 * kept beside them as a string per row: those strings were the largest part of a version's heap (70 MB of 254 MB at
 * 100k reviews), and a copy of the dataset's bytes in all.
 */
import { heapStats } from 'bun:jsc'
import { afterEach, expect, test } from 'bun:test'
import { review } from '../support/dataset'
import { catalogOnFile } from '../support/catalog-on-file'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const COUNT = 5000
/** Texts of a few hundred bytes, each its own: the text's bytes dominate what a version holds per review. */
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

test("a version holds reviews.json's bytes and the parsed reviews, not each row's JSON again as a string", () => {
  const { open } = catalogOnFile(reviews, cleanup, { prefix: 'reviews-version-memory-' })
  const before = heapBytes()
  // Built on this thread at once (no Worker, no search index yet): what is held is the version itself.
  const catalog = open({ buildOffLoopFrom: Number.MAX_SAFE_INTEGER })
  const version = catalog.current
  const held = heapBytes() - before
  const body = version.representations['reviews.json'].body.byteLength
  // The bytes and the parsed reviews (each a few hundred bytes of fields beside its text): 2.5 times the body here.
  // With a string of JSON per row besides, a version held 3.7 times the body.
  expect(held).toBeLessThan(3 * body)
  // Still every row's JSON, byte for byte, by position and by id.
  const first = JSON.parse(version.jsonAt(0)) as { id: string }
  expect(version.reviewJson(first.id)).toBe(version.jsonAt(0))
  const text = new TextDecoder().decode(version.representations['reviews.json'].body)
  expect(text.endsWith(`"reviews":[${version.rows.map((r) => r.json).join(',')}]}`)).toBe(true)
  expect(version.rows.map((r) => (JSON.parse(r.json) as { id: string }).id)).toEqual(version.reviews.map((r) => r.id))
})
