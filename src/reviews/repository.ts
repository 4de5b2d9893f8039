/**
 * The reviews and business tables. Writes are atomic and bump a revision counter, which is how
 * a running server (even in another process) learns that the published data changed.
 */
import type { Database } from 'bun:sqlite'
import { type Business, ImportedReview, type StoredReview } from './schema'
import { foldForSearch } from '../core/text'

export type WriteSummary = { inserted: number; updated: number; unchanged: number; removed: number }

export type PublishedRow = { rowid: number; date: string; json: string }

export type DataState = { revision: number; changedAt: Date }

/** Insights as stored: computed for `revision`, valid for any revision with the same `key` (content and analyser). */
export type StoredInsights = { key: string; revision: number; generatedAt: string; json: string }

/** One review's stored analysis (see migration 005): the analyser's output for that input, as JSON. */
export type StoredAnalysis = { reviewId: string; inputHash: string; json: string }

/** Stored insights kept besides the newest: a process still serving an older version finds its own. */
const INSIGHTS_KEPT = 3

/** The contract's field order, from the one schema of a stored review. */
const REVIEW_FIELDS = Object.keys(ImportedReview.properties) as (keyof StoredReview)[]

/**
 * Canonical JSON of a review, in the contract's field order; what every endpoint serves verbatim.
 * Records written before language and translation existed read as null.
 */
export function reviewJson(review: StoredReview): string {
  const ordered: Record<string, unknown> = {}
  for (const field of REVIEW_FIELDS) ordered[field] = review[field] ?? null
  return JSON.stringify(ordered)
}

/** Keys a technician is found by: the full roster name and the first name, both folded. */
export function technicianKeys(name: string): string[] {
  const full = foldForSearch(name.trim())
  const first = full.split(/\s+/)[0] ?? full
  return first === full ? [full] : [full, first]
}

export class ReviewRepository {
  constructor(readonly db: Database) {}

  state(): DataState {
    const rows = this.db
      .query<{ key: string; value: string }, []>("SELECT key, value FROM meta WHERE key IN ('revision', 'changed_at')")
      .all()
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]))
    return { revision: Number(meta.revision ?? 0), changedAt: new Date(meta.changed_at ?? 0) }
  }

  getBusiness(): Business | null {
    const row = this.db.query<{ json: string }, []>('SELECT json FROM business WHERE id = 1').get()
    return row ? (JSON.parse(row.json) as Business) : null
  }

  isEmpty(): boolean {
    return this.getBusiness() === null && this.db.query('SELECT 1 FROM reviews LIMIT 1').get() === null
  }

  getReview(id: string): StoredReview | null {
    const row = this.db.query<{ json: string }, [string]>('SELECT json FROM reviews WHERE id = ?').get(id)
    return row ? (JSON.parse(row.json) as StoredReview) : null
  }

  /** Published reviews' canonical JSON, newest first, straight off the index. */
  publishedJson(): PublishedRow[] {
    return this.db
      .query<PublishedRow, []>(
        'SELECT rowid, date, json FROM reviews INDEXED BY reviews_newest WHERE verified = 1 ORDER BY date DESC, id DESC',
      )
      .all()
  }

  /**
   * When the bytes named `name` (a resource rendered from the code alone: robots.txt, the OpenAPI document) with this
   * ETag were first served from this database: its Last-Modified, so it moves only when those bytes change, not at
   * every start, and a replica on a copy says the same. `now` when the database cannot be written (a read-only
   * replica, a lock held by an import) and has no earlier record.
   */
  firstServed(name: string, etag: string, now = new Date()): Date {
    const key = `first-served:${name}`
    const recorded = () => {
      const known = this.db.query<{ value: string }, [string]>('SELECT value FROM meta WHERE key = ?').get(key)
      const [knownEtag, since] = known ? known.value.split(' ') : []
      return knownEtag === etag && since && !Number.isNaN(Date.parse(since)) ? new Date(since) : undefined
    }
    try {
      // Read first (a read-only replica can); then one write transaction, so workers starting together agree.
      return (
        recorded() ??
        this.db
          .transaction(() => {
            const since = recorded()
            if (since) return since
            this.db
              .query('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
              .run(key, `${etag} ${now.toISOString()}`)
            return now
          })
          .immediate()
      )
    } catch {
      return now
    }
  }

  /**
   * The published order (newest first) with the revision that last wrote each row, off the index alone (no row is
   * read): what changed since a version is the rows whose `changed_rev` is newer, and the rowids it no longer has.
   */
  publishedChanges(): { rowid: number; changedRev: number }[] {
    return this.db
      .query<{ rowid: number; changedRev: number }, []>(
        'SELECT rowid, changed_rev AS changedRev FROM reviews INDEXED BY reviews_newest WHERE verified = 1 ORDER BY date DESC, id DESC',
      )
      .all()
  }

  /** The canonical JSON of published rows by rowid (the rows a change wrote). */
  jsonOfRows(rowids: number[]): Map<number, { date: string; json: string }> {
    const query = this.db.query<{ date: string; json: string }, [number]>('SELECT date, json FROM reviews WHERE rowid = ? AND verified = 1')
    const found = new Map<number, { date: string; json: string }>()
    for (const rowid of rowids) {
      const row = query.get(rowid)
      if (row) found.set(rowid, row)
    }
    return found
  }

  /** The insights stored under `key`, or null. */
  insightsFor(key: string): StoredInsights | null {
    return this.db
      .query<StoredInsights, [string]>('SELECT key, revision, generated_at AS generatedAt, json FROM insights WHERE key = ?')
      .get(key)
  }

  /** The insights of the newest revision that has any, or null. */
  latestInsights(): StoredInsights | null {
    return this.db
      .query<StoredInsights, []>('SELECT key, revision, generated_at AS generatedAt, json FROM insights ORDER BY revision DESC LIMIT 1')
      .get()
  }

  /** Stores insights (replacing any under the same key) and forgets all but the few newest. */
  saveInsights(entry: StoredInsights): void {
    this.db
      .transaction(() => {
        this.db
          .query('INSERT OR REPLACE INTO insights (key, revision, generated_at, json) VALUES (?, ?, ?, ?)')
          .run(entry.key, entry.revision, entry.generatedAt, entry.json)
        this.db.query('DELETE FROM insights WHERE key NOT IN (SELECT key FROM insights ORDER BY revision DESC LIMIT ?)').run(INSIGHTS_KEPT)
      })
      .immediate()
  }

  /** Every stored per-review analysis of an analyser release, one row at a time (a large table is never all in memory). */
  analyses(release: string): IterableIterator<StoredAnalysis> {
    return this.db
      .query<StoredAnalysis, [string]>('SELECT review_id AS reviewId, input_hash AS inputHash, json FROM review_analyses WHERE release = ?')
      .iterate(release)
  }

  /**
   * Stores per-review analyses of `release`, each replacing that review's earlier ones; drops other releases' analyses,
   * and with `pruneRemoved` the analyses of reviews no longer in the database. One transaction.
   */
  saveAnalyses(release: string, analyses: StoredAnalysis[], options: { pruneRemoved?: boolean } = {}): void {
    this.db
      .transaction(() => {
        const drop = this.db.query('DELETE FROM review_analyses WHERE release = ? AND review_id = ? AND input_hash <> ?')
        const insert = this.db.query('INSERT OR REPLACE INTO review_analyses (release, review_id, input_hash, json) VALUES (?, ?, ?, ?)')
        for (const a of analyses) {
          drop.run(release, a.reviewId, a.inputHash)
          insert.run(release, a.reviewId, a.inputHash, a.json)
        }
        // Two ranges of the key rather than `<>`: each is found through the key, never a scan of the table.
        this.db.query('DELETE FROM review_analyses WHERE release < ?').run(release)
        this.db.query('DELETE FROM review_analyses WHERE release > ?').run(release)
        if (options.pruneRemoved)
          this.db.query('DELETE FROM review_analyses WHERE release = ? AND review_id NOT IN (SELECT id FROM reviews)').run(release)
      })
      .immediate()
  }

  allIds(): string[] {
    return this.db
      .query<{ id: string }, []>('SELECT id FROM reviews')
      .all()
      .map((r) => r.id)
  }

  /**
   * Upserts business and reviews in one transaction. With `replace`, reviews absent from `reviews` are removed.
   * The revision moves only when something actually changed.
   */
  write(input: { business?: Business; reviews: StoredReview[]; replace?: boolean }): WriteSummary {
    return this.db
      .transaction(() => {
        const write = new ReviewWriter(this.db, input.replace === true)
        for (const review of input.reviews) write.add(review)
        return write.finish(input.business)
      })
      .immediate()
  }

  /**
   * The same write, fed review by review (a streamed import) inside a transaction the caller ends:
   * it holds the write lock until commit or rollback (readers go on reading the last commit), and a
   * rollback leaves the data exactly as it was.
   */
  beginWrite(options: { replace?: boolean } = {}): ReviewWriteTransaction {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      return new ReviewWriteTransaction(this.db, options.replace === true)
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }
}

/** Upserts reviews one at a time inside the caller's transaction; `finish` writes the business, applies replace and moves the revision. */
class ReviewWriter {
  private readonly summary: WriteSummary = { inserted: 0, updated: 0, unchanged: 0, removed: 0 }
  private changed = false
  private readonly existing
  private readonly insert
  private readonly update
  private readonly clearMentions
  private readonly addMention
  private readonly keep

  /** The revision this write will be (the current one plus one): each row it writes records it (migration 007). */
  private readonly writing: number

  constructor(
    protected readonly db: Database,
    private readonly replace: boolean,
  ) {
    this.writing = Number(db.query<{ value: string }, []>("SELECT value FROM meta WHERE key = 'revision'").get()?.value ?? 0) + 1
    this.existing = db.query<{ rowid: number; json: string }, [string]>('SELECT rowid, json FROM reviews WHERE id = ?')
    this.insert = db.query<{ rowid: number }, [string, number, string, number, string, string, number]>(
      'INSERT INTO reviews (id, rating, date, verified, text_folded, json, changed_rev) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING rowid',
    )
    this.update = db.query(
      'UPDATE reviews SET rating = ?, date = ?, verified = ?, text_folded = ?, json = ?, changed_rev = ? WHERE rowid = ?',
    )
    this.clearMentions = db.query('DELETE FROM review_mentions WHERE review_rowid = ?')
    this.addMention = db.query('INSERT OR IGNORE INTO review_mentions (kind, key, review_rowid) VALUES (?, ?, ?)')
    if (replace) {
      // The ids this write keeps, in SQLite rather than in memory: a million of them cost nothing here.
      db.exec('CREATE TEMP TABLE IF NOT EXISTS keep_ids (id TEXT PRIMARY KEY) WITHOUT ROWID')
      db.exec('DELETE FROM keep_ids')
    }
    this.keep = replace ? db.query('INSERT OR IGNORE INTO keep_ids (id) VALUES (?)') : undefined
  }

  /** One review; `json` is its reviewJson when the caller has it already. */
  add(review: StoredReview, json = reviewJson(review)): void {
    this.keep?.run(review.id)
    const row = this.existing.get(review.id)
    if (row && row.json === json) {
      this.summary.unchanged++
      return
    }
    const folded = foldForSearch(review.text)
    if (row) {
      this.update.run(review.rating, review.date, review.verified ? 1 : 0, folded, json, this.writing, row.rowid)
      this.clearMentions.run(row.rowid)
      this.writeMentions(row.rowid, review)
      this.summary.updated++
    } else {
      const { rowid } = this.insert.get(review.id, review.rating, review.date, review.verified ? 1 : 0, folded, json, this.writing)!
      this.writeMentions(rowid, review)
      this.summary.inserted++
    }
    this.changed = true
  }

  private writeMentions(rowid: number, review: StoredReview): void {
    for (const name of review.technicians) for (const key of technicianKeys(name)) this.addMention.run('technician', key, rowid)
    for (const service of review.services) this.addMention.run('service', service.toLowerCase(), rowid)
  }

  finish(business?: Business): WriteSummary {
    const db = this.db
    if (business) {
      const json = JSON.stringify(business)
      const current = db.query<{ json: string }, []>('SELECT json FROM business WHERE id = 1').get()
      if (current?.json !== json) {
        db.query('INSERT INTO business (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json').run(json)
        this.changed = true
      }
    }
    if (this.replace) {
      this.summary.removed = db.query('DELETE FROM reviews WHERE id NOT IN (SELECT id FROM keep_ids)').run().changes
      db.exec('DELETE FROM keep_ids')
      if (this.summary.removed > 0) this.changed = true
    }
    if (this.changed) {
      db.exec(
        "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision';" +
          "UPDATE meta SET value = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE key = 'changed_at';",
      )
    }
    return { ...this.summary }
  }
}

/** A ReviewWriter that owns its transaction (begun by ReviewRepository.beginWrite). */
export class ReviewWriteTransaction extends ReviewWriter {
  commit(): void {
    this.db.exec('COMMIT')
  }

  /** Ends the transaction with nothing changed; harmless when it has already ended. */
  rollback(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK')
  }
}
