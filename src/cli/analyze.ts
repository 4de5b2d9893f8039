/**
 * `reviews-service analyze [--file F]`: review texts in (one per line, stdin or a file), one JSON line
 * out per text with the clauses, aspects and sentiments, technicians and services found, so an
 * operator can see why a review was read the way it was. Uses the business in DATA_DIR if any,
 * else the embedded sample's.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, loadConfig, parseCommandLine } from '../core/config'
import { embeddedSample } from '../catalog/seed'
import { runAnalyze } from '../insights/analyze-command'
import { ReviewRepository } from '../reviews/repository'
import { DATABASE_FILE, openDatabase } from '../db/database'
import { reviewMigrations } from '../reviews/migrations'
import type { CliIo } from './io'

export async function analyzeCli(args: string[], io: CliIo): Promise<number> {
  const { overrides, options, positionals } = parseCommandLine('analyze', args, ['dataDir'], { file: { type: 'string' } })
  if (positionals.length) throw new ConfigError(`Unknown argument for analyze: ${positionals[0]}. Texts come on stdin or with --file.`)
  const config = loadConfig(io.env, overrides)
  const file = options.file as string | undefined
  let input: string
  try {
    input = file ? readFileSync(file, 'utf8') : await Bun.stdin.text()
  } catch (error) {
    throw new ConfigError(`cannot read ${file}: ${(error as Error).message}`)
  }
  const path = join(config.dataDir, DATABASE_FILE)
  let business = embeddedSample.business
  if (existsSync(path)) {
    const db = openDatabase(path, reviewMigrations)
    business = new ReviewRepository(db).getBusiness() ?? business
    db.close()
  }
  const texts = input.split('\n').filter((line) => line.trim() !== '')
  for (const line of runAnalyze({ texts, business })) io.stdout(`${line}\n`)
  return 0
}
