/**
 * The MCP sessions' rows in SQLite (table `mcp_sessions`, migration 005): what lets any server process on
 * one DATA_DIR serve a session another one opened. A process keeps the SDK's objects of the sessions it
 * has served in memory (api/mcp-sessions.ts); the row is the truth every process checks on each request:
 * no row, no session (404), whichever process ended it.
 *
 * Writes are few and never wait long: a row is written when a session opens, ends, changes its log level,
 * at most once a second per session for its last use, and once a sweep for a held event stream. A write
 * that meets another process's lock (a CLI import) fails after the connection's busy timeout (50 ms in
 * `serve`): the callers treat a failed touch as a skipped one, and a failed open or end as a 503.
 */
import { Database } from 'bun:sqlite'
import { MCP_SESSIONS_TABLE } from '../reviews/migrations'

export type SessionRow = {
  id: string
  client: string
  /** The initialize request as the client sent it (JSON): another process replays it to take the session up. */
  initialize: string
  log_level: string | null
  /** Last use (ms since the epoch). */
  last_seen: number
  /** While a process holds this session's GET stream, the time (ms) until which it has renewed that claim. */
  stream_until: number
}

export type SessionSummary = Pick<SessionRow, 'id' | 'client' | 'last_seen' | 'stream_until'>

export class SessionStore {
  private readonly owned: boolean
  private readonly q

  /** On `db` (migrated: the service's database), or on a private in-memory table when none is given. */
  constructor(db?: Database) {
    this.owned = !db
    this.db = db ?? new Database(':memory:', { strict: true })
    if (this.owned) this.db.exec(MCP_SESSIONS_TABLE)
    const d = this.db
    this.q = {
      get: d.query<SessionRow, [string]>(
        'SELECT id, client, initialize, log_level, last_seen, stream_until FROM mcp_sessions WHERE id = ?',
      ),
      has: d.query<{ id: string }, [string]>('SELECT id FROM mcp_sessions WHERE id = ?'),
      insert: d.query<unknown, [string, string, string, number]>(
        'INSERT INTO mcp_sessions (id, client, initialize, last_seen) VALUES (?, ?, ?, ?)',
      ),
      touch: d.query<unknown, [number, string]>('UPDATE mcp_sessions SET last_seen = ? WHERE id = ?'),
      level: d.query<unknown, [string, string]>('UPDATE mcp_sessions SET log_level = ? WHERE id = ?'),
      stream: d.query<unknown, [number, number, string]>('UPDATE mcp_sessions SET stream_until = ?, last_seen = ? WHERE id = ?'),
      delete: d.query<{ id: string }, [string]>('DELETE FROM mcp_sessions WHERE id = ? RETURNING id'),
      idle: d.query<{ id: string }, [number, number]>('SELECT id FROM mcp_sessions WHERE last_seen < ? AND stream_until < ?'),
      count: d.query<{ n: number }, []>('SELECT count(*) AS n FROM mcp_sessions'),
      countOf: d.query<{ n: number }, [string]>('SELECT count(*) AS n FROM mcp_sessions WHERE client = ?'),
      of: d.query<SessionSummary, [string]>(
        'SELECT id, client, last_seen, stream_until FROM mcp_sessions WHERE client = ? ORDER BY last_seen, seq',
      ),
      all: d.query<SessionSummary, []>('SELECT id, client, last_seen, stream_until FROM mcp_sessions ORDER BY last_seen, seq'),
    }
  }

  private readonly db: Database

  get(id: string): SessionRow | null {
    return this.q.get.get(id)
  }

  has(id: string): boolean {
    return this.q.has.get(id) !== null
  }

  insert(id: string, client: string, initialize: string, now: number): void {
    this.q.insert.run(id, client, initialize, now)
  }

  /** Best effort: false when the database was locked (the next request or sweep writes it). */
  touch(id: string, now: number): boolean {
    return attempt(() => this.q.touch.run(now, id))
  }

  setLevel(id: string, level: string): boolean {
    return attempt(() => this.q.level.run(level, id))
  }

  /** Claims (until > now) or releases (0) the session's event stream for this process; a use at `now` too. */
  stream(id: string, until: number, now: number): boolean {
    return attempt(() => this.q.stream.run(until, now, id))
  }

  /** True when this call removed the row. */
  delete(id: string): boolean {
    return this.q.delete.all(id).length > 0
  }

  /** Sessions unused since `idleSince` with no stream claimed past `now`. */
  idle(idleSince: number, now: number): string[] {
    return this.q.idle.all(idleSince, now).map((r) => r.id)
  }

  count(): number {
    return this.q.count.get()?.n ?? 0
  }

  countOf(client: string): number {
    return this.q.countOf.get(client)?.n ?? 0
  }

  /** One client's sessions, least recently used first. */
  of(client: string): SessionSummary[] {
    return this.q.of.all(client)
  }

  /** Every session, least recently used first (only read when the table is full). */
  all(): SessionSummary[] {
    return this.q.all.all()
  }

  close(): void {
    if (this.owned) this.db.close()
  }
}

function attempt(write: () => unknown): boolean {
  try {
    write()
    return true
  } catch {
    return false
  }
}
