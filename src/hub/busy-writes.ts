/**
 * Hub writes that may meet another process's lock (a CLI import holds the write lock for seconds):
 * the server's connection waits at most its busy_timeout (50 ms), and a write that still meets the
 * lock is queued and retried later, in order, never dropped. While one write waits, later ones queue
 * behind it without trying, so the event loop pays one short wait per retry, not one per write.
 */
import type { Logger } from '../core/log'

export const isBusy = (error: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown })?.code ?? ''))

type Queued = { write: () => unknown; resolve: (value: any) => void; reject: (error: unknown) => void }

export class BusyWrites {
  private readonly queue: Queued[] = []
  private timer?: ReturnType<typeof setTimeout>
  private delayMs: number

  constructor(
    private readonly log: Logger,
    private readonly firstDelayMs = 50,
    private readonly maxDelayMs = 1000,
  ) {
    this.delayMs = firstDelayMs
  }

  /** Whether writes are waiting for a lock (a new request had better be told to come back). */
  get blocked(): boolean {
    return this.queue.length > 0
  }

  /** Runs `write` now if nothing is waiting, else after what is; resolves once it has been committed. */
  run<T>(write: () => T): Promise<T> {
    if (!this.queue.length) {
      try {
        return Promise.resolve(write())
      } catch (error) {
        if (!isBusy(error)) return Promise.reject(error)
        this.log({ event: 'hub_write_deferred', reason: 'database locked by another process; retrying' })
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve, reject })
      this.schedule()
    })
  }

  /** One last attempt at what is queued (shutdown); whatever still meets the lock stays undone in SQLite, and is redone at the next start. */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.drain(false)
    for (const queued of this.queue.splice(0)) queued.reject(new Error('shutting down with the database locked'))
  }

  private schedule(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.drain(true)
    }, this.delayMs)
  }

  private drain(reschedule: boolean): void {
    while (this.queue.length) {
      const head = this.queue[0]!
      try {
        const value = head.write()
        this.queue.shift()
        head.resolve(value)
        this.delayMs = this.firstDelayMs
      } catch (error) {
        if (isBusy(error)) {
          this.delayMs = Math.min(this.delayMs * 2, this.maxDelayMs)
          if (reschedule) this.schedule()
          return
        }
        this.queue.shift()
        head.reject(error)
      }
    }
  }
}
