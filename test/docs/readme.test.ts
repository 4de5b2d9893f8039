/** The README's configuration tables name every setting of the one settings table, and nothing else. */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SETTING_KEYS, SETTINGS } from '../../src/core/config'

const readme = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')

test('every setting is documented in the README', () => {
  expect(SETTING_KEYS.map((key) => SETTINGS[key].env).filter((env) => !readme.includes(`\`${env}\``))).toEqual([])
})

test('the README documents no setting that does not exist', () => {
  const known = new Set(SETTING_KEYS.map((key) => SETTINGS[key].env))
  const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!)
  expect(documented.filter((env) => !known.has(env))).toEqual([])
})
