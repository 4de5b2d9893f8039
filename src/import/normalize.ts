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
  const fail = (field: string, reason: string) => {
    if (!alreadyFailed.has(named(field))) problems.push({ location: raw.location, field: named(field), reason })
  }
  const v = raw.value

  const id = requiredString(v.id, MAX_ID)
  if ('reason' in id) fail('id', id.reason)
  else if (id.value === '.' || id.value === '..') fail('id', `${quote(id.value)} cannot be a path segment of the review's permalink`)

  const rating = v.rating
  if (rating === undefined || rating === null || rating === '') fail('rating', 'is required: a whole number from 1 to 5')
  else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    fail('rating', `must be a whole number from 1 to 5; got ${quote(rating)}`)
  }

  const date = toLocalDate(v.date, business.timezone)
  if ('reason' in date) fail('date', date.reason)

  const author = requiredString(v.author, MAX_NAME, tally)
  if ('reason' in author) fail('author', author.reason)

  let text = ''
  let textOk = false
  if (v.text === undefined || v.text === null) fail('text', 'is required (an empty string for a rating-only review)')
  else if (typeof v.text !== 'string') fail('text', 'must be a string')
  else {
    text = cleanText(v.text, tally)
    if (text.length > MAX_TEXT) fail('text', `must be at most ${MAX_TEXT} characters`)
    else textOk = true
  }

  const technicians = stringList(v.technicians, 'technicians', fail, tally)
  const services = stringList(v.services, 'services', fail).map((s) => s.toLowerCase())
  for (const service of services)
    if (!SERVICE_ID.test(service)) fail('services', `${quote(service)} is not a service id (kebab-case, e.g. drain-cleaning)`)

  let serviceArea: string | null = null
  if (v.service_area !== undefined && v.service_area !== null) {
    if (typeof v.service_area !== 'string') fail('service_area', 'must be a string or null')
    else serviceArea = sanitized(v.service_area, tally).trim() || null
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
      const responseText = requiredString(r.text, MAX_TEXT, tally)
      if ('reason' in responseDate) fail('response.date', responseDate.reason)
      if ('reason' in responseText) fail('response.text', responseText.reason)
      if ('date' in responseDate && 'value' in responseText) response = { date: responseDate.date, text: responseText.value }
    }
  }

  let language: string | null = null
  if (v.language !== undefined && v.language !== null && v.language !== '') {
    const tag = canonicalLanguageTag(v.language)
    if ('reason' in tag) fail('language', tag.reason)
    else language = tag.tag
  } else if (textOk) language = detectLanguage(text) // after the length check: a refused text is never read

  let translation: StoredReview['translation'] = null
  if (v.translation !== undefined && v.translation !== null) {
    const t = v.translation as Record<string, unknown>
    if (typeof t !== 'object' || Array.isArray(t)) fail('translation', 'must be an object {language, text} or null')
    else {
      const translated = requiredString(t.text, MAX_TEXT, tally)
      if ('reason' in translated) fail('translation.text', translated.reason)
      else {
        let translationLanguage: string | null = null
        if (t.language !== undefined && t.language !== null && t.language !== '') {
          const tag = canonicalLanguageTag(t.language)
          if ('reason' in tag) fail('translation.language', tag.reason)
          else translationLanguage = tag.tag
        } else translationLanguage = detectLanguage(translated.value)
        translation = { language: translationLanguage, text: translated.value }
      }
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
      language,
      translation,
    },
  }
}
