/**
 * The WebSub hub (W3C WebSub, with the decisions of CONTRACT.md): accepts subscribe/unsubscribe
 * requests, verifies intent asynchronously, and pushes each changed topic's full current content to
 * its active subscribers, retrying on the contract's schedule and ending subscriptions that keep
 * failing. Timers are in-process; every obligation is a row in SQLite first.
 */
import { createHmac, randomBytes } from 'node:crypto'
import https from 'node:https'
import type { Database } from 'bun:sqlite'
import { topicUrl, TOPIC_PATHS, type TopicPath, type TopicSource } from '../catalog/websub-topics'
import { HttpError, type Issue } from '../api/errors'
import { isPublicAddress } from './address'
import type { HubConfig } from './config'
import { OutboundError, outboundRequest, trustedCertificates, type OutboundResult } from './outbound'
import { HubStore, type Subscription, type Verification } from './repository'

export type HubLog = (event: Record<string, unknown>) => void

export const MAX_FORM_BYTES = 8 * 1024
const MAX_CALLBACK_LENGTH = 2048
const MAX_SECRET_BYTES = 199
const MAX_RESPONSE_BYTES = 64 * 1024
const FAILURES_BEFORE_UNSUBSCRIBE = 3
const FIELDS = ['hub.callback', 'hub.mode', 'hub.topic', 'hub.lease_seconds', 'hub.secret']

export type HubRequest = { mode: 'subscribe' | 'unsubscribe'; callback: string; callbackHost: string; topic: TopicPath; leaseSeconds: number; secret: string | null }

export type HubMetrics = {
  requests: Record<string, number>
  verifications: Record<string, number>
  deliveries: Record<string, number>
  deliveryMsSum: number
  deliveryMsCount: number
}

/**
 * Appends hub parameters to a callback, keeping its own query string byte for byte (never re-encoded
 * through URLSearchParams). Callbacks with a fragment are refused at subscribe time.
 */
export function withHubParams(callback: string, params: [string, string][]): string {
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  const separator = !callback.includes('?') ? '?' : callback.endsWith('?') || callback.endsWith('&') ? '' : '&'
  return `${callback}${separator}${query}`
}

export class Hub {
  readonly store: HubStore
  readonly hubUrl: string
  private readonly ca: string[]
  private readonly inFlight = new Set<number>()
  private readonly verifying = new Set<number>()
  private readonly hostLoad = new Map<string, number>()
  private active = 0
  private readonly rate = new Map<string, { windowStart: number; count: number }>()
  private timer?: ReturnType<typeof setTimeout>
  private timerAt = Infinity
  private sweeper?: ReturnType<typeof setInterval>
  private unsubscribeTopics?: () => void
  private stopped = true
  private readonly running = new Set<Promise<unknown>>()
  readonly metrics: HubMetrics = { requests: {}, verifications: {}, deliveries: {}, deliveryMsSum: 0, deliveryMsCount: 0 }
  /** Resolves waiters when the hub has nothing in flight (tests and graceful shutdown). */
  private idleWaiters: (() => void)[] = []

  constructor(
    db: Database,
    private readonly topics: TopicSource,
    private readonly baseUrl: string,
    readonly config: HubConfig,
    private readonly log: HubLog = () => {},
  ) {
    this.store = new HubStore(db)
    this.hubUrl = `${baseUrl.replace(/\/+$/, '')}/api/websub/hub`
    this.ca = trustedCertificates(config.extraCaFile)
    this.agent = new https.Agent({ keepAlive: true, maxSockets: config.maxConcurrentPerHost, maxFreeSockets: config.maxConcurrentPerHost, timeout: config.timeoutMs, ca: this.ca })
  }

  private readonly agent: https.Agent

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.unsubscribeTopics = this.topics.onTopicsChanged((changed) => this.publish(changed))
    // Work left over from before a restart or a crash.
    for (const verification of this.store.pendingVerifications()) this.verify(verification)
    this.sweeper = setInterval(() => this.pump(), 60_000)
    this.sweeper.unref?.()
    this.pump()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.unsubscribeTopics?.()
    clearInterval(this.sweeper)
    clearTimeout(this.timer)
    this.timerAt = Infinity
    await Promise.allSettled([...this.running])
    this.agent.destroy()
  }

  /** Resolves once nothing is running and nothing is owed: every delivery done, retried out or dropped. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.store.pendingDeliveries() === 0
  }

  private track<T>(work: Promise<T>): void {
    this.running.add(work)
    void work.finally(() => {
      this.running.delete(work)
      if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve()
    })
  }

  // ---- requests -------------------------------------------------------------------------------

  /** Validates a hub request; throws HttpError (400, 429) naming what is wrong. */
  accept(form: URLSearchParams, clientIp: string): HubRequest {
    this.rateLimit(clientIp)
    const request = this.validate(form)
    if (request.mode === 'subscribe') {
      if (this.store.pendingCountForHost(request.callbackHost) >= this.config.maxPendingPerHost) {
        throw new HttpError(429, 'too_many_pending', `Too many verifications are pending for ${request.callbackHost}; try again later.`, undefined, { 'retry-after': '60' })
      }
      const existing = this.store.find(request.callback, request.topic)
      if (existing?.state !== 'active') {
        if (this.store.activeCount(request.callbackHost) >= this.config.maxSubscriptionsPerHost) {
          throw new HttpError(429, 'too_many_subscriptions', `${request.callbackHost} has the most subscriptions allowed.`, undefined, { 'retry-after': '3600' })
        }
        if (this.store.activeCount() >= this.config.maxSubscriptions) {
          throw new HttpError(429, 'too_many_subscriptions', 'The hub has the most subscriptions it allows.', undefined, { 'retry-after': '3600' })
        }
      }
    }
    const id = this.store.addVerification(
      { mode: request.mode, callback: request.callback, callback_host: request.callbackHost, topic: request.topic, lease_seconds: request.leaseSeconds, secret: request.secret },
      this.config.now(),
    )
    const verification = { id, mode: request.mode, callback: request.callback, callback_host: request.callbackHost, topic: request.topic, lease_seconds: request.leaseSeconds, secret: request.secret, state: 'pending' as const }
    if (!this.stopped) this.verify(verification)
    return request
  }

  private rateLimit(ip: string): void {
    const now = this.config.now()
    const entry = this.rate.get(ip)
    if (!entry || now - entry.windowStart >= 60_000) {
      this.rate.set(ip, { windowStart: now, count: 1 })
      if (this.rate.size > 10_000) for (const [key, value] of this.rate) if (now - value.windowStart >= 60_000) this.rate.delete(key)
      return
    }
    entry.count++
    if (entry.count > this.config.requestsPerMinutePerIp) {
      const retryAfter = Math.max(1, Math.ceil((entry.windowStart + 60_000 - now) / 1000))
      throw new HttpError(429, 'rate_limited', `Too many hub requests from ${ip}; try again in ${retryAfter} s.`, undefined, { 'retry-after': String(retryAfter) })
    }
  }

  private validate(form: URLSearchParams): HubRequest {
    const issues: Issue[] = []
    const fail = (field: string, code: string, message: string) => issues.push({ path: [field], code, message })
    const seen = new Map<string, string>()
    for (const [name, value] of form) {
      if (!FIELDS.includes(name)) continue // Unknown extra fields are ignored.
      if (seen.has(name)) fail(name, 'repeated', 'must be given once')
      else seen.set(name, value)
    }
    const callback = seen.get('hub.callback')
    const mode = seen.get('hub.mode')
    const topic = seen.get('hub.topic')
    const lease = seen.get('hub.lease_seconds')
    const secret = seen.get('hub.secret')

    let callbackHost = ''
    if (callback === undefined || callback === '') fail('hub.callback', 'required', 'is required: the HTTPS URL of your subscriber')
    else {
      const problem = this.callbackProblem(callback)
      if (problem) fail('hub.callback', problem.code, problem.message)
      else callbackHost = new URL(callback).hostname
    }
    if (mode === undefined || mode === '') fail('hub.mode', 'required', 'is required: subscribe or unsubscribe')
    else if (mode !== 'subscribe' && mode !== 'unsubscribe') fail('hub.mode', 'invalid_enum', 'must be subscribe or unsubscribe')
    const topicPath = TOPIC_PATHS.find((path) => topicUrl(this.baseUrl, path) === topic)
    if (topic === undefined || topic === '') fail('hub.topic', 'required', `is required: one of ${this.topicList()}`)
    else if (!topicPath) fail('hub.topic', 'unknown_topic', `must be one of ${this.topicList()}`)
    let leaseSeconds = this.config.leaseDefault
    if (lease !== undefined && lease !== '') {
      if (!/^\d{1,12}$/.test(lease)) fail('hub.lease_seconds', 'invalid_type', 'must be a whole number of seconds')
      else leaseSeconds = Number(lease)
    }
    leaseSeconds = Math.min(this.config.leaseMax, Math.max(this.config.leaseMin, leaseSeconds))
    if (secret !== undefined) {
      const bytes = Buffer.byteLength(secret, 'utf8')
      if (bytes < 1 || bytes > MAX_SECRET_BYTES) fail('hub.secret', 'invalid_length', `must be 1 to ${MAX_SECRET_BYTES} bytes`)
    }
    if (issues.length) {
      const first = issues[0]!
      throw new HttpError(400, 'invalid_request', `${first.path[0]} ${first.message}.`, issues)
    }
    return { mode: mode as HubRequest['mode'], callback: callback!, callbackHost, topic: topicPath!, leaseSeconds, secret: secret ?? null }
  }

  private topicList(): string {
    return TOPIC_PATHS.map((p) => topicUrl(this.baseUrl, p)).join(', ')
  }

  private callbackProblem(callback: string): { code: string; message: string } | null {
    if (callback.length > MAX_CALLBACK_LENGTH) return { code: 'too_long', message: `must be at most ${MAX_CALLBACK_LENGTH} characters` }
    if (!/^[\x21-\x7e]+$/.test(callback)) return { code: 'invalid_url', message: 'must be a URL of printable ASCII characters, without spaces (percent-encode the rest)' }
    let url: URL
    try {
      url = new URL(callback)
    } catch {
      return { code: 'invalid_url', message: 'must be an absolute HTTPS URL' }
    }
    if (url.protocol !== 'https:') return { code: 'not_https', message: 'must be an HTTPS URL (plain HTTP callbacks are refused)' }
    if (url.username || url.password) return { code: 'userinfo', message: 'must not contain a user name or password' }
    if (callback.includes('#')) return { code: 'fragment', message: 'must not contain a fragment (#...)' }
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (!this.config.allowPrivateCallbacks) {
      const literal = /^[\d.]+$/.test(host) || host.includes(':')
      if ((literal && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost')) {
        return { code: 'non_public_address', message: 'must point to a public address' }
      }
    }
    return null
  }

  // ---- verification of intent -----------------------------------------------------------------

  private verify(verification: Verification): void {
    if (this.verifying.has(verification.id)) return
    this.verifying.add(verification.id)
    this.track(
      this.withSlot(verification.callback_host, () => this.runVerification(verification)).finally(() => this.verifying.delete(verification.id)),
    )
  }

  private async runVerification(v: Verification): Promise<void> {
    const challenge = randomBytes(24).toString('base64url')
    const params: [string, string][] = [
      ['hub.mode', v.mode],
      ['hub.topic', topicUrl(this.baseUrl, v.topic)],
      ['hub.challenge', challenge],
    ]
    if (v.mode === 'subscribe') params.push(['hub.lease_seconds', String(v.lease_seconds)])
    const outcome = await this.send(withHubParams(v.callback, params), { method: 'GET' }, challenge.length + 1024)
    const confirmed = 'status' in outcome && outcome.status >= 200 && outcome.status < 300 && outcome.body === challenge
    const reason = confirmed
      ? null
      : 'error' in outcome
        ? `${outcome.error.kind}: ${outcome.error.message}`
        : outcome.status < 200 || outcome.status >= 300
          ? `callback answered ${outcome.status}`
          : 'callback did not echo the challenge'
    const now = this.config.now()
    if (confirmed) {
      this.store.db.transaction(() => {
        if (v.mode === 'subscribe') this.store.activate(v, now)
        else {
          const existing = this.store.find(v.callback, v.topic)
          if (existing && existing.state === 'active') this.store.setState(existing.id, 'removed', now)
        }
        this.store.finishVerification(v.id, 'verified', null, now)
      })()
    } else {
      this.store.finishVerification(v.id, 'rejected', reason, now)
    }
    const result = confirmed ? 'verified' : 'rejected'
    this.metrics.verifications[result] = (this.metrics.verifications[result] ?? 0) + 1
    this.log({
      event: 'hub_verification',
      mode: v.mode,
      topic: v.topic,
      callback_host: v.callback_host,
      result,
      status: 'status' in outcome ? outcome.status : null,
      ms: 'ms' in outcome ? outcome.ms : null,
      reason,
    })
  }

  // ---- content distribution -------------------------------------------------------------------

  /** The catalog says these topics' bytes changed: everyone subscribed is owed the new content. */
  publish(topics: TopicPath[]): void {
    const now = this.config.now()
    this.store.db.transaction(() => {
      for (const topic of topics) this.store.enqueueTopic(topic, now)
    })()
    this.pump()
  }

  /** Starts whatever is due, within the concurrency limits, and arms a timer for what comes next. */
  pump(): void {
    if (this.stopped) return
    const now = this.config.now()
    this.store.expireLeases(now)
    const free = this.config.maxConcurrent - this.active
    if (free > 0) {
      for (const row of this.store.dueDeliveries(now, free * 4, this.inFlight)) {
        if (this.active >= this.config.maxConcurrent) break
        if ((this.hostLoad.get(row.callback_host) ?? 0) >= this.config.maxConcurrentPerHost) continue
        this.inFlight.add(row.subscription_id)
        this.track(this.withSlot(row.callback_host, () => this.deliver(row)).finally(() => {
          this.inFlight.delete(row.subscription_id)
          this.pump()
        }))
      }
    }
    this.armTimer()
  }

  private armTimer(): void {
    const next = this.store.nextDueAt(this.inFlight)
    if (next === null || next >= this.timerAt) return
    clearTimeout(this.timer)
    this.timerAt = next
    this.timer = setTimeout(() => {
      this.timerAt = Infinity
      this.pump()
    }, Math.max(0, next - this.config.now()))
  }

  private async deliver(row: Subscription & { generation: number; attempts: number }): Promise<void> {
    const current = this.store.get(row.id)
    if (!current || current.state !== 'active') return
    // The exact bytes and type a GET of the topic returns now: never older than what the subscriber had.
    const rep = this.topics.topic(current.topic)
    const topic = topicUrl(this.baseUrl, current.topic)
    const headers: Record<string, string> = {
      'content-type': rep.contentType,
      link: `<${this.hubUrl}>; rel="hub", <${topic}>; rel="self"`,
      'content-length': String(rep.body.byteLength),
    }
    if (current.secret) headers['x-hub-signature'] = `sha256=${createHmac('sha256', current.secret).update(rep.body).digest('hex')}`
    const outcome = await this.send(current.callback, { method: 'POST', headers, body: rep.body }, MAX_RESPONSE_BYTES)
    const now = this.config.now()
    const status = 'status' in outcome ? outcome.status : null
    let result: string
    if (status !== null && status >= 200 && status < 300) {
      this.store.delivered(current.id, row.generation, now)
      result = 'delivered'
    } else if (status === 410) {
      this.store.setState(current.id, 'removed', now)
      result = 'gone'
    } else {
      const failures = this.store.failed(current.id, now)
      if (failures >= FAILURES_BEFORE_UNSUBSCRIBE) {
        this.store.setState(current.id, 'auto_unsubscribed', now)
        result = 'auto_unsubscribed'
        this.track(this.sendDenied(current, `${failures} consecutive deliveries failed`))
      } else {
        this.store.retryAt(current.id, now + this.config.retryDelaysMs[failures - 1]!)
        result = 'retry'
      }
    }
    this.metrics.deliveries[result] = (this.metrics.deliveries[result] ?? 0) + 1
    if ('ms' in outcome) {
      this.metrics.deliveryMsSum += outcome.ms
      this.metrics.deliveryMsCount++
    }
    this.log({
      event: 'hub_delivery',
      topic: current.topic,
      callback_host: current.callback_host,
      status,
      ms: 'ms' in outcome ? outcome.ms : null,
      attempt: row.attempts + 1,
      result,
      error: 'error' in outcome ? `${outcome.error.kind}: ${outcome.error.message}` : undefined,
    })
  }

  private async sendDenied(subscription: Subscription, reason: string): Promise<void> {
    const url = withHubParams(subscription.callback, [
      ['hub.mode', 'denied'],
      ['hub.topic', topicUrl(this.baseUrl, subscription.topic)],
      ['hub.reason', reason],
    ])
    const outcome = await this.send(url, { method: 'GET' }, 1024)
    this.log({ event: 'hub_denied_notice', topic: subscription.topic, callback_host: subscription.callback_host, status: 'status' in outcome ? outcome.status : null })
  }

  // ---- outbound -------------------------------------------------------------------------------

  private async send(
    url: string,
    request: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Uint8Array },
    maxResponseBytes: number,
  ): Promise<OutboundResult | { error: OutboundError }> {
    try {
      return await outboundRequest(url, {
        ...request,
        timeoutMs: this.config.timeoutMs,
        maxResponseBytes,
        allowPrivate: this.config.allowPrivateCallbacks,
        ca: this.ca,
        agent: this.agent,
      })
    } catch (error) {
      return { error: error instanceof OutboundError ? error : new OutboundError('network', String(error)) }
    }
  }

  /** Bounded concurrency, globally and per callback host: a slow subscriber never starves the rest. */
  private async withSlot<T>(host: string, work: () => Promise<T>): Promise<T> {
    while (this.active >= this.config.maxConcurrent || (this.hostLoad.get(host) ?? 0) >= this.config.maxConcurrentPerHost) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve))
    }
    this.active++
    this.hostLoad.set(host, (this.hostLoad.get(host) ?? 0) + 1)
    try {
      return await work()
    } finally {
      this.active--
      const load = (this.hostLoad.get(host) ?? 1) - 1
      if (load === 0) this.hostLoad.delete(host)
      else this.hostLoad.set(host, load)
      for (const resolve of this.slotWaiters.splice(0)) resolve()
    }
  }
  private slotWaiters: (() => void)[] = []

  snapshotGauges(): { subscriptions: Record<string, number>; pendingDeliveries: number; inFlight: number } {
    return { subscriptions: this.store.countsByState(), pendingDeliveries: this.store.pendingDeliveries(), inFlight: this.active }
  }
}
