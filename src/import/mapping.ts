/**
 * `--map rating=Stars,text=Review,...`: which column of another platform's export (or which
 * dotted path of a JSON record, e.g. author=consumer.displayName) fills which review field.
 * Pure functions: the option is parsed here and applied by the CSV and JSON readers.
 */
import { listNames, quote } from './errors'
import { MAPPABLE_FIELDS, type MappableField } from './records'

/** Field -> column (CSV header name) or dotted path (JSON). */
export type FieldMap = Partial<Record<MappableField, string>>

export const MAP_USAGE = `--map FIELD=COLUMN[,FIELD=COLUMN...]: FIELD is one of ${MAPPABLE_FIELDS.join(', ')}; quote a COLUMN that holds a comma ("text=\\"Review, full\\"")`

/** Parses every --map value given (each may hold several pairs). Returns the map or a one-line reason. */
export function parseFieldMap(specs: string[]): { map: FieldMap } | { error: string } {
  const map: FieldMap = {}
  for (const spec of specs) {
    const pairs = splitPairs(spec)
    if ('error' in pairs) return pairs
    for (const pair of pairs.pairs) {
      const eq = pair.indexOf('=')
      if (eq < 0) return { error: `--map: ${quote(pair)} is not FIELD=COLUMN` }
      const field = pair.slice(0, eq).trim().toLowerCase()
      const column = unquote(pair.slice(eq + 1).trim())
      if (!(MAPPABLE_FIELDS as readonly string[]).includes(field))
        return { error: `--map: ${quote(field)} is not a review field; fields are ${MAPPABLE_FIELDS.join(', ')}` }
      if (column === '') return { error: `--map: ${field}= needs a column name` }
      if (map[field as MappableField] !== undefined) return { error: `--map: ${field} is mapped twice` }
      map[field as MappableField] = column
    }
  }
  if (Object.keys(map).length === 0) return { error: '--map needs at least one FIELD=COLUMN' }
  return { map }
}

/** Splits on commas outside double quotes. */
function splitPairs(spec: string): { pairs: string[] } | { error: string } {
  const pairs: string[] = []
  let current = ''
  let quoted = false
  for (const c of spec) {
    if (c === '"') quoted = !quoted
    if (c === ',' && !quoted) {
      if (current.trim() !== '') pairs.push(current)
      current = ''
    } else current += c
  }
  if (quoted) return { error: `--map: ${quote(spec)} has an unclosed quote` }
  if (current.trim() !== '') pairs.push(current)
  return { pairs }
}

const unquote = (text: string) =>
  text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text

/**
 * For a CSV header: the column index of each mapped field, or the reason the header does not fit.
 * An exact name wins; otherwise names match ignoring case and surrounding spaces.
 */
export function resolveColumns(map: FieldMap, header: string[]): { columns: Partial<Record<MappableField, number>> } | { reason: string } {
  const columns: Partial<Record<MappableField, number>> = {}
  const missing: string[] = []
  const folded = header.map((h) => h.trim().toLowerCase())
  for (const [field, column] of Object.entries(map) as [MappableField, string][]) {
    let index = header.indexOf(column)
    if (index < 0) index = folded.indexOf(column.trim().toLowerCase())
    if (index < 0) missing.push(`${field}=${column}`)
    else columns[field] = index
  }
  if (missing.length) return { reason: `has no column for --map ${listNames(missing)}; its columns are ${listNames(header)}` }
  return { columns }
}

/** For a JSON record: the value at each mapped dotted path ("consumer.displayName"); a key that holds a dot is found as well. */
export function pickMapped(record: Record<string, unknown>, map: FieldMap): Partial<Record<MappableField, unknown>> {
  const picked: Partial<Record<MappableField, unknown>> = {}
  for (const [field, path] of Object.entries(map) as [MappableField, string][])
    picked[field] = Object.hasOwn(record, path) ? record[path] : valueAt(record, path.split('.'))
  return picked
}

function valueAt(value: unknown, path: string[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** Problems name the field and where it came from: "rating (column \"Stars\")", "author (consumer.displayName)". */
export function mappedFieldNames(map: FieldMap, source: (name: string) => string): Record<string, string> {
  const nested: Record<string, string> = {
    response_date: 'response.date',
    response_text: 'response.text',
    translation_text: 'translation.text',
    translation_language: 'translation.language',
  }
  return Object.fromEntries(Object.entries(map).map(([field, name]) => [nested[field] ?? field, `${field} (${source(name)})`]))
}
