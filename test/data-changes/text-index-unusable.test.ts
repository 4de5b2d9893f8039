/**
 * A text index in layers that stands on a base the event loop no longer holds (not expected: the worker stands on the
 * served version's base, or on its own last, which reaches the loop first) is dropped with a `text_index_unusable`
 * line, and the version builds its text index where it is first needed, as a version built on the event loop does:
 * its searches answer as a whole build's.
 */
import { afterEach, expect, test } from 'bun:test'
import type { BuiltTextIndex } from '../../src/catalog/build-worker'
import type { VersionBuilder } from '../../src/catalog/builder'
import { Catalog } from '../../src/catalog/catalog'
import { catalogOnFile } from '../support/catalog-on-file'
import { review, reviews } from '../support/dataset'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const many = [
  ...reviews,
  ...Array.from({ length: 200 }, (_, i) =>
    review({
      id: `u-${i}`,
      date: `2024-0${1 + (i % 9)}-1${i % 10}`,
      text: `Visit ${i}: the drain ${i % 2 ? 'was cleared' : 'still clogs'}.`,
    }),
  ),
]

test('a text index on a base no longer held is dropped, and the version builds its own where it is searched', async () => {
  const { store, open } = catalogOnFile(many, cleanup, { prefix: 'reviews-unusable-', computeInsights: async () => ({}) as never })
  const events: Record<string, unknown>[] = []
  const catalog = open({ log: (event) => events.push(event) })
  const settle = async () => {
    catalog.update()
    await catalog.settled()
  }
  const arrived = () => events.filter((e) => e.event === 'text_index_built' || e.event === 'text_index_unusable').length
  const textIndex = async (count: number) => {
    for (let waited = 0; arrived() < count && waited < 20_000; waited += 5) await Bun.sleep(5)
  }
  // A whole version from the worker (the first was built on the loop), then one in layers on it.
  store.write({ reviews: [review({ id: 'w-1', date: '2026-01-01', text: 'A whole one.' })] })
  await settle()
  await textIndex(1)
  // The next text index, in layers, names a base this loop does not hold.
  const builder = (catalog as unknown as { builder: VersionBuilder }).builder
  const adopt = builder.onTextIndex!
  builder.onTextIndex = (built: BuiltTextIndex) => {
    if ('layers' in built.text) built.text.layers.maps.baseRevision = -1
    adopt(built)
  }
  store.write({ reviews: [review({ id: 'w-2', date: '2026-02-01', text: 'The drain in layers, tankless too.' })] })
  await settle()
  await textIndex(2)
  expect(events.filter((e) => e.event === 'text_index_unusable')).toEqual([
    expect.objectContaining({ revision: catalog.current.revision, base_revision: -1 }),
  ])
  expect(catalog.current.searchIndex.textIndexBytes).toBe(0)
  // Searched all the same: built here, on first use, over this version's texts.
  const whole = new Catalog(store, {
    baseUrl: 'https://x.test',
    computeInsights: async () => ({}) as never,
    insightsVersion: 'test',
    log: () => {},
  })
  whole.stop()
  for (const text of ['drain', 'tankless', 'still clogs', 'visit 1', 'zzqx']) {
    const query = { text, limit: 1000 }
    expect({ text, ...catalog.current.searchIndex.search(query) }).toEqual({ text, ...whole.current.searchIndex.search(query) })
  }
  expect(catalog.current.searchIndex.textIndexBytes).toBeGreaterThan(0)
}, 60_000)
