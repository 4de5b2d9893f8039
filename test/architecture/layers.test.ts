/**
 * The layer rule of ARCHITECTURE.md, checked on the source itself: imports run one way, down the
 * layers; no two folders import each other; no file cycles; only the API layer and the app factory
 * import Elysia; only cli/ reads the process environment.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { Glob } from 'bun'

const SRC = resolve(import.meta.dir, '../../src')

/** Top first. A file may import from its own folder or from a layer below its own. */
const LAYERS: string[][] = [
  ['main.ts'],
  ['cli'],
  ['service.ts'],
  ['app.ts'],
  ['api'],
  ['mcp', 'hub', 'import', 'sample', 'pages'],
  ['catalog'],
  ['feeds', 'insights'],
  ['reviews'],
  ['http', 'db', 'core'],
]

const unitOf = (file: string) => relative(SRC, file).split('/')[0]!
const rankOf = (unit: string) => LAYERS.findIndex((layer) => layer.includes(unit))

const sources = [...new Glob('**/*.ts').scanSync(SRC)].filter((f) => !f.endsWith('.test.ts')).map((f) => join(SRC, f))
const text = new Map(sources.map((f) => [f, readFileSync(f, 'utf8')]))

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate
  return null
}

/** Relative imports of a file: static, type-only and dynamic alike (a type import is still a dependency of the design). */
const importsOf = (file: string): string[] =>
  [...text.get(file)!.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => resolveImport(file, m[1]!) ?? '')
    .filter((target) => target.startsWith(SRC))

const edges = sources.flatMap((from) => importsOf(from).map((to) => ({ from, to })))
const name = (file: string) => relative(SRC, file)

describe('layers', () => {
  test('every source file belongs to a layer', () => {
    expect(sources.map(unitOf).filter((unit) => rankOf(unit) === -1)).toEqual([])
  })

  test('imports run down the layers, never up', () => {
    const upward = edges.filter(({ from, to }) => unitOf(from) !== unitOf(to) && rankOf(unitOf(from)) > rankOf(unitOf(to)))
    expect(upward.map(({ from, to }) => `${name(from)} -> ${name(to)}`)).toEqual([])
  })

  test('no two folders import each other', () => {
    const pairs = new Set(
      edges.filter(({ from, to }) => unitOf(from) !== unitOf(to)).map(({ from, to }) => `${unitOf(from)}>${unitOf(to)}`),
    )
    const mutual = [...pairs].filter((pair) => pairs.has(pair.split('>').reverse().join('>')))
    expect(mutual).toEqual([])
  })

  test('no file imports itself through a cycle', () => {
    const graph = new Map<string, string[]>()
    for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to])
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map(name).join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...path, file])
      state.set(file, 'done')
    }
    for (const file of sources) visit(file, [])
    expect(cycles).toEqual([])
  })

  test('only the API layer and the app factory import Elysia', () => {
    const users = sources.filter((f) =>
      /from ['"](elysia|@elysiajs\/[^'"]+)['"]|import\(['"](elysia|@elysiajs\/[^'"]+)['"]\)/.test(text.get(f)!),
    )
    expect(users.map(name).filter((f) => !f.startsWith('api/') && f !== 'app.ts')).toEqual([])
  })

  test('only cli/ reads the process environment', () => {
    const readers = sources.filter((f) => /process\.env\b/.test(text.get(f)!.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
    expect(readers.map(name).filter((f) => !f.startsWith('cli/'))).toEqual([])
  })
})
