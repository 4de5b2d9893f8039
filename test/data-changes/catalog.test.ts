/**
 * The catalog's background builds (a Worker, then slices on the event loop) and stored insights, against a
 * real SQLite file: the same bytes as a build on the loop, one build at a time, superseded work dropped,
 * insights computed once per content and reused, the last ones served while the next compute.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { Catalog } from '../../src/catalog/catalog'
import type { InsightsComputer } from '../../src/catalog/snapshot'
import { computeInsights } from '../../src/insights/compute'
import { catalogOnFile } from '../support/catalog-on-file'
import { business, review, reviews } from '../support/dataset'
import type { Review } from '../../src/reviews/schema'

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step()
})

/** 60 reviews: more than a feed holds, so an old one can change without changing the feeds. */
const many = [
  ...reviews,
  ...Array.from({ length: 60 }, (_, i) =>
    review({ id: `m-${String(i).padStart(2, '0')}`, date: `2025-0${1 + (i % 9)}-1${i % 10}`, text: `Water heater visit ${i}.` }),
  ),
]

function setup(options: { computeInsights?: InsightsComputer } = {}) {
  return catalogOnFile(many, cleanup, { prefix: 'reviews-catalog-', ...options })
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('a version built beside the served one', () => {
  test('serves the same bytes and finds the same reviews as a build on the event loop', async () => {
    const { store, open } = setup()
    const catalog = open()
    store.write({ reviews: [review({ id: 'new-1', date: '2026-01-02', text: 'Brand new: the tankless water heater works.' })] })
    catalog.update()
    await catalog.settled()
    const built = catalog.current
    expect(built.revision).toBe(store.state().revision)
    const onLoop = open().current
    for (const path of ['reviews.json', 'api/feed.json', 'feed.xml'] as const)
      expect(text(built.representations[path].body)).toBe(text(onLoop.representations[path].body))
    expect(built.reviewJson('new-1')).toBe(onLoop.reviewJson('new-1'))
    expect(text(built.since('2025-05-01').body)).toBe(text(onLoop.since('2025-05-01').body))
    expect(built.hasSearchIndex).toBe(true)
    // The text index follows the version from the worker: searched once it has arrived, never built here.
    for (let waited = 0; built.searchIndex.textIndexBytes === 0 && waited < 20_000; waited += 10) await Bun.sleep(10)
    expect(built.searchIndex.textIndexBytes).toBeGreaterThan(0)
    for (const filters of [
      { text: 'water heater' },
      { text: 'é' },
      { rating: 5 },
      { technicianKey: 'mike' },
      { serviceKey: 'drain-cleaning' },
    ])
      expect(built.searchIndex.search({ ...filters, limit: 100 })).toEqual(onLoop.searchIndex.search({ ...filters, limit: 100 }))
  })

  test("a change takes in only the rows whose bytes changed: the others are the previous version's, reused as they are", async () => {
    const { store, open } = setup()
    const events: Record<string, unknown>[] = []
    const catalog = new Catalog(store, {
      baseUrl: 'https://x.test',
      computeInsights: async (b, r, at) => computeInsights(b, r, at),
      buildOffLoopFrom: 0,
      log: (event) => events.push(event),
    })
    cleanup.push(() => catalog.stop())
    // The first version is built on the loop: a build of the same revision gives it its row hashes (as at start).
    store.write({ reviews: [review({ id: 'reuse-0', date: '2026-01-01', text: 'First.' })] })
    catalog.update()
    await catalog.settled()
    const first = catalog.current
    const changed = JSON.parse(first.jsonAt(5)) as Review
    store.write({
      reviews: [
        review({ id: 'reuse-1', date: '2026-01-03', text: 'A new one: the drain works again.' }),
        { ...changed, text: `${changed.text} Edited.`, verified: true },
      ],
    })
    catalog.update()
    await catalog.settled()
    const next = catalog.current
    expect(next.revision).toBe(store.state().revision)
    const built = events.filter((e) => e.event === 'version_built')
    expect(built.at(-1)).toMatchObject({ reviews: next.rows.length, parsed: 2 })
    // Every row still its own review, and the columns read the same values as the rows.
    const parsedRows = next.rows.map((row) => JSON.parse(row.json) as Review)
    expect(parsedRows).toEqual(next.reviews.all())
    expect(parsedRows.map((r) => [r.id, r.date, r.rating, r.technicians, r.services, r.response?.date ?? null])).toEqual(
      parsedRows.map((_, p) => [
        next.reviews.id(p),
        next.reviews.date(p),
        next.reviews.rating(p),
        [...next.reviews.columns.technicians(p)],
        [...next.reviews.columns.services(p)],
        next.reviews.columns.responseDate(p),
      ]),
    )
    expect(text(next.representations['reviews.json'].body)).toBe(text(open().current.representations['reviews.json'].body))
  })

  test('changes in a burst are taken by one build at a time, and the newest revision is served in the end', async () => {
    const { store, open } = setup()
    const catalog = open()
    const topics: string[][] = []
    catalog.onTopicsChanged((changed) => topics.push(changed))
    for (let i = 0; i < 3; i++) {
      store.write({ reviews: [review({ id: `burst-${i}`, date: '2026-02-01', text: `Burst ${i}.` })] })
      catalog.update()
    }
    await catalog.settled()
    catalog.update() // the changes that arrived during the first build
    await catalog.settled()
    expect(catalog.current.revision).toBe(store.state().revision)
    expect(catalog.current.reviewJson('burst-2')).toBeDefined()
    expect(topics.length).toBeLessThanOrEqual(2)
  })

  test('a refresh on the event loop supersedes a build in flight, which is then dropped', async () => {
    const { store, open } = setup()
    const catalog = open()
    store.write({ reviews: [review({ id: 'slow-1', date: '2026-03-01' })] })
    catalog.update()
    store.write({ reviews: [review({ id: 'slow-2', date: '2026-03-02' })] })
    catalog.refresh()
    const revision = store.state().revision
    expect(catalog.current.revision).toBe(revision)
    await catalog.settled()
    await Bun.sleep(50)
    expect(catalog.current.revision).toBe(revision)
  })

  test('a version that cannot be published leaves the last good one serving, degraded', async () => {
    const { store, db, open } = setup()
    const catalog = open()
    const serving = catalog.current.revision
    db.query('UPDATE business SET json = ? WHERE id = 1').run(JSON.stringify({ ...business, timezone: 'Mars/Olympus' }))
    db.exec("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision'")
    catalog.update()
    await catalog.settled()
    expect(catalog.current.revision).toBe(serving)
    expect(catalog.problem).toContain(`revision ${store.state().revision} cannot be published`)
  })

  test('a topic whose bytes did not change keeps its ETag and Last-Modified', async () => {
    const { store, open } = setup()
    const catalog = open()
    const before = catalog.current
    before.renderTopics()
    await Bun.sleep(5) // changed_at has millisecond precision
    // The oldest review changes: reviews.json changes, the feeds (the 50 newest) do not.
    const oldest = many.reduce((a, b) => (a.date < b.date ? a : b))
    store.write({ reviews: [{ ...oldest, text: `${oldest.text} Edited.` }] })
    catalog.update()
    await catalog.settled()
    const after = catalog.current
    expect(after.representations['reviews.json'].etag).not.toBe(before.representations['reviews.json'].etag)
    expect(after.representations['reviews.json'].lastModified.getTime()).toBeGreaterThan(
      before.representations['reviews.json'].lastModified.getTime(),
    )
    for (const path of ['api/feed.json', 'feed.xml'] as const) {
      expect(after.representations[path].etag).toBe(before.representations[path].etag)
      expect(after.representations[path].lastModified).toEqual(before.representations[path].lastModified)
    }
  })
})

describe('insights stored per content', () => {
  test('computed once, stored, and reused by another catalog on the same database (a restart, another process)', async () => {
    const { open, computed } = setup()
    const first = await open().current.insights()
    expect(computed()).toBe(1)
    const again = await open().current.insights()
    expect(computed()).toBe(1)
    expect(again.representation.etag).toBe(first.representation.etag)
    expect(again.data).toEqual(first.data)
  })

  test('while the next version computes, the last insights are served; then the new ones', async () => {
    let release!: () => void
    let block = false
    const { store, open } = setup({
      computeInsights: async (b, r, at) => {
        if (block) await new Promise<void>((resolve) => (release = resolve))
        return computeInsights(b, r, at)
      },
    })
    const catalog = open()
    const old = await catalog.current.insights()
    block = true
    await Bun.sleep(5)
    store.write({ reviews: [review({ id: 'later-1', date: '2026-04-01', text: 'Late but fine.' })] })
    catalog.refresh()
    const served = await catalog.current.latestInsights()
    expect(served.data.generated_at).toBe(old.data.generated_at)
    expect(served.data.review_count).toBe(old.data.review_count)
    const fresh = catalog.current.insights()
    release()
    expect((await fresh).data.review_count).toBe(old.data.review_count + 1)
    expect((await catalog.current.latestInsights()).data.generated_at).toBe(catalog.current.updatedAt.toISOString())
  })

  test("a superseded version's computation is aborted, and whoever waited for it gets its successor's", async () => {
    const signals: AbortSignal[] = []
    const { store, open } = setup({
      computeInsights: async (b, r, at, source) => {
        if (source) signals.push(source.signal)
        if (signals.length === 1)
          await new Promise((_, reject) => source!.signal.addEventListener('abort', () => reject(source!.signal.reason)))
        return computeInsights(b, r, at)
      },
    })
    const catalog = open()
    const waiting = catalog.current.insights()
    store.write({ reviews: [review({ id: 'next-1', date: '2026-05-01', text: 'Next.' })] })
    catalog.refresh()
    expect(signals[0]!.aborted).toBe(true)
    const result = await waiting
    expect(result.data.review_count).toBe(catalog.current.reviews.length)
  })
})
