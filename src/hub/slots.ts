/** Bounded outbound concurrency, globally and per callback host: a slow subscriber never starves the rest. */
export class OutboundSlots {
  private active = 0
  private readonly hostLoad = new Map<string, number>()
  private waiters: (() => void)[] = []

  constructor(
    private readonly max: number,
    private readonly maxPerHost: number,
  ) {}

  get inUse(): number {
    return this.active
  }

  /** Whether a request to `host` could start now. */
  free(host: string): boolean {
    return this.active < this.max && (this.hostLoad.get(host) ?? 0) < this.maxPerHost
  }

  get anyFree(): number {
    return this.max - this.active
  }

  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    while (!this.free(host)) await new Promise<void>((resolve) => this.waiters.push(resolve))
    this.active++
    this.hostLoad.set(host, (this.hostLoad.get(host) ?? 0) + 1)
    try {
      return await work()
    } finally {
      this.active--
      const load = (this.hostLoad.get(host) ?? 1) - 1
      if (load === 0) this.hostLoad.delete(host)
      else this.hostLoad.set(host, load)
      for (const resolve of this.waiters.splice(0)) resolve()
    }
  }
}
