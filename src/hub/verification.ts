/**
 * Verification of intent: a GET to the callback with a fresh challenge; only a 2xx echoing it exactly
 * makes a subscribe or unsubscribe take effect. A refusal leaves earlier state as it was.
 */
import { randomBytes } from 'node:crypto'
import { topicUrl } from '../feeds/websub-topics'
import { withHubParams } from './callback'
import type { HubMetrics, HubSend } from './hub-types'
import type { HubRepository, Verification } from './repository'

export type VerificationDeps = {
  repository: HubRepository
  send: HubSend
  baseUrl: string
  now: () => number
  metrics: HubMetrics
  log: (event: Record<string, unknown>) => void
}

export async function verifyIntent(v: Verification, deps: VerificationDeps): Promise<void> {
  const { repository, baseUrl } = deps
  const challenge = randomBytes(24).toString('base64url')
  const params: [string, string][] = [
    ['hub.mode', v.mode],
    ['hub.topic', topicUrl(baseUrl, v.topic)],
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
  const now = deps.now()
  if (confirmed) {
    repository.db.transaction(() => {
      if (v.mode === 'subscribe') repository.activate(v, now)
      else {
        const existing = repository.find(v.callback, v.topic)
        if (existing && existing.state === 'active') repository.setState(existing.id, 'removed', now)
      }
      repository.finishVerification(v.id, 'verified', null, now)
    })()
  } else {
    repository.finishVerification(v.id, 'rejected', reason, now)
  }
  const result = confirmed ? 'verified' : 'rejected'
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
