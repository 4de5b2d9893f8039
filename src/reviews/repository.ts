/**
 * The reviews and business tables. Writes are atomic and bump a revision counter, which is how
 * a running server (even in another process) learns that the published data changed.
 */
import type { Database } from 'bun:sqlite'
import { type Business, ImportedReview, type StoredReview } from './schema'
import { foldForSearch } from '../core/text'

/** From this many rows (and a fifth of the table), one FTS rebuild beats row-by-row index updates. */

export type WriteSummary = { inserted: number; updated: number; unchanged: number; removed: number }

export type PublishedRow = { rowid: number; date: string; json: string }

export type DataState = { revision: number; changedAt: Date }

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
    const summary: WriteSummary = { inserted: 0, updated: 0, unchanged: 0, removed: 0 }
    const db = this.db
    const existing = db.query<{ rowid: number; json: string }, [string]>('SELECT rowid, json FROM reviews WHERE id = ?')
    const insert = db.query<{ rowid: number }, [string, number, string, number, string, string]>(
      'INSERT INTO reviews (id, rating, date, verified, text_folded, json) VALUES (?, ?, ?, ?, ?, ?) RETURNING rowid',
    )
    const update = db.query('UPDATE reviews SET rating = ?, date = ?, verified = ?, text_folded = ?, json = ? WHERE rowid = ?')
    const clearMentions = db.query('DELETE FROM review_mentions WHERE review_rowid = ?')
    const addMention = db.query('INSERT OR IGNORE INTO review_mentions (kind, key, review_rowid) VALUES (?, ?, ?)')

    const writeMentions = (rowid: number, review: StoredReview) => {
      for (const name of review.technicians) for (const key of technicianKeys(name)) addMention.run('technician', key, rowid)
      for (const service of review.services) addMention.run('service', service.toLowerCase(), rowid)
    }

    db.transaction(() => {
      let changed = false
      if (input.business) {
        const json = JSON.stringify(input.business)
        const current = db.query<{ json: string }, []>('SELECT json FROM business WHERE id = 1').get()
        if (current?.json !== json) {
          db.query('INSERT INTO business (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json').run(json)
          changed = true
        }
      }
      for (const review of input.reviews) {
        const json = reviewJson(review)
        const row = existing.get(review.id)
        if (row && row.json === json) {
          summary.unchanged++
          continue
        }
        const folded = foldForSearch(review.text)
        if (row) {
          update.run(review.rating, review.date, review.verified ? 1 : 0, folded, json, row.rowid)
          clearMentions.run(row.rowid)
          writeMentions(row.rowid, review)
          summary.updated++
        } else {
          const { rowid } = insert.get(review.id, review.rating, review.date, review.verified ? 1 : 0, folded, json)!
          writeMentions(rowid, review)
          summary.inserted++
        }
        changed = true
      }
      if (input.replace) {
        db.exec('CREATE TEMP TABLE IF NOT EXISTS keep_ids (id TEXT PRIMARY KEY) WITHOUT ROWID')
        db.exec('DELETE FROM keep_ids')
        const keep = db.query('INSERT OR IGNORE INTO keep_ids (id) VALUES (?)')
        for (const review of input.reviews) keep.run(review.id)
        summary.removed = db.query('DELETE FROM reviews WHERE id NOT IN (SELECT id FROM keep_ids)').run().changes
        db.exec('DELETE FROM keep_ids')
        if (summary.removed > 0) changed = true
      }
      if (changed) {
        db.exec(
          "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision';" +
            "UPDATE meta SET value = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE key = 'changed_at';",
        )
      }
    }).immediate()
    return summary
  }
}
