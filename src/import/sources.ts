/** Where an import's bytes come from: a file, a folder of Google review pages, or stdin ('-', the CLI's). */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportSource, ImportStream } from './pipeline'
import { fileChunks } from './text-stream'

/** A file, read a chunk at a time, or a folder of Google review pages, read whole (its .json files in name order, as Google numbers them). */
export function readSources(path: string): ImportSource[] | ImportStream {
  if (!statSync(path).isDirectory()) return { chunks: fileChunks(path) }
  const names = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  return names.map((name) => ({ name, bytes: readFileSync(join(path, name)) }))
}
