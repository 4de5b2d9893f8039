/**
 * Every import format, declared once: its name (`--format` and the summary line), what it is (one line
 * of `--help` and the README), how it is recognised, how it is read, and which source its reviews get.
 * Detection (whole files and streams alike), streaming, `--format` and `--help` are derived from FORMATS.
 *
 * Recognition runs in two steps, each in the order of FORMATS, the more specific format first: the
 * formats read a line or a row at a time are recognised from the file's first line that holds
 * something, so a stream is recognised before it is read; a file that none of them takes is read whole
 * and given to the formats read whole. A file and the same bytes on a stream are read the same way.
 */
import type { FieldMap } from './mapping'
import { googleRecord, isGooglePage, isGoogleReview } from './google'
import {
  isObject,
  jsonMapper,
  mapJson,
  parseCsv,
  parseGbp,
  parseJson,
  parseJsonLines,
  splitJsonDocuments,
  tryParse,
  type LineRecords,
  type ParsedFile,
} from './parsers'
import { isYelpReview, yelpRecords } from './yelp'

/** The first line of a file that holds something, and its value when that line is JSON. */
export type FirstLine = { text: string; json?: { value: unknown } }

type Declared = {
  name: string
  /** For `--help` and the README: what files it reads. */
  describes: string
  /** Whether --map applies to it: with --map, only these formats are recognised. */
  takesMap: boolean
  /** The `source` of its reviews when a record names none. */
  source: string
}

/** JSON lines, read a chunk at a time; `records` makes a reader per import (it may remember earlier lines). */
export type LineFormat = Declared & {
  reading: 'lines'
  recognise: (first: FirstLine) => boolean
  records: (map?: FieldMap) => LineRecords | undefined
}
/** CSV rows with a header, read a chunk at a time. */
export type CsvFormat = Declared & { reading: 'csv'; recognise: (first: FirstLine) => boolean }
/** A JSON document (or documents one after another), read whole. */
export type WholeFormat = Declared & {
  reading: 'whole'
  recognise: (text: string, whole: { value: unknown } | undefined) => boolean
  parse: (text: string, map: FieldMap | undefined, whole: { value: unknown } | undefined) => ParsedFile
}
export type FormatSpec = LineFormat | CsvFormat | WholeFormat

const startsJson = (first: FirstLine) => first.text.startsWith('[') || first.text.startsWith('{')
const objectLine = (first: FirstLine, test: (value: Record<string, unknown>) => boolean) =>
  first.json !== undefined && isObject(first.json.value) && test(first.json.value)

export const FORMATS = [
  {
    name: 'gbp',
    describes:
      'Google Business Profile exports as-is: Takeout files, reviews.list and batchGetReviews pages (one, several, an array, a folder)',
    takesMap: false,
    source: 'google',
    reading: 'whole',
    recognise: (text, whole) => {
      if (whole) {
        const value = whole.value
        // An array of pages, or of Review resources (a saved `reviews` list without its page).
        if (Array.isArray(value)) return value.length > 0 && (value.every(isGooglePage) || value.every(isGoogleReview))
        return isGooglePage(value)
      }
      // Several pages one after another.
      const first = splitJsonDocuments(text)[0]
      return first !== undefined && isGooglePage(tryParse(first.text)?.value)
    },
    parse: (text, _map, whole) => parseGbp(text, whole),
  },
  {
    name: 'gbp-jsonl',
    describes: 'Google Review resources, one per line',
    takesMap: false,
    source: 'google',
    reading: 'lines',
    recognise: (first) => objectLine(first, isGoogleReview),
    records: () => googleRecord,
  },
  {
    name: 'yelp-dataset',
    describes: "the Yelp Open Dataset's review lines (review_id, business_id, stars, text, date), one business's",
    takesMap: false,
    source: 'yelp',
    reading: 'lines',
    recognise: (first) => objectLine(first, isYelpReview),
    records: () => yelpRecords(),
  },
  {
    name: 'json',
    describes: 'our dataset {business, reviews: [...]} or a JSON array of reviews',
    takesMap: true,
    source: 'direct',
    reading: 'whole',
    recognise: () => true, // what no other format takes: read as our dataset, whose problems then say what it lacks
    parse: (text, map, whole) => mapJson(parseJson(text, whole), map),
  },
  {
    name: 'jsonl',
    describes: 'one review per line (our fields)',
    takesMap: true,
    source: 'direct',
    reading: 'lines',
    // One plain object on the first line; {business, reviews} and Google pages on one line are documents.
    recognise: (first) => objectLine(first, (value) => !Array.isArray(value.reviews) && !isGooglePage(value)),
    records: (map) => (map ? (value, location) => jsonMapper(map)({ location, value }) : undefined),
  },
  {
    name: 'csv',
    describes: 'a header row and one review per row (our columns, or any with --map)',
    takesMap: true,
    source: 'direct',
    reading: 'csv',
    recognise: (first) => !startsJson(first),
  },
] as const satisfies readonly FormatSpec[]

export type ImportFormat = (typeof FORMATS)[number]['name']
export const IMPORT_FORMATS: ImportFormat[] = FORMATS.map((format) => format.name)

export function formatNamed(name: ImportFormat): FormatSpec {
  return FORMATS.find((format) => format.name === name)!
}

const candidates = (map?: FieldMap): readonly FormatSpec[] => (map ? FORMATS.filter((format) => format.takesMap) : FORMATS)

/** The first line of `text` that holds something, parsed when it is JSON. */
export function firstLineOf(text: string): FirstLine {
  const start = text.trimStart()
  const end = start.indexOf('\n')
  const line = (end < 0 ? start : start.slice(0, end)).trimEnd()
  return { text: line, json: startsJsonText(line) ? tryParse(line) : undefined }
}
const startsJsonText = (line: string) => line.startsWith('[') || line.startsWith('{')

/** The format read a line or row at a time that takes this first line, if any: a stream is then read as it comes. */
export function lineFormat(first: FirstLine, map?: FieldMap): LineFormat | CsvFormat | undefined {
  for (const format of candidates(map)) if (format.reading !== 'whole' && format.recognise(first)) return format
  return undefined
}

/**
 * The format of a whole file: the line formats on its first line, then the whole formats on the text.
 * `whole` is the text already parsed (tryParse), so that a large document is parsed once.
 */
export function detectFormat(text: string, whole = tryParse(text), map?: FieldMap): ImportFormat {
  const byLine = lineFormat(firstLineOf(text), map)
  if (byLine) return byLine.name as ImportFormat
  for (const format of candidates(map)) if (format.reading === 'whole' && format.recognise(text, whole)) return format.name as ImportFormat
  return 'json'
}

/** A whole text in the given format: documents parsed, lines and rows read as when streamed. */
export function parseFile(text: string, name: ImportFormat, map?: FieldMap, whole?: { value: unknown }): ParsedFile {
  const format = formatNamed(name)
  switch (format.reading) {
    case 'whole':
      return format.parse(text, map, whole)
    case 'lines':
      return parseJsonLines(text, format.name, format.records(map))
    case 'csv':
      return parseCsv(text, map)
  }
}

/** The usage lines of `import` (--help and the import command's own usage): the formats and their options. */
export function formatUsage(indent: string): string[] {
  const width = Math.max(...FORMATS.map((f) => f.name.length))
  return FORMATS.map((format) => `${indent}${format.name.padEnd(width)}  ${format.describes}`)
}
