/**
 * Data embedded in the executable as a file (`import FILE from './x.json' with { type: 'file' }`) rather than as a
 * module: the executable carries it once, however many of its bundles import it, and only a process that reads it
 * parses it. TypeScript types such an import as the JSON's content; its value is the file's path (in the executable,
 * inside its embedded file system).
 */
import { readFileSync } from 'node:fs'

/** The JSON an embedded file holds, parsed afresh on each call (callers keep what they need of it). */
export function readEmbeddedJson<T>(file: unknown): T {
  return JSON.parse(readFileSync(file as string, 'utf8')) as T
}
