/**
 * A version replaced by the next is garbage once nothing serves it: memory stays at one version (plus the one being
 * built), however many changes a process has seen. Each version used to keep the one it replaced through its options,
 * so every version since the start stayed reachable from the current one (a burst of 20 imports at 100k reviews kept
 * gigabytes).
 */
import { afterEach, expect, test } from 'bun:test'
import type { Catalog } from '../../src/catalog/catalog'
import type { InsightsComputer, Snapshot } from '../../src/catalog/snapshot'
import { computeInChildProcess } from '../../src/insights/analysis-worker'
import { computeInsights } from '../../src/insights/compute'
import type { ReviewRepository } from '../../src/reviews/repository'
import { catalogOnFile } from '../support/catalog-on-file'
import { review, reviews } from '../support/dataset'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** As `serve` computes them: in a child process, from the version's bytes, each review's analysis stored. */
const inChildProcess: InsightsComputer = async (b, r, at, source) =>
  (source && computeInChildProcess(b, source.dataset(), at, source.signal, source.store)) || computeInsights(b, r, at)

/** Insights computed on this thread unless `computeInsights` is given. */
function setup(computeInsights?: InsightsComputer) {
  const { store, open } = catalogOnFile(reviews, cleanup, { prefix: 'reviews-freed-', computeInsights })
  return { store, catalog: open() }
}

/** Weak references to each version served while `changes` data changes are taken in by `takeIn`. */
async function versionsServed(
  store: ReviewRepository,
  catalog: Catalog,
  changes: number,
  takeIn: () => Promise<void>,
): Promise<WeakRef<Snapshot>[]> {
  const refs = [new WeakRef(catalog.current)]
  const revisions = [catalog.current.revision]
  for (let i = 0; i < changes; i++) {
    store.write({ reviews: [review({ id: `freed-${i}`, date: '2026-01-02', text: `Change ${i}: the water heater works.` })] })
    await takeIn()
    // Each version is used the way requests use it: its topics, a since-listing, its insights.
    const served = catalog.current
    void served.representations['reviews.json'].body
    served.since('2000-01-01')
    await served.insights()
    refs.push(new WeakRef(served))
    revisions.push(served.revision)
  }
  // Each change was served as a version of its own (told here: a collection may already have freed the first ones).
  expect(new Set(revisions).size).toBe(changes + 1)
  return refs
}

async function collected(refs: WeakRef<Snapshot>[]): Promise<boolean[]> {
  for (let i = 0; i < 3; i++) {
    Bun.gc(true)
    await Bun.sleep(0)
  }
  return refs.map((ref) => ref.deref() === undefined)
}

test('versions built beside the served one are freed once replaced', async () => {
  const { store, catalog } = setup()
  const refs = await versionsServed(store, catalog, 4, async () => {
    catalog.update()
    await catalog.settled()
  })
  // Every version but the one served now; at most one kept by a stale word on the stack (the collector scans it
  // conservatively: seen once under load). Before, every version was kept.
  const freed = await collected(refs)
  expect(freed.at(-1)).toBe(false)
  expect(freed.slice(0, -1).filter((gone) => !gone).length).toBeLessThanOrEqual(1)
})

test('versions built on the event loop are freed once replaced', async () => {
  const { store, catalog } = setup()
  const refs = await versionsServed(store, catalog, 4, async () => {
    catalog.refresh()
  })
  // As above: at most one kept by a stale word on the stack (seen once under CI's load); before, every one was kept.
  const freed = await collected(refs)
  expect(freed.at(-1)).toBe(false)
  expect(freed.slice(0, -1).filter((gone) => !gone).length).toBeLessThanOrEqual(1)
})

test('versions whose insights were computed in a child process are freed once replaced', async () => {
  // The first computation's scope was held for the life of the process (by a hook ending the children at exit), and
  // through each version's successor every version after it: a burst of 20 imports at 10k kept 380 MB.
  const { store, catalog } = setup(inChildProcess)
  const refs = await versionsServed(store, catalog, 3, async () => {
    catalog.update()
    await catalog.settled()
  })
  expect(await collected(refs)).toEqual([true, true, true, false])
}, 60_000)

test('versions replaced while their insights were computing are freed before the newest insights are ready', async () => {
  // A replaced version's insights promise is settled by its successor's; a reaction on it held the version itself, so
  // every version replaced during a burst stayed alive until the newest version's insights were ready (at 100k
  // reviews, about 110 MB of buffers a version, none of it collectable for the burst's whole length).
  let started = 0
  const pending: InsightsComputer = (_b, _r, _at, source) => {
    started++
    return new Promise((_, reject) => source?.signal.addEventListener('abort', () => reject(source.signal.reason)))
  }
  const { store, catalog } = setup(pending)
  const refs = [new WeakRef(catalog.current)]
  void catalog.current.insights().catch(() => {})
  for (let i = 0; i < 5; i++) {
    store.write({ reviews: [review({ id: `computing-${i}`, date: '2026-01-02', text: `Change ${i}: the boiler works.` })] })
    catalog.update()
    await catalog.settled()
    // As a request (or the warming after a swap) starts them: this version's insights are computing when it is replaced.
    void catalog.current.insights().catch(() => {})
    refs.push(new WeakRef(catalog.current))
  }
  expect(started).toBe(6)
  expect(catalog.current.readyInsights).toBeUndefined()
  const freed = await collected(refs)
  expect(freed.at(-1)).toBe(false)
  // Every replaced version but, at most, one: the collector scans the stack conservatively, and a stale word there
  // kept the one before the current version in about one run of three. Before the fix, none of them was freed.
  expect(freed.slice(0, -1).filter((gone) => !gone).length).toBeLessThanOrEqual(1)
}, 60_000)

test('versions replaced while the warmed insights were computing are freed before the newest insights are ready', async () => {
  // What `serve` does after each swap: warmInsights starts the version's insights and logs a failure. Its reaction's
  // closure shared a scope with the version (closures keep their whole scope), and a replaced version's promise is
  // settled by its successor's: every version of a burst stayed alive until the newest insights were ready.
  const pending: InsightsComputer = (_b, _r, _at, source) =>
    new Promise((_, reject) => source?.signal.addEventListener('abort', () => reject(source.signal.reason), { once: true }))
  const { store, catalog } = setup(pending)
  catalog.warmInsights()
  const refs = [new WeakRef(catalog.current)]
  for (let i = 0; i < 5; i++) {
    store.write({ reviews: [review({ id: `warmed-${i}`, date: '2026-01-02', text: `Change ${i}: the furnace works.` })] })
    catalog.update()
    await catalog.settled()
    catalog.warmInsights()
    refs.push(new WeakRef(catalog.current))
  }
  expect(catalog.current.readyInsights).toBeUndefined()
  const freed = await collected(refs)
  expect(freed.at(-1)).toBe(false)
  // At most one kept by a stale word on the stack (as above).
  expect(freed.slice(0, -1).filter((gone) => !gone).length).toBeLessThanOrEqual(1)
}, 60_000)
