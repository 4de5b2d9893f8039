/**
 * Every CLI failure as one or two lines a person can act on, never a stack trace: database locked,
 * full, read-only or corrupt, files that cannot be read, data that cannot be published.
 */
import { ConfigError } from '../core/config'
import { UnpublishableData } from '../catalog/catalog'
import { VERSION } from '../core/version'
import { NewerDatabaseError } from '../db/database'

type CodedError = Error & { code?: string; path?: string }

/** The lines to print for `error`, and the exit code: 2 for what the operator must fix, 1 for the unexpected. */
export function describeFailure(error: unknown, database: string): { message: string; exitCode: number } {
  if (error instanceof ConfigError) return { message: error.message, exitCode: 2 }
  if (error instanceof UnpublishableData) {
    return {
      message: `${error.message}\nFix it with \`reviews-service import\` of a corrected dataset, or put a valid business in DATA_DIR/business.json, then start again.`,
      exitCode: 2,
    }
  }
  if (error instanceof NewerDatabaseError) {
    return {
      message: `${error.message}; this release (${VERSION}) cannot use it. Run that newer release, or restore a backup taken before it.`,
      exitCode: 2,
    }
  }
  const coded = error as CodedError
  const code = typeof coded?.code === 'string' ? coded.code : ''
  const known = SQLITE_MESSAGES.find(([prefix]) => code.startsWith(prefix))
  if (known) return { message: known[1](database), exitCode: 2 }
  const system = SYSTEM_MESSAGES[code]
  if (system) return { message: system(coded.path ?? database), exitCode: 2 }
  const message = error instanceof Error ? error.message : String(error)
  return {
    message: `unexpected failure: ${message.split('\n')[0]}\nThis is a bug: please report it with the command you ran.`,
    exitCode: 1,
  }
}

const SQLITE_MESSAGES: [string, (database: string) => string][] = [
  [
    'SQLITE_BUSY',
    (db) => `the database ${db} is locked by another process (an import or a second server); try again when it has finished.`,
  ],
  [
    'SQLITE_LOCKED',
    (db) => `the database ${db} is locked by another process (an import or a second server); try again when it has finished.`,
  ],
  ['SQLITE_FULL', (db) => `the disk holding ${db} is full; nothing was changed. Free some space and try again.`],
  [
    'SQLITE_READONLY',
    (db) => `the database ${db} is read-only; make the file and its directory writable by this user (or use another DATA_DIR).`,
  ],
  [
    'SQLITE_NOTADB',
    (db) => `${db} is not a SQLite database (damaged or another file); restore it from a backup, or move it aside to start fresh.`,
  ],
  ['SQLITE_CORRUPT', (db) => `the database ${db} is damaged; restore it from a backup (or try: sqlite3 ${db} '.recover').`],
  ['SQLITE_CANTOPEN', (db) => `cannot open the database ${db}; check that DATA_DIR exists and is writable by this user.`],
  ['SQLITE_IOERR', (db) => `an I/O error on the database ${db}; check the disk (full, removed or failing) and try again.`],
  ['SQLITE_PERM', (db) => `no permission to write the database ${db}; make it writable by this user.`],
]

const SYSTEM_MESSAGES: Record<string, (path: string) => string> = {
  ENOSPC: (path) => `the disk holding ${path} is full; free some space and try again.`,
  EACCES: (path) => `no permission to use ${path}; check its owner and mode.`,
  EPERM: (path) => `no permission to use ${path}; check its owner and mode.`,
  EROFS: (path) => `${path} is on a read-only file system; use a writable DATA_DIR.`,
  EMFILE: () => 'too many open files for this process; raise the limit (ulimit -n) and try again.',
}
