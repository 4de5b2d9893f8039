/**
 * The pages plugin on its own, over a hand-made snapshot: insights are awaited off the request path
 * and the review page survives their failure; pages are cached per snapshot (a new data version
 * renders anew, the same one never twice).
 */
import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { pagesRoutes } from '../../src/api/pages'
import type { Catalog } from '../../src/catalog/catalog'
import { Snapshot, type InsightsComputer } from '../../src/catalog/snapshot'
import { computeInsights } from '../../src/insights/compute'
import { ReviewSearch } from '../../src/reviews/search'
import type { Review } from '../../src/reviews/schema'
import { business, reviews } from '../support/dataset'

const published = reviews
  .filter((r) => r.verified)
  .sort((a, b) => (a.date === b.date ? b.id.localeCompare(a.id) : b.date.localeCompare(a.date))) as Review[]
const rows = published.map((r, i) => ({ rowid: i + 1, date: r.date, json: JSON.stringify(r) }))

function setup(computeInsightsFn: InsightsComputer, snapshotRows = rows) {
  let calls = 0
  const counting: InsightsComputer = (...args) => {
    calls++
    return computeInsightsFn(...args)
  }
  const catalog = {
    current: new Snapshot(1, 'k1', new Date('2025-03-02T00:00:00Z'), business, snapshotRows, 'https://example.test', counting),
    firstServed: () => new Date('2025-03-02T00:00:00Z'),
  }
  // Text queries on data this small are answered by scanning, never by the store.
  const search = new ReviewSearch(() => catalog.current)
  const app = new Elysia().use(
    pagesRoutes(catalog as unknown as Catalog, search, { cacheControl: 'public, max-age=60', baseUrl: 'https://example.test' }),
  )
  const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
  return { app, catalog, get, calls: () => calls }
}

describe('pages plugin', () => {
  test('/ still shows the reviews when the insights failed; /insights reports the failure', async () => {
    const { get } = setup(async () => {
      throw new Error('analysis failed')
    })
    const home = await get('/')
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('Mike fixed our water heater fast.')
    expect(html).not.toContain('What customers mention')
    expect((await get('/insights')).status).toBe(500)
  })

  test('the aspect summary appears when insights are there, computed once per snapshot', async () => {
    const { get, calls } = setup(async (b, r, at) => computeInsights(b, r, at))
    const first = await (await get('/')).text()
    expect(first).toContain('What customers mention')
    await get('/?rating=5')
    await get('/insights')
    expect(calls()).toBe(1)
  })

  test('a new snapshot renders new pages; the same snapshot serves the same bytes', async () => {
    const { get, catalog } = setup(async (b, r, at) => computeInsights(b, r, at))
    const a = await get('/reviews/r-001')
    const b = await get('/reviews/r-001')
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    const changed = published.map((r) => (r.id === 'r-001' ? { ...r, text: 'Edited text of the review.' } : r))
    catalog.current = new Snapshot(
      2,
      'k2',
      new Date('2025-03-03T00:00:00Z'),
      business,
      changed.map((r, i) => ({ rowid: i + 1, date: r.date, json: JSON.stringify(r) })),
      'https://example.test',
      async (x, y, z) => computeInsights(x, y, z),
    )
    const c = await get('/reviews/r-001')
    expect(c.headers.get('etag')).not.toBe(a.headers.get('etag'))
    expect(await c.text()).toContain('Edited text of the review.')
  })

  test('a business without reviews yet: every page renders, and the JSON-LD has no aggregateRating (Google refuses one over zero reviews)', async () => {
    const { get } = setup(async (b, r, at) => computeInsights(b, r, at), [])
    for (const path of ['/', '/insights', '/embed', '/embed/fragment']) expect((await get(path)).status).toBe(200)
    const home = await (await get('/')).text()
    expect(home).toContain('No reviews yet.')
    const jsonLd = JSON.parse(home.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!)
    expect(jsonLd.aggregateRating).toBeUndefined()
    expect(jsonLd.review).toBeUndefined()
    expect(await (await get('/insights')).text()).toContain('No reviews yet.')
    expect(await (await get('/embed')).text()).toContain('No reviews to show yet.')
  })

  test('insights still computing: / answers at once without the aspect summary, and has it once they arrive', async () => {
    let finish: (value: unknown) => void = () => {}
    const { get, calls } = setup((b, r, at) => new Promise((resolve) => (finish = () => resolve(computeInsights(b, r, at)))))
    const started = performance.now()
    const early = await get('/')
    expect(performance.now() - started).toBeLessThan(2000)
    expect(early.status).toBe(200)
    const earlyHtml = await early.text()
    expect(earlyHtml).not.toContain('What customers mention')
    // The page says the summary is coming, and no cache may keep it for the usual minute.
    expect(earlyHtml).toContain('still being computed')
    expect(early.headers.get('cache-control')).toBe('no-store')
    finish(undefined)
    const later = await get('/')
    expect(await later.text()).toContain('What customers mention')
    expect(later.headers.get('etag')).not.toBe(early.headers.get('etag'))
    expect(later.headers.get('cache-control')).toBe('public, max-age=60')
    expect(calls()).toBe(1)
  })
})
