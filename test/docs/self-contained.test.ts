/**
 * The repository stands on its own: its documents and code comments point only at files inside it, and the
 * repository paths they name in links exist.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Glob } from 'bun'

const ROOT = join(import.meta.dir, '..', '..')
const files = [
  'README.md',
  'ARCHITECTURE.md',
  ...['docs/**/*.md', 'src/**/*.ts', 'scripts/**/*.ts', 'bench/*.ts', 'bench/*.sh', 'build.ts', '.ci/run'].flatMap((pattern) => [
    ...new Glob(pattern).scanSync({ cwd: ROOT, dot: true }),
  ]),
]

describe('the repository stands on its own', () => {
  test('no document or source file points outside the repository', () => {
    const outside: string[] = []
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      text.split('\n').forEach((line, i) => {
        if (/\.\.\/shared\b|\bshared\/(insights|schemas|CONTRACT|INTERFACE)/.test(line)) outside.push(`${file}:${i + 1}: ${line.trim()}`)
      })
    }
    expect(outside).toEqual([])
  })

  test('every relative link in the Markdown documents names a file that exists', () => {
    const missing: string[] = []
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue
        const path = join(ROOT, file, '..', target!)
        if (!existsSync(path)) missing.push(`${file}: ${target}`)
      }
    }
    expect(missing).toEqual([])
  })
})
