/**
 * The settings table is the one declaration of a setting: every row reaches `loadConfig` (as its
 * environment variable and as its flag), `--help` and the README's tables. A row that one of them
 * misses fails here, naming the row.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { helpText } from '../../src/cli/help'
import {
  type Config,
  ConfigError,
  flagOf,
  loadConfig,
  parseCommandLine,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
} from '../../src/core/config'

const readme = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const at = (config: Config, key: SettingKey) =>
  (SETTINGS[key].group === 'hub' ? config.hub : config)[key as keyof (Config | Config['hub'])] as unknown

/** A value no parser takes as its default: either it is refused naming the setting, or it changes the setting. */
const PROBE = 'probe-value-%'

/** Whether `read` read the setting: it refused the probe naming the setting, or its value moved off the default. */
function reads(key: SettingKey, read: () => Config): boolean {
  const defaults = loadConfig({})
  try {
    return JSON.stringify(at(read(), key)) !== JSON.stringify(at(defaults, key))
  } catch (error) {
    return error instanceof ConfigError && error.message.includes(SETTINGS[key].env) && error.message.includes(flagOf(key))
  }
}

describe('every row of SETTINGS', () => {
  test('is read from its environment variable', () => {
    expect(SETTING_KEYS.filter((key) => !reads(key, () => loadConfig({ [SETTINGS[key].env]: PROBE })))).toEqual([])
  })

  test('is read from its flag, which serve accepts, and the flag wins over the variable', () => {
    const unread = SETTING_KEYS.filter((key) => {
      const line = parseCommandLine('serve', [flagOf(key), PROBE], SETTING_KEYS)
      return !reads(key, () => loadConfig({ [SETTINGS[key].env]: SETTINGS[key].default }, line.overrides))
    })
    expect(unread).toEqual([])
  })

  test('is typed on Config with its default when nothing is given', () => {
    const config = loadConfig({})
    expect(SETTING_KEYS.filter((key) => at(config, key) === undefined)).toEqual([])
  })

  test('is in --help with its flag, variable and default', () => {
    const help = helpText()
    const missing = SETTING_KEYS.filter((key) => {
      const line = help.split('\n').find((l) => l.includes(`${flagOf(key)} `))
      return !line?.includes(SETTINGS[key].env) || !line.includes(`(default ${SETTINGS[key].default || 'none'})`)
    })
    expect(missing).toEqual([])
  })

  test("is a row of one of the README's configuration tables; a row with a flag column names the derived flag", () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'))
    const missing = SETTING_KEYS.filter((key) => !rows.some((row) => row.split('|')[1]!.includes(`\`${SETTINGS[key].env}\``)))
    expect(missing).toEqual([])
    const wrongFlag = rows
      .map((row) => /^\| `([A-Z][A-Z0-9_]+)` \| `(--[a-z0-9-]+)` \|/.exec(row))
      .filter((m): m is RegExpExecArray => m !== null)
      .filter(([, env, flag]) => {
        const key = SETTING_KEYS.find((k) => SETTINGS[k].env === env)
        return !key || flagOf(key) !== flag
      })
      .map(([, env]) => env)
    expect(wrongFlag).toEqual([])
  })
})

test('a default may name an earlier setting: BASE_URL follows PORT unless given', () => {
  expect(loadConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080')
  expect(loadConfig({ PORT: '8080', BASE_URL: 'https://reviews.example/' }).baseUrl).toBe('https://reviews.example')
  expect(() => loadConfig({ HUB_LEASE_MIN: '7200', HUB_LEASE_MAX: '3600' })).toThrow('HUB_LEASE_MIN must not exceed HUB_LEASE_MAX.')
})
