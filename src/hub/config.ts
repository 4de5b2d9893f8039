/** Hub settings, all from the environment, with the defaults of CONTRACT.md. */
import { ConfigError } from '../core/config'

export type HubConfig = {
  leaseDefault: number
  leaseMin: number
  leaseMax: number
  /** Delays before the 2nd and 3rd attempts of a failed delivery; the 3rd consecutive failure ends the subscription. */
  retryDelaysMs: number[]
  timeoutMs: number
  allowPrivateCallbacks: boolean
  trustProxy: boolean
  requestsPerMinutePerIp: number
  maxPendingPerHost: number
  maxSubscriptionsPerHost: number
  maxSubscriptions: number
  maxConcurrent: number
  maxConcurrentPerHost: number
  /** Extra CA bundle (PEM) trusted for callbacks, besides the system store. */
  extraCaFile?: string
  now: () => number
}

export const HUB_SETTINGS = {
  HUB_LEASE_DEFAULT: ['864000', 'Lease granted when hub.lease_seconds is absent (seconds).'],
  HUB_LEASE_MIN: ['3600', 'Shortest lease granted (seconds).'],
  HUB_LEASE_MAX: ['2592000', 'Longest lease granted (seconds).'],
  HUB_RETRY_DELAYS_MS: ['60000,600000', 'Delays before the 2nd and 3rd delivery attempts (ms).'],
  HUB_TIMEOUT_MS: ['10000', 'Timeout of every verification and delivery request (ms).'],
  HUB_ALLOW_PRIVATE_CALLBACKS: ['0', '1 allows callbacks on loopback and private addresses (tests, intranets).'],
  HUB_TRUST_PROXY: ['0', '1 takes the client IP for rate limits from X-Forwarded-For (behind your own proxy only).'],
  HUB_REQUESTS_PER_MINUTE: ['60', 'Hub requests per client IP per minute; past it 429 with Retry-After.'],
  HUB_MAX_PENDING_PER_HOST: ['50', 'Verifications pending at once per callback host.'],
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: ['1000', 'Active subscriptions per callback host.'],
  HUB_MAX_SUBSCRIPTIONS: ['100000', 'Active subscriptions in total.'],
  HUB_MAX_CONCURRENT: ['64', 'Outbound requests in flight at once.'],
  HUB_MAX_CONCURRENT_PER_HOST: ['8', 'Outbound requests in flight at once per callback host.'],
} as const

/** HUB_LEASE_DEFAULT is also --hub-lease-default, and so on: every setting is a variable and a flag. */
export const hubFlag = (variable: string) => `--${variable.toLowerCase().replaceAll('_', '-')}`

export function loadHubConfig(env: Record<string, string | undefined>, now: () => number = Date.now): HubConfig {
  const value = (name: keyof typeof HUB_SETTINGS) => env[name] ?? HUB_SETTINGS[name][0]
  const integer = (name: keyof typeof HUB_SETTINGS, min = 0) => {
    const text = value(name).trim()
    if (!/^\d+$/.test(text) || Number(text) < min) throw new ConfigError(`${name} must be a whole number of at least ${min}; got "${text}".`)
    return Number(text)
  }
  const retryDelaysMs = value('HUB_RETRY_DELAYS_MS').split(',').map((d) => d.trim())
  if (retryDelaysMs.length !== 2 || retryDelaysMs.some((d) => !/^\d+$/.test(d))) {
    throw new ConfigError('HUB_RETRY_DELAYS_MS must be two delays in ms, e.g. "60000,600000".')
  }
  const flag = (name: keyof typeof HUB_SETTINGS) => value(name) === '1' || value(name) === 'true'
  const config: HubConfig = {
    leaseDefault: integer('HUB_LEASE_DEFAULT', 1),
    leaseMin: integer('HUB_LEASE_MIN', 1),
    leaseMax: integer('HUB_LEASE_MAX', 1),
    retryDelaysMs: retryDelaysMs.map(Number),
    timeoutMs: integer('HUB_TIMEOUT_MS', 1),
    allowPrivateCallbacks: flag('HUB_ALLOW_PRIVATE_CALLBACKS'),
    trustProxy: flag('HUB_TRUST_PROXY'),
    requestsPerMinutePerIp: integer('HUB_REQUESTS_PER_MINUTE', 1),
    maxPendingPerHost: integer('HUB_MAX_PENDING_PER_HOST', 1),
    maxSubscriptionsPerHost: integer('HUB_MAX_SUBSCRIPTIONS_PER_HOST', 1),
    maxSubscriptions: integer('HUB_MAX_SUBSCRIPTIONS', 1),
    maxConcurrent: integer('HUB_MAX_CONCURRENT', 1),
    maxConcurrentPerHost: integer('HUB_MAX_CONCURRENT_PER_HOST', 1),
    extraCaFile: env.NODE_EXTRA_CA_CERTS || undefined,
    now,
  }
  if (config.leaseMin > config.leaseMax) throw new ConfigError('HUB_LEASE_MIN must not exceed HUB_LEASE_MAX.')
  return config
}
