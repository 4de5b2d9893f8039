/**
 * In a burst, the next build starts before the served version's text index has reached the event loop. The build
 * worker then builds the next text index on its own copy of the served version's (its layers, text-layers.ts), not
 * from every published row read and parsed again (7 s and about 300 MB of the worker's heap at 100k reviews), and the
 * answers are the same as a text index built over every text.
 */
import { afterEach, expect, test } from 'bun:test'
import type { Catalog } from '../../src/catalog/catalog'
import { ReviewSearch } from '../../src/reviews/search'
import { catalogOnFile } from '../support/catalog-on-file'
import { review } from '../support/dataset'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const words = ['boiler', 'radiator', 'thermostat', 'drain', 'tankless', 'café', 'sump pump', 'gasket']
/** Enough texts that a text index takes the worker a while: the next build is posted before it arrives. */
const many = Array.from({ length: 6000 }, (_, i) =>
  review({
    id: `b-${i}`,
    date: `202${i % 5}-0${1 + (i % 9)}-1${i % 9}`,
    text: `Visit ${i}: the ${words[i % words.length]} and the ${words[(i * 5) % words.length]} were looked at, ${'and explained at length '.repeat(i % 7)}done.`,
  }),
)

type TextEvent = { event: string; revision: number; from: string }

function setup() {
  const events: TextEvent[] = []
  const { store, open } = catalogOnFile(many, cleanup, { prefix: 'text-burst-', computeInsights: () => new Promise(() => {}) })
  const catalog = open({ log: (event) => events.push(event as TextEvent) })
  const textIndexOf = async (revision: number) => {
    for (;;) {
      const found = events.find((e) => e.event === 'text_index_built' && e.revision === revision)
      if (found) return found
      await Bun.sleep(2)
    }
  }
  return { store, catalog, textIndexOf }
}

const ids = (catalog: Catalog, query: string) =>
  new ReviewSearch(() => catalog.current).search({ query, limit: 100 }).reviewsJson.map((json) => (JSON.parse(json) as { id: string }).id)

test('the next text index stands on the worker’s own copy of a version whose text index has not arrived yet', async () => {
  const { store, catalog, textIndexOf } = setup()
  store.write({ reviews: [review({ id: 'first-change', date: '2026-03-01', text: 'The flux capacitor was replaced.' })] })
  catalog.update()
  await catalog.settled()
  const first = catalog.current.revision
  // Posted at once: the first change's text index is still being built in the worker.
  store.write({ reviews: [review({ id: 'second-change', date: '2026-03-02', text: 'The dilithium chamber hums again.' })] })
  catalog.update()
  await catalog.settled()
  const second = catalog.current.revision
  expect(second).toBeGreaterThan(first)
  await textIndexOf(first)
  expect((await textIndexOf(second)).from).toBe('worker')
  expect(catalog.current.hasSearchIndex).toBe(true)
  // The spliced text index answers as one built over every text: the new texts, an old one, and a common word.
  expect(ids(catalog, 'dilithium')).toEqual(['second-change'])
  expect(ids(catalog, 'flux capacitor')).toEqual(['first-change'])
  expect(ids(catalog, 'visit 1234:')).toEqual(['b-1234'])
  const radiators = many.filter((r) => r.text.includes('radiator')).length
  expect(new ReviewSearch(() => catalog.current).search({ query: 'radiator', limit: 1 }).total).toBe(radiators)
}, 30_000)
