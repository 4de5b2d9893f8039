/**
 * From a raw record to a StoredReview: every field checked, text sanitised, timestamps turned into
 * the business's local calendar date. A record either comes out whole or yields every problem it has.
 */
import type { Business, StoredReview } from '../reviews/schema'
import { isCalendarDate } from '../core/dates'
import { sanitizeText } from '../core/text'
import type { ImportProblem } from './errors'
import type { RawRecord } from './parsers'

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const SERVICE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_ID = 200
const MAX_NAME = 200
const MAX_TEXT = 20_000

const localDateFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar date at `instant` in `timeZone` (en-CA formats as YYYY-MM-DD). */
export function localDate(instant: Date, timeZone: string): string {
  let format = localDateFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    localDateFormats.set(timeZone, format)
  }
  return format.format(instant)
}

/** YYYY-MM-DD as is (a real calendar date), or an RFC 3339 timestamp converted to the local date. */
export function toLocalDate(value: unknown, timeZone: string): { date: string } | { reason: string } {
  if (typeof value !== 'string' || value.trim() === '') return { reason: 'is required: a date YYYY-MM-DD or an RFC 3339 timestamp' }
  const text = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isCalendarDate(text) ? { date: text } : { reason: `"${text}" is not a real calendar date` }
  const match = RFC3339.exec(text)
  if (!match) return { reason: `"${text}" is neither YYYY-MM-DD nor an RFC 3339 timestamp` }
  const [, day, hh, mm, ss] = match
  if (!isCalendarDate(day!) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 60) return { reason: `"${text}" is not a real point in time` }
  return { date: localDate(new Date(text.replace(' ', 'T')), timeZone) }
}

function requiredString(value: unknown, max: number): { value: string } | { reason: string } {
  if (value === undefined || value === null) return { reason: 'is required' }
  if (typeof value !== 'string' && typeof value !== 'number') return { reason: 'must be a string' }
  const text = sanitizeText(String(value)).trim()
  if (text === '') return { reason: 'must not be empty' }
  if (text.length > max) return { reason: `must be at most ${max} characters` }
  return { value: text }
}

function stringList(value: unknown, field: string, problems: (field: string, reason: string) => void): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    problems(field, 'must be a list of strings')
    return []
  }
  return [...new Set(value.map((v) => sanitizeText(v).trim()).filter((v) => v !== ''))]
}

export function normalizeRecord(
  raw: RawRecord,
  business: Business,
  defaultSource: string,
): { review: StoredReview } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  const fail = (field: string, reason: string) => problems.push({ location: raw.location, field, reason })
  const v = raw.value

  const id = requiredString(v.id, MAX_ID)
  if ('reason' in id) fail('id', id.reason)

  const rating = v.rating
  if (rating === undefined || rating === null || rating === '') fail('rating', 'is required: a whole number from 1 to 5')
  else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    fail('rating', `must be a whole number from 1 to 5; got ${JSON.stringify(rating)}`)
  }

  const date = toLocalDate(v.date, business.timezone)
  if ('reason' in date) fail('date', date.reason)

  const author = requiredString(v.author, MAX_NAME)
  if ('reason' in author) fail('author', author.reason)

  let text = ''
  if (v.text === undefined || v.text === null) fail('text', 'is required (an empty string for a rating-only review)')
  else if (typeof v.text !== 'string') fail('text', 'must be a string')
  else {
    text = sanitizeText(v.text).trim()
    if (text.length > MAX_TEXT) fail('text', `must be at most ${MAX_TEXT} characters`)
  }

  const technicians = stringList(v.technicians, 'technicians', fail)
  const services = stringList(v.services, 'services', fail).map((s) => s.toLowerCase())
  for (const service of services) if (!SERVICE_ID.test(service)) fail('services', `"${service}" is not a service id (kebab-case, e.g. drain-cleaning)`)

  let serviceArea: string | null = null
  if (v.service_area !== undefined && v.service_area !== null) {
    if (typeof v.service_area !== 'string') fail('service_area', 'must be a string or null')
    else serviceArea = sanitizeText(v.service_area).trim() || null
  }

  let source = defaultSource
  if (v.source !== undefined && v.source !== null) {
    const given = requiredString(v.source, 50)
    if ('reason' in given) fail('source', given.reason)
    else source = given.value.toLowerCase()
  }

  let verified = true
  if (v.verified !== undefined && v.verified !== null) {
    if (typeof v.verified !== 'boolean') fail('verified', 'must be true or false')
    else verified = v.verified
  }

  let response: StoredReview['response'] = null
  if (v.response !== undefined && v.response !== null) {
    const r = v.response as Record<string, unknown>
    if (typeof r !== 'object' || Array.isArray(r)) fail('response', 'must be an object {date, text} or null')
    else {
      const responseDate = toLocalDate(r.date, business.timezone)
      const responseText = requiredString(r.text, MAX_TEXT)
      if ('reason' in responseDate) fail('response.date', responseDate.reason)
      if ('reason' in responseText) fail('response.text', responseText.reason)
      if ('date' in responseDate && 'value' in responseText) response = { date: responseDate.date, text: responseText.value }
    }
  }

  if (problems.length || !('value' in id) || !('date' in date) || !('value' in author)) return { problems }
  return {
    review: {
      id: id.value,
      rating: rating as number,
      date: date.date,
      author: author.value,
      text,
      technicians,
      services,
      service_area: serviceArea,
      source,
      verified,
      response,
    },
  }
}
