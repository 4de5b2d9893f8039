/**
 * A version's large bodies are compressed once it has been served a while with no newer data (Catalog
 * compressWhenSettled): a version of a burst, replaced within that while, is never joined or compressed, and a request
 * for a coding of a version not compressed yet is answered with the right bytes, made off the event loop.
 */
import { afterEach, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { serveOffLoop, serveOptions } from '../../src/http/representation'
import { catalogOnFile } from '../support/catalog-on-file'
import { review } from '../support/dataset'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** Enough reviews for reviews.json to pass 64 KiB (the bodies compressed ahead of requests). */
const reviews = Array.from({ length: 400 }, (_, i) =>
  review({ id: `c-${i}`, date: `2025-0${1 + (i % 9)}-1${i % 10}`, text: `Visit ${i}: the water heater was replaced and tested.` }),
)

test('a version replaced within its settling time is never compressed; the one that stays is', async () => {
  const { store, open } = catalogOnFile(reviews, cleanup, {
    prefix: 'reviews-compress-settled-',
    computeInsights: async () => ({}) as never,
  })
  const events: Record<string, unknown>[] = []
  // A wide window: the three changes below must come within it on a loaded machine too.
  const catalog = open({ log: (event) => events.push(event), compressWhenSettledMs: 4000 })
  catalog.start()
  await catalog.startWarmed
  const change = async (id: string) => {
    store.write({ reviews: [review({ id, date: '2026-05-01', text: `Change ${id}.` })] })
    catalog.update()
    await catalog.settled()
    // The gap between two imports of a burst (shorter than the settling time).
    await Bun.sleep(100)
    return catalog.current
  }
  const first = await change('b-1')
  const second = await change('b-2')
  const last = await change('b-3')
  expect([first.revision, second.revision, last.revision]).toEqual([first.revision, first.revision + 1, first.revision + 2])
  // Not compressed yet, and a request for gzip gets the right bytes all the same.
  const dataset = last.representations['reviews.json']
  expect(dataset.byteLength).toBeGreaterThan(64 * 1024)
  expect(dataset.isEncoded('gzip')).toBe(false)
  const response = await serveOffLoop(
    new Request('https://x.test/reviews.json', { headers: { 'accept-encoding': 'gzip' } }),
    dataset,
    serveOptions('no-cache'),
  )
  expect(response.headers.get('content-encoding')).toBe('gzip')
  expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await response.arrayBuffer())))).toContain('"id":"b-3"')
  // Compressed once it has stayed: the last version only, never the two replaced at once.
  for (let waited = 0; !events.some((e) => e.event === 'compressed' && e.revision === last.revision) && waited < 10_000; waited += 20)
    await Bun.sleep(20)
  const compressed = events.filter((e) => e.event === 'compressed').map((e) => e.revision)
  expect(compressed).toContain(last.revision)
  expect(compressed).not.toContain(first.revision)
  expect(compressed).not.toContain(second.revision)
  expect(dataset.isEncoded('br')).toBe(true)
}, 30_000)
