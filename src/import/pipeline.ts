/**
 * parseImport: bytes in, either every review ready to write (normalised and enriched) or every
 * problem found. Nothing here touches the database.
 */
import { Value } from '@sinclair/typebox/value'
import { Business, type StoredReview } from '../reviews/schema'
import { createEnricher } from '../insights/enrich'
import type { ImportProblem } from './errors'
import { decodeUtf8, detectFormat, parseFile, type ImportFormat } from './parsers'
import { normalizeRecord } from './normalize'

export type ImportInput = {
  format?: ImportFormat
  /** The business already in the database, or from --business; the file's own wins. */
  business?: Business | null
  onProgress?: (done: number, total: number) => void
}

export type ParsedImport =
  | { ok: true; format: ImportFormat; business: Business; businessFromFile: boolean; reviews: StoredReview[] }
  | { ok: false; format?: ImportFormat; problems: ImportProblem[] }

export function validateBusiness(value: unknown, location = 'business'): { business: Business } | { problems: ImportProblem[] } {
  if (Value.Check(Business, value)) return { business: value }
  const problems = [...Value.Errors(Business, value)].slice(0, 20).map((e) => ({ location, field: e.path.slice(1).replaceAll('/', '.') || undefined, reason: e.message }))
  return { problems }
}

export function parseImport(bytes: Uint8Array, input: ImportInput = {}): ParsedImport {
  const decoded = decodeUtf8(bytes)
  if ('problem' in decoded) return { ok: false, problems: [decoded.problem] }
  const format = input.format ?? detectFormat(decoded.text)
  const file = parseFile(decoded.text, format)
  const problems = [...file.problems]

  let business = input.business ?? null
  let businessFromFile = false
  if (file.business !== undefined) {
    const checked = validateBusiness(file.business)
    if ('problems' in checked) problems.push(...checked.problems)
    else {
      business = checked.business
      businessFromFile = true
    }
  }
  if (!business) {
    if (!problems.some((p) => p.location === 'business')) {
      problems.push({ location: 'file', reason: 'has no business and the database has none: import a dataset {business, reviews} or pass --business FILE' })
    }
    return { ok: false, format, problems }
  }

  const enrich = createEnricher(business)
  const defaultSource = format === 'gbp' ? 'google' : 'direct'
  const reviews: StoredReview[] = []
  const firstSeen = new Map<string, string>()
  file.records.forEach((record, index) => {
    const result = normalizeRecord(record, business, defaultSource)
    if ('problems' in result) problems.push(...result.problems)
    else {
      const earlier = firstSeen.get(result.review.id)
      if (earlier) problems.push({ location: record.location, field: 'id', reason: `"${result.review.id}" repeats the id of ${earlier}` })
      else {
        firstSeen.set(result.review.id, record.location)
        reviews.push(enrich(result.review))
      }
    }
    if (input.onProgress && index % 10_000 === 0) input.onProgress(index, file.records.length)
  })
  if (problems.length) return { ok: false, format, problems }
  return { ok: true, format, business, businessFromFile, reviews }
}
