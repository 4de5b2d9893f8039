/**
 * Every setting in one table: its environment variable, its flag (derived: PORT -> --port), default,
 * bounds and description. `--help`, the README's configuration table and the OpenAPI prose are read
 * from it. Only cli/ reads process.env; everything else receives a Config.
 */
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

export class ConfigError extends Error {}

type Group = 'service' | 'mcp' | 'hub'

type Setting<G extends Group, T> = {
  env: string
  group: G
  default: string
  description: string
  parse: (raw: string, name: string) => T
}

const fail = (name: string, expected: string, raw: string): never => {
  throw new ConfigError(`${name} must be ${expected}; got "${raw}".`)
}

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (raw: string, name: string): number => {
    const text = raw.trim()
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      return fail(name, max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`, raw)
    }
    return Number(text)
  }

const text = (raw: string) => raw
const bool = (raw: string, name: string): boolean => {
  const value = raw.trim().toLowerCase()
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false' || value === '') return false
  return fail(name, '1 or 0', raw)
}
const httpUrl = (raw: string, name: string): string => {
  const value = raw.replace(/\/+$/, '')
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return value
  } catch {}
  return fail(name, 'an http(s) URL', raw)
}
const msPair = (raw: string, name: string): number[] => {
  const parts = raw.split(',').map((d) => d.trim())
  if (parts.length !== 2 || parts.some((d) => !/^\d+$/.test(d))) return fail(name, 'two delays in ms, e.g. "60000,600000"', raw)
  return parts.map(Number)
}

/** Comma-separated http(s) URLs (outside WebSub hubs), without user info or fragment. */
const urlList = (raw: string, name: string): string[] =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((value) => {
      try {
        const url = new URL(value)
        if (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          !url.username &&
          !url.password &&
          !url.hash &&
          !/[\s<>,"]/.test(value)
        )
          return value
      } catch {}
      return fail(name, 'comma-separated http(s) URLs such as https://pubsubhubbub.appspot.com/', value)
    })

/** Comma-separated origins (scheme://host[:port]); a port of * matches any port. */
const originList = (raw: string, name: string): string[] =>
  raw
    .split(',')
    .map((part) => part.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean)
    .map((origin) => {
      try {
        const url = new URL(origin.replace(/:\*$/, ''))
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.username) return origin
      } catch {}
      return fail(name, 'comma-separated origins such as https://app.example or http://localhost:*', origin)
    })

/** How many serving processes: 1 to 64, or `auto` (one per core). */
const workerCount = (raw: string, name: string): number => {
  const value = raw.trim().toLowerCase()
  if (value === 'auto') return Math.min(64, Math.max(1, availableParallelism()))
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value)
  return fail(name, 'a whole number from 1 to 64, or auto (one per core)', raw)
}

const row = <G extends Group, T>(
  group: G,
  env: string,
  fallback: string,
  description: string,
  parse: (raw: string, name: string) => T,
): Setting<G, T> => ({
  env,
  group,
  default: fallback,
  description,
  parse,
})

export const SETTINGS = {
  port: row('service', 'PORT', '3000', 'TCP port to listen on (0 picks a free one).', integer(0, 65535)),
  host: row('service', 'HOST', '0.0.0.0', 'Interface to bind.', text),
  baseUrl: row(
    'service',
    'BASE_URL',
    'http://localhost:PORT',
    'Public base URL used in feeds, links, hub topics and OpenAPI servers.',
    httpUrl,
  ),
  dataDir: row('service', 'DATA_DIR', './data', 'Directory of the SQLite database (reviews.db) and business.json.', (raw) => resolve(raw)),
  cacheMaxAge: row('service', 'CACHE_MAX_AGE', '60', 'Cache-Control max-age (seconds) of read endpoints.', integer(0, 31536000)),
  pollMs: row('service', 'DATA_POLL_MS', '500', 'How often the server checks for data changes (ms).', integer(50, 60000)),
  logRequests: row('service', 'LOG_REQUESTS', '0', 'Log one JSON line per request (1 or 0).', bool),
  idleTimeoutS: row(
    'service',
    'HTTP_IDLE_TIMEOUT_S',
    '60',
    'Seconds before a connection with no traffic is closed (5-255): bounds how long idle clients hold file descriptors. MCP streams send keep-alives every 25 s.',
    integer(5, 255),
  ),
  workers: row(
    'service',
    'WORKERS',
    '1',
    'Processes serving the port (1-64, or auto: one per core). Above 1 they share the port and one runs the hub (see README, Several processes).',
    workerCount,
  ),
  mcpSessionIdleMs: row(
    'mcp',
    'MCP_SESSION_IDLE_MS',
    '1800000',
    'MCP sessions unused this long (ms), with no event stream open, are closed.',
    integer(1000, 86400000),
  ),
  mcpMaxSessions: row(
    'mcp',
    'MCP_MAX_SESSIONS',
    '1000',
    'Most MCP sessions held at once; when full, the idle session least recently used by the busiest client address is closed.',
    integer(1, 1000000),
  ),
  mcpMaxSessionsPerClient: row(
    'mcp',
    'MCP_MAX_SESSIONS_PER_CLIENT',
    '50',
    "Most MCP sessions per client address (IPv6: per /64); past it that address's least recently used session is closed.",
    integer(1, 1000000),
  ),
  mcpAllowedOrigins: row(
    'mcp',
    'MCP_ALLOWED_ORIGINS',
    '',
    "Origins allowed on /mcp besides BASE_URL's, comma-separated (http://localhost:* allows any port). Requests without Origin are always served.",
    originList,
  ),
  leaseDefault: row('hub', 'HUB_LEASE_DEFAULT', '864000', 'Lease granted when hub.lease_seconds is absent (seconds).', integer(1)),
  leaseMin: row('hub', 'HUB_LEASE_MIN', '3600', 'Shortest lease granted (seconds).', integer(1)),
  leaseMax: row('hub', 'HUB_LEASE_MAX', '2592000', 'Longest lease granted (seconds).', integer(1)),
  retryDelaysMs: row('hub', 'HUB_RETRY_DELAYS_MS', '60000,600000', 'Delays before the 2nd and 3rd delivery attempts (ms).', msPair),
  timeoutMs: row('hub', 'HUB_TIMEOUT_MS', '10000', 'Timeout of every verification and delivery request (ms).', integer(1)),
  allowPrivateCallbacks: row(
    'hub',
    'HUB_ALLOW_PRIVATE_CALLBACKS',
    '0',
    '1 allows callbacks on loopback and private addresses (tests, intranets).',
    bool,
  ),
  trustProxy: row(
    'hub',
    'HUB_TRUST_PROXY',
    '0',
    '1 takes the client IP for rate limits from X-Forwarded-For (behind your own proxy only).',
    bool,
  ),
  requestsPerMinutePerIp: row(
    'hub',
    'HUB_REQUESTS_PER_MINUTE',
    '60',
    'Hub requests per client IP per minute; past it 429 with Retry-After.',
    integer(1),
  ),
  maxPendingPerHost: row('hub', 'HUB_MAX_PENDING_PER_HOST', '50', 'Verifications pending at once per callback host.', integer(1)),
  maxSubscriptionsPerHost: row('hub', 'HUB_MAX_SUBSCRIPTIONS_PER_HOST', '1000', 'Active subscriptions per callback host.', integer(1)),
  maxSubscriptions: row('hub', 'HUB_MAX_SUBSCRIPTIONS', '100000', 'Active subscriptions in total.', integer(1)),
  externalUrls: row(
    'hub',
    'HUB_EXTERNAL_URLS',
    '',
    'Outside WebSub hubs, comma-separated: each is advertised as another rel=hub on every topic and pinged (hub.mode=publish) when the topic changes.',
    urlList,
  ),
  outbound: row(
    'hub',
    'HUB_OUTBOUND',
    '1',
    "0: this process does none of the hub's work (verifications, deliveries, retries, publish pings): read replicas on a copied database, whose primary does it.",
    bool,
  ),
  maxConcurrent: row('hub', 'HUB_MAX_CONCURRENT', '64', 'Outbound requests in flight at once.', integer(1)),
  maxConcurrentPerHost: row(
    'hub',
    'HUB_MAX_CONCURRENT_PER_HOST',
    '8',
    'Outbound requests in flight at once per callback host.',
    integer(1),
  ),
}

/**
 * Rules between settings, checked once every setting is read: each returns a message when broken.
 * (A rule on one setting alone belongs in its row's parser.)
 */
const RULES: ((config: Config) => string | undefined)[] = [
  (c) => (c.hub.leaseMin > c.hub.leaseMax ? 'HUB_LEASE_MIN must not exceed HUB_LEASE_MAX.' : undefined),
]

type Settings = typeof SETTINGS
export type SettingKey = keyof Settings
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[]
type Value<K extends SettingKey> = ReturnType<Settings[K]['parse']>
type KeysOf<G extends Group> = { [K in SettingKey]: Settings[K] extends Setting<G, unknown> ? K : never }[SettingKey]

/** The hub's settings are `Config.hub`; every other group's are on `Config` itself. */
const NESTED_GROUP = 'hub' satisfies Group

export type HubConfig = { [K in KeysOf<typeof NESTED_GROUP>]: Value<K> } & {
  /** Extra CA bundle (PEM) trusted for callbacks, besides the system store (NODE_EXTRA_CA_CERTS). */
  extraCaFile?: string
  now: () => number
}
export type Config = { [K in KeysOf<Exclude<Group, typeof NESTED_GROUP>>]: Value<K> } & { hub: HubConfig }

/** PORT is --port, HUB_LEASE_DEFAULT is --hub-lease-default: every setting is a variable and a flag. */
export const flagOf = (key: SettingKey) => `--${SETTINGS[key].env.toLowerCase().replaceAll('_', '-')}`

const label = (key: SettingKey) => `${SETTINGS[key].env} (${flagOf(key)})`

export type Overrides = Partial<Record<SettingKey, string>>

/**
 * Settings from the environment, with flags (overrides) winning; throws ConfigError naming the bad setting.
 * Every row is read the same way: no line here names a setting. A default may name an earlier setting's
 * variable (BASE_URL's `http://localhost:PORT`): it stands for that setting's value.
 */
export function loadConfig(env: Record<string, string | undefined>, overrides: Overrides = {}, now: () => number = Date.now): Config {
  const top: Record<string, unknown> = {}
  const hub: Record<string, unknown> = { extraCaFile: env.NODE_EXTRA_CA_CERTS || undefined, now }
  const byEnv = new Map<string, unknown>()
  for (const key of SETTING_KEYS) {
    const setting: Setting<Group, unknown> = SETTINGS[key]
    const given = overrides[key] ?? env[setting.env]
    const raw = given ?? setting.default.replace(/\b[A-Z][A-Z0-9_]*\b/g, (name) => (byEnv.has(name) ? String(byEnv.get(name)) : name))
    const value = setting.parse(raw, label(key))
    byEnv.set(setting.env, value)
    ;(setting.group === NESTED_GROUP ? hub : top)[key] = value
  }
  const config = { ...top, hub } as Config
  for (const rule of RULES) {
    const broken = rule(config)
    if (broken) throw new ConfigError(broken)
  }
  return config
}

/** The hub's part of the settings alone (tests and benchmarks that vary only the hub). */
export const loadHubConfig = (env: Record<string, string | undefined>, now: () => number = Date.now): HubConfig =>
  loadConfig(env, {}, now).hub

export type CommandLine<O extends string> = {
  overrides: Overrides
  options: Partial<Record<O, string | boolean | string[]>>
  positionals: string[]
}

/** A command's own option: a value, a switch, or a value that may be given several times. */
export type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean }

/**
 * Parses a command's argv with node:util parseArgs: the given settings as `--flag value`, the
 * command's own options, and positionals. Anything unknown is a ConfigError naming it.
 */
export function parseCommandLine<O extends string>(
  command: string,
  args: string[],
  settings: readonly SettingKey[],
  own: Record<O, OptionSpec> = {} as Record<O, OptionSpec>,
): CommandLine<O> {
  const options: Record<string, OptionSpec> = { ...own }
  for (const key of settings) options[flagOf(key).slice(2)] = { type: 'string' }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.replace(/^Unknown option '(.*?)'.*/, 'unknown option $1')
    throw new ConfigError(`${command}: ${message}. See --help.`)
  }
  const overrides: Overrides = {}
  for (const key of settings) {
    const given = parsed.values[flagOf(key).slice(2)]
    if (typeof given === 'string') overrides[key] = given
  }
  const ownValues: Partial<Record<O, string | boolean | string[]>> = {}
  for (const name of Object.keys(own) as O[]) {
    const given = parsed.values[name]
    if (given !== undefined) ownValues[name] = given as string | boolean | string[]
  }
  return { overrides, options: ownValues, positionals: parsed.positionals }
}
