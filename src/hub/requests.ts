/**
 * Subscribe and unsubscribe requests: the form fields checked into a HubRequest (every problem named),
 * and the abuse limits that may refuse a valid one. Nothing here sends or stores anything.
 */
import { failed, ok, type Issue, type Result } from '../core/issues'
import { TOPIC_PATHS, topicUrl, type TopicPath } from '../feeds/websub-topics'
import { callbackProblem, normalizeUrl } from './callback'
import { limitKeyOf } from './limit-key'
import type { HubConfig } from '../core/config'

export const MAX_FORM_BYTES = 8 * 1024
const MAX_SECRET_BYTES = 199
const FIELDS = ['hub.callback', 'hub.mode', 'hub.topic', 'hub.lease_seconds', 'hub.secret']

/**
 * `callbackHost` is the key per-host limits count under (the registrable domain; see limit-key.ts).
 * `callback` and `topicAsSent` are the subscriber's own strings, echoed in verification and delivery;
 * the hub compares them in normalised form (callback.ts normalizeUrl).
 */
export type HubRequest = {
  mode: 'subscribe' | 'unsubscribe'
  callback: string
  callbackHost: string
  topic: TopicPath
  topicAsSent: string
  leaseSeconds: number
  secret: string | null
}

/** The topic a hub.topic value names, if any. */
export function topicOf(topic: string | undefined, baseUrl: string): TopicPath | undefined {
  if (topic === undefined) return undefined
  const wanted = normalizeUrl(topic)
  return TOPIC_PATHS.find((path) => normalizeUrl(topicUrl(baseUrl, path)) === wanted)
}

/** A valid request the hub will not take now; the API layer answers it with 429 and Retry-After. */
export class HubRefusal extends Error {
  constructor(
    readonly code: 'rate_limited' | 'too_many_pending' | 'too_many_subscriptions',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}

export function parseHubRequest(form: URLSearchParams, baseUrl: string, config: HubConfig): Result<HubRequest> {
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
  const topicList = TOPIC_PATHS.map((p) => topicUrl(baseUrl, p)).join(', ')

  let callbackHost = ''
  if (callback === undefined || callback === '') fail('hub.callback', 'required', 'is required: the HTTPS URL of your subscriber')
  else {
    const problem = callbackProblem(callback, config.allowPrivateCallbacks)
    if (problem) fail('hub.callback', problem.code, problem.message)
    else callbackHost = limitKeyOf(new URL(callback).hostname)
  }
  if (mode === undefined || mode === '') fail('hub.mode', 'required', 'is required: subscribe or unsubscribe')
  else if (mode !== 'subscribe' && mode !== 'unsubscribe') fail('hub.mode', 'invalid_enum', 'must be subscribe or unsubscribe')
  const topicPath = topicOf(topic, baseUrl)
  if (topic === undefined || topic === '') fail('hub.topic', 'required', `is required: one of ${topicList}`)
  else if (!topicPath) fail('hub.topic', 'unknown_topic', `must be one of ${topicList}`)
  let leaseSeconds = config.leaseDefault
  // The spec has no lease on unsubscribe: whatever is sent there is ignored, not refused.
  if (lease !== undefined && lease !== '' && mode !== 'unsubscribe') {
    if (!/^\d{1,12}$/.test(lease)) fail('hub.lease_seconds', 'invalid_type', 'must be a whole number of seconds')
    else leaseSeconds = Number(lease)
  }
  leaseSeconds = Math.min(config.leaseMax, Math.max(config.leaseMin, leaseSeconds))
  if (secret !== undefined) {
    const bytes = Buffer.byteLength(secret, 'utf8')
    if (bytes < 1 || bytes > MAX_SECRET_BYTES) fail('hub.secret', 'invalid_length', `must be 1 to ${MAX_SECRET_BYTES} bytes`)
  }
  if (issues.length) return failed(issues)
  return ok({
    mode: mode as HubRequest['mode'],
    callback: callback!,
    callbackHost,
    topic: topicPath!,
    topicAsSent: topic!,
    leaseSeconds,
    secret: secret ?? null,
  })
}

/** Fixed one-minute windows per client address. */
export class RateLimiter {
  private readonly windows = new Map<string, { windowStart: number; count: number }>()

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request from `ip`; throws HubRefusal past the limit. */
  take(ip: string): void {
    const now = this.now()
    const entry = this.windows.get(ip)
    if (!entry || now - entry.windowStart >= 60_000) {
      this.windows.set(ip, { windowStart: now, count: 1 })
      if (this.windows.size > 10_000)
        for (const [key, value] of this.windows) if (now - value.windowStart >= 60_000) this.windows.delete(key)
      return
    }
    entry.count++
    if (entry.count > this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((entry.windowStart + 60_000 - now) / 1000))
      throw new HubRefusal('rate_limited', `Too many hub requests from ${ip}; try again in ${retryAfter} s.`, retryAfter)
    }
  }
}
