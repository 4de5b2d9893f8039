/**
 * A version spliced from the served one and the rows written since (catalog/splice.ts) is the version a whole build
 * makes: the same reviews.json bytes, ETags, content key and Last-Modified, the same reviews by id, and the same search
 * answers, over a sequence of adds, edits, a date that moves a review, unpublishing, publishing again, removals and a
 * business edit (which is built whole). Each step is checked against a catalog that builds the whole version on the
 * event loop from the same database.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Catalog } from '../../src/catalog/catalog'
import type { Snapshot } from '../../src/catalog/snapshot'
import type { IndexFilters } from '../../src/reviews/search-index'
import { ReviewRepository } from '../../src/reviews/repository'
import type { StoredReview } from '../../src/reviews/schema'
import { openServiceDatabase } from '../../src/service'
import { business, review, reviews } from '../support/dataset'

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step()
})

/** 160 letters no other text has: more than the text index gives ids to. */
const CJK = Array.from({ length: 160 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('')
const services = ['water-heater-repair', 'drain-cleaning', 'ac-repair']
const technicians = ['Mike Alvarez', 'José Ramírez', 'Sarah Chen']
const words = ['water heater', 'drain', 'tankless', 'café', 'late', 'quick', 'clog', 'thermostat', 'pipe', 'leak']

/** 300 reviews with every field a set is kept for: ratings, technicians, services, languages and areas. */
const many: StoredReview[] = [
  ...reviews,
  ...Array.from({ length: 300 }, (_, i) =>
    review({
      id: `s-${String(i).padStart(3, '0')}`,
      rating: 1 + (i % 5),
      date: `202${i % 5}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
      text: `Visit ${i}: the ${words[i % words.length]} and the ${words[(i * 7) % words.length]} ${i % 3 ? 'were fine' : 'took long'}.`,
      technicians: i % 4 ? [technicians[i % 3]!] : [],
      services: i % 3 ? [services[i % 3]!] : [],
      language: i % 6 === 0 ? 'pt-BR' : 'en',
      service_area: i % 5 === 0 ? null : i % 2 ? 'Springfield' : 'Shelbyville',
    }),
  ),
]

const FILTERS: Omit<IndexFilters, 'limit'>[] = [
  {},
  { text: 'water heater' },
  { text: 'drain' },
  { text: 'é' },
  { text: 'visit 1' },
  { text: 'spliced' },
  { rating: 5 },
  { rating: 1 },
  { min_rating: 3 },
  { technicianKey: 'mike' },
  { technicianKey: 'sarah chen' },
  { serviceKey: 'drain-cleaning' },
  { languageKey: 'pt' },
  { areaKey: 'shelbyville' },
  { since: '2022-01-01', until: '2023-06-30' },
  { rating: 4, serviceKey: 'ac-repair', text: 'the' },
  // Past the first 128 letters the index has seen: the overflow class, checked on the texts themselves.
  { text: CJK.slice(140, 143) },
  { text: CJK.slice(10, 12) },
]

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-splice-'))
  const db = openServiceDatabase(dir)
  const store = new ReviewRepository(db)
  store.write({ business, reviews: many })
  const events: Record<string, unknown>[] = []
  const options = { baseUrl: 'https://x.test', computeInsights: async () => ({}) as never, buildOffLoopFrom: 0, insightsVersion: 'test' }
  const catalog = new Catalog(store, { ...options, log: (event) => events.push(event) })
  cleanup.push(() => {
    catalog.stop()
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  /** The version a whole build on the event loop makes of the database as it is now. */
  const whole = () => {
    const other = new Catalog(store, { ...options, log: () => {} })
    other.stop()
    return other.current
  }
  return { store, catalog, events, whole }
}

async function withTextIndex(snapshot: Snapshot): Promise<Snapshot> {
  // The text index follows the version from the worker; searched once it has arrived, never built here.
  for (let waited = 0; snapshot.searchIndex.textIndexBytes === 0 && waited < 20_000; waited += 5) await Bun.sleep(5)
  expect(snapshot.searchIndex.textIndexBytes).toBeGreaterThan(0)
  return snapshot
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

async function expectSameAsWhole(built: Snapshot, whole: Snapshot): Promise<void> {
  expect(built.revision).toBe(whole.revision)
  const dataset = built.representations['reviews.json']
  // Read in its pieces, not joined: the next step splices from this version as it is served.
  expect(text(Buffer.concat(built.datasetBytes.chunks()))).toBe(text(whole.representations['reviews.json'].body))
  expect(dataset.etag).toBe(whole.representations['reviews.json'].etag)
  expect(built.contentKey).toBe(whole.contentKey)
  expect(built.updatedAt.toISOString()).toBe(whole.updatedAt.toISOString())
  expect(built.aggregate).toEqual(whole.aggregate)
  expect(built.rows).toEqual(whole.rows)
  for (const row of whole.rows) {
    const id = (JSON.parse(row.json) as { id: string }).id
    expect(built.reviewJson(id)).toBe(row.json)
  }
  expect(text(built.since('2023-01-01').body)).toBe(text(whole.since('2023-01-01').body))
  await withTextIndex(built)
  for (const filters of FILTERS) {
    const query = { ...filters, limit: 1000 }
    expect({ filters, ...built.searchIndex.search(query) }).toEqual({ filters, ...whole.searchIndex.search(query) })
  }
}

describe('a version spliced from the served one', () => {
  test('is the whole build, step after step: adds, edits, moves, unpublishing, removals, a business edit', async () => {
    const { store, catalog, events, whole } = setup()
    const step = async (change: () => void, spliced: boolean) => {
      change()
      catalog.update()
      await catalog.settled()
      const built = events.filter((e) => e.event === 'version_built').at(-1)
      expect(built).toMatchObject({ revision: store.state().revision, spliced })
      await expectSameAsWhole(catalog.current, whole())
      return built!
    }
    const current = (id: string) => JSON.parse(catalog.current.reviewJson(id)!) as StoredReview
    // The first version was built on the loop without its index: the first change is built whole.
    await step(() => store.write({ reviews: [review({ id: 'n-0', date: '2026-01-01', text: 'First new one.' })] }), false)
    // One new review, the newest: only it is read.
    const one = await step(() => store.write({ reviews: [review({ id: 'n-1', date: '2026-02-01', text: 'Spliced: the drain.' })] }), true)
    expect(one).toMatchObject({ rows_read: 1, parsed: 1 })
    // New reviews between old ones, with technicians, services, another language and area.
    await step(
      () =>
        store.write({
          reviews: [
            review({ id: 'n-2', date: '2023-03-03', rating: 2, text: 'Spliced in the middle: tankless.', technicians: ['Sarah Chen'] }),
            review({ id: 'n-3', date: '2020-01-01', rating: 4, services: ['ac-repair'], language: 'de', service_area: 'Capital City' }),
            review({ id: 'n-4', date: '2019-12-31', text: 'The oldest one now, ação.' }),
          ],
        }),
      true,
    )
    // An edit of an old review's text and rating, and one whose new date moves it to the top.
    await step(() => {
      const edited = current('s-010')
      const moved = current('s-020')
      store.write({
        reviews: [
          { ...edited, rating: 1, text: `${edited.text} Spliced edit.` },
          { ...moved, date: '2026-03-01', technicians: ['Mike Alvarez'] },
        ],
      })
    }, true)
    // Unpublished (verified false): gone from every answer.
    await step(
      () =>
        store.write({
          reviews: [
            { ...current('s-030'), verified: false },
            { ...current('n-1'), verified: false },
          ],
        }),
      true,
    )
    // Published again.
    await step(
      () => store.write({ reviews: [{ ...current('s-031'), text: 'Changed.' }, { ...many.find((r) => r.id === 's-030')! }] }),
      true,
    )
    // Removed (a replacing import keeps only what it names).
    await step(() => {
      const kept = store.db
        .query<{ json: string }, []>('SELECT json FROM reviews')
        .all()
        .map((r) => JSON.parse(r.json) as StoredReview)
        .filter((r) => !['s-040', 's-041', 'n-3', 'r-001'].includes(r.id))
      store.write({ reviews: kept, replace: true })
    }, true)
    // A business edit: the head changes, built whole.
    await step(() => store.write({ business: { ...business, name: 'Acme Home Services, Inc.' }, reviews: [] }), false)
    // After it, splices again; a row written and written back to its first bytes is the same content.
    await step(() => store.write({ reviews: [review({ id: 'n-5', date: '2026-04-01', text: 'After the business edit.' })] }), true)
    const before = current('s-050')
    await step(() => store.write({ reviews: [{ ...before, text: 'For a moment.' }] }), true)
    const key = catalog.current.contentKey
    await step(() => store.write({ reviews: [before] }), true)
    expect(catalog.current.contentKey).not.toBe(key)
    // Letters the served text index has no id for, and more than it can give ids to (last: every index after it is larger).
    await step(() => store.write({ reviews: [review({ id: 'n-cjk', date: '2026-02-02', text: `Spliced ${CJK} done.` })] }), true)
    await step(() => store.write({ reviews: [review({ id: 'n-cjk-2', date: '2024-02-02', text: `Again ${CJK.slice(100)}.` })] }), true)
    // The text index stands in layers on a whole one (text-layers.ts), the delta growing with the changes; once it
    // holds more than 1/32 of the reviews, the next is whole again (on the base's texts and the rows written since),
    // and layers follow that one.
    const bulk = Array.from({ length: 12 }, (_, i) =>
      review({ id: `bulk-${i}`, date: `2025-05-0${1 + (i % 9)}`, text: `Bulk ${i}: the tankless heater.` }),
    )
    await step(() => store.write({ reviews: bulk }), true)
    await step(() => store.write({ reviews: [review({ id: 'after-bulk', date: '2026-06-01', text: 'After the bulk.' })] }), true)
    const texts = events.filter((e) => e.event === 'text_index_built')
    expect(texts.filter((e) => typeof e.delta === 'number').length).toBeGreaterThanOrEqual(10)
    expect(texts.at(-2)).toMatchObject({ from: 'served', delta: undefined })
    expect(texts.at(-1)).toMatchObject({ from: 'served', delta: 1 })
  }, 90_000)

  test("keeps the served version's bytes as pieces, joined off the event loop once wanted whole; many pieces are joined at once", async () => {
    const { store, catalog, whole } = setup()
    store.write({ reviews: [review({ id: 'p-0', date: '2026-01-01' })] })
    catalog.update()
    await catalog.settled()
    const served = catalog.current
    expect(served.datasetBytes.joined).toBeDefined()
    store.write({ reviews: [review({ id: 'p-1', date: '2026-02-01', text: 'A piece of its own.' })] })
    catalog.update()
    await catalog.settled()
    const next = catalog.current
    // The new row, then the served version's rows: views of its buffer, not a copy of it.
    expect(next.datasetBytes.joined).toBeUndefined()
    expect(next.datasetBytes.pieceCount).toBe(2)
    expect(next.datasetBytes.heldBytes).toBeLessThan(served.datasetBytes.byteLength + 4096)
    const rep = next.representations['reviews.json']
    expect(rep.isWhole).toBe(false)
    const body = await rep.whole()
    expect(text(body)).toBe(text(whole().representations['reviews.json'].body))
    expect(next.datasetBytes.pieceCount).toBe(1)
    expect(next.datasetBytes.joined).toBe(body)
    // Edits scattered over the dataset: more pieces than a splice keeps, joined in the worker.
    const edits = Array.from({ length: 150 }, (_, i) => {
      const row = JSON.parse(next.reviewJson(`s-${String(i * 2).padStart(3, '0')}`)!) as StoredReview
      return { ...row, text: `${row.text} Edited.` }
    })
    store.write({ reviews: edits })
    catalog.update()
    await catalog.settled()
    expect(catalog.current.datasetBytes.pieceCount).toBe(1)
    expect(catalog.current.datasetBytes.joined).toBeDefined()
    await expectSameAsWhole(catalog.current, whole())
  })

  test('the same content keeps its Last-Modified: unpublishing and publishing again in one build', async () => {
    const { store, catalog, events, whole } = setup()
    store.write({ reviews: [review({ id: 'w-0', date: '2026-01-01' })] })
    catalog.update()
    await catalog.settled()
    const served = catalog.current
    const row = JSON.parse(served.reviewJson('s-005')!) as StoredReview
    // Two revisions, one build: the content is back to the served one's.
    store.write({ reviews: [{ ...row, verified: false }] })
    store.write({ reviews: [row] })
    catalog.update()
    await catalog.settled()
    expect(events.filter((e) => e.event === 'version_built').at(-1)).toMatchObject({ spliced: true, rows_read: 1 })
    expect(catalog.current.contentKey).toBe(served.contentKey)
    expect(catalog.current.updatedAt.toISOString()).toBe(served.updatedAt.toISOString())
    expect(catalog.current.representations['reviews.json'].etag).toBe(served.representations['reviews.json'].etag)
    // The same bytes: the new version reads (and would join) the served version's, not pieces of them.
    expect(catalog.current.datasetBytes).toBe(served.datasetBytes)
    expect(text(catalog.current.representations['reviews.json'].body)).toBe(text(served.representations['reviews.json'].body))
    // A whole build with no served version before it dates the same rows at the last change; the rest is the same.
    expect(catalog.current.rows).toEqual(whole().rows)
  })
})
