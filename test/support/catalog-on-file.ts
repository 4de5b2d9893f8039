/** A Catalog over a real SQLite file in a fresh DATA_DIR, as the data-changes tests use it. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Catalog, type CatalogOptions } from '../../src/catalog/catalog'
import type { InsightsComputer } from '../../src/catalog/snapshot'
import { computeInsights } from '../../src/insights/compute'
import { ReviewRepository } from '../../src/reviews/repository'
import type { StoredReview } from '../../src/reviews/schema'
import { openServiceDatabase } from '../../src/service'
import { business } from './dataset'

/**
 * `reviews` written to a new database; `open` starts a Catalog on it (builds in the Worker from the first review,
 * insights computed on this thread and counted unless `computeInsights` is given). Everything it makes is undone
 * by the steps it pushes onto `cleanup`, run in reverse after each test.
 */
export function catalogOnFile(
  reviews: StoredReview[],
  cleanup: (() => void | Promise<void>)[],
  options: { prefix: string; computeInsights?: InsightsComputer },
) {
  const dir = mkdtempSync(join(tmpdir(), options.prefix))
  const db = openServiceDatabase(dir)
  const store = new ReviewRepository(db)
  store.write({ business, reviews })
  let computed = 0
  const compute: InsightsComputer =
    options.computeInsights ??
    (async (b, r, at) => {
      computed++
      return computeInsights(b, r, at)
    })
  const open = (extra: Partial<CatalogOptions> = {}) => {
    const catalog = new Catalog(store, {
      baseUrl: 'https://x.test',
      computeInsights: compute,
      buildOffLoopFrom: 0,
      insightsVersion: 'test',
      log: () => {},
      ...extra,
    })
    cleanup.push(() => catalog.stop())
    return catalog
  }
  cleanup.push(() => {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { dir, db, store, open, computed: () => computed }
}
