/**
 * From a raw record to a StoredReview: every field checked, text sanitised, timestamps turned into
 * the business's local calendar date. A record either comes out whole or yields every problem it has.
 */
import type { Business, StoredReview } from '../reviews/schema'
import { isCalendarDate, isKnownTimeZone, reviewDateProblem, timestampProblem } from '../core/dates'
import { sanitizeText } from '../core/text'
import { quote, type ImportProblem } from './errors'
import { canonicalLanguageTag, detectLanguage } from './language'
import { repairMojibake } from './mojibake'
import type { RawRecord } from './records'

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
// "2024-03-05 14:22" or "2024-03-05T14:22:10" with no offset: a local time where the business is.
const LOCAL_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/
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

/** YYYY-MM-DD as is, or an RFC 3339 timestamp converted to the local date; either within the dates a review can have (core/dates). */
export function toLocalDate(value: unknown, timeZone: string): { date: string } | { reason: string } {
  if (!isKnownTimeZone(timeZone))
    return { reason: `cannot be placed in the business time zone "${timeZone}", which this runtime does not know` }
  const local = parseLocalDate(value, timeZone)
  if ('reason' in local) return local
  const problem = reviewDateProblem(local.date, timeZone)
  return problem ? { reason: problem } : local
}

function parseLocalDate(value: unknown, timeZone: string): { date: string } | { reason: string } {
  if (typeof value !== 'string' || value.trim() === '') return { reason: 'is required: a date YYYY-MM-DD or an RFC 3339 timestamp' }
  const text = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text))
    return isCalendarDate(text) ? { date: text } : { reason: `${quote(text)} is not a real calendar date` }
  const local = LOCAL_TIMESTAMP.exec(text)
  if (local) {
    const [, day, hh, mm, ss] = local
    if (!isCalendarDate(day!) || Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)
      return { reason: `${quote(text)} is not a real point in time` }
    return { date: day! }
  }
  const match = RFC3339.exec(text)
  if (!match) return { reason: `${quote(text)} is not YYYY-MM-DD, a local "YYYY-MM-DD HH:MM" or an RFC 3339 timestamp` }
  const problem = timestampProblem(text)
  if (problem) return { reason: problem }
  return { date: localDate(new Date(text.replace(' ', 'T')), timeZone) }
}

function requiredString(value: unknown, max: number, tally?: TextTally): { value: string } | { reason: string } {
  if (value === undefined || value === null) return { reason: 'is required' }
  if (typeof value !== 'string' && typeof value !== 'number') return { reason: 'must be a string' }
  const text = cleanText(String(value), tally)
  if (text === '') return { reason: 'must not be empty' }
  if (text.length > max) return { reason: `must be at most ${max} characters` }
  return { value: text }
}

function stringList(value: unknown, field: string, problems: (field: string, reason: string) => void, tally?: TextTally): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    problems(field, 'must be a list of strings')
    return []
  }
  return [...new Set(value.map((v) => sanitized(v, tally).trim()).filter((v) => v !== ''))]
}

/** What sanitising changed that the user should hear of: lone surrogates (half a character, from a JSON "\ud83d" escape) became U+FFFD. */
export type TextTally = { loneSurrogates: number }

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function sanitized(value: string, tally?: TextTally): string {
  if (tally && !value.isWellFormed()) tally.loneSurrogates += value.match(LONE_SURROGATE)?.length ?? 0
  return sanitizeText(value)
}

/** Mis-decoded UTF-8 repaired, then sanitised (NFC, no controls but tab and newline), trimmed. */
export function cleanText(value: string, tally?: TextTally): string {
  return sanitized(repairMojibake(value), tally).trim()
}

/** Records a problem with one field of the record. */
type Fail = (field: string, reason: string) => void

/** Given and not null (the optional fields' test). */
const isGiven = (value: unknown) => value !== undefined && value !== null

/** `tally`, when given, counts what sanitising replaced (see TextTally). */
export function normalizeRecord(
  raw: RawRecord,
  business: Business,
  defaultSource: string,
  tally?: TextTally,
): { review: StoredReview } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [...(raw.problems ?? [])]
  const named = (field: string) => raw.fieldNames?.[field] ?? field
  const alreadyFailed = new Set(problems.map((p) => p.field))
  const fail: Fail = (field, reason) => {
    if (!alreadyFailed.has(named(field))) problems.push({ location: raw.location, field: named(field), reason })
  }
  const v = raw.value

  // One field after the other: the problems come out in this order.
  const id = readId(v.id, fail)
  const rating = readRating(v.rating, fail)
  const date = toLocalDate(v.date, business.timezone)
  if ('reason' in date) fail('date', date.reason)
  const author = requiredString(v.author, MAX_NAME, tally)
  if ('reason' in author) fail('author', author.reason)
  const text = readText(v.text, fail, tally)
  const technicians = stringList(v.technicians, 'technicians', fail, tally)
  const services = readServices(v.services, fail)
  const serviceArea = readServiceArea(v.service_area, fail, tally)
  const source = readSource(v.source, defaultSource, fail)
  const verified = readVerified(v.verified, fail)
  const response = readResponse(v.response, business.timezone, fail, tally)
  const language = readLanguage(v.language, text, fail)
  const translation = readTranslation(v.translation, fail, tally)

  if (problems.length || !('value' in id) || !('date' in date) || !('value' in author)) return { problems }
  return {
    review: {
      id: id.value,
      rating: rating as number,
      date: date.date,
      author: author.value,
      text: text ?? '',
      technicians,
      services,
      service_area: serviceArea,
      source,
      verified,
      response,
      language,
      translation,
    },
  }
}

function readId(value: unknown, fail: Fail): { value: string } | { reason: string } {
  const id = requiredString(value, MAX_ID)
  if ('reason' in id) fail('id', id.reason)
  else if (id.value === '.' || id.value === '..') fail('id', `${quote(id.value)} cannot be a path segment of the review's permalink`)
  return id
}

function readRating(rating: unknown, fail: Fail): unknown {
  if (rating === undefined || rating === null || rating === '') fail('rating', 'is required: a whole number from 1 to 5')
  else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    fail('rating', `must be a whole number from 1 to 5; got ${quote(rating)}`)
  }
  return rating
}

/** The cleaned text, or undefined when it is refused (missing, not a string, too long). */
function readText(value: unknown, fail: Fail, tally?: TextTally): string | undefined {
  if (value === undefined || value === null) fail('text', 'is required (an empty string for a rating-only review)')
  else if (typeof value !== 'string') fail('text', 'must be a string')
  else {
    const text = cleanText(value, tally)
    if (text.length <= MAX_TEXT) return text
    fail('text', `must be at most ${MAX_TEXT} characters`)
  }
  return undefined
}

function readServices(value: unknown, fail: Fail): string[] {
  const services = stringList(value, 'services', fail).map((s) => s.toLowerCase())
  for (const service of services)
    if (!SERVICE_ID.test(service)) fail('services', `${quote(service)} is not a service id (kebab-case, e.g. drain-cleaning)`)
  return services
}

function readServiceArea(value: unknown, fail: Fail, tally?: TextTally): string | null {
  if (!isGiven(value)) return null
  if (typeof value === 'string') return sanitized(value, tally).trim() || null
  fail('service_area', 'must be a string or null')
  return null
}

function readSource(value: unknown, defaultSource: string, fail: Fail): string {
  if (!isGiven(value)) return defaultSource
  const given = requiredString(value, 50)
  if ('value' in given) return given.value.toLowerCase()
  fail('source', given.reason)
  return defaultSource
}

function readVerified(value: unknown, fail: Fail): boolean {
  if (!isGiven(value)) return true
  if (typeof value === 'boolean') return value
  fail('verified', 'must be true or false')
  return true
}

function readResponse(value: unknown, timeZone: string, fail: Fail, tally?: TextTally): StoredReview['response'] {
  if (!isGiven(value)) return null
  const r = value as Record<string, unknown>
  if (typeof r !== 'object' || Array.isArray(r)) {
    fail('response', 'must be an object {date, text} or null')
    return null
  }
  const responseDate = toLocalDate(r.date, timeZone)
  const responseText = requiredString(r.text, MAX_TEXT, tally)
  if ('reason' in responseDate) fail('response.date', responseDate.reason)
  if ('reason' in responseText) fail('response.text', responseText.reason)
  if ('date' in responseDate && 'value' in responseText) return { date: responseDate.date, text: responseText.value }
  return null
}

/** The given language tag, else the language detected in an accepted text (a refused text is never read). */
function readLanguage(value: unknown, text: string | undefined, fail: Fail): string | null {
  if (value !== undefined && value !== null && value !== '') {
    const tag = canonicalLanguageTag(value)
    if ('tag' in tag) return tag.tag
    fail('language', tag.reason)
    return null
  }
  return text === undefined ? null : detectLanguage(text)
}

function readTranslation(value: unknown, fail: Fail, tally?: TextTally): StoredReview['translation'] {
  if (!isGiven(value)) return null
  const t = value as Record<string, unknown>
  if (typeof t !== 'object' || Array.isArray(t)) {
    fail('translation', 'must be an object {language, text} or null')
    return null
  }
  const translated = requiredString(t.text, MAX_TEXT, tally)
  if ('reason' in translated) {
    fail('translation.text', translated.reason)
    return null
  }
  let translationLanguage: string | null = null
  if (t.language !== undefined && t.language !== null && t.language !== '') {
    const tag = canonicalLanguageTag(t.language)
    if ('reason' in tag) fail('translation.language', tag.reason)
    else translationLanguage = tag.tag
  } else translationLanguage = detectLanguage(translated.value)
  return { language: translationLanguage, text: translated.value }
}
