/**
 * CSV (RFC 4180) with a header row, whole or a chunk at a time: quoted fields may hold commas, newlines
 * and doubled quotes, and may be cut anywhere by a chunk boundary. Each row keeps the line it starts on.
 * The header names our fields, or --map says which column fills which field.
 */
import { listNames, quote, type ImportProblem } from './errors'
import { mappedFieldNames, resolveColumns, type FieldMap } from './mapping'
import { FLAT_FIELDS, fromFlatFields, type MappableField, type RawRecord } from './records'

export type CsvRow = { line: number; fields: string[] }
export type CsvScan = { rows: CsvRow[]; rest: number; line: number; problem?: ImportProblem }

export const CSV_COLUMNS: readonly string[] = FLAT_FIELDS
const CSV_REQUIRED = ['id', 'rating', 'date', 'author', 'text']
const SPECIAL = /[",\r\n]/g

/**
 * The rows of `text`, whose first row starts on line `line`. Unless `atEnd`, a row the text cuts off
 * (or one whose end cannot be told yet: a \r as the last character, perhaps half a \r\n) is left
 * unread: `rest` is where it starts, to be scanned again with the next chunk appended.
 */
export function scanCsv(text: string, line: number, atEnd: boolean): CsvScan {
  const rows: CsvRow[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let fieldStart = true
  let rowStart = 0
  let rowLine = line
  let i = 0
  const cutOff = (): CsvScan => ({ rows, rest: rowStart, line: rowLine })
  const failed = (at: number, reason: string): CsvScan => ({
    rows,
    rest: rowStart,
    line: rowLine,
    problem: { location: `line ${at}`, reason },
  })
  const endRow = () => {
    fields.push(field)
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields })
    fields = []
    field = ''
    fieldStart = true
  }
  for (;;) {
    if (quoted) {
      const close = text.indexOf('"', i)
      if (close < 0) return atEnd ? failed(rowLine, 'has a quoted field that is never closed') : cutOff()
      for (let nl = text.indexOf('\n', i); nl >= 0 && nl < close; nl = text.indexOf('\n', nl + 1)) line++
      field += text.slice(i, close)
      if (text.charCodeAt(close + 1) === 34) {
        field += '"'
        i = close + 2
        continue
      }
      quoted = false
      i = close + 1
      const next = text.charCodeAt(i)
      if (i < text.length && next !== 44 && next !== 10 && next !== 13)
        return failed(line, 'has a character after a closing quote (quote the whole field and double inner quotes)')
      continue
    }
    SPECIAL.lastIndex = i
    const found = SPECIAL.exec(text)
    const at = found ? found.index : text.length
    if (at > i) {
      field += text.slice(i, at)
      fieldStart = false
    }
    if (!found) {
      if (!atEnd) return cutOff()
      if (field !== '' || fields.length) endRow()
      return { rows, rest: text.length, line }
    }
    const c = text.charCodeAt(at)
    i = at + 1
    if (c === 34) {
      if (!fieldStart) return failed(line, 'has a quote inside an unquoted field (quote the whole field and double inner quotes)')
      quoted = true
      fieldStart = false
    } else if (c === 44) {
      fields.push(field)
      field = ''
      fieldStart = true
    } else {
      if (c === 13 && i === text.length && !atEnd) return cutOff() // \r\n cut in two
      endRow()
      if (c === 13 && text.charCodeAt(i) === 10) i++
      rowLine = ++line
      rowStart = i
    }
  }
}

/** Every row of a whole CSV text (or the first problem, with the rows before it). */
export function parseCsvRows(text: string): { rows: CsvRow[]; problem?: ImportProblem } {
  const { rows, problem } = scanCsv(text, 1, true)
  return problem ? { rows, problem } : { rows }
}

/** Rows of a text stream, a chunk's worth at a time; stops at the first problem, which it yields last. */
export async function* csvRowBatches(texts: AsyncIterable<string>): AsyncGenerator<{ rows: CsvRow[]; problem?: ImportProblem }> {
  let pending = ''
  let line = 1
  for await (const text of texts) {
    const buffer = pending + text
    const scan = scanCsv(buffer, line, false)
    if (scan.problem) {
      yield scan
      return
    }
    pending = buffer.slice(scan.rest)
    line = scan.line
    if (scan.rows.length) yield { rows: scan.rows }
  }
  const last = scanCsv(pending, line, true)
  if (last.rows.length || last.problem) yield last
}

type Columns = { columns: Partial<Record<MappableField, number>> } | { problems: ImportProblem[] }

/** Which field each column fills: our own header, or the --map. A problem names the first 20 offending columns and counts the rest. */
function csvColumns(header: string[], map?: FieldMap): Columns {
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

/**
 * Rows to raw records: the first row read is the header. A header that does not fit is the file's
 * only problem (`header` says so); a row with the wrong number of fields is a problem of its own.
 */
export class CsvRecords {
  private width = 0
  private entries?: [MappableField, number][]
  private readonly fieldNames?: Record<string, string>

  constructor(private readonly map?: FieldMap) {
    this.fieldNames = map ? mappedFieldNames(map, (column) => `column ${quote(column, 40)}`) : undefined
  }

  /** Problems of the header row, when it is among `rows` and does not fit: nothing else of the file is read then. */
  read(rows: CsvRow[], records: RawRecord[], problems: ImportProblem[]): { header: ImportProblem[] } | undefined {
    let from = 0
    if (!this.entries) {
      const header = rows[0]
      if (!header) return undefined
      const resolved = csvColumns(header.fields, this.map)
      if ('problems' in resolved) return { header: resolved.problems }
      this.entries = Object.entries(resolved.columns) as [MappableField, number][]
      this.width = header.fields.length
      from = 1
    }
    for (let r = from; r < rows.length; r++) {
      const row = rows[r]!
      const location = `line ${row.line}`
      if (row.fields.length !== this.width) {
        problems.push({
          location,
          reason: `has ${row.fields.length.toLocaleString('en-US')} fields; the header has ${this.width.toLocaleString('en-US')}`,
        })
        continue
      }
      const flat: Partial<Record<MappableField, unknown>> = {}
      for (const [field, index] of this.entries) flat[field] = row.fields[index]
      records.push({ location, value: fromFlatFields(flat), fieldNames: this.fieldNames })
    }
    return undefined
  }

  /** Whether a header has been read (an empty file has none). */
  get started(): boolean {
    return this.entries !== undefined
  }
}
