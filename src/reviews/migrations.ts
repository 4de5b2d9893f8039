/** Schema of the review data, applied in order by openDatabase. */
import type { Migration } from '../db/database'

/** The MCP sessions' table; also created alone in memory for a session table without a database file. */
export const MCP_SESSIONS_TABLE = `
  CREATE TABLE mcp_sessions (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    client TEXT NOT NULL,
    initialize TEXT NOT NULL,
    log_level TEXT,
    last_seen INTEGER NOT NULL,
    stream_until INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX mcp_sessions_client ON mcp_sessions (client, last_seen);
  CREATE INDEX mcp_sessions_last_seen ON mcp_sessions (last_seen);
`

/** The reviews' tables: meta (revision), business, reviews, mentions and the FTS5 trigram index. */
export const reviewMigrations: Migration[] = [
  {
    id: '001-reviews',
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE business (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
      CREATE TABLE reviews (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        date TEXT NOT NULL,
        verified INTEGER NOT NULL,
        text_folded TEXT NOT NULL,
        json TEXT NOT NULL
      );
      -- Published reviews newest first, straight off the index: no sort of the table.
      CREATE INDEX reviews_newest ON reviews (date DESC, id DESC, rating) WHERE verified = 1;
      CREATE TABLE review_mentions (
        kind TEXT NOT NULL CHECK (kind IN ('technician', 'service')),
        key TEXT NOT NULL,
        review_rowid INTEGER NOT NULL REFERENCES reviews (rowid) ON DELETE CASCADE,
        PRIMARY KEY (kind, key, review_rowid)
      ) WITHOUT ROWID;
      CREATE INDEX review_mentions_review ON review_mentions (review_rowid);
      CREATE VIRTUAL TABLE reviews_fts USING fts5 (
        text_folded, content = 'reviews', content_rowid = 'rowid', tokenize = 'trigram'
      );
      -- A bulk write sets meta.fts_deferred, skips these row-by-row updates and rebuilds the index once
      -- at the end of the same transaction: several times faster for large imports.
      CREATE TRIGGER reviews_fts_insert AFTER INSERT ON reviews
      WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'fts_deferred') BEGIN
        INSERT INTO reviews_fts (rowid, text_folded) VALUES (new.rowid, new.text_folded);
      END;
      CREATE TRIGGER reviews_fts_delete AFTER DELETE ON reviews
      WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'fts_deferred') BEGIN
        INSERT INTO reviews_fts (reviews_fts, rowid, text_folded) VALUES ('delete', old.rowid, old.text_folded);
      END;
      CREATE TRIGGER reviews_fts_update AFTER UPDATE OF text_folded ON reviews
      WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'fts_deferred') BEGIN
        INSERT INTO reviews_fts (reviews_fts, rowid, text_folded) VALUES ('delete', old.rowid, old.text_folded);
        INSERT INTO reviews_fts (rowid, text_folded) VALUES (new.rowid, new.text_folded);
      END;
      INSERT INTO meta (key, value) VALUES ('revision', '0'), ('changed_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    `,
  },
  {
    // Reviews gained language and translation: rows written before then get both as null, appended in the
    // canonical field order (reviewJson), so every published record has the contract's fields.
    id: '002-review-language',
    sql: `
      UPDATE reviews SET json = json_set(json, '$.language', json('null'), '$.translation', json('null'))
      WHERE json_type(json, '$.language') IS NULL;
    `,
  },
  {
    // Text search moved into the snapshot's n-gram index (search-index.ts): the FTS5 table and the
    // triggers that kept it in step only cost every write.
    id: '003-drop-fts',
    sql: `
      DROP TRIGGER IF EXISTS reviews_fts_insert;
      DROP TRIGGER IF EXISTS reviews_fts_delete;
      DROP TRIGGER IF EXISTS reviews_fts_update;
      DROP TABLE IF EXISTS reviews_fts;
      DELETE FROM meta WHERE key = 'fts_deferred';
    `,
  },
  {
    // Insights computed once per published content and kept (CONTRACT.md, Data changes): a restart, `mcp` or
    // another server process reads them instead of computing them again. `key` names the content and the
    // analyser's release; `revision` the data revision they were computed for; `generated_at` the content's time.
    id: '004-stored-insights',
    sql: `
      CREATE TABLE insights (
        key TEXT PRIMARY KEY,
        revision INTEGER NOT NULL,
        generated_at TEXT NOT NULL,
        json TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX insights_newest ON insights (revision DESC);
    `,
  },
  {
    // MCP sessions any server process on this DATA_DIR can serve (api/mcp-sessions.ts): the initialize request
    // another process replays to take a session up, the client address the caps count, the last use (ms, written
    // at most once a second per session) and, while some process holds the session's GET stream, until when it
    // renews that claim.
    id: '005-mcp-sessions',
    sql: MCP_SESSIONS_TABLE,
  },
  {
    // Each review's analysis kept (CONTRACT.md, Data changes: incremental insights): a recompute after an import reads
    // only the reviews that are new or changed, and aggregates the stored analyses of the rest. `release` is the
    // analyser's (src/insights/release.ts); `input_hash` covers what was read: the text, its language, the supplied
    // translation and what the analyser knew of the business. `json` is the analyser's per-review output as it is.
    id: '006-review-analyses',
    sql: `
      CREATE TABLE review_analyses (
        release TEXT NOT NULL,
        review_id TEXT NOT NULL,
        input_hash TEXT NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (release, review_id, input_hash)
      );
    `,
  },
  {
    // Which revision last wrote each review (CONTRACT.md, Data changes: cost that follows the change): the next
    // version is built from the rows written since the served one, the others' bytes are the served version's.
    // Rows written before this migration read 0 (older than any version a process builds after it). The published
    // order's index also carries it, so the order and what changed are read off the index alone.
    id: '007-review-changes',
    sql: `
      ALTER TABLE reviews ADD COLUMN changed_rev INTEGER NOT NULL DEFAULT 0;
      DROP INDEX reviews_newest;
      CREATE INDEX reviews_newest ON reviews (date DESC, id DESC, rating, changed_rev) WHERE verified = 1;
    `,
  },
]
