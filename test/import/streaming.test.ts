/**
 * The streamed import: files cut into chunks anywhere (inside a UTF-8 character, a BOM, a quoted CSV
 * field that spans lines, a \r\n) read exactly as when whole; ids held to one content across chunks;
 * problems found late still leave the database untouched; stdin.
 */
import { describe, expect, test } from 'bun:test'
import { csvRowBatches, parseCsvRows } from '../../src/import/csv'
import { readImport } from '../../src/import/pipeline'
import { InvalidUtf8, numberedLines, utf8Chunks } from '../../src/import/text-stream'
import type { StoredReview } from '../../src/reviews/schema'
import { CSV_HEADER, toCsvRow } from '../../src/sample/csv'
import { business, reviews } from '../support/dataset'
import { MAIN } from '../support/spawn'
import { workspace, type Workspace } from './cli'

const encoder = new TextEncoder()

/** `bytes` in pieces of `size` bytes (the last may be shorter). */
function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size))
  return out
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

async function* texts(...parts: string[]): AsyncGenerator<string> {
  yield* parts
}

async function decodeError(chunks: Uint8Array[]): Promise<number | undefined> {
  try {
    await collect(utf8Chunks(chunks))
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidUtf8)
    return (error as InvalidUtf8).offset
  }
}

describe('UTF-8 in chunks', () => {
  const text = 'Café “quoted” — 你好 🔧 end\nnext line é'
  const bytes = encoder.encode(`\uFEFF${text}`)

  test.each([1, 2, 3, 5, 7, 64])('cut every %i bytes, inside characters and the BOM, it reads as the whole', async (size) => {
    expect((await collect(utf8Chunks(pieces(bytes, size)))).join('')).toBe(text)
  })

  test('a BOM is dropped only at the start of the file', async () => {
    const inner = encoder.encode(`a\uFEFFb`)
    expect((await collect(utf8Chunks(pieces(inner, 1)))).join('')).toBe('a\uFEFFb')
  })

  test('the offset of a bad byte is exact in any chunk, and a character cut off by the end is one', async () => {
    const bad = new Uint8Array([...encoder.encode('héllo wörld '), 0xe9, ...encoder.encode(' more')])
    const offset = encoder.encode('héllo wörld ').length
    for (const size of [1, 2, 3, 4, 6, 100]) expect(await decodeError(pieces(bad, size))).toBe(offset)
    const truncated = encoder.encode('ok 🔧').slice(0, -1)
    for (const size of [1, 2, 4]) expect(await decodeError(pieces(truncated, size))).toBe(3)
  })

  test('lines keep their numbers across chunks; the last line needs no newline', async () => {
    const lines = (await collect(numberedLines(texts('a\nb', 'c\n', '\nd\ne', 'f')))).flat()
    expect(lines).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'bc' },
      { line: 3, text: '' },
      { line: 4, text: 'd' },
      { line: 5, text: 'ef' },
    ])
  })
})

describe('CSV in chunks', () => {
  const csv = [
    'id,text,author',
    'a,"a field with, a comma",Ann',
    'b,"spans\nthree\nlines and ""quotes""",Bob',
    'c,plain,"Zoë ""Z"""\r',
    '"d","",""',
    '',
    'e,last,"no newline"',
  ].join('\n')

  test('cut at every position, the rows and their line numbers are those of the whole text', async () => {
    const whole = parseCsvRows(csv)
    expect(whole.problem).toBeUndefined()
    expect(whole.rows.map((r) => r.line)).toEqual([1, 2, 3, 6, 7, 9])
    for (let cut = 1; cut < csv.length; cut++) {
      const batches = await collect(csvRowBatches(texts(csv.slice(0, cut), csv.slice(cut))))
      expect(batches.flatMap((b) => b.rows)).toEqual(whole.rows)
    }
    const oneByOne = await collect(csvRowBatches(texts(...csv)))
    expect(oneByOne.flatMap((b) => b.rows)).toEqual(whole.rows)
  })

  test.each([
    ['a quote never closed', 'id,text\na,"open\nstill open\n'],
    ['a character after a closing quote', 'id,text\na,"x"y\n'],
    ['a quote inside an unquoted field', 'id,text\na,x"y"\n'],
  ])('%s is found at the same line however the text is cut', async (_, text) => {
    const whole = parseCsvRows(text).problem
    expect(whole).toBeDefined()
    for (let cut = 1; cut < text.length; cut++) {
      const batches = await collect(csvRowBatches(texts(text.slice(0, cut), text.slice(cut))))
      expect(batches.at(-1)!.problem).toEqual(whole!)
    }
  })
})

/** readImport over a stream cut every `size` bytes: what it hands on, and its outcome. */
async function streamed(content: string | Uint8Array, size: number, options: Parameters<typeof readImport>[1] = {}) {
  const written: StoredReview[] = []
  const bytes = typeof content === 'string' ? encoder.encode(content) : content
  const outcome = await readImport({ chunks: pieces(bytes, size) }, { business, ...options, onReview: (review) => written.push(review) })
  return { outcome, written }
}

const jsonl = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`

describe('readImport on a stream', () => {
  const records = reviews.map((r, i) => ({ ...r, text: `${r.text} ${'ü€🔧'.repeat(i)}` }))

  test('JSONL and CSV cut into tiny chunks hand on the same reviews as one chunk', async () => {
    const csv = [CSV_HEADER, ...records.map(toCsvRow)].join('\r\n')
    for (const content of [jsonl(records), csv]) {
      const whole = await streamed(content, 1 << 20)
      expect(whole.outcome.ok).toBe(true)
      expect(whole.written.map((r) => r.id)).toEqual(records.map((r) => r.id))
      for (const size of [1, 3, 17, 101]) expect((await streamed(content, size)).written).toEqual(whole.written)
    }
  })

  test('JSONL and CSV are handed on while the file is still being read, even when the first line spans chunks', async () => {
    const csv = [CSV_HEADER, ...records.map(toCsvRow)].join('\n')
    for (const content of [jsonl(records), csv]) {
      const chunks = pieces(encoder.encode(content), 7)
      let pulled = 0
      let pulledAtFirstReview: number | undefined
      const counted = (function* () {
        for (const chunk of chunks) {
          pulled++
          yield chunk
        }
      })()
      const outcome = await readImport({ chunks: counted }, { business, onReview: () => (pulledAtFirstReview ??= pulled) })
      expect(outcome.ok).toBe(true)
      expect(pulledAtFirstReview).toBeLessThan(chunks.length / 2)
    }
  })

  test('a repeated id across chunks: the same review counts once, a different one is a problem naming the first', async () => {
    const first = records[0]!
    const filler = records.slice(1)
    const same = await streamed(jsonl([first, ...filler, first]), 13)
    expect(same.outcome).toMatchObject({ ok: true, reviews: records.length })
    expect(same.written).toHaveLength(records.length)
    const changed = await streamed(jsonl([first, ...filler, { ...first, rating: 1 }]), 13)
    expect(changed.outcome).toMatchObject({
      ok: false,
      problems: [
        { location: `line ${records.length + 1}`, field: 'id', reason: `"${first.id}" repeats the id of line 1 with different content` },
      ],
    })
  })

  test('problems keep the order of a whole read: the file’s (lines that are not JSON) before the records’', async () => {
    const content = `${JSON.stringify({ ...records[0]!, rating: 9 })}\nnot json\n${JSON.stringify({ ...records[1]!, date: 'soon' })}\n[1]\n`
    const { outcome, written } = await streamed(content, 7)
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.problems.map((p) => `${p.location}${p.field ? `, ${p.field}` : ''}`)).toEqual([
      'line 2',
      'line 4',
      'line 1, rating',
      'line 3, date',
    ])
    expect(written).toEqual([]) // nothing is handed on after the first problem
  })

  test('broken CSV quoting is the only problem listed, and bytes that are not UTF-8 after it take its place', async () => {
    const rows = [CSV_HEADER, toCsvRow({ ...records[0]!, rating: 7 as 5 }), `${toCsvRow(records[1]!)}"`, toCsvRow(records[2]!)]
    const broken = await streamed(rows.join('\n'), 64)
    expect(broken.outcome).toMatchObject({ ok: false, problemCount: 1, problems: [{ location: 'line 3' }] })
    const notUtf8 = new Uint8Array([...encoder.encode(rows.join('\n')), 0xff])
    const refused = await streamed(notUtf8, 64)
    expect(refused.outcome).toMatchObject({ ok: false, problemCount: 1 })
    if (!refused.outcome.ok) expect(refused.outcome.problems[0]!.reason).toContain(`first bad byte at offset ${notUtf8.length - 1}`)
  })

  test('a JSON document on a stream is read whole, business first', async () => {
    const dataset = JSON.stringify({ business, reviews: records }, null, 2)
    const { outcome, written } = await streamed(dataset, 5, { business: null })
    expect(outcome).toMatchObject({ ok: true, format: 'json', businessFromFile: true, reviews: records.length })
    expect(written.map((r) => r.id)).toEqual(records.map((r) => r.id))
  })
})

/** Many reviews, several MiB: the CLI reads them in more than one chunk. */
function manyReviews(count: number): StoredReview[] {
  return Array.from({ length: count }, (_, i) => ({
    ...reviews[i % reviews.length]!,
    id: `many-${i}`,
    text: `Review ${i}: ${'the water heater works again, thank you '.repeat(8)}`,
  }))
}

async function runWithStdin(ws: Workspace, input: string | Uint8Array, ...args: string[]) {
  const child = Bun.spawn(['bun', MAIN, 'import', '-', ...args], {
    env: { ...process.env, DATA_DIR: ws.dataDir },
    stdin: new Blob([input]),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { code, stdout, stderr }
}

describe('the CLI streaming a large file', () => {
  const many = manyReviews(8_000) // ~3.5 MB of JSONL: four chunks

  test('a bad record on the last line leaves the database untouched, --replace or not', async () => {
    const ws = workspace()
    expect((await ws.run(ws.file('seed.jsonl', jsonl(reviews)), '--business', ws.businessFile)).code).toBe(0)
    const before = ws.reviews()
    const bad = ws.file('bad.jsonl', jsonl([...many, { ...many[0]!, id: 'last', rating: 0 }]))
    for (const args of [[bad], [bad, '--replace']]) {
      const result = await ws.run(...args)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(
        `was not imported; nothing changed. 1 problem:\n  line ${many.length + 1}, rating: must be a whole number`,
      )
      expect(ws.reviews()).toEqual(before)
    }
    const good = await ws.run(ws.file('good.jsonl', jsonl(many)), '--replace')
    expect(good.stdout).toMatch(
      new RegExp(`^${many.length} inserted, 0 updated, 0 unchanged, ${reviews.length} removed \\(${many.length} reviews, jsonl,`),
    )
    expect(ws.reviews().size).toBe(many.length)
  }, 30_000)

  test('stdin: JSONL and CSV streamed, a JSON dataset read whole, bad bytes named by offset', async () => {
    const ws = workspace()
    const dataset = await runWithStdin(ws, JSON.stringify({ business, reviews }))
    expect(dataset.stdout).toMatch(new RegExp(`^${reviews.length} inserted, .* \\(${reviews.length} reviews, json,`))
    const lines = await runWithStdin(ws, jsonl(many))
    expect(lines.stderr).toBe('')
    expect(lines.stdout).toMatch(
      new RegExp(`^${many.length} inserted, 0 updated, ${0} unchanged, 0 removed \\(${many.length} reviews, jsonl,`),
    )
    const csv = await runWithStdin(
      ws,
      [CSV_HEADER, ...many.slice(0, 100).map((r) => toCsvRow({ ...r, text: `${r.text}\n"edited"` }))].join('\n'),
      '--dry-run',
    )
    expect(csv.stdout).toMatch(/^dry run, nothing written: would be 0 inserted, 100 updated, 0 unchanged, 0 removed \(100 reviews, csv,/)
    const stored = ws.reviews()
    expect(stored.get('many-0')!.text).toBe(many[0]!.text.trim()) // the dry run changed nothing
    const bytes = new Uint8Array([...encoder.encode(jsonl(many)), 0xc3])
    const refused = await runWithStdin(ws, bytes)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`file: is not valid UTF-8 (first bad byte at offset ${bytes.length - 1})`)
    expect(ws.reviews()).toEqual(stored)
  }, 30_000)
})
