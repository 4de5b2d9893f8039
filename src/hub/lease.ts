/**
 * Leases in SQLite: one row per named piece of work (`hub`: the hub's outbound work; `insights:<content>`: one
 * computation of insights) that several processes on one DATA_DIR may each want to do. A row names its holder
 * and when the lease ends; the holder renews it, anyone takes it once it has ended, or at once when its holder
 * is a process of this machine that no longer exists (a kill -9). Every change is one conditional statement,
 * so two processes can never both believe they took it.
 */
import type { Database } from 'bun:sqlite'
import { hostname } from 'node:os'

/** This process, as a lease holder: host, pid and a random part (a pid can be reused, a holder id never is). */
export function holderId(): string {
  return `${hostname()}/${process.pid}/${crypto.randomUUID().slice(0, 8)}`
}

/** Whether `holder` is a process of this machine that has gone (then its leases need not be waited out). */
export function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split('/')
  if (host !== hostname() || !pid || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH'
  }
}

export type LeaseRow = { name: string; holder: string; expires_at: number; acquired_at: number; result: string | null }

export class Leases {
  constructor(
    readonly db: Database,
    readonly holder: string = holderId(),
    private readonly now: () => number = Date.now,
  ) {}

  get(name: string): LeaseRow | null {
    return this.db.query<LeaseRow, [string]>('SELECT * FROM leases WHERE name = ?').get(name)
  }

  /**
   * Takes or renews `name` until now + ttlMs; returns the end of the lease, or null when another holder has it.
   * A lease whose holder is a gone process of this machine is taken at once. Never waits for another process's
   * write lock (an import): it throws SQLITE_BUSY at once, and the caller tries again on its next tick.
   */
  acquire(name: string, ttlMs: number): number | null {
    const waits = this.db.query<{ timeout: number }, []>('PRAGMA busy_timeout').get()?.timeout ?? 0
    if (waits === 0) return this.tryAcquire(name, ttlMs)
    this.db.exec('PRAGMA busy_timeout = 0')
    try {
      return this.tryAcquire(name, ttlMs)
    } finally {
      this.db.exec(`PRAGMA busy_timeout = ${waits}`)
    }
  }

  private tryAcquire(name: string, ttlMs: number): number | null {
    const now = this.now()
    const expiresAt = now + ttlMs
    // Held by another and not over: a read says so without taking the write lock (each waiting process asks every second).
    const current = this.get(name)
    if (current && current.holder !== this.holder && current.expires_at > now && (current.result !== null || !holderIsGone(current.holder)))
      return null
    const taken = this.db
      .query<{ holder: string }, [string, string, number, number]>(
        `INSERT INTO leases (name, holder, expires_at, acquired_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
           acquired_at = CASE WHEN leases.holder = excluded.holder THEN leases.acquired_at ELSE excluded.acquired_at END,
           result = CASE WHEN leases.holder = excluded.holder THEN leases.result ELSE NULL END
         WHERE leases.holder = excluded.holder OR leases.expires_at <= ?4
         RETURNING holder`,
      )
      .get(name, this.holder, expiresAt, now)
    if (taken) return expiresAt
    const row = this.get(name)
    if (!row || row.result !== null || !holderIsGone(row.holder)) return null
    // Its holder died: take it from that holder only (another process may be doing the same right now).
    const changed = this.db
      .query('UPDATE leases SET holder = ?, expires_at = ?, acquired_at = ?, result = NULL WHERE name = ? AND holder = ?')
      .run(this.holder, expiresAt, now, name, row.holder).changes
    return changed ? expiresAt : null
  }

  /** Ends `name` now if this process holds it (a clean shutdown: the next holder need not wait). */
  release(name: string): void {
    this.db.query('DELETE FROM leases WHERE name = ? AND holder = ?').run(name, this.holder)
  }

  /** Keeps `result` on a lease this process holds, and ends the work: others read it instead of doing it again. */
  finish(name: string, result: string): boolean {
    return (
      this.db
        .query('UPDATE leases SET result = ?, expires_at = ? WHERE name = ? AND holder = ?')
        .run(result, Number.MAX_SAFE_INTEGER, name, this.holder).changes > 0
    )
  }

  /** Forgets finished work under `prefix` other than `keep`, finished more than `olderThanMs` ago. */
  forget(prefix: string, keep: string, olderThanMs: number): void {
    this.db
      .query('DELETE FROM leases WHERE substr(name, 1, length(?1)) = ?1 AND name != ?2 AND result IS NOT NULL AND acquired_at < ?3')
      .run(prefix, keep, this.now() - olderThanMs)
  }
}

export type OnceOptions = {
  /** How long a computation's lease lasts between renewals (ms). */
  ttlMs?: number
  /** How often a process that waits for another's result looks again (ms). */
  pollMs?: number
  signal?: AbortSignal
}

/**
 * Runs `work` in one process of those that call this with the same `name`: the first takes the lease and
 * computes, keeping the lease alive meanwhile, and stores the result on the row; the others wait for that
 * result, or take over when the computing process ends without one. `shared` says whether the result came
 * from another process. A database this process cannot write right now (another process's lock): it computes
 * on its own, as it did before leases.
 */
export async function once(
  leases: Leases,
  name: string,
  work: () => Promise<string>,
  options: OnceOptions = {},
): Promise<{ result: string; shared: boolean }> {
  const ttlMs = options.ttlMs ?? 10_000
  const pollMs = options.pollMs ?? 100
  for (;;) {
    options.signal?.throwIfAborted()
    let held: number | null
    try {
      const row = leases.get(name)
      if (row?.result != null) return { result: row.result, shared: row.holder !== leases.holder }
      held = leases.acquire(name, ttlMs)
    } catch {
      return { result: await work(), shared: false }
    }
    if (held !== null) {
      const renew = setInterval(() => {
        try {
          leases.acquire(name, ttlMs)
        } catch {}
      }, ttlMs / 3)
      renew.unref?.()
      try {
        const result = await work()
        try {
          leases.finish(name, result)
        } catch {}
        return { result, shared: false }
      } catch (error) {
        try {
          leases.release(name)
        } catch {}
        throw error
      } finally {
        clearInterval(renew)
      }
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs)
      options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          resolve()
        },
        { once: true },
      )
    })
  }
}
