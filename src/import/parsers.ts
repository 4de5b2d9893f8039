/**
 * Reading an import file into raw records, each with where it came from (line or index): our JSON
 * dataset or a JSON array, JSONL, CSV with a header row, and a Google Business Profile export.
 */
import type { ImportProblem } from './errors'

export type ImportFormat = 'json' | 'jsonl' | 'csv' | 'gbp'
export const IMPORT_FORMATS: ImportFormat[] = ['json', 'jsonl', 'csv', 'gbp']

export type RawRecord = { location: string; value: Record<string, unknown> }
export type ParsedFile = { format: ImportFormat; business?: unknown; records: RawRecord[]; problems: ImportProblem[] }

/** UTF-8 only (a BOM is dropped); anything else is refused rather than guessed at. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: ImportProblem } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
  } catch {
    const offset = firstInvalidUtf8(bytes)
    return { problem: { location: 'file', reason: `is not valid UTF-8 (first bad byte at offset ${offset}); save it as UTF-8 and try again` } }
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

export function detectFormat(text: string): ImportFormat {
  const start = text.trimStart()
  if (start.startsWith('[')) return 'json'
  if (start.startsWith('{')) {
    try {
      const value = JSON.parse(text) as { reviews?: unknown }
      if (!Array.isArray(value.reviews)) return 'jsonl' // One object: a one-line JSONL file.
      if (value.reviews.some((r) => isObject(r) && ('reviewId' in r || 'starRating' in r))) return 'gbp'
      return 'json'
    } catch {
      // Several objects, one per line, or a broken JSON document: the first line tells.
      const firstLine = start.slice(0, start.indexOf('\n') >>> 0)
      try {
        return isObject(JSON.parse(firstLine)) ? 'jsonl' : 'json'
      } catch {
        return 'json'
      }
    }
  }
  return 'csv'
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseFile(text: string, format: ImportFormat): ParsedFile {
  switch (format) {
    case 'json':
      return parseJson(text)
    case 'jsonl':
      return parseJsonl(text)
    case 'csv':
      return parseCsv(text)
    case 'gbp':
      return parseGbp(text)
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
    return { format: 'json', records: [], problems: [{ location: 'file', reason: 'must be a JSON array of reviews or an object {business, reviews: [...]}' }] }
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

export const CSV_COLUMNS = [
  'id', 'rating', 'date', 'author', 'text', 'technicians', 'services', 'service_area', 'source', 'verified', 'response_date', 'response_text',
]
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
          return { rows, problem: { location: `line ${line}`, reason: 'has a character after a closing quote (quote the whole field and double inner quotes)' } }
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
        return { rows, problem: { location: `line ${line}`, reason: 'has a quote inside an unquoted field (quote the whole field and double inner quotes)' } }
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

function parseCsv(text: string): ParsedFile {
  const { rows, problem } = parseCsvRows(text)
  if (problem) return { format: 'csv', records: [], problems: [problem] }
  const [header, ...body] = rows
  if (!header) return { format: 'csv', records: [], problems: [{ location: 'file', reason: 'is empty' }] }
  const columns = header.fields.map((f) => f.trim().toLowerCase())
  const problems: ImportProblem[] = []
  const unknown = columns.filter((c) => !CSV_COLUMNS.includes(c))
  const missing = CSV_REQUIRED.filter((c) => !columns.includes(c))
  if (unknown.length) problems.push({ location: 'line 1', reason: `has unknown column(s) ${unknown.join(', ')}; columns are ${CSV_COLUMNS.join(', ')}` })
  if (missing.length) problems.push({ location: 'line 1', reason: `lacks required column(s) ${missing.join(', ')}` })
  if (problems.length) return { format: 'csv', records: [], problems }
  const records: RawRecord[] = []
  for (const row of body) {
    const location = `line ${row.line}`
    if (row.fields.length !== columns.length) {
      problems.push({ location, reason: `has ${row.fields.length} fields; the header has ${columns.length}` })
      continue
    }
    const value: Record<string, unknown> = {}
    for (const [i, column] of columns.entries()) value[column] = row.fields[i]
    const list = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.split('|').map((s) => s.trim()) : [])
    value.technicians = list(value.technicians)
    value.services = list(value.services)
    if (value.service_area === '') value.service_area = null
    if (value.source === '') delete value.source
    if (typeof value.verified === 'string') {
      const v = value.verified.trim().toLowerCase()
      value.verified = v === '' ? true : v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : value.verified
    }
    if (typeof value.rating === 'string' && /^\s*\d+\s*$/.test(value.rating)) value.rating = Number(value.rating)
    const responseDate = value.response_date
    const responseText = value.response_text
    delete value.response_date
    delete value.response_text
    value.response = responseDate || responseText ? { date: responseDate, text: responseText } : null
    records.push({ location, value })
  }
  return { format: 'csv', records, problems }
}

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 }

/** Google keeps both texts of a translated review; we keep what the customer wrote. */
export function originalGoogleText(comment: string): string {
  const original = comment.match(/\(Original\)\s*\n([\s\S]*)$/)
  if (original) return original[1]!.trim()
  const translatedAt = comment.search(/\n*\(Translated by Google\)/)
  return (translatedAt >= 0 ? comment.slice(0, translatedAt) : comment).trim()
}

function parseGbp(text: string): ParsedFile {
  const parsed = parseJsonValue(text)
  if ('problem' in parsed) return { format: 'gbp', records: [], problems: [parsed.problem] }
  const value = parsed.value
  if (!isObject(value) || !Array.isArray(value.reviews)) {
    return { format: 'gbp', records: [], problems: [{ location: 'file', reason: 'must be a Google Business Profile export: an object with a reviews array' }] }
  }
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  value.reviews.forEach((item: unknown, index: number) => {
    const location = `reviews[${index}]`
    if (!isObject(item)) {
      problems.push({ location, reason: 'must be a JSON object' })
      return
    }
    const reviewer = isObject(item.reviewer) ? item.reviewer : {}
    const reply = isObject(item.reviewReply) ? item.reviewReply : undefined
    const star = item.starRating
    records.push({
      location,
      value: {
        id: item.reviewId,
        rating: typeof star === 'string' && star in STARS ? STARS[star] : star,
        // A rating-only Google review has no comment: its text is empty, not missing.
        text: item.comment === undefined ? '' : typeof item.comment === 'string' ? originalGoogleText(item.comment) : item.comment,
        date: item.createTime,
        author: reviewer.isAnonymous === true && !reviewer.displayName ? 'A Google user' : reviewer.displayName,
        technicians: [],
        services: [],
        service_area: null,
        source: 'google',
        verified: true,
        response: reply ? { date: reply.updateTime, text: typeof reply.comment === 'string' ? originalGoogleText(reply.comment) : reply.comment } : null,
      },
    })
  })
  return { format: 'gbp', records, problems }
}
