/**
 * Outside hubs (HUB_EXTERNAL_URLS): when a topic changes, each is told so with the publish ping hubs
 * have long taken (PubSubHubbub 0.4 and the hubs that follow it; W3C WebSub leaves the publisher-to-hub
 * step open): a form POST of `hub.mode=publish` with the topic as `hub.url` and `hub.topic`. The outside
 * hub then fetches the topic and fans it out to its own subscribers. A ping that fails (no 2xx, timeout,
 * network) is retried on the deliveries' schedule; after that it is dropped and logged: the next change
 * pings again, and so does the next lease holder (hub.ts records what each hub was last told of).
 */
import type { Logger } from '../core/log'

export type PingDeps = {
  timeoutMs: number
  /** Delays before the 2nd and later attempts (ms). */
  retryDelaysMs: number[]
  /** Certificates trusted for HTTPS hubs: the system store plus NODE_EXTRA_CA_CERTS. */
  ca: () => string[]
  signal: AbortSignal
  log: Logger
  count: (result: string) => void
}

/** The body of one publish ping for `topic`. */
export function publishForm(topic: string): string {
  return new URLSearchParams([
    ['hub.mode', 'publish'],
    ['hub.url', topic],
    ['hub.topic', topic],
  ]).toString()
}

/** Pings `hub` about `topic`, retrying on failure; never throws. True once the hub took it (2xx). */
export async function pingHub(hub: string, topic: string, deps: PingDeps): Promise<boolean> {
  for (let attempt = 0; attempt <= deps.retryDelaysMs.length; attempt++) {
    if (attempt > 0 && !(await sleep(deps.retryDelaysMs[attempt - 1]!, deps.signal))) return false
    if (deps.signal.aborted) return false
    const started = performance.now()
    let status: number | null = null
    let error: string | undefined
    try {
      const response = await fetch(hub, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: publishForm(topic),
        redirect: 'manual',
        signal: AbortSignal.any([deps.signal, AbortSignal.timeout(deps.timeoutMs)]),
        ...(hub.startsWith('https:') ? { tls: { ca: deps.ca() } } : {}),
      } as RequestInit)
      status = response.status
      await response.body?.cancel().catch(() => {})
    } catch (caught) {
      error = String(caught)
    }
    if (deps.signal.aborted) return false
    const ok = status !== null && status >= 200 && status < 300
    const result = ok ? 'accepted' : attempt < deps.retryDelaysMs.length ? 'retry' : 'failed'
    deps.count(result)
    deps.log({
      event: 'hub_publish_ping',
      hub,
      topic,
      status,
      attempt: attempt + 1,
      result,
      ms: Math.round(performance.now() - started),
      error,
    })
    if (ok) return true
  }
  return false
}

/** Waits `ms`; false when aborted first. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
