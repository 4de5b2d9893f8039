/**
 * The README's configuration tables name every setting of the one settings table, and nothing else; its
 * CLI block is --help's usage; its import examples are real commands with their real output.
 */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { usageText } from '../../src/cli/help'
import { SETTING_KEYS, SETTINGS } from '../../src/core/config'
import { IMPORT_FORMATS } from '../../src/import/formats'
import { compiledBinary } from '../support/binary'

const ROOT = join(import.meta.dir, '..', '..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

test('every setting is documented in the README', () => {
  expect(SETTING_KEYS.map((key) => SETTINGS[key].env).filter((env) => !readme.includes(`\`${env}\``))).toEqual([])
})

test('the README documents no setting that does not exist', () => {
  const known = new Set(SETTING_KEYS.map((key) => SETTINGS[key].env))
  const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!)
  expect(documented.filter((env) => !known.has(env))).toEqual([])
})

describe("the README's CLI and import sections", () => {
  test('the CLI block is what --help prints as its usage', () => {
    const block = /<!-- usage:[^\n]*-->\n```\n([\s\S]*?)\n```/.exec(readme)
    expect(block?.[1]).toBe(usageText())
  })

  test('every import format has a row in the formats table and an example whose output names it', () => {
    const examples = importExamples()
    for (const name of IMPORT_FORMATS) {
      expect(readme).toContain(`| \`${name}\` |`)
      expect(examples.some((e) => e.output.includes(` reviews, ${name},`))).toBe(true)
    }
  })

  test('each import example, run in order with the compiled binary into one empty DATA_DIR, prints what the README shows', () => {
    const binary = compiledBinary()
    const dataDir = join(mkdtempSync(join(tmpdir(), 'reviews-readme-')), 'data')
    const seconds = (text: string) => text.replace(/\d+\.\d\d s\)/g, 'N s)')
    try {
      for (const { command, output } of importExamples()) {
        const ran = Bun.spawnSync(['sh', '-c', `${command.replace(/^reviews-service /, `"${binary}" `)} 2>&1`], {
          cwd: ROOT,
          env: { PATH: '/usr/bin:/bin', DATA_DIR: dataDir },
        })
        expect(`$ ${command}\n${seconds(ran.stdout.toString())}`).toBe(`$ ${command}\n${seconds(output)}`)
      }
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true })
    }
  }, 300_000)
})

/** The commands of the README's import examples, each with the output shown under it. */
function importExamples(): { command: string; output: string }[] {
  const block = /<!-- import-examples:[^\n]*-->\n```\n([\s\S]*?)```/.exec(readme)![1]!
  return block
    .split(/^\$ /m)
    .filter(Boolean)
    .map((part) => {
      const newline = part.indexOf('\n')
      return { command: part.slice(0, newline), output: part.slice(newline + 1) }
    })
}
