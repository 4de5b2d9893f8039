/** Where an import's bytes come from: a file, a folder of Google review pages, or stdin ('-'). */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportSource } from './pipeline'

/** A file, or a folder of Google review pages (its .json files in name order, as Google numbers them). */
export function readSources(path: string): ImportSource[] {
  if (!statSync(path).isDirectory()) return [{ bytes: readFileSync(path) }]
  const names = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  return names.map((name) => ({ name, bytes: readFileSync(join(path, name)) }))
}
