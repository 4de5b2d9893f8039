/**
 * `reviews-service import FILE|FOLDER [--replace] [--dry-run] [--format F] [--map FIELD=COLUMN,...] [--business FILE]`.
 * All or nothing: any bad record and the database is untouched; every problem is listed (the first 50).
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ReviewRepository, type WriteSummary } from '../reviews/repository'
import { DATABASE_FILE, openDatabase } from '../db/database'
import { reviewMigrations } from '../reviews/migrations'
import { markDataDir } from '../catalog/seed'
import { formatProblems } from './errors'
import { IMPORT_FORMATS, type ImportFormat } from './parsers'
import { MAP_USAGE, parseFieldMap, type FieldMap } from './mapping'
import { parseImport, validateBusiness, type ImportSource } from './pipeline'

export type ImportIo = { dataDir: string; stdout: (s: string) => void; stderr: (s: string) => void; isTTY: boolean }

const USAGE = `usage: reviews-service import FILE|FOLDER [--replace] [--dry-run] [--format json|jsonl|csv|gbp] [--map FIELD=COLUMN,...] [--business FILE]
  ${MAP_USAGE}`

type ImportArgs = { file: string; replace: boolean; dryRun: boolean; format?: ImportFormat; businessFile?: string; map?: FieldMap }

function parseArgs(args: string[]): ImportArgs | string {
  const parsed: Partial<ImportArgs> = { replace: false, dryRun: false }
  const maps: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const [name, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string | undefined]) : [arg, undefined]
    const value = () => inline ?? args[++i]
    if (name === '--replace') parsed.replace = true
    else if (name === '--dry-run') parsed.dryRun = true
    else if (name === '--format') {
      const format = value()
      if (!IMPORT_FORMATS.includes(format as ImportFormat)) return `--format must be one of ${IMPORT_FORMATS.join(', ')}`
      parsed.format = format as ImportFormat
    } else if (name === '--business') {
      parsed.businessFile = value()
      if (!parsed.businessFile) return '--business needs a file'
    } else if (name === '--map') {
      const spec = value()
      if (!spec) return '--map needs FIELD=COLUMN[,FIELD=COLUMN...]'
      maps.push(spec)
    } else if (name.startsWith('-') && name !== '-') return `unknown option ${name}`
    else if (parsed.file) return `one FILE only (got ${parsed.file} and ${arg})`
    else parsed.file = arg
  }
  if (!parsed.file) return 'FILE is required'
  if (maps.length) {
    const map = parseFieldMap(maps)
    if ('error' in map) return map.error
    parsed.map = map.map
  }
  return parsed as ImportArgs
}

function describe(summary: WriteSummary): string {
  return `${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.removed} removed`
}

export async function importCommand(args: string[], io: ImportIo): Promise<number> {
  const parsedArgs = parseArgs(args)
  if (typeof parsedArgs === 'string') {
    io.stderr(`reviews-service import: ${parsedArgs}\n${USAGE}\n`)
    return 2
  }
  const { file, replace, dryRun, format, businessFile, map } = parsedArgs
  const started = performance.now()
  let sources: ImportSource[]
  try {
    sources = file === '-' ? [{ bytes: new Uint8Array(await Bun.stdin.arrayBuffer()) }] : readSources(file)
  } catch (error) {
    io.stderr(`reviews-service import: cannot read ${file}: ${(error as Error).message}\n`)
    return 2
  }

  mkdirSync(io.dataDir, { recursive: true })
  const db = openDatabase(join(io.dataDir, DATABASE_FILE), reviewMigrations)
  try {
    const store = new ReviewRepository(db)
    let business = store.getBusiness()
    if (businessFile) {
      let value: unknown
      try {
        value = JSON.parse(readFileSync(businessFile, 'utf8'))
      } catch (error) {
        io.stderr(`reviews-service import: cannot read --business ${businessFile}: ${(error as Error).message}\n`)
        return 2
      }
      const checked = validateBusiness(value, businessFile)
      if ('problems' in checked) {
        io.stderr(`reviews-service import: ${businessFile} is not a valid business:\n${formatProblems(checked.problems)}\n`)
        return 1
      }
      business = checked.business
    }

    const progress = io.isTTY ? (done: number, total: number) => io.stderr(`\rchecking ${done}/${total} records…`) : undefined
    const parsed = await parseImport(sources, { format, business, map, onProgress: progress })
    if (progress) io.stderr('\r\x1b[K')
    if (!parsed.ok) {
      const count = parsed.problemCount
      io.stderr(
        `reviews-service import: ${file} was not imported; nothing changed. ${count.toLocaleString('en-US')} problem${count === 1 ? '' : 's'}:\n${formatProblems(parsed.problems, count)}\n`,
      )
      return 1
    }

    const write = () =>
      store.write({ business: parsed.businessFromFile || businessFile ? parsed.business : undefined, reviews: parsed.reviews, replace })
    let summary: WriteSummary
    if (dryRun) {
      // Run the real write, then roll it back: the summary is exactly what an import would do.
      summary = { inserted: 0, updated: 0, unchanged: 0, removed: 0 }
      try {
        db.transaction(() => {
          summary = write()
          throw new RollBack()
        })()
      } catch (error) {
        if (!(error instanceof RollBack)) throw error
      }
    } else {
      if (io.isTTY) io.stderr(`writing ${parsed.reviews.length} reviews…\n`)
      summary = write()
      markDataDir(io.dataDir)
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2)
    for (const note of parsed.notes) io.stderr(`note: ${note}\n`)
    io.stdout(
      `${dryRun ? 'dry run, nothing written: would be ' : ''}${describe(summary)} (${parsed.reviews.length} review${parsed.reviews.length === 1 ? '' : 's'}, ${parsed.format}${sources.length > 1 ? `, ${sources.length} files` : ''}, ${seconds} s)\n`,
    )
    return 0
  } finally {
    db.close()
  }
}

class RollBack extends Error {}

/** A file, or a folder of Google review pages (its .json files in name order, as Google numbers them). */
function readSources(path: string): ImportSource[] {
  if (!statSync(path).isDirectory()) return [{ bytes: readFileSync(path) }]
  const names = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  return names.map((name) => ({ name, bytes: readFileSync(join(path, name)) }))
}
