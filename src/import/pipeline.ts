/**
 * parseImport: bytes in, either every review ready to write (normalised and enriched) or every
 * problem found. Nothing here touches the database.
 */
import { check, parseWith } from '../core/issues'
import { Business, ImportedReview, type StoredReview } from '../reviews/schema'
import { createEnricher } from '../insights/enrich'
import { listNames, MAX_NAMES_LISTED, ProblemList, problemsFrom, type ImportProblem } from './errors'
import { decodeUtf8, detectFormat, parseFile, type ImportFormat, type RawRecord } from './parsers'
import { googlePagingNotes } from './google'
import type { FieldMap } from './mapping'
import { loadLanguageDetector } from './language'
import { normalizeRecord } from './normalize'

export type ImportInput = {
  format?: ImportFormat
  /** The business already in the database, or from --business; the file's own wins. */
  business?: Business | null
  /** --map: another platform's columns (CSV) or paths (JSON) for our fields. */
  map?: FieldMap
  onProgress?: (done: number, total: number) => void
}

/** One file to read; a folder gives several (Google's pages saved one per file), each named in locations. */
export type ImportSource = { name?: string; bytes: Uint8Array }

export type ParsedImport =
  | { ok: true; format: ImportFormat; business: Business; businessFromFile: boolean; reviews: StoredReview[]; notes: string[] }
  | { ok: false; format?: ImportFormat; problems: ImportProblem[]; problemCount: number }

export function validateBusiness(value: unknown, location = 'business'): { business: Business } | { problems: ImportProblem[] } {
  const parsed = parseWith(Business, value)
  return parsed.ok ? { business: parsed.value } : { problems: problemsFrom(location, parsed.issues.slice(0, MAX_NAMES_LISTED)) }
}

export async function parseImport(input: Uint8Array | ImportSource[], options: ImportInput = {}): Promise<ParsedImport> {
  const sources = input instanceof Uint8Array ? [{ bytes: input }] : input
  const problems = new ProblemList()
  const failed = (format?: ImportFormat): ParsedImport => ({ ok: false, format, problems: problems.kept, problemCount: problems.count })
  if (sources.length === 0) {
    problems.push({ location: 'folder', reason: 'holds no .json file to import' })
    return failed()
  }

  const skipped: string[] = []
  const files = sources.map((source) => {
    const at = (location: string) => (source.name ? (location === 'file' ? source.name : `${source.name}, ${location}`) : location)
    const decoded = decodeUtf8(source.bytes)
    if ('problem' in decoded) {
      problems.push({ ...decoded.problem, location: at(decoded.problem.location) })
      return undefined
    }
    // A Takeout location folder holds other JSON files beside its reviews; they are named, not read.
    if (source.name && !holdsReviews(decoded.text)) {
      skipped.push(source.name)
      return undefined
    }
    const format = options.format ?? detectFormat(decoded.text)
    const file = parseFile(decoded.text, format, options.map)
    problems.push(...file.problems.map((p) => ({ ...p, location: at(p.location) })))
    return { ...file, records: file.records.map((r) => ({ ...r, location: at(r.location) })) }
  })
  const parsed = files.filter((f) => f !== undefined)
  if (skipped.length === sources.length)
    problems.push({
      location: 'folder',
      reason: `holds no reviews file: ${listNames(skipped)} ${skipped.length === 1 ? 'has' : 'have'} no reviews list`,
    })
  const formats = [...new Set(parsed.map((f) => f.format))]
  const format = formats.length === 1 ? formats[0] : undefined
  if (sources.length > 1 && formats.length > 1)
    problems.push({ location: 'folder', reason: `mixes formats (${formats.join(', ')}); a folder holds the pages of one export` })

  let business = options.business ?? null
  let businessFromFile = false
  for (const file of parsed) {
    if (file.business === undefined) continue
    const checked = validateBusiness(file.business)
    if ('problems' in checked) problems.push(...checked.problems)
    else {
      business = checked.business
      businessFromFile = true
    }
  }
  if (!business) {
    if (!problems.kept.some((p) => p.location === 'business')) {
      problems.push({
        location: 'file',
        reason: 'has no business and the database has none: import a dataset {business, reviews} or pass --business FILE',
      })
    }
    return failed(format)
  }

  const enrich = createEnricher(business)
  const reviews: StoredReview[] = []
  const firstSeen = new Map<string, { location: string; json: string }>()
  const records = parsed.flatMap((f) => f.records)
  // The detector costs ~0.25 s and ~60 MB to load: only when some text has no language from its source.
  if (records.some(needsDetection)) await loadLanguageDetector()
  records.forEach((record, index) => {
    const result = normalizeRecord(record, business, parsed.length && format === 'gbp' ? 'google' : 'direct')
    if ('problems' in result) problems.push(...result.problems)
    else {
      const review = enrich(result.review)
      // The record as it will be written, against the contract's schema: nothing the rules above missed gets in.
      const issues = check(ImportedReview, review)
      if (issues.length) {
        problems.push(...problemsFrom(record.location, issues))
        return
      }
      const json = JSON.stringify(review)
      const earlier = firstSeen.get(review.id)
      // The same review twice (overlapping pages fetched again) is one review; two different ones under one id are a problem.
      if (earlier && earlier.json !== json)
        problems.push({
          location: record.location,
          field: 'id',
          reason: `"${review.id}" repeats the id of ${earlier.location} with different content`,
        })
      else if (!earlier) {
        firstSeen.set(review.id, { location: record.location, json })
        reviews.push(review)
      }
    }
    if (options.onProgress && index % 10_000 === 0) options.onProgress(index, records.length)
  })
  if (!problems.empty) return failed(format)
  const notes = googlePagingNotes(
    parsed.flatMap((f) => (f.google ? [f.google] : [])),
    reviews.length,
  )
  if (skipped.length) notes.unshift(`skipped ${listNames(skipped)}: no reviews list in ${skipped.length === 1 ? 'it' : 'them'}`)
  return { ok: true, format: format ?? 'json', business, businessFromFile, reviews, notes }
}

/** Whether a file of a folder holds reviews: any JSON but an object without a reviews list (Google's or ours). */
function holdsReviews(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return true
    return 'reviews' in value || 'locationReviews' in value
  } catch {
    return true // concatenated pages or broken JSON: read it, so its problems are named
  }
}

const blank = (value: unknown) => value === undefined || value === null || value === ''
function needsDetection(record: RawRecord): boolean {
  const { language, translation } = record.value
  return (
    blank(language) || (typeof translation === 'object' && translation !== null && blank((translation as { language?: unknown }).language))
  )
}
