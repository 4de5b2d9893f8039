/**
 * The WebSub hub (W3C WebSub, with the decisions of CONTRACT.md): takes subscribe/unsubscribe requests
 * (requests.ts), verifies intent asynchronously (verification.ts) and pushes each changed topic's full
 * current content to its active subscribers (delivery.ts), within bounded outbound slots (slots.ts).
 * Timers are in-process; every obligation is a row in SQLite first (repository.ts).
 *
 * Several processes may serve one DATA_DIR: each takes requests and records them, but only the holder of the
 * `hub` lease (lease.ts) verifies, delivers, retries, pings outside hubs and keeps house. The holder renews
 * the lease every second; when it dies, another process takes the lease within seconds (at once when the
 * holder was a process of this machine that is gone), picks up the recorded work, and enqueues the current
 * content for every subscription that was last sent something else (`sent_etag`).
 */
import type https from 'node:https'
import type { Database } from 'bun:sqlite'
import type { Logger } from '../core/log'
import { hubUrl, topicUrl, type TopicPath, type TopicSource } from '../feeds/websub-topics'
import type { HubConfig } from '../core/config'
import { deliver, type DeliveryDeps } from './delivery'
import type { HubMetrics, HubSend } from './hub-types'
import { OutboundError, outboundRequest, trustedCertificates } from './outbound'
import { HubRepository, type SubscriptionStatus, type Verification } from './repository'
import { HubRefusal, RateLimiter, type HubRequest } from './requests'
import { OutboundSlots, SlotsClosed } from './slots'
import { BusyWrites, isBusy } from './busy-writes'
import { verifyIntent, type VerificationDeps } from './verification'
import { pingHub, type PingDeps } from './publish-ping'
import { Leases } from './lease'
import { TOPIC_PATHS } from '../feeds/websub-topics'

/** The lease that makes one process the hub's worker (lease.ts). */
export const HUB_LEASE = 'hub'

export type HubLeaseOptions = {
  /** Leases of this process (default: its own, on the hub's database). */
  leases?: Leases
  /** How long the lease lasts unrenewed (ms): the longest a dead holder's work waits when its death is not seen. */
  ttlMs?: number
  /** How often the holder renews and the others try to take it (ms). */
  tickMs?: number
}

const LEASE_TTL_MS = 5000
const LEASE_TICK_MS = 1000
/** The holder stops starting work this long before its lease would end unrenewed (a loop held up, a locked database). */
const LEASE_MARGIN_MS = 1500

export class Hub {
  readonly repository: HubRepository
  readonly hubUrl: string
  readonly metrics: HubMetrics = { requests: {}, verifications: {}, deliveries: {}, pings: {}, deliveryMsSum: 0, deliveryMsCount: 0 }
  private outbound?: { agent: https.Agent; ca: string[] }
  private readonly slots: OutboundSlots
  private readonly rateLimiter: RateLimiter
  private readonly inFlight = new Set<number>()
  private readonly verifying = new Set<number>()
  private readonly running = new Set<Promise<unknown>>()
  private readonly verification: VerificationDeps
  private readonly delivery: DeliveryDeps
  private readonly writes: BusyWrites
  /** Aborts every outbound request in flight at shutdown. */
  private readonly shutdown = new AbortController()
  private pumpQueued = false
  private timer?: ReturnType<typeof setTimeout>
  private timerAt = Infinity
  private sweeper?: ReturnType<typeof setInterval>
  private unsubscribeTopics?: () => void
  private stopped = true
  readonly leases: Leases
  private readonly leaseTtlMs: number
  private readonly leaseTickMs: number
  /** When this process's lease on the hub's work ends (0: not the holder). Wall clock, not `config.now`. */
  private leaseUntil = 0
  private leaseTimer?: ReturnType<typeof setInterval>
  /** Resolves waiters when the hub has nothing in flight (tests and graceful shutdown). */
  private idleWaiters: (() => void)[] = []

  constructor(
    db: Database,
    private readonly topics: TopicSource,
    readonly baseUrl: string,
    readonly config: HubConfig,
    private readonly log: Logger = () => {},
    lease: HubLeaseOptions = {},
  ) {
    this.repository = new HubRepository(db)
    this.leases = lease.leases ?? new Leases(db)
    this.leaseTtlMs = lease.ttlMs ?? LEASE_TTL_MS
    this.leaseTickMs = lease.tickMs ?? LEASE_TICK_MS
    this.hubUrl = hubUrl(baseUrl)
    this.slots = new OutboundSlots(config.maxConcurrent, config.maxConcurrentPerHost, () => this.pumpSoon())
    this.rateLimiter = new RateLimiter(config.requestsPerMinutePerIp, config.now)
    this.writes = new BusyWrites(log)
    const shared = {
      repository: this.repository,
      send: this.send,
      baseUrl,
      now: config.now,
      metrics: this.metrics,
      log,
      write: <T>(write: () => T) => this.writes.run(write),
      stopped: () => this.stopped,
    }
    this.verification = { ...shared, currentEtag: (topic) => this.topics.topic(topic).etag }
    this.delivery = {
      ...shared,
      topics,
      retryDelaysMs: config.retryDelaysMs,
      externalHubs: config.externalUrls,
      track: (work) => this.track(work),
    }
  }

  /** The trusted certificates and the connection pool, made on the first outbound request (node:https loads then). */
  private outboundSetup(): { agent: https.Agent; ca: string[] } {
    if (this.outbound) return this.outbound
    const ca = trustedCertificates(this.config.extraCaFile)
    const agent = new (require('node:https') as typeof https).Agent({
      keepAlive: true,
      maxSockets: this.config.maxConcurrentPerHost,
      maxFreeSockets: this.config.maxConcurrentPerHost,
      timeout: this.config.timeoutMs,
      ca,
    })
    return (this.outbound = { agent, ca })
  }

  topicUrl(path: TopicPath): string {
    return topicUrl(this.baseUrl, path)
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.unsubscribeTopics = this.topics.onTopicsChanged((changed) => this.publish(changed))
    this.sweeper = setInterval(() => {
      if (!this.leading) return
      this.housekeeping()
      this.pump()
    }, 60_000)
    this.sweeper.unref?.()
    this.leaseTimer = setInterval(() => this.holdLease(), this.leaseTickMs)
    this.leaseTimer.unref?.()
    this.holdLease()
  }

  /** Whether this process runs the hub's outbound work now: it holds the lease, with time to spare. */
  get leading(): boolean {
    return !this.stopped && Date.now() < this.leaseUntil - LEASE_MARGIN_MS
  }

  /** Takes or renews the lease; on taking it, takes up the work left by the previous holder (or before a restart). */
  private holdLease(): void {
    if (this.stopped) return
    let until: number | null
    try {
      until = this.leases.acquire(HUB_LEASE, this.leaseTtlMs)
    } catch (error) {
      // A locked database (an import): try again on the next tick; work stops once the lease would have ended.
      if (!isBusy(error)) this.log({ event: 'hub_lease_failed', error: String(error) })
      return
    }
    if (until === null) {
      if (this.leaseUntil) this.log({ event: 'hub_lease', result: 'lost', holder: this.leases.get(HUB_LEASE)?.holder })
      this.leaseUntil = 0
      return
    }
    const wasLeading = this.leading
    const taken = this.leaseUntil === 0
    this.leaseUntil = until
    if (taken) this.log({ event: 'hub_lease', result: 'acquired', holder: this.leases.holder })
    if (!wasLeading) this.takeUp()
    else this.pickUpRequests()
  }

  /**
   * The work a holder starts from: every pending verification, every delivery owed, and for every subscription
   * whose last delivered content is not the current one (a previous holder that died before it enqueued a
   * change, or before this process saw it), the current content.
   */
  private takeUp(): void {
    try {
      const now = this.config.now()
      const owed = this.repository.db.transaction(() =>
        // Only topics someone may be owed (a start with no subscribers renders nothing ahead of its first request).
        this.repository
          .topicsWithKnownSent()
          .filter((topic) => TOPIC_PATHS.includes(topic))
          .reduce((sum, topic) => sum + this.repository.enqueueUnsent(topic, this.topics.topic(topic).etag, now), 0),
      )()
      if (owed) this.log({ event: 'hub_takeover_enqueued', deliveries: owed })
      const pings = this.repository.db.transaction(() => this.pingsOwed())()
      if (pings.length) this.log({ event: 'hub_takeover_pings', pings: pings.length })
      for (const { hub, topic } of pings) this.ping(hub, topic)
    } catch (error) {
      if (!isBusy(error)) this.log({ event: 'hub_takeover_failed', error: String(error) })
      this.leaseUntil = Math.min(this.leaseUntil, Date.now()) // not done: take up again on the next tick
      return
    }
    this.housekeeping()
    this.pickUpRequests()
    this.pump()
  }

  /** Requests recorded by any process (this one, or another that took them) and not yet being verified here. */
  private pickUpRequests(): void {
    try {
      for (const verification of this.repository.pendingVerifications()) this.verify(verification)
    } catch (error) {
      if (!isBusy(error)) this.log({ event: 'hub_pickup_failed', error: String(error) })
    }
  }

  /**
   * Shutdown does not wait for queued or slow work: requests in flight are aborted and their outcomes
   * not recorded, so every unfinished verification and delivery is still in SQLite for the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true
    this.unsubscribeTopics?.()
    clearInterval(this.leaseTimer)
    clearInterval(this.sweeper)
    clearTimeout(this.timer)
    this.timerAt = Infinity
    this.slots.close()
    this.shutdown.abort()
    await Promise.race([Promise.allSettled([...this.running]), Bun.sleep(2000)])
    this.writes.flush()
    // The next holder need not wait the lease out.
    if (this.leaseUntil) {
      try {
        this.leases.release(HUB_LEASE)
      } catch {}
      this.leaseUntil = 0
    }
    this.outbound?.agent.destroy()
  }

  /** What a subscriber may know about its own subscription (GET on the hub), or null when the pair is unknown. */
  status(callback: string, topic: TopicPath): SubscriptionStatus | null {
    return this.repository.status(callback, topic)
  }

  /** Resolves once nothing is running and nothing is owed: every delivery done, retried out or dropped. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.repository.pendingDeliveries() === 0
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work)
    void work.finally(() => {
      this.running.delete(work)
      if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve()
    })
  }

  /**
   * Takes a request from `clientIp` (null: it was invalid, but still counts against the rate limit): records
   * it and starts its verification. Throws HubRefusal past a limit.
   */
  accept(request: HubRequest | null, clientIp: string): void {
    this.rateLimiter.take(clientIp)
    if (!request) return
    if (request.mode === 'subscribe') this.checkCaps(request)
    this.checkRequester(request, clientIp)
    const fields = {
      mode: request.mode,
      callback: request.callback,
      callback_host: request.callbackHost,
      topic: request.topic,
      topic_url: request.topicAsSent,
      lease_seconds: request.leaseSeconds,
      secret: request.secret,
      requester: clientIp,
    }
    // Another process holds the database: say so now (503, Retry-After) rather than wait on the lock or accept what cannot be recorded.
    if (this.writes.blocked) throw new HubBusy()
    let id: number
    try {
      id = this.repository.addVerification(fields, this.config.now())
    } catch (error) {
      if (isBusy(error)) throw new HubBusy()
      throw error
    }
    // Verified by the lease holder: here at once, or by the holder within a second (pickUp).
    if (this.leading) this.verify({ id, ...fields, state: 'pending' })
  }

  /**
   * Per-requester limits on pending verifications (subscribe and unsubscribe alike), so no one client can
   * fill a callback domain's pending slots: one client address (IPv6 per /64) may have a tenth of a domain's
   * slots pending for that domain (at least 1: 5 of 50 by default), and as many in all as one domain has (at least 50).
   */
  private checkRequester(request: HubRequest, requester: string): void {
    const pending = this.repository.pendingCountsForRequester(requester, request.callbackHost)
    if (pending.host >= requesterPendingPerHost(this.config) || pending.total >= requesterPendingInAll(this.config)) {
      throw new HubRefusal(
        'too_many_pending',
        `Too many of your verifications are pending${pending.host >= requesterPendingPerHost(this.config) ? ` for ${request.callbackHost}` : ''}; try again once they are answered.`,
        Math.ceil(this.config.timeoutMs / 1000),
      )
    }
  }

  /** Pending subscribes count against the caps, so a burst cannot overshoot them before its verifications finish. */
  private checkCaps(request: HubRequest): void {
    if (this.repository.pendingCountForHost(request.callbackHost) >= this.config.maxPendingPerHost) {
      throw new HubRefusal('too_many_pending', `Too many verifications are pending for ${request.callbackHost}; try again later.`, 60)
    }
    if (this.repository.find(request.callback, request.topic)?.state === 'active') return // A renewal adds nothing.
    if (this.repository.reservedCount(request.callbackHost) >= this.config.maxSubscriptionsPerHost) {
      throw new HubRefusal('too_many_subscriptions', `${request.callbackHost} has the most subscriptions allowed.`, 3600)
    }
    if (this.repository.reservedCount() >= this.config.maxSubscriptions) {
      throw new HubRefusal('too_many_subscriptions', 'The hub has the most subscriptions it allows.', 3600)
    }
  }

  private verify(verification: Verification): void {
    if (this.verifying.has(verification.id)) return
    this.verifying.add(verification.id)
    const work = this.slots.run('verification', verification.callback_host, () => verifyIntent(verification, this.verification))
    this.track(
      work
        .catch((error) => {
          if (!(error instanceof SlotsClosed) && !this.stopped)
            this.log({ event: 'hub_verification_failed', id: verification.id, error: String(error) })
        })
        .finally(() => this.verifying.delete(verification.id)),
    )
  }

  /** The catalog says these topics' bytes changed: everyone subscribed is owed the new content (recorded even if the database is locked now). */
  publish(topics: TopicPath[]): void {
    // Only the holder enqueues; a process that takes the lease later enqueues what its holder had not sent (takeUp).
    if (!this.leading) return
    this.pingExternalHubs(topics)
    const enqueue = this.writes.run(() =>
      this.repository.db.transaction(() => {
        const now = this.config.now()
        for (const topic of topics) this.repository.enqueueTopic(topic, now)
      })(),
    )
    this.track(enqueue.then(() => this.pump()).catch((error) => this.log({ event: 'hub_publish_failed', topics, error: String(error) })))
  }

  /** Tells each outside hub (HUB_EXTERNAL_URLS) that these topics changed (publish-ping.ts). */
  private pingExternalHubs(topics: TopicPath[]): void {
    for (const hub of this.config.externalUrls) for (const topic of topics) this.ping(hub, topic)
  }

  /** One hub about one topic; once it takes the ping, what it now knows is recorded for the next holder. */
  private ping(hub: string, topic: TopicPath): void {
    if (this.stopped) return
    const etag = this.topics.topic(topic).etag
    const deps: PingDeps = {
      timeoutMs: this.config.timeoutMs,
      retryDelaysMs: this.config.retryDelaysMs,
      ca: () => this.outboundSetup().ca,
      signal: this.shutdown.signal,
      log: this.log,
      count: (result) => (this.metrics.pings[result] = (this.metrics.pings[result] ?? 0) + 1),
    }
    const told = pingHub(hub, this.topicUrl(topic), deps).then((accepted) =>
      accepted ? this.writes.run(() => this.repository.recordPing(hub, topic, etag)) : undefined,
    )
    this.track(told.catch((error) => this.log({ event: 'hub_ping_record_failed', hub, topic, error: String(error) })))
  }

  /**
   * The pings a previous holder owed: each outside hub whose last recorded topic content is not the current one
   * (its holder died before the ping went through, or every retry failed). A hub with nothing recorded yet is
   * recorded as knowing the current content: there is no earlier change to tell it of.
   */
  private pingsOwed(): { hub: string; topic: TopicPath }[] {
    if (this.config.externalUrls.length === 0) return []
    const pinged = this.repository.pingedEtags()
    const owed: { hub: string; topic: TopicPath }[] = []
    for (const hub of this.config.externalUrls)
      for (const topic of TOPIC_PATHS) {
        const known = pinged.get(hub)?.get(topic)
        const current = this.topics.topic(topic).etag
        if (known === undefined) this.repository.recordPing(hub, topic, current)
        else if (known !== current) owed.push({ hub, topic })
      }
    return owed
  }

  /** Pumps once after the current burst of slot releases (many releases, one pump). */
  private pumpSoon(): void {
    if (this.pumpQueued || !this.leading) return
    this.pumpQueued = true
    // After the settling promise chains (in-flight bookkeeping) have run.
    setImmediate(() => {
      this.pumpQueued = false
      this.pump()
    })
  }

  /** Starts whatever is due, within the concurrency limits, and arms a timer for what comes next. */
  pump(): void {
    if (!this.leading) return
    const now = this.config.now()
    try {
      this.repository.expireLeases(now)
    } catch (error) {
      // Another process holds the lock: the leases expire on a later pump; the timer chain below stays armed.
      if (!isBusy(error)) this.log({ event: 'hub_expire_failed', error: String(error) })
    }
    const free = this.slots.anyFree
    if (free > 0) {
      for (const row of this.repository.dueDeliveries(now, free * 4, this.inFlight)) {
        if (this.slots.anyFree <= 0) break
        if (!this.slots.free(row.callback_host)) continue
        this.inFlight.add(row.subscription_id)
        const work = this.slots.run('delivery', row.callback_host, () => deliver(row, this.delivery))
        this.track(
          work
            .catch((error) => {
              if (!(error instanceof SlotsClosed) && !this.stopped)
                this.log({ event: 'hub_delivery_failed', subscription_id: row.subscription_id, error: String(error) })
            })
            .finally(() => this.inFlight.delete(row.subscription_id)),
        )
      }
    }
    this.armTimer(now)
  }

  /**
   * A timer for the next delivery that is due later. Work already due that could not start waits for a
   * slot to be released (which pumps): no 0 ms timer loop while the slots are full.
   */
  private armTimer(now: number): void {
    const next = this.repository.nextDueAt(this.inFlight)
    if (next === null) return
    const at = next > now ? next : this.slots.inUse > 0 ? null : now + 250
    if (at === null || at >= this.timerAt) return
    clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(() => {
      this.timerAt = Infinity
      this.pump()
    }, at - now)
  }

  /** Purges finished verifications (after a day) and ended subscriptions (after 30 days); skipped while another process holds the lock. */
  private housekeeping(): void {
    try {
      const purged = this.repository.purge(this.config.now())
      if (purged) this.log({ event: 'hub_purged', rows: purged })
    } catch (error) {
      if (!isBusy(error)) this.log({ event: 'hub_purge_failed', error: String(error) })
    }
  }

  private readonly send: HubSend = async (url, request, maxResponseBytes) => {
    if (this.stopped) return { error: new OutboundError('network', 'shutting down') }
    try {
      return await outboundRequest(url, {
        ...request,
        timeoutMs: this.config.timeoutMs,
        maxResponseBytes,
        allowPrivate: this.config.allowPrivateCallbacks,
        ...this.outboundSetup(),
        signal: this.shutdown.signal,
      })
    } catch (error) {
      return { error: error instanceof OutboundError ? error : new OutboundError('network', String(error)) }
    }
  }

  snapshotGauges(): { subscriptions: Record<string, number>; pendingDeliveries: number; inFlight: number } {
    return {
      subscriptions: this.repository.countsByState(),
      pendingDeliveries: this.repository.pendingDeliveries(),
      inFlight: this.slots.inUse,
    }
  }
}

/** Verifications one client address may have pending for one callback domain: a tenth of the domain's slots, at least 1. */
export const requesterPendingPerHost = (config: HubConfig): number => Math.max(1, Math.ceil(config.maxPendingPerHost / 10))

/** Verifications one client address may have pending in all: as many as one callback domain, at least 50. */
export const requesterPendingInAll = (config: HubConfig): number => Math.max(50, config.maxPendingPerHost)

/** The database is locked by another process right now: the API answers 503 with Retry-After. */
export class HubBusy extends Error {
  readonly retryAfterSeconds = 2
  constructor() {
    super('The hub cannot record requests right now (the database is busy with an import); try again in a few seconds.')
  }
}
