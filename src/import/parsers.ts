/**
 * Reading an import file into raw records, each with where it came from (line or index): our JSON
 * dataset or a JSON array, JSONL, CSV with a header row, and Google Business Profile exports.
 * With --map, CSV columns or JSON paths of another platform's export fill the review fields.
 */
import { CsvRecords, parseCsvRows } from './csv'
import { listNames, type ImportProblem } from './errors'
import { GOOGLE_PAGE_KEYS, isGooglePage, isGoogleReview, readGooglePages, type GooglePage, type GooglePaging } from './google'
import { mappedFieldNames, pickMapped, type FieldMap } from './mapping'
import { fromFlatFields, type RawRecord } from './records'

export type { RawRecord } from './records'
export { CSV_COLUMNS, parseCsvRows } from './csv'
export type ParsedFile = {
  format: string
  business?: unknown
  records: RawRecord[]
  problems: ImportProblem[]
  google?: GooglePaging
  /** What the reading left out on purpose, for the summary (an export's unknown top-level keys). */
  notes?: string[]
}

/** One parsed JSON line (an object) as a raw record: as it is, through --map, or a platform's review. */
export type LineRecords = (value: Record<string, unknown>, location: string) => RawRecord

/** UTF-8 only (a BOM is dropped); anything else is refused rather than guessed at. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: ImportProblem } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
  } catch {
    return { problem: invalidUtf8Problem(firstInvalidUtf8(bytes)) }
  }
}

export function invalidUtf8Problem(offset: number): ImportProblem {
  return { location: 'file', reason: `is not valid UTF-8 (first bad byte at offset ${offset}); save it as UTF-8 and try again` }
}

export function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let lo = 0
  let hi = bytes.length
  // Binary search for the shortest prefix that fails to decode (a split character at the end is allowed via stream).
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    try {
      decoder.decode(bytes.subarray(0, mid + 1), { stream: true })
      decoder.decode()
      lo = mid + 1
    } catch {
      hi = mid
    }
  }
  return lo
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Top-level JSON values written one after another ("{...}{...}", "{...}\n{...}"), as several
 * reviews.list pages saved into one file are. Each keeps the line it starts on.
 */
export function splitJsonDocuments(text: string): { line: number; text: string }[] {
  const documents: { line: number; text: string }[] = []
  let depth = 0
  let inString = false
  let start = -1
  let line = 1
  let startLine = 1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) line++
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      if (depth++ === 0) {
        start = i
        startLine = line
      }
    } else if (c === 125 || c === 93) {
      if (--depth === 0) documents.push({ line: startLine, text: text.slice(start, i + 1) })
      if (depth < 0) return [] // not a sequence of documents
    }
  }
  return depth === 0 ? documents : []
}

/** The value of a JSON text, or undefined when it is not JSON. */
export function tryParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

/** With --map, every JSON record is another platform's: its mapped paths become our fields. */
export function mapJson(file: ParsedFile, map?: FieldMap): ParsedFile {
  if (!map) return file
  const mapped = jsonMapper(map)
  return { ...file, business: undefined, records: file.records.map(mapped) }
}

/** A JSON record read through --map: the values at the mapped paths, as our fields. */
export function jsonMapper(map: FieldMap): (record: RawRecord) => RawRecord {
  const fieldNames = mappedFieldNames(map, (path) => path)
  return (record) => ({ ...record, fieldNames, value: fromFlatFields(pickMapped(record.value, map)) })
}

function parseJsonValue(text: string): { value: unknown } | { problem: ImportProblem } {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { problem: { location: 'file', reason: `is not valid JSON (${(error as Error).message})` } }
  }
}

export function parseJson(text: string, whole?: { value: unknown }): ParsedFile {
  const parsed = whole ?? parseJsonValue(text)
  if ('problem' in parsed) return { format: 'json', records: [], problems: [parsed.problem] }
  const value = parsed.value
  const problems: ImportProblem[] = []
  let business: unknown
  let list: unknown
  if (Array.isArray(value)) list = value
  else if (isObject(value) && Array.isArray(value.reviews)) {
    business = value.business
    list = value.reviews
  } else {
    return {
      format: 'json',
      records: [],
      problems: [{ location: 'file', reason: 'must be a JSON array of reviews or an object {business, reviews: [...]}' }],
    }
  }
  const records: RawRecord[] = []
  ;(list as unknown[]).forEach((item, index) => {
    const location = `reviews[${index}]`
    if (isObject(item)) records.push({ location, value: item })
    else problems.push({ location, reason: 'must be a JSON object' })
  })
  return { format: 'json', business, records, problems }
}

/** JSON lines read whole (a folder's file, a test): each line through `toRecord`, as when streamed. */
export function parseJsonLines(text: string, format: string, toRecord?: LineRecords): ParsedFile {
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  for (const [index, line] of text.split('\n').entries()) readJsonLine(line, index + 1, records, problems)
  return { format, records: toRecord ? records.map((r) => toRecord(r.value, r.location)) : records, problems }
}

/** One line of a JSONL file: a record, a problem, or nothing (a blank line). */
export function readJsonLine(text: string, line: number, records: RawRecord[], problems: ImportProblem[]): void {
  if (text.trim() === '') return
  const location = `line ${line}`
  try {
    const value = JSON.parse(text) as unknown
    if (isObject(value)) records.push({ location, value })
    else problems.push({ location, reason: 'must be a JSON object' })
  } catch (error) {
    problems.push({ location, reason: `is not valid JSON (${(error as Error).message})` })
  }
}

export function parseCsv(text: string, map?: FieldMap): ParsedFile {
  const fail = (problems: ImportProblem[]): ParsedFile => ({ format: 'csv', records: [], problems })
  const { rows, problem } = parseCsvRows(text)
  if (problem) return fail([problem])
  const reader = new CsvRecords(map)
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  const header = reader.read(rows, records, problems)
  if (header) return fail(header.header)
  if (!reader.started) return fail([{ location: 'file', reason: 'is empty' }])
  return { format: 'csv', records, problems }
}

/** One page, pages concatenated, or an array of pages; each page is labelled when there are several. */
export function parseGbp(text: string, parsed?: { value: unknown }): ParsedFile {
  const fail = (reason: string, location = 'file'): ParsedFile => ({ format: 'gbp', records: [], problems: [{ location, reason }] })
  const whole = parsed ?? tryParse(text)
  let values: { line?: number; value: unknown }[]
  let business: unknown
  if (whole) {
    const value = whole.value
    if (Array.isArray(value) && value.length > 0 && value.every(isGoogleReview)) values = [{ value: { reviews: value } }]
    else values = Array.isArray(value) ? value.map((page) => ({ value: page })) : [{ value }]
    // Our dataset wrapper around a Google page: {business, reviews: [Google reviews]}; a business that is
    // not an object ("business": "ESSA" in a real export) is one of the keys ignored below.
    if (isObject(value) && isObject(value.business)) business = value.business
  } else {
    const documents = splitJsonDocuments(text)
    if (documents.length < 2) return fail(`is not valid JSON (${jsonError(text)})`)
    values = []
    for (const document of documents) {
      const parsed = tryParse(document.text)
      if (!parsed) return fail(`is not valid JSON (${jsonError(document.text)})`, `page ${values.length + 1} (line ${document.line})`)
      values.push({ line: document.line, value: parsed.value })
    }
  }
  const pages: GooglePage[] = []
  const problems: ImportProblem[] = []
  values.forEach(({ line, value }, i) => {
    const label = values.length > 1 ? `page ${i + 1}${line ? ` (line ${line})` : ''}` : ''
    if (isGooglePage(value)) pages.push({ label, value })
    else
      problems.push({
        location: label || 'file',
        reason: 'is not a Google reviews page: an object {reviews: [...], nextPageToken, averageRating, totalReviewCount}',
      })
  })
  const read = readGooglePages(pages)
  const ignored = new Set<string>()
  for (const { value } of pages)
    for (const key of Object.keys(value))
      if (!GOOGLE_PAGE_KEYS.includes(key) && !(key === 'business' && business !== undefined)) ignored.add(key)
  const notes = ignored.size
    ? [
        `ignored the export's top-level ${ignored.size === 1 ? 'key' : 'keys'} ${listNames([...ignored])}: not part of a Google reviews page`,
      ]
    : []
  return { format: 'gbp', business, records: read.records, problems: [...problems, ...read.problems], google: read.paging, notes }
}

function jsonError(text: string): string {
  try {
    JSON.parse(text)
    return 'unexpected'
  } catch (error) {
    return (error as Error).message
  }
}
