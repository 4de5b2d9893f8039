/**
 * `reviews-service analyze [--file F] [--json] [--rating N]`: review texts in (one per line, stdin or a file); out,
 * for each, how the analyser read it: aspects with polarity and the clause they came from, and the
 * technicians, services and area named (with --json: one JSON object per line, clauses and cues
 * included), so anyone can audit a reading. Uses the business in DATA_DIR if any, else the sample's. With
 * --rating N (1-5), each text is read as a review of N stars, as the insights read it (insights/rating-prior.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, loadConfig, parseCommandLine } from '../core/config'
import { embeddedSample } from '../catalog/seed'
import { explainLines, type ExplainedLine } from '../insights/explain'
import { ReviewRepository } from '../reviews/repository'
import { DATABASE_FILE, openDatabase } from '../db/database'
import { MIGRATIONS } from '../service'

import type { CliIo } from './io'

export async function analyzeCli(args: string[], io: CliIo): Promise<number> {
  const { overrides, options, positionals } = parseCommandLine('analyze', args, ['dataDir'], {
    file: { type: 'string' },
    json: { type: 'boolean' },
    rating: { type: 'string' },
  })
  if (positionals.length) throw new ConfigError(`Unknown argument for analyze: ${positionals[0]}. Texts come on stdin or with --file.`)
  const config = loadConfig(io.env, overrides)
  const file = options.file as string | undefined
  const given = options.rating as string | undefined
  if (given !== undefined && !/^[1-5]$/.test(given))
    throw new ConfigError(`analyze: --rating must be a star rating from 1 to 5, not ${given}.`)
  const rating = given === undefined ? undefined : Number(given)
  let input: string
  try {
    input = file ? readFileSync(file, 'utf8') : await Bun.stdin.text()
  } catch (error) {
    throw new ConfigError(`cannot read ${file}: ${(error as Error).message}`)
  }
  const path = join(config.dataDir, DATABASE_FILE)
  let business = embeddedSample.business
  if (existsSync(path)) {
    const db = openDatabase(path, MIGRATIONS)
    business = new ReviewRepository(db).getBusiness() ?? business
    db.close()
  }
  const texts = input.split('\n').filter((line) => line.trim() !== '')
  for (const explained of explainLines(texts, business, rating))
    io.stdout(options.json ? `${JSON.stringify(explained)}\n` : readable(explained))
  return 0
}

/** For a person at a terminal: the text, then each aspect with its polarity, score and the words it came from. */
function readable(line: ExplainedLine): string {
  const aspects = line.aspects.map(
    (a) => `  ${a.aspect.padEnd(16)} ${a.polarity.padEnd(8)} ${a.score.toFixed(2).padStart(5)}  "${a.clause}"`,
  )
  const mentions = [
    line.technicians.length ? `technicians: ${line.technicians.join(', ')}` : '',
    line.services.length ? `services: ${line.services.join(', ')}` : '',
    line.service_area ? `area: ${line.service_area}` : '',
  ].filter(Boolean)
  return (
    [line.text, ...(aspects.length ? aspects : ['  (no aspect)']), ...(mentions.length ? [`  ${mentions.join('; ')}`] : []), ''].join(
      '\n',
    ) + '\n'
  )
}
