/**
 * Settings: each is an environment variable and a CLI flag (flags win). Defaults per CONTRACT.md.
 */
import { resolve } from 'node:path'

export type Config = {
  port: number
  host: string
  baseUrl: string
  dataDir: string
  cacheMaxAge: number
  pollMs: number
  mcpSessionIdleMs: number
  mcpMaxSessions: number
  logRequests: boolean
}

export type SettingSpec = { env: string; flag: string; description: string; default: string }

export const SETTINGS: Record<keyof Config, SettingSpec> = {
  port: { env: 'PORT', flag: '--port', description: 'TCP port to listen on (0 picks a free one).', default: '3000' },
  host: { env: 'HOST', flag: '--host', description: 'Interface to bind.', default: '0.0.0.0' },
  baseUrl: { env: 'BASE_URL', flag: '--base-url', description: 'Public base URL used in feeds, links and hub topics.', default: 'http://localhost:PORT' },
  dataDir: { env: 'DATA_DIR', flag: '--data-dir', description: 'Directory of the SQLite database (reviews.db) and business.json.', default: './data' },
  cacheMaxAge: { env: 'CACHE_MAX_AGE', flag: '--cache-max-age', description: 'Cache-Control max-age (seconds) of read endpoints.', default: '60' },
  pollMs: { env: 'DATA_POLL_MS', flag: '--data-poll-ms', description: 'How often the server checks for data changes (ms).', default: '500' },
  mcpSessionIdleMs: { env: 'MCP_SESSION_IDLE_MS', flag: '--mcp-session-idle-ms', description: 'Idle MCP sessions expire after this (ms).', default: '1800000' },
  mcpMaxSessions: { env: 'MCP_MAX_SESSIONS', flag: '--mcp-max-sessions', description: 'Most MCP sessions held at once.', default: '1000' },
  logRequests: { env: 'LOG_REQUESTS', flag: '--log-requests', description: 'Log one JSON line per request (1 or 0).', default: '0' },
}

export class ConfigError extends Error {}

/** Reads flags of the form `--name value` or `--name=value`; returns the leftover arguments. */
export function readFlags(args: string[], known: string[]): { flags: Map<string, string>; rest: string[] } {
  const flags = new Map<string, string>()
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const [name, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string | undefined]) : [arg, undefined]
    if (!known.includes(name)) {
      rest.push(arg)
      continue
    }
    const value = inline ?? args[++i]
    if (value === undefined) throw new ConfigError(`${name} needs a value.`)
    flags.set(name, value)
  }
  return { flags, rest }
}

export function loadConfig(env: Record<string, string | undefined>, flags: Map<string, string> = new Map()): Config {
  const raw = (key: keyof Config): string | undefined => flags.get(SETTINGS[key].flag) ?? env[SETTINGS[key].env]
  const integer = (key: keyof Config, min: number, max: number): number => {
    const value = raw(key) ?? SETTINGS[key].default
    if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
      throw new ConfigError(`${SETTINGS[key].env} (${SETTINGS[key].flag}) must be a whole number from ${min} to ${max}; got "${value}".`)
    }
    return Number(value)
  }
  const port = integer('port', 0, 65535)
  const host = raw('host') ?? SETTINGS.host.default
  const baseUrl = (raw('baseUrl') ?? `http://localhost:${port}`).replace(/\/+$/, '')
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
  } catch {
    throw new ConfigError(`BASE_URL (--base-url) must be an http(s) URL; got "${baseUrl}".`)
  }
  const logRequests = raw('logRequests') ?? SETTINGS.logRequests.default
  return {
    port,
    host,
    baseUrl,
    dataDir: resolve(raw('dataDir') ?? SETTINGS.dataDir.default),
    cacheMaxAge: integer('cacheMaxAge', 0, 31536000),
    pollMs: integer('pollMs', 50, 60000),
    mcpSessionIdleMs: integer('mcpSessionIdleMs', 1000, 86400000),
    mcpMaxSessions: integer('mcpMaxSessions', 1, 1000000),
    logRequests: logRequests === '1' || logRequests === 'true',
  }
}
