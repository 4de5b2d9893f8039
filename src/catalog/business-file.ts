/**
 * An optional DATA_DIR/business.json: when present, it is the business profile, and editing it
 * updates a running server (within one poll). An invalid file is reported and changes nothing.
 */
import { statSync, readFileSync } from 'node:fs'
import { Value } from '@sinclair/typebox/value'
import { Business } from '../reviews/schema'
import type { ReviewStore } from '../reviews/repository'

export const BUSINESS_FILE = 'business.json'

export function watchBusinessFile(path: string, store: ReviewStore, log: (event: Record<string, unknown>) => void): () => void {
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
      log({ event: 'business_file_invalid', path, errors: result.errors })
      return
    }
    store.write({ business: result.business, reviews: [] })
    log({ event: 'business_file_loaded', path })
  }
}

export function readBusinessFile(path: string): { ok: true; business: Business } | { ok: false; errors: string[] } {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return { ok: false, errors: [`not valid JSON: ${(error as Error).message}`] }
  }
  if (!Value.Check(Business, data)) {
    return { ok: false, errors: [...Value.Errors(Business, data)].slice(0, 20).map((e) => `${e.path || '/'}: ${e.message}`) }
  }
  return { ok: true, business: data }
}
