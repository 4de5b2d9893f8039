/**
 * A raw record: one review as read from a file, before it is checked. Flat records (CSV rows,
 * mapped records) become the nested shape normalizeRecord reads through fromFlatFields.
 */
import type { ImportProblem } from './errors'

export type RawRecord = {
  /** Where the record is: "line 12", "reviews[3]", "page 2, reviews[0] (review \"AbF…\")". */
  location: string
  value: Record<string, unknown>
  /** Problems found while reading the record; its field checks then skip those fields. */
  problems?: ImportProblem[]
  /** Our field name -> the name the file uses ("rating" -> "starRating", or a --map column). */
  fieldNames?: Record<string, string>
}

/** Fields of a flat record: CSV columns, and what --map can fill. */
export const FLAT_FIELDS = [
  'id',
  'rating',
  'date',
  'author',
  'text',
  'technicians',
  'services',
  'service_area',
  'source',
  'verified',
  'response_date',
  'response_text',
  'language',
  'translation_language',
  'translation_text',
] as const
export type FlatField = (typeof FLAT_FIELDS)[number]
/** Only through --map: a review title (Trustpilot, Yelp) goes before the text, a blank line between. */
export const MAPPABLE_FIELDS = [...FLAT_FIELDS, 'title'] as const
export type MappableField = (typeof MAPPABLE_FIELDS)[number]

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
const list = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split('|').map((s) => s.trim())) : blank(v) ? [] : v)

const TRUE = ['true', '1', 'yes', 'y']
const FALSE = ['false', '0', 'no', 'n']

/** Text values as CSV gives them ("5", "4.0", "true", "a|b", "") turned into the record's types; typed values pass as they are. */
export function fromFlatFields(flat: Partial<Record<MappableField, unknown>>): Record<string, unknown> {
  const value: Record<string, unknown> = {}
  for (const field of ['id', 'date', 'author', 'source'] as const) if (!blank(flat[field])) value[field] = flat[field]
  let rating = flat.rating
  if (typeof rating === 'string' && /^\s*\d+(?:\.0+)?\s*$/.test(rating)) rating = Number(rating)
  if (!blank(rating)) value.rating = rating

  const title = typeof flat.title === 'string' ? flat.title.trim() : ''
  const body = flat.text
  value.text = !title ? body : typeof body === 'string' && body.trim() !== '' ? `${title}\n\n${body}` : title

  value.technicians = list(flat.technicians)
  value.services = list(flat.services)
  value.service_area = blank(flat.service_area) ? null : flat.service_area

  const verified = flat.verified
  if (typeof verified === 'string') {
    const v = verified.trim().toLowerCase()
    value.verified = v === '' || TRUE.includes(v) ? true : FALSE.includes(v) ? false : verified
  } else if (verified !== undefined && verified !== null) value.verified = verified

  value.response = blank(flat.response_date) && blank(flat.response_text) ? null : { date: flat.response_date, text: flat.response_text }
  if (!blank(flat.language)) value.language = flat.language
  value.translation = blank(flat.translation_text)
    ? null
    : { language: blank(flat.translation_language) ? undefined : flat.translation_language, text: flat.translation_text }
  return value
}
