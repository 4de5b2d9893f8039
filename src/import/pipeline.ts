/**
 * readImport: an import's bytes in, each review handed to the caller as soon as it is normalised,
 * enriched and checked, and at the end either the outcome or every problem found. Nothing here touches
 * the database: the caller writes what it is handed inside one transaction and commits only an ok
 * outcome, so an import stays all-or-nothing while memory stays bounded.
 *
 * JSONL and CSV, the formats that reach millions of rows, are read a chunk at a time. A JSON document
 * (our {business, reviews}, an array, Google pages) is read whole: its business may come after its
 * reviews, and Google exports come in pages of at most a few thousand reviews.
 */
import { parseWith } from '../core/issues'
import { Business } from '../reviews/schema'
import { csvRowBatches, CsvRecords } from './csv'
import { listNames, MAX_NAMES_LISTED, ImportProblems, problemsFrom, quote, type ImportProblem } from './errors'
import { googlePagingNotes } from './google'
import type { FieldMap } from './mapping'
import {
  detectFormat,
  firstLineOf,
  formatNamed,
  lineFormat,
  parseFile,
  type CsvFormat,
  type ImportFormat,
  type LineFormat,
} from './formats'
import { decodeUtf8, invalidUtf8Problem, readJsonLine, tryParse, type ParsedFile, type RawRecord } from './parsers'
import { ReviewChecker, type ReviewSink } from './review-check'
import { InvalidUtf8, numberedLines, utf8Chunks, type ByteChunks } from './text-stream'
import { checkVocabulary } from '../insights/vocabulary'

export type ImportOptions = {
  format?: ImportFormat
  /** The business already in the database, or from --business; the file's own wins over the database's. */
  business?: Business | null
  /** `business` came from --business: it wins over anything in the file. */
  businessWins?: boolean
  /** --map: another platform's columns (CSV) or paths (JSON) for our fields. */
  map?: FieldMap
  /** Records checked so far, every 10,000. */
  onProgress?: (records: number) => void
  /** Each distinct valid review, in file order, until the first problem is found. */
  onReview?: ReviewSink
}

/** One file read whole; a folder gives several (Google's pages saved one per file), each named in locations. */
export type ImportSource =
  | { name?: string; bytes: Uint8Array }
  /** A folder's entry not read: not a regular file (a link, a pipe); named in a note. */
  | { name: string; skipped: string }
  /** A folder's file that cannot be read as it is (too large); named as a problem. */
  | { name: string; refused: string }
/** One file, or stdin, read a chunk at a time. */
export type ImportStream = { chunks: ByteChunks }

export type ImportOutcome =
  | { ok: true; format: ImportFormat; business: Business; businessFromFile: boolean; reviews: number; notes: string[] }
  | { ok: false; format?: ImportFormat; problems: ImportProblem[]; problemCount: number }

export function validateBusiness(value: unknown, location = 'business'): { business: Business } | { problems: ImportProblem[] } {
  const parsed = parseWith(Business, value)
  // The business's own vocabulary (aspects, default_aspects, topics) is checked as business.json's is.
  const vocabulary = typeof value === 'object' && value !== null && !Array.isArray(value) ? checkVocabulary(value) : []
  if (parsed.ok && !vocabulary.length) return { business: parsed.value }
  return { problems: problemsFrom(location, [...(parsed.ok ? [] : parsed.issues), ...vocabulary].slice(0, MAX_NAMES_LISTED)) }
}

/**
 * A JSON document is read whole, and takes 15 to 20 times its size in memory: a folder's files (held at
 * once) and a document on a stream stop here, with the advice to convert to JSONL, which streams.
 */
export const MAX_DOCUMENT_BYTES = 256 << 20

export const documentTooLarge = (bytes: number) =>
  `is read whole as JSON and that would pass ${MAX_DOCUMENT_BYTES >> 20} MiB (${(bytes / 2 ** 20).toFixed(0)} MiB so far); ` +
  "convert it to JSONL, which is read a chunk at a time: jq -c '.reviews[]' FILE > reviews.jsonl"

const PROGRESS_EVERY = 10_000
const NO_BUSINESS: ImportProblem = {
  location: 'file',
  reason: 'has no business and the database has none: import a dataset {business, reviews} or pass --business FILE',
}

export async function readImport(input: ImportSource[] | ImportStream, options: ImportOptions = {}): Promise<ImportOutcome> {
  const problems = new ImportProblems()
  return Array.isArray(input) ? readWhole(input, options, problems) : readStream(input.chunks, options, problems)
}

const at = (name: string | undefined, location: string) => (name ? (location === 'file' ? name : `${name}, ${location}`) : location)
const failed = (problems: ImportProblems, format?: ImportFormat): ImportOutcome => ({
  ok: false,
  format,
  problems: problems.kept,
  problemCount: problems.count,
})

/** A file or stdin: JSONL and CSV a chunk at a time, anything else gathered and read whole. */
async function readStream(chunks: ByteChunks, options: ImportOptions, problems: ImportProblems): Promise<ImportOutcome> {
  const texts = utf8Chunks(chunks)[Symbol.asyncIterator]()
  const head: string[] = []
  try {
    let format = options.format && formatNamed(options.format)
    if (!format) {
      await readFirstLine(texts, head)
      format = lineFormat(firstLineOf(head.join('')), options.map)
    }
    if (!format || format.reading === 'whole') {
      let size = head.reduce((sum, text) => sum + text.length, 0)
      for (let next = await texts.next(); !next.done; next = await texts.next()) {
        size += next.value.length
        if (size > MAX_DOCUMENT_BYTES) {
          problems.fatal({ location: 'file', reason: documentTooLarge(size) })
          return failed(problems, format?.name as ImportFormat | undefined)
        }
        head.push(next.value)
      }
      return await readWhole(
        [{ text: head.splice(0).join('') }],
        { ...options, format: format?.name as ImportFormat | undefined },
        problems,
      )
    }
    return await readRows(format, head, texts, options, problems)
  } catch (error) {
    if (!(error instanceof InvalidUtf8)) throw error
    problems.fatal(invalidUtf8Problem(error.offset))
    return failed(problems, options.format)
  }
}

/** Reads text until the first line that holds something is whole (or the file ends); what it read stays in `head`. */
async function readFirstLine(texts: AsyncIterator<string>, head: string[]): Promise<void> {
  let first: string | undefined // the first character that is not white space
  for (let next = await texts.next(); !next.done; next = await texts.next()) {
    const text = next.value
    head.push(text)
    const content = first === undefined ? text.search(/\S/) : 0
    if (content < 0) continue
    first ??= text[content]
    if ((first !== '[' && first !== '{') || text.includes('\n', content)) break
  }
}

async function* prefixed(head: string[], rest: AsyncIterator<string>): AsyncGenerator<string> {
  yield* head.splice(0)
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
}

/** JSON lines or CSV rows, checked and handed on a chunk at a time. */
async function readRows(
  format: LineFormat | CsvFormat,
  head: string[],
  rest: AsyncIterator<string>,
  options: ImportOptions,
  problems: ImportProblems,
): Promise<ImportOutcome> {
  const business = options.business ?? null
  const checker = business ? new ReviewChecker(business, format.source, problems, options.onReview) : undefined
  try {
    return await readRowsInto(format, head, rest, checker, options, problems)
  } finally {
    checker?.close()
  }
}

async function readRowsInto(
  format: LineFormat | CsvFormat,
  head: string[],
  rest: AsyncIterator<string>,
  checker: ReviewChecker | undefined,
  options: ImportOptions,
  problems: ImportProblems,
): Promise<ImportOutcome> {
  const texts = prefixed(head, rest)
  let checked = 0
  const take = async (records: RawRecord[], fileProblems: ImportProblem[]) => {
    problems.inFile(...fileProblems)
    if (!checker) return
    await checker.checkAll(records)
    const before = checked
    checked += records.length
    if (options.onProgress && Math.floor(checked / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) options.onProgress(checked)
  }

  if (format.reading === 'lines') {
    const toRecord = format.records(options.map)
    for await (const lines of numberedLines(texts)) {
      const records: RawRecord[] = []
      const lineProblems: ImportProblem[] = []
      for (const { line, text } of lines) readJsonLine(text, line, records, lineProblems)
      await take(toRecord ? records.map((r) => toRecord(r.value, r.location)) : records, lineProblems)
    }
  } else {
    const reader = new CsvRecords(options.map)
    let fatal: ImportProblem[] | undefined
    for await (const batch of csvRowBatches(texts)) {
      const records: RawRecord[] = []
      const rowProblems: ImportProblem[] = []
      const header = reader.read(batch.rows, records, rowProblems)
      fatal = header?.header ?? (batch.problem ? [batch.problem] : undefined)
      if (fatal) break
      await take(records, rowProblems)
    }
    if (!fatal && !reader.started) fatal = [{ location: 'file', reason: 'is empty' }]
    if (fatal) {
      problems.fatal(...fatal)
      // Bytes that are not UTF-8 anywhere in the file are its problem, whatever else broke first.
      for (let next = await rest.next(); !next.done; next = await rest.next());
    }
  }
  const name = format.name as ImportFormat
  if (!checker) {
    problems.inFile(NO_BUSINESS)
    return failed(problems, name)
  }
  if (!problems.empty) return failed(problems, name)
  return { ok: true, format: name, business: options.business!, businessFromFile: false, reviews: checker.count, notes: checker.notes() }
}

/** A file as bytes, or as text already decoded (stdin gathered after its first line). */
type WholeFile = { name?: string; bytes: Uint8Array } | { name?: undefined; text: string }

/** JSON documents (or a folder of them), each parsed whole; their records are then checked one by one. */
async function readWhole(sources: (WholeFile | ImportSource)[], options: ImportOptions, problems: ImportProblems): Promise<ImportOutcome> {
  const files = sources.filter((f): f is WholeFile => 'bytes' in f || 'text' in f)
  const notRegular = sources.flatMap((f) => ('skipped' in f ? [`${quote(f.name, 40)} (${f.skipped})`] : []))
  for (const f of sources) if ('refused' in f) problems.inFile({ location: f.name, reason: f.refused })
  const sourceCount = files.length
  if (sourceCount === 0) {
    if (problems.empty)
      problems.inFile({ location: 'folder', reason: `holds no${notRegular.length ? ' regular' : ''} .json file to import` })
    return failed(problems)
  }
  const skipped: string[] = []
  const parsed = files.flatMap((given) => {
    const decoded = 'text' in given ? given : decodeUtf8(given.bytes)
    if ('problem' in decoded) {
      problems.inFile({ ...decoded.problem, location: at(given.name, decoded.problem.location) })
      return []
    }
    const { text } = decoded
    // Parsed once, here, for the folder check, detection and reading: a large document's tree is the largest thing held.
    const whole = given.name || !options.format || formatNamed(options.format).reading === 'whole' ? tryParse(text) : undefined
    // A Takeout location folder holds other JSON files beside its reviews; they are named, not read.
    if (given.name && !holdsReviews(whole)) {
      skipped.push(given.name)
      return []
    }
    const format = options.format ?? detectFormat(text, whole, options.map)
    const file = parseFile(text, format, options.map, whole)
    problems.inFile(...file.problems.map((p) => ({ ...p, location: at(given.name, p.location) })))
    return [{ ...file, records: given.name ? file.records.map((r) => ({ ...r, location: at(given.name, r.location) })) : file.records }]
  })
  if (skipped.length === sourceCount)
    problems.inFile({
      location: 'folder',
      reason: `holds no reviews file: ${listNames(skipped)} ${skipped.length === 1 ? 'has' : 'have'} no reviews list`,
    })
  const formats = [...new Set(parsed.map((f) => f.format as ImportFormat))]
  const format = formats.length === 1 ? formats[0] : undefined
  if (sourceCount > 1 && formats.length > 1)
    problems.inFile({ location: 'folder', reason: `mixes formats (${formats.join(', ')}); a folder holds the pages of one export` })

  const notes = [...new Set(parsed.flatMap((f) => f.notes ?? []))]
  const { business, businessFromFile, businessProblem } = businessOfFiles(parsed, options, problems, notes)
  if (!business) {
    if (!businessProblem) problems.inFile(NO_BUSINESS)
    return failed(problems, format)
  }

  const reviews = await checkParsedRecords(parsed, business, format, options, problems, notes)
  if (!problems.empty) return failed(problems, format)
  notes.push(
    ...googlePagingNotes(
      parsed.flatMap((f) => (f.google ? [f.google] : [])),
      reviews,
    ),
  )
  if (skipped.length) notes.unshift(`skipped ${listNames(skipped)}: no reviews list in ${skipped.length === 1 ? 'it' : 'them'}`)
  if (notRegular.length) notes.unshift(`skipped ${notRegular.join(', ')}: only regular files of a folder are read`)
  return { ok: true, format: format ?? 'json', business, businessFromFile, reviews, notes }
}

/**
 * The business: the files' own (each validated; --business wins over them), else the given one.
 * `businessProblem` says a file's business was refused (its problems are already reported).
 */
function businessOfFiles(
  parsed: ParsedFile[],
  options: ImportOptions,
  problems: ImportProblems,
  notes: string[],
): { business: Business | null; businessFromFile: boolean; businessProblem: boolean } {
  let business = options.business ?? null
  let businessFromFile = false
  let businessProblem = false
  for (const file of parsed) {
    if (file.business === undefined) continue
    if (options.businessWins) {
      notes.push("the file's business was not read: --business wins")
      break
    }
    const checked = validateBusiness(file.business)
    if ('problems' in checked) {
      problems.inFile(...checked.problems)
      businessProblem = true
    } else {
      business = checked.business
      businessFromFile = true
    }
  }
  return { business, businessFromFile, businessProblem }
}

/** Checks every parsed record in batches (progress after each), adds the checker's notes; the number of reviews. */
async function checkParsedRecords(
  parsed: ParsedFile[],
  business: Business,
  format: ImportFormat | undefined,
  options: ImportOptions,
  problems: ImportProblems,
  notes: string[],
): Promise<number> {
  const checker = new ReviewChecker(business, format ? formatNamed(format).source : 'direct', problems, options.onReview)
  try {
    let checked = 0
    for (const file of parsed) {
      for (let start = 0; start < file.records.length; start += PROGRESS_EVERY) {
        await checker.checkAll(file.records.slice(start, start + PROGRESS_EVERY))
        checked += Math.min(PROGRESS_EVERY, file.records.length - start)
        options.onProgress?.(checked)
      }
    }
    const reviews = checker.count
    notes.push(...checker.notes())
    return reviews
  } finally {
    checker.close()
  }
}

/** Whether a file of a folder holds reviews: any JSON but an object without a reviews list (Google's or ours). */
function holdsReviews(whole: { value: unknown } | undefined): boolean {
  if (!whole) return true // concatenated pages or broken JSON: read it, so its problems are named
  const { value } = whole
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true
  return 'reviews' in value || 'locationReviews' in value
}
