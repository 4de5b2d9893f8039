/**
 * `reviews-service import FILE|FOLDER|- [--replace] [--dry-run] [--format F] [--map FIELD=COLUMN,...] [--business FILE]`.
 * All or nothing: any bad record and the database is untouched; every problem is listed (the first 50).
 * The reading, checking and normalising is src/import's; this is the command around it.
 */
import { readFileSync } from 'node:fs'
import { markDataDir } from '../catalog/seed'
import { ConfigError, loadConfig, parseCommandLine, type Overrides } from '../core/config'
import { formatProblems } from '../import/errors'
import { MAP_USAGE, parseFieldMap, type FieldMap } from '../import/mapping'
import { IMPORT_FORMATS, type ImportFormat } from '../import/parsers'
import { parseImport, validateBusiness, type ImportSource } from '../import/pipeline'
import { readSources } from '../import/sources'
import type { WriteSummary } from '../reviews/repository'
import { ReviewRepository } from '../reviews/repository'
import { openServiceDatabase } from '../service'
import type { CliIo } from './io'

type ImportIo = Pick<CliIo, 'env' | 'stdout' | 'stderr' | 'isTTY'>

const USAGE = `usage: reviews-service import FILE|FOLDER [--replace] [--dry-run] [--format json|jsonl|csv|gbp] [--map FIELD=COLUMN,...] [--business FILE]
  ${MAP_USAGE}`

type ImportArgs = {
  file: string
  replace: boolean
  dryRun: boolean
  format?: ImportFormat
  businessFile?: string
  map?: FieldMap
  overrides: Overrides
}

/** The command line, or a usage problem to print. */
function parseImportArgs(args: string[]): ImportArgs | string {
  let line: ReturnType<typeof parseCommandLine<'replace' | 'dry-run' | 'format' | 'business' | 'map'>>
  try {
    line = parseCommandLine('import', args, ['dataDir'], {
      replace: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      format: { type: 'string' },
      business: { type: 'string' },
      map: { type: 'string', multiple: true },
    })
  } catch (error) {
    if (error instanceof ConfigError) return error.message.replace(/^import: /, '').replace(/ See --help\.$/, '')
    throw error
  }
  const { options, positionals, overrides } = line
  const format = options.format as string | undefined
  if (format !== undefined && !IMPORT_FORMATS.includes(format as ImportFormat))
    return `--format must be one of ${IMPORT_FORMATS.join(', ')}`
  if (options.business === '') return '--business needs a file'
  if (positionals.length === 0) return 'FILE is required'
  if (positionals.length > 1) return `one FILE only (got ${positionals[0]} and ${positionals[1]})`
  const parsed: ImportArgs = {
    file: positionals[0]!,
    replace: options.replace === true,
    dryRun: options['dry-run'] === true,
    format: format as ImportFormat | undefined,
    businessFile: options.business as string | undefined,
    overrides,
  }
  const maps = (options.map as string[] | undefined) ?? []
  if (maps.length) {
    const map = parseFieldMap(maps)
    if ('error' in map) return map.error
    parsed.map = map.map
  }
  return parsed
}

function describe(summary: WriteSummary): string {
  return `${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.removed} removed`
}

export async function importCommand(args: string[], io: ImportIo): Promise<number> {
  const parsedArgs = parseImportArgs(args)
  if (typeof parsedArgs === 'string') {
    io.stderr(`reviews-service import: ${parsedArgs}\n${USAGE}\n`)
    return 2
  }
  const { file, replace, dryRun, format, businessFile, map } = parsedArgs
  const dataDir = loadConfig(io.env, parsedArgs.overrides).dataDir
  const started = performance.now()
  let sources: ImportSource[]
  try {
    sources = file === '-' ? [{ bytes: new Uint8Array(await Bun.stdin.arrayBuffer()) }] : readSources(file)
  } catch (error) {
    io.stderr(`reviews-service import: cannot read ${file}: ${(error as Error).message}\n`)
    return 2
  }

  const db = openServiceDatabase(dataDir)
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
      markDataDir(dataDir)
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

/** The dispatcher's name for it (cli/index.ts). */
export const importCli = importCommand
