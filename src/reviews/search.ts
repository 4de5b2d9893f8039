/**
 * Review search over SQLite: filters combine with AND, newest first, read off the reviews_newest index.
 * Text matching uses the FTS5 trigram index; queries under three characters, which trigrams cannot
 * index, fall back to a scan of the folded text.
 */
import type { Database, Statement } from 'bun:sqlite'
import type { SearchFilters } from './search-query'
import { technicianKeys } from './store'
import { foldForSearch } from './text'

export type SearchResult = { total: number; reviewsJson: string[] }

type Clause = { sql: string; param: string | number }

export class ReviewSearch {
  private readonly statements = new Map<string, { page: Statement; count: Statement }>()

  constructor(private readonly db: Database) {}

  search(filters: SearchFilters): SearchResult {
    const clauses = this.clauses(filters)
    const key = clauses.map((c) => c.sql).join(' AND ')
    let statements = this.statements.get(key)
    if (!statements) {
      const where = ['verified = 1', ...clauses.map((c) => c.sql)].join(' AND ')
      statements = {
        page: this.db.prepare(`SELECT json FROM reviews INDEXED BY reviews_newest WHERE ${where} ORDER BY date DESC, id DESC LIMIT ?`),
        count: this.db.prepare(`SELECT count(*) AS total FROM reviews INDEXED BY reviews_newest WHERE ${where}`),
      }
      this.statements.set(key, statements)
    }
    const params = clauses.map((c) => c.param)
    const rows = statements.page.all(...params, filters.limit) as { json: string }[]
    // A short page that started at the top holds every match: no need to count them again.
    const total = rows.length < filters.limit ? rows.length : (statements.count.get(...params) as { total: number }).total
    return { total, reviewsJson: rows.map((r) => r.json) }
  }

  private clauses(filters: SearchFilters): Clause[] {
    const clauses: Clause[] = []
    if (filters.rating !== undefined) clauses.push({ sql: 'rating = ?', param: filters.rating })
    if (filters.min_rating !== undefined) clauses.push({ sql: 'rating >= ?', param: filters.min_rating })
    if (filters.since !== undefined) clauses.push({ sql: 'date >= ?', param: filters.since })
    if (filters.until !== undefined) clauses.push({ sql: 'date <= ?', param: filters.until })
    if (filters.query !== undefined) {
      const folded = foldForSearch(filters.query)
      if ([...folded].length >= 3) {
        // Always a quoted phrase: user text never reaches FTS5 query syntax.
        const phrase = `"${folded.replaceAll('"', '""')}"`
        clauses.push({ sql: 'rowid IN (SELECT rowid FROM reviews_fts WHERE reviews_fts MATCH ?)', param: phrase })
      } else {
        clauses.push({ sql: 'instr(text_folded, ?) > 0', param: folded })
      }
    }
    if (filters.mentions_technician !== undefined) {
      const key = technicianKeys(filters.mentions_technician)[0] ?? ''
      clauses.push({
        sql: "rowid IN (SELECT review_rowid FROM review_mentions WHERE kind = 'technician' AND key = ?)",
        param: key,
      })
    }
    if (filters.mentions_service !== undefined) {
      clauses.push({
        sql: "rowid IN (SELECT review_rowid FROM review_mentions WHERE kind = 'service' AND key = ?)",
        param: filters.mentions_service.trim().toLowerCase(),
      })
    }
    return clauses
  }
}
