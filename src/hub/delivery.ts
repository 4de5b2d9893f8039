/**
 * Content distribution: the exact bytes and type a GET of the topic returns now, with the Link header,
 * to one active subscription. 2xx resets failures, 410 removes, anything else is retried on the
 * contract's schedule and the third consecutive failure ends the subscription (with a denied notice).
 */
import type { Logger } from '../core/log'
import { topicLinkHeader, topicUrl, type TopicSource } from '../feeds/websub-topics'
import { withHubParams } from './callback'
import type { HubMetrics, HubSend } from './hub-types'
import type { Delivery, HubRepository, Subscription } from './repository'

const MAX_RESPONSE_BYTES = 64 * 1024
const FAILURES_BEFORE_UNSUBSCRIBE = 3

export type DeliveryDeps = {
  repository: HubRepository
  /** Commits a write, retrying later if another process holds the lock (busy-writes.ts). */
  write: <T>(write: () => T) => Promise<T>
  /** True once shutdown began: an outcome that arrives now is not recorded; the delivery stays owed for the next start. */
  stopped: () => boolean
  topics: TopicSource
  send: HubSend
  baseUrl: string
  retryDelaysMs: number[]
  /** Outside hubs, advertised beside ours in every delivery's Link header. */
  externalHubs: readonly string[]
  now: () => number
  metrics: HubMetrics
  log: Logger
  /** Runs follow-up work (the denied notice) so shutdown and tests can wait for it. */
  track: (work: Promise<unknown>) => void
}

/** A topic string that can stand inside <...> in a header as it is (printable ASCII, no angle brackets), else undefined. */
const linkSafe = (topic: string | null | undefined): string | undefined =>
  topic && /^[\x21-\x3b\x3d\x3f-\x7e]+$/.test(topic) ? topic : undefined

export async function deliver(row: Subscription & Delivery, deps: DeliveryDeps): Promise<void> {
  const { repository } = deps
  const current = repository.get(row.id)
  if (current?.state !== 'active') return
  // The exact bytes and type a GET of the topic returns now: never older than what the subscriber had.
  const rep = deps.topics.topic(current.topic)
  if (current.sent_etag === rep.etag) {
    // It already has these bytes (a change that came back to them, or a lease holder that delivered and died before
    // it could clear the row): nothing to send.
    await deps.write(() => repository.delivered(current.id, row.generation, deps.now(), rep.etag))
    deps.metrics.deliveries.already_sent = (deps.metrics.deliveries.already_sent ?? 0) + 1
    return
  }
  const body = await rep.whole()
  if (deps.stopped()) return
  const headers: Record<string, string> = {
    'content-type': rep.contentType,
    // rel=self is the topic as the subscriber sent it, so it can match the notification to its subscription.
    link: topicLinkHeader(deps.baseUrl, current.topic, deps.externalHubs, linkSafe(current.topic_url)),
    'content-length': String(body.byteLength),
  }
  if (current.secret)
    headers['x-hub-signature'] =
      `sha256=${(require('node:crypto') as typeof import('node:crypto')).createHmac('sha256', current.secret).update(body).digest('hex')}`
  const outcome = await deps.send(current.callback, { method: 'POST', headers, body }, MAX_RESPONSE_BYTES)
  if (deps.stopped()) return
  const status = 'status' in outcome ? outcome.status : null
  const { result, failures } = await deps.write(() =>
    repository.db.transaction(() => {
      const now = deps.now()
      repository.noteDelivery(current.id, status, now)
      if (status !== null && status >= 200 && status < 300) {
        repository.delivered(current.id, row.generation, now, rep.etag)
        return { result: 'delivered', failures: 0 }
      }
      if (status === 410) {
        repository.setState(current.id, 'removed', now)
        return { result: 'gone', failures: 0 }
      }
      const failures = repository.failed(current.id, now)
      if (failures >= FAILURES_BEFORE_UNSUBSCRIBE) {
        repository.setState(current.id, 'auto_unsubscribed', now)
        return { result: 'auto_unsubscribed', failures }
      }
      repository.retryAt(current.id, now + deps.retryDelaysMs[failures - 1]!)
      return { result: 'retry', failures }
    })(),
  )
  if (result === 'auto_unsubscribed') deps.track(sendDenied(current, `${failures} consecutive deliveries failed`, deps))
  deps.metrics.deliveries[result] = (deps.metrics.deliveries[result] ?? 0) + 1
  if ('ms' in outcome) {
    deps.metrics.deliveryMsSum += outcome.ms
    deps.metrics.deliveryMsCount++
  }
  deps.log({
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

/** Best effort: tells an auto-unsubscribed callback why its notifications stopped. */
async function sendDenied(subscription: Subscription, reason: string, deps: DeliveryDeps): Promise<void> {
  const url = withHubParams(subscription.callback, [
    ['hub.mode', 'denied'],
    ['hub.topic', subscription.topic_url ?? topicUrl(deps.baseUrl, subscription.topic)],
    ['hub.reason', reason],
  ])
  const outcome = await deps.send(url, { method: 'GET' }, 1024)
  deps.log({
    event: 'hub_denied_notice',
    topic: subscription.topic,
    callback_host: subscription.callback_host,
    status: 'status' in outcome ? outcome.status : null,
  })
}
