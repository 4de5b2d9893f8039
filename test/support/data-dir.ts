/** A DATA_DIR holding real data, as `reviews-service import` leaves it: for commands that never seed (mcp). */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedSample, type Dataset } from '../../src/catalog/seed'
import { ReviewRepository } from '../../src/reviews/repository'
import { openServiceDatabase } from '../../src/service'

export function dataDirWith(dataset: Dataset = embeddedSample, prefix = 'reviews-data-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const db = openServiceDatabase(dataDir)
  new ReviewRepository(db).write({ business: dataset.business, reviews: dataset.reviews })
  db.close()
  return dataDir
}
