/**
 * Opens the service's SQLite database (WAL) and brings its schema up to date with the migrations the
 * caller passes (each capability that persists state owns its own: reviews, hub).
 */
import { Database } from 'bun:sqlite'

/** The database file inside DATA_DIR, shared by serve, import, mcp and analyze. */
export const DATABASE_FILE = 'reviews.db'

export type Migration = { id: string; sql: string }

/**
 * The database was migrated by a newer release than this one. Writing to it would skip what the newer schema
 * keeps (a row's `changed_rev`, say, which the next version is spliced by), so this release refuses to open it.
 */
export class NewerDatabaseError extends Error {
  constructor(
    readonly path: string,
    readonly unknown: string[],
  ) {
    super(`${path} was migrated by a newer release of reviews-service (${unknown.join(', ')})`)
  }
}

/** `migrations`: every migration this release knows, in order; one it does not know, already applied, is refused. */
export function openDatabase(path: string, migrations: Migration[]): Database {
  const db = new Database(path, { create: true, strict: true })
  try {
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = NORMAL')
    db.exec('PRAGMA foreign_keys = ON')
    db.exec('PRAGMA busy_timeout = 5000')
    migrate(db, path, migrations)
  } catch (error) {
    db.close()
    throw error
  }
  return db
}

function migrate(db: Database, path: string, migrations: Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
  const applied = new Set(
    db
      .query<{ id: string }, []>('SELECT id FROM schema_migrations')
      .all()
      .map((r) => r.id),
  )
  const known = new Set(migrations.map((m) => m.id))
  const unknown = [...applied].filter((id) => !known.has(id)).sort()
  if (unknown.length) throw new NewerDatabaseError(path, unknown)
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue
    db.transaction(() => {
      db.exec(migration.sql)
      db.query('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, new Date().toISOString())
    }).immediate()
  }
}
