/**
 * Which data a starting process serves. The sample embedded in the executable is for a new user's
 * first start only: `serve` loads it into a DATA_DIR that is absent or empty (or when asked with
 * --sample, never where the marker says an import's data was). A DATA_DIR that held data and lost its
 * database is an error, never a reason to publish a fictional business as if it were the owner's; and
 * a refusal creates nothing (mcp opens no database that is not there).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
// Embedded as a file, parsed when first read: only a new DATA_DIR (or --sample, or analyze) needs it, so a normal
// start neither evaluates 750 reviews as a JavaScript literal nor keeps them in memory.
import SAMPLE_FILE from '../../data/sample.json' with { type: 'file' }
import { ConfigError } from '../core/config'
import { readEmbeddedJson } from '../core/embedded-file'
import { check } from '../core/issues'
import { DATABASE_FILE } from '../db/database'
import { BUSINESS_FILE } from './business-file'
import { Business, type StoredReview } from '../reviews/schema'
import type { ReviewRepository } from '../reviews/repository'

export type Dataset = { business: Business; reviews: StoredReview[] }

let sample: Dataset | undefined
const readSample = () => (sample ??= readEmbeddedJson<Dataset>(SAMPLE_FILE))

/** The sample embedded in the executable; read from the embedded file on first use. */
export const embeddedSample: Dataset = {
  get business() {
    return readSample().business
  },
  get reviews() {
    return readSample().reviews
  },
}

/** never: mcp, analyze; if-new: serve; always: serve --sample (still only into a database without data). */
export type SeedPolicy = 'never' | 'if-new' | 'always'

/** The data directory is unusable as it is; the message says what happened and what to do. */
export class DataDirError extends ConfigError {}

/** Left in every DATA_DIR that has held data, so a lost database cannot pass for a new directory. */
export const DATA_DIR_MARKER = '.reviews-service'
/** The marker's line once an import has committed: the owner's data has been here. */
const IMPORTED = 'data: imported'
const SAMPLE = 'data: sample'

/**
 * Leaves the marker: `imported` by a committed import, `sample` when the sample was just loaded into a
 * new directory. A marker without either line (older releases wrote none) counts as imported.
 */
export function markDataDir(dataDir: string, data?: 'imported' | 'sample'): void {
  const path = join(dataDir, DATA_DIR_MARKER)
  const exists = existsSync(path)
  if (exists && !(data === 'imported' && readMarker(dataDir) === 'sample')) return
  const line = data === 'imported' ? `${IMPORTED}\n` : data === 'sample' ? `${SAMPLE}\n` : ''
  writeFileSync(path, `This directory holds reviews-service data (${DATABASE_FILE}). Back it up with the database.\n${line}`)
}

/** What the marker says: absent, the sample only, or real data (imported, or a marker that does not say). */
function readMarker(dataDir: string): 'absent' | 'sample' | 'imported' {
  const path = join(dataDir, DATA_DIR_MARKER)
  if (!existsSync(path)) return 'absent'
  try {
    return readFileSync(path, 'utf8').split('\n').includes(SAMPLE) ? 'sample' : 'imported'
  } catch {
    return 'imported'
  }
}

/** Files that only a DATA_DIR of ours has held: the marker, the database and its journal, the business file. */
const TRACES = [DATA_DIR_MARKER, DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, BUSINESS_FILE]

/**
 * Looked at before the database is opened (opening creates the file): new when absent, or when none of
 * our files is in it (other files, like the repository's data/sample.json, do not count).
 */
function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || !TRACES.some((name) => existsSync(join(dataDir, name)))
}

const hasDatabaseFile = (dataDir: string) => {
  const path = join(dataDir, DATABASE_FILE)
  return existsSync(path) && statSync(path).size > 0
}

const IMPORT_HINT = 'Import your reviews first (reviews-service import FILE)'

/** The owner's data was here and its database is gone: never a reason to publish the sample, and no advice to. */
const lostDatabase = (dataDir: string) =>
  new DataDirError(
    `DATA_DIR ${dataDir} holds files but its database ${DATABASE_FILE} is missing or empty: the data it held is gone. ` +
      'Restore reviews.db from your backup, or import your reviews again (reviews-service import FILE).',
  )

const noData = (dataDir: string) =>
  new DataDirError(`The database in ${dataDir} holds no business and no reviews. ${IMPORT_HINT}, or point DATA_DIR at your data.`)

/**
 * Call before opening the database (opening creates the file): throws DataDirError when `dataDir`
 * cannot be served as it is, else says whether it is new (for seedIfAllowed). A refusal leaves the
 * directory as it was: nothing is created.
 */
export function checkDataDirBeforeOpen(dataDir: string, policy: SeedPolicy): boolean {
  if (policy === 'never' && !existsSync(dataDir)) {
    throw new DataDirError(`DATA_DIR ${dataDir} does not exist. ${IMPORT_HINT}, or point DATA_DIR at your data.`)
  }
  const isNew = isNewDataDir(dataDir)
  if (hasDatabaseFile(dataDir)) return isNew // whether it holds data is for seedIfAllowed to see
  if (policy === 'never') throw isNew ? noData(dataDir) : lostDatabase(dataDir)
  if (isNew) return true
  const onlyBusiness = TRACES.every((name) => name === BUSINESS_FILE || !existsSync(join(dataDir, name)))
  if (onlyBusiness) {
    // The sample's reviews under the owner's business would be the fake dataset this refuses, --sample or not.
    throw new DataDirError(
      `DATA_DIR ${dataDir} has ${BUSINESS_FILE} but no reviews yet. ${IMPORT_HINT}; to try the sample business, point DATA_DIR at an empty directory.`,
    )
  }
  if (policy === 'if-new' || readMarker(dataDir) === 'imported') throw lostDatabase(dataDir)
  return isNew
}

/** After opening: loads the sample when the policy allows it and the database has no data; says whether it did. */
export function seedIfAllowed(
  store: ReviewRepository,
  policy: SeedPolicy,
  wasNew: boolean,
  dataDir: string,
  dataset: Dataset = embeddedSample,
): boolean {
  if (!store.isEmpty()) return false
  // --sample never fills the database of a directory that held the owner's data.
  const allowed = policy === 'if-new' ? wasNew : policy === 'always' && readMarker(dataDir) !== 'imported'
  if (allowed) {
    const issues = check(Business, dataset.business)
    if (issues.length) throw new Error(`The sample business does not match the Business schema: ${JSON.stringify(issues)}`)
    store.write({ business: dataset.business, reviews: dataset.reviews })
    return true
  }
  if (policy === 'always') throw lostDatabase(dataDir)
  throw new DataDirError(
    `The database in ${dataDir} holds no business and no reviews. Import your reviews (reviews-service import FILE)` +
      (policy === 'if-new' ? ' or restore reviews.db from your backup.' : '.'),
  )
}
