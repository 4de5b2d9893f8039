/**
 * An optional DATA_DIR/business.json: when present, it is the business profile, and editing it
 * updates a running server (within one poll). An invalid file is reported and changes nothing.
 */
import { statSync, readFileSync } from 'node:fs'
import type { Logger } from '../core/log'
import { failed, parseWith, type Result } from '../core/issues'
import { Business } from '../reviews/schema'
import type { ReviewRepository } from '../reviews/repository'

export const BUSINESS_FILE = 'business.json'

export function watchBusinessFile(path: string, store: ReviewRepository, log: Logger): () => void {
  let seen = ''
  return () => {
    let stamp: string
    try {
      const stat = statSync(path)
      stamp = `${stat.mtimeMs}:${stat.size}`
    } catch {
      return // No file: the business lives in the database alone.
    }
    if (stamp === seen) return
    seen = stamp
    const result = readBusinessFile(path)
    if (!result.ok) {
      log({ event: 'business_file_invalid', path, issues: result.issues })
      return
    }
    store.write({ business: result.value, reviews: [] })
    log({ event: 'business_file_loaded', path })
  }
}

export function readBusinessFile(path: string): Result<Business> {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return failed([{ path: [], code: 'invalid_json', message: `not valid JSON: ${(error as Error).message}` }])
  }
  const parsed = parseWith(Business, data)
  return parsed.ok ? parsed : failed(parsed.issues.slice(0, 20))
}
