/**
 * Bounded outbound concurrency, globally and per limit key (registrable domain or address, see
 * limit-key.ts): a slow subscriber never starves the rest. Verifications may hold at most half of the
 * slots, so a flood of subscribe requests to slow callbacks cannot hold back deliveries. Waiting costs
 * nothing: a waiter is a promise, woken when a slot it fits in is released (no timers, no polling).
 */
export type SlotKind = 'verification' | 'delivery'

type Waiter = { kind: SlotKind; host: string; start: () => void; cancel: (error: Error) => void }

export class SlotsClosed extends Error {}

export class OutboundSlots {
  private active = 0
  private activeVerifications = 0
  private readonly hostLoad = new Map<string, number>()
  private waiters: Waiter[] = []
  readonly maxVerifications: number

  constructor(
    private readonly max: number,
    private readonly maxPerHost: number,
    /** Called after a slot is released and the waiters that fit have started (the hub then pumps deliveries). */
    private readonly onRelease: () => void = () => {},
  ) {
    this.maxVerifications = Math.max(1, Math.floor(max / 2))
  }

  get inUse(): number {
    return this.active
  }

  get waiting(): number {
    return this.waiters.length
  }

  /** Whether a request of `kind` to `host` could start now. */
  free(host: string, kind: SlotKind = 'delivery'): boolean {
    return (
      this.active < this.max &&
      (this.hostLoad.get(host) ?? 0) < this.maxPerHost &&
      (kind !== 'verification' || this.activeVerifications < this.maxVerifications)
    )
  }

  get anyFree(): number {
    return this.max - this.active
  }

  async run<T>(kind: SlotKind, host: string, work: () => Promise<T>): Promise<T> {
    if (this.free(host, kind)) this.acquire(kind, host)
    else await new Promise<void>((start, cancel) => this.waiters.push({ kind, host, start, cancel }))
    try {
      return await work()
    } finally {
      this.release(kind, host)
      this.wake()
      this.onRelease()
    }
  }

  /** Shutdown: work still waiting for a slot never starts (it is durable in SQLite and resumes at the next start). */
  close(): void {
    for (const waiter of this.waiters.splice(0)) waiter.cancel(new SlotsClosed('shutting down'))
  }

  private acquire(kind: SlotKind, host: string): void {
    this.active++
    if (kind === 'verification') this.activeVerifications++
    this.hostLoad.set(host, (this.hostLoad.get(host) ?? 0) + 1)
  }

  private release(kind: SlotKind, host: string): void {
    this.active--
    if (kind === 'verification') this.activeVerifications--
    const load = (this.hostLoad.get(host) ?? 1) - 1
    if (load === 0) this.hostLoad.delete(host)
    else this.hostLoad.set(host, load)
  }

  /** Starts, in arrival order, every waiter that now fits (one stuck host does not hold back the others). */
  private wake(): void {
    if (!this.waiters.length || this.active >= this.max) return
    const still: Waiter[] = []
    for (const waiter of this.waiters) {
      if (this.free(waiter.host, waiter.kind)) {
        this.acquire(waiter.kind, waiter.host)
        waiter.start()
      } else still.push(waiter)
    }
    this.waiters = still
  }
}
