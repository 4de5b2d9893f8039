/**
 * Verification of intent: a GET to the callback with a fresh challenge; only a 2xx echoing it exactly
 * makes a subscribe or unsubscribe take effect. A refusal leaves earlier state as it was.
 */
import type { Logger } from '../core/log'
import { topicUrl } from '../feeds/websub-topics'
import { withHubParams } from './callback'
import type { HubMetrics, HubSend } from './hub-types'
import type { HubRepository, Verification } from './repository'

export type VerificationDeps = {
  repository: HubRepository
  /** Commits a write, retrying later if another process holds the lock (busy-writes.ts): a confirmed verification is never lost. */
  write: <T>(write: () => T) => Promise<T>
  /** True once shutdown began: an answer that arrives now is not recorded; the request stays pending for the next start. */
  stopped: () => boolean
  send: HubSend
  /** The ETag of a topic's current content: a new subscription starts from it (it is owed the changes after it). */
  currentEtag?: (topic: Verification['topic']) => string | null
  baseUrl: string
  now: () => number
  metrics: HubMetrics
  log: Logger
}

export async function verifyIntent(v: Verification, deps: VerificationDeps): Promise<void> {
  const { repository, baseUrl } = deps
  // node:crypto is loaded on first use, not at start (bench/start-ab.ts).
  const challenge = (require('node:crypto') as typeof import('node:crypto')).randomBytes(24).toString('base64url')
  const params: [string, string][] = [
    ['hub.mode', v.mode],
    // The subscriber's own string (W3C WebSub §5.3), not our canonical form of it.
    ['hub.topic', v.topic_url ?? topicUrl(baseUrl, v.topic)],
    ['hub.challenge', challenge],
  ]
  if (v.mode === 'subscribe') params.push(['hub.lease_seconds', String(v.lease_seconds)])
  const outcome = await deps.send(withHubParams(v.callback, params), { method: 'GET' }, challenge.length + 1024)
  const confirmed = 'status' in outcome && outcome.status >= 200 && outcome.status < 300 && outcome.body === challenge
  const reason = confirmed
    ? null
    : 'error' in outcome
      ? `${outcome.error.kind}: ${outcome.error.message}`
      : outcome.status < 200 || outcome.status >= 300
        ? `callback answered ${outcome.status}`
        : 'callback did not echo the challenge'
  if (deps.stopped()) return
  // The latest request for a (topic, callback) wins: an outcome that arrives after a newer request was decided is discarded.
  const outcomeApplied = await deps.write(() =>
    repository.db.transaction(() => {
      const now = deps.now()
      if (repository.supersededBy(v.id, v.callback, v.topic)) {
        repository.finishVerification(v.id, 'rejected', 'superseded by a newer request for the same topic and callback', now)
        return false
      }
      if (confirmed) {
        if (v.mode === 'subscribe') repository.activate(v, now, deps.currentEtag?.(v.topic) ?? null)
        else {
          const existing = repository.find(v.callback, v.topic)
          if (existing && existing.state === 'active') repository.setState(existing.id, 'removed', now)
        }
        repository.finishVerification(v.id, 'verified', null, now)
      } else {
        repository.finishVerification(v.id, 'rejected', reason, now)
      }
      return true
    })(),
  )
  const result = !outcomeApplied ? 'superseded' : confirmed ? 'verified' : 'rejected'
  deps.metrics.verifications[result] = (deps.metrics.verifications[result] ?? 0) + 1
  deps.log({
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
