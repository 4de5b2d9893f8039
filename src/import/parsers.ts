/**
 * Reading an import file into raw records, each with where it came from (line or index): our JSON
 * dataset or a JSON array, JSONL, CSV with a header row, and Google Business Profile exports.
 * With --map, CSV columns or JSON paths of another platform's export fill the review fields.
 */
import { listNames, quote, type ImportProblem } from './errors'
import { isGooglePage, isGoogleReview, readGooglePages, type GooglePage, type GooglePaging } from './google'
import { pickMapped, resolveColumns, type FieldMap } from './mapping'
import { FLAT_FIELDS, fromFlatFields, type MappableField, type RawRecord } from './records'

export type { RawRecord } from './records'
export type ImportFormat = 'json' | 'jsonl' | 'csv' | 'gbp'
export const IMPORT_FORMATS: ImportFormat[] = ['json', 'jsonl', 'csv', 'gbp']

export type ParsedFile = {
  format: ImportFormat
  business?: unknown
  records: RawRecord[]
  problems: ImportProblem[]
  google?: GooglePaging
}

/** UTF-8 only (a BOM is dropped); anything else is refused rather than guessed at. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: ImportProblem } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
  } catch {
    const offset = firstInvalidUtf8(bytes)
    return {
      problem: { location: 'file', reason: `is not valid UTF-8 (first bad byte at offset ${offset}); save it as UTF-8 and try again` },
    }
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

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

function tryParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

export function detectFormat(text: string): ImportFormat {
  const start = text.trimStart()
  if (!start.startsWith('[') && !start.startsWith('{')) return 'csv'
  const whole = tryParse(text)
  if (whole) {
    const value = whole.value
    // An array of pages, or of Review resources (a saved `reviews` list without its page).
    if (Array.isArray(value)) return value.length > 0 && (value.every(isGooglePage) || value.every(isGoogleReview)) ? 'gbp' : 'json'
    if (isGooglePage(value)) return 'gbp'
    return isObject(value) && Array.isArray(value.reviews) ? 'json' : 'jsonl' // one object: a one-line JSONL file
  }
  // Several documents one after another: Google pages concatenated, or JSONL.
  const firstLine = start.slice(0, start.indexOf('\n') >>> 0)
  const first = tryParse(firstLine)
  if (first && isObject(first.value) && !isGooglePage(first.value)) return 'jsonl'
  const documents = splitJsonDocuments(text)
  const firstDocument = documents[0] && tryParse(documents[0].text)
  if (firstDocument && isGooglePage(firstDocument.value)) return 'gbp'
  return first ? 'jsonl' : 'json'
}

export function parseFile(text: string, format: ImportFormat, map?: FieldMap): ParsedFile {
  switch (format) {
    case 'json':
      return mapJson(parseJson(text), map)
    case 'jsonl':
      return mapJson(parseJsonl(text), map)
    case 'csv':
      return parseCsv(text, map)
    case 'gbp':
      return parseGbp(text)
  }
}

/** Problems name the field and where it came from: "rating (column \"Stars\")", "author (consumer.displayName)". */
function mappedFieldNames(map: FieldMap, source: (name: string) => string): Record<string, string> {
  const nested: Record<string, string> = {
    response_date: 'response.date',
    response_text: 'response.text',
    translation_text: 'translation.text',
    translation_language: 'translation.language',
  }
  return Object.fromEntries(Object.entries(map).map(([field, name]) => [nested[field] ?? field, `${field} (${source(name)})`]))
}

/** With --map, every JSON record is another platform's: its mapped paths become our fields. */
function mapJson(file: ParsedFile, map?: FieldMap): ParsedFile {
  if (!map) return file
  const fieldNames = mappedFieldNames(map, (path) => path)
  return {
    ...file,
    business: undefined,
    records: file.records.map((record) => ({ ...record, fieldNames, value: fromFlatFields(pickMapped(record.value, map)) })),
  }
}

function parseJsonValue(text: string): { value: unknown } | { problem: ImportProblem } {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { problem: { location: 'file', reason: `is not valid JSON (${(error as Error).message})` } }
  }
}

function parseJson(text: string): ParsedFile {
  const parsed = parseJsonValue(text)
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

function parseJsonl(text: string): ParsedFile {
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return
    const location = `line ${index + 1}`
    try {
      const value = JSON.parse(line) as unknown
      if (isObject(value)) records.push({ location, value })
      else problems.push({ location, reason: 'must be a JSON object' })
    } catch (error) {
      problems.push({ location, reason: `is not valid JSON (${(error as Error).message})` })
    }
  })
  return { format: 'jsonl', records, problems }
}

export const CSV_COLUMNS: readonly string[] = FLAT_FIELDS
const CSV_REQUIRED = ['id', 'rating', 'date', 'author', 'text']

/** RFC 4180: quoted fields may hold commas, newlines and doubled quotes. Each row keeps its first line number. */
export function parseCsvRows(text: string): { rows: { line: number; fields: string[] }[]; problem?: ImportProblem } {
  const rows: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let rowLine = 1
  let i = 0
  let quoted = false
  let fieldStart = true
  const endRow = () => {
    fields.push(field)
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields })
    fields = []
    field = ''
    fieldStart = true
  }
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        const next = text[i]
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          return {
            rows,
            problem: {
              location: `line ${line}`,
              reason: 'has a character after a closing quote (quote the whole field and double inner quotes)',
            },
          }
        }
        continue
      }
      if (c === '\n') line++
      field += c
      i++
      continue
    }
    if (c === '"') {
      if (!fieldStart) {
        return {
          rows,
          problem: {
            location: `line ${line}`,
            reason: 'has a quote inside an unquoted field (quote the whole field and double inner quotes)',
          },
        }
      }
      quoted = true
      fieldStart = false
      i++
      continue
    }
    if (c === ',') {
      fields.push(field)
      field = ''
      fieldStart = true
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      endRow()
      if (c === '\r' && text[i + 1] === '\n') i++
      i++
      line++
      rowLine = line
      continue
    }
    field += c
    fieldStart = false
    i++
  }
  if (quoted) return { rows, problem: { location: `line ${rowLine}`, reason: 'has a quoted field that is never closed' } }
  if (field !== '' || fields.length) endRow()
  return { rows }
}

/** Which field each column fills: our own header, or the --map. A problem names the first 20 offending columns and counts the rest. */
function csvColumns(header: string[], map?: FieldMap): { columns: Partial<Record<MappableField, number>> } | { problems: ImportProblem[] } {
  if (map) {
    const resolved = resolveColumns(map, header)
    return 'reason' in resolved ? { problems: [{ location: 'line 1', reason: resolved.reason }] } : resolved
  }
  const names = header.map((f) => f.trim().toLowerCase())
  const problems: ImportProblem[] = []
  const unknown = header.filter((_, i) => !CSV_COLUMNS.includes(names[i]!))
  const missing = CSV_REQUIRED.filter((c) => !names.includes(c))
  const repeated = names.filter((name, i) => CSV_COLUMNS.includes(name) && names.indexOf(name) !== i)
  if (unknown.length) {
    problems.push({
      location: 'line 1',
      reason: `has ${unknown.length.toLocaleString('en-US')} unknown column${unknown.length === 1 ? '' : 's'} (${listNames(unknown)}); columns are ${CSV_COLUMNS.join(', ')}, or pass --map FIELD=COLUMN,... to read another platform's export`,
    })
  }
  if (missing.length) problems.push({ location: 'line 1', reason: `lacks required column(s) ${missing.join(', ')}` })
  if (repeated.length) problems.push({ location: 'line 1', reason: `repeats column(s) ${listNames([...new Set(repeated)])}` })
  if (problems.length) return { problems }
  const columns: Partial<Record<MappableField, number>> = {}
  for (const [i, name] of names.entries()) columns[name as MappableField] = i
  return { columns }
}

function parseCsv(text: string, map?: FieldMap): ParsedFile {
  const fail = (problems: ImportProblem[]): ParsedFile => ({ format: 'csv', records: [], problems })
  const { rows, problem } = parseCsvRows(text)
  if (problem) return fail([problem])
  const [header, ...body] = rows
  if (!header) return fail([{ location: 'file', reason: 'is empty' }])
  const resolved = csvColumns(header.fields, map)
  if ('problems' in resolved) return fail(resolved.problems)
  const entries = Object.entries(resolved.columns) as [MappableField, number][]
  const fieldNames = map ? mappedFieldNames(map, (column) => `column ${quote(column, 40)}`) : undefined
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  for (const row of body) {
    const location = `line ${row.line}`
    if (row.fields.length !== header.fields.length) {
      problems.push({
        location,
        reason: `has ${row.fields.length.toLocaleString('en-US')} fields; the header has ${header.fields.length.toLocaleString('en-US')}`,
      })
      continue
    }
    const flat: Partial<Record<MappableField, unknown>> = {}
    for (const [field, index] of entries) flat[field] = row.fields[index]
    records.push({ location, value: fromFlatFields(flat), fieldNames })
  }
  return { format: 'csv', records, problems }
}

/** One page, pages concatenated, or an array of pages; each page is labelled when there are several. */
function parseGbp(text: string): ParsedFile {
  const fail = (reason: string, location = 'file'): ParsedFile => ({ format: 'gbp', records: [], problems: [{ location, reason }] })
  const whole = tryParse(text)
  let values: { line?: number; value: unknown }[]
  let business: unknown
  if (whole) {
    const value = whole.value
    if (Array.isArray(value) && value.length > 0 && value.every(isGoogleReview)) values = [{ value: { reviews: value } }]
    else values = Array.isArray(value) ? value.map((page) => ({ value: page })) : [{ value }]
    // Our dataset wrapper around a Google page: {business, reviews: [Google reviews]}.
    if (isObject(value)) business = value.business
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
  return { format: 'gbp', business, records: read.records, problems: [...problems, ...read.problems], google: read.paging }
}

function jsonError(text: string): string {
  try {
    JSON.parse(text)
    return 'unexpected'
  } catch (error) {
    return (error as Error).message
  }
}
