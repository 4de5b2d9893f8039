/**
 * A version the database has already moved past when it is swapped in (imports kept arriving while it was built)
 * starts no insights computation: the next build replaces it within a poll or two, and its computation (a Worker with
 * the whole dataset) would be thrown away. The last insights are served meanwhile; the newest version computes.
 * (A request for the superseded version's insights still starts them: see Snapshot.latestInsights.)
 */
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from 'bun:sqlite'
import { Catalog } from '../../src/catalog/catalog'
import type { InsightsComputer } from '../../src/catalog/snapshot'
import { computeInsights } from '../../src/insights/compute'
import { type DataState, ReviewRepository } from '../../src/reviews/repository'
import { openServiceDatabase } from '../../src/service'
import { business, review, reviews } from '../support/dataset'

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step()
})

/**
 * The database as the catalog sees it when an import commits between the build's read and the swap: the revision
 * it reports is one ahead of the data the build read, while `ahead` is set.
 */
class CommitDuringBuild extends ReviewRepository {
  ahead = false
  override state(): DataState {
    const state = super.state()
    return this.ahead ? { ...state, revision: state.revision + 1 } : state
  }
}

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-superseded-'))
  const db: Database = openServiceDatabase(dir)
  const store = new CommitDuringBuild(db)
  store.write({ business, reviews })
  const computed: string[] = []
  const compute: InsightsComputer = async (b, r, at) => {
    computed.push(at)
    return computeInsights(b, r, at)
  }
  // Polls far apart: the test drives each update itself.
  const catalog = new Catalog(store, {
    baseUrl: 'https://x.test',
    computeInsights: compute,
    buildOffLoopFrom: 0,
    pollMs: 60_000,
    log: () => {},
  })
  cleanup.push(() => {
    catalog.stop()
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { store, catalog, computed }
}

async function change(store: CommitDuringBuild, catalog: Catalog, id: string) {
  store.write({ reviews: [review({ id, date: '2026-03-01', text: `Change ${id}: the water heater works.` })] })
  catalog.update()
  await catalog.settled()
}

test('a version superseded in the database when it is swapped in computes no insights; the next one does', async () => {
  const { store, catalog, computed } = setup()
  catalog.start()
  const first = await catalog.current.insights()
  // The start's own warming (a timer of 250 ms) warms whatever version is current when it fires: let it fire first,
  // so what follows sees only the swap's decision.
  await catalog.startWarmed

  store.ahead = true
  await change(store, catalog, 'superseded-1')
  const superseded = catalog.current
  expect(superseded.reviewJson('superseded-1')).toBeDefined()
  expect(computed).toEqual([first.data.generated_at])
  expect(superseded.readyInsights).toBeUndefined()

  store.ahead = false
  await change(store, catalog, 'current-2')
  expect(computed).toEqual([first.data.generated_at, catalog.current.updatedAt.toISOString()])
  expect((await catalog.current.insights()).data.generated_at).toBe(catalog.current.updatedAt.toISOString())
})

test('a version swapped in while no newer data is committed computes its insights at once', async () => {
  const { store, catalog, computed } = setup()
  catalog.start()
  await catalog.current.insights()
  await change(store, catalog, 'plain-1')
  expect(computed.at(-1)).toBe(catalog.current.updatedAt.toISOString())
})
