/**
 * An optional DATA_DIR/business.json: when present, it is the business profile, and editing it
 * updates a running server (within one poll). An invalid file is reported and changes nothing.
 * Beside the profile it may hold the business's own vocabulary (`aspects`, `default_aspects`, `topics`:
 * insights/vocabulary.ts), checked with the rest of the file.
 */
import { statSync, readFileSync } from 'node:fs'
import type { Logger } from '../core/log'
import { failed, parseWith, type Result } from '../core/issues'
import { Business } from '../reviews/schema'
import { checkVocabulary } from '../insights/vocabulary'
import type { ReviewRepository } from '../reviews/repository'

export const BUSINESS_FILE = 'business.json'

/**
 * Returns a check to run on every poll: it loads the file when it changed and returns why the file
 * is being ignored (invalid), or null. A write that meets another process's lock is tried again next poll.
 */
export function watchBusinessFile(path: string, store: ReviewRepository, log: Logger): () => string | null {
  let seen = ''
  let problem: string | null = null
  return () => {
    let stamp: string
    try {
      const stat = statSync(path)
      stamp = `${stat.mtimeMs}:${stat.size}`
    } catch {
      seen = ''
      return (problem = null) // No file: the business lives in the database alone.
    }
    if (stamp === seen) return problem
    const result = readBusinessFile(path)
    if (!result.ok) {
      seen = stamp
      const first = result.issues[0]!
      problem = `${path} is invalid and ignored: ${first.path.join('.') || '(file)'} ${first.message}`
      log({ event: 'business_file_invalid', path, issues: result.issues })
      return problem
    }
    store.write({ business: result.value, reviews: [] }) // Throws SQLITE_BUSY under another writer's lock: `seen` unchanged, so retried.
    seen = stamp
    problem = null
    log({ event: 'business_file_loaded', path })
    return null
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
  const vocabulary = typeof data === 'object' && data !== null && !Array.isArray(data) ? checkVocabulary(data) : []
  if (parsed.ok && !vocabulary.length) return parsed
  return failed([...(parsed.ok ? [] : parsed.issues), ...vocabulary].slice(0, 20))
}
