/** `reviews-service import` on a real SQLite file: every format, every rejection path, all-or-nothing. */
import { describe, expect, test, beforeEach } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importCommand } from '../../src/cli/import'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import { toCsvRow, CSV_HEADER } from '../../src/sample/csv'
import { business, reviews } from '../support/dataset'
import type { StoredReview } from '../../src/reviews/schema'

const FIXTURES = join(import.meta.dir, 'fixtures')
let dataDir: string
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reviews-import-'))
  dataDir = join(dir, 'data')
})

async function runImport(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await importCommand(args, {
    env: { DATA_DIR: dataDir },
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    isTTY: false,
  })
  return { code, stdout, stderr }
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

function withStore<T>(use: (store: ReviewRepository) => T): T {
  const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
  try {
    return use(new ReviewRepository(db))
  } finally {
    db.close()
  }
}

const snapshot = () =>
  withStore((s) => ({ state: s.state(), rows: s.db.query('SELECT id, json FROM reviews ORDER BY id').all(), business: s.getBusiness() }))
const seedDataset = () => runImport(file('seed.json', JSON.stringify({ business, reviews })))

describe('formats', () => {
  test('our JSON dataset {business, reviews} imports everything, the unverified one stored but unpublished', async () => {
    const result = await seedDataset()
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`${reviews.length} inserted, 0 updated, 0 unchanged, 0 removed`)
    withStore((store) => {
      expect(store.getBusiness()).toEqual(business)
      // Language is detected when the record does not give one.
      expect(store.getReview('r-002')).toEqual({ ...reviews[1]!, language: 'en', translation: null })
      expect(store.getReview('r-007')!.verified).toBe(false)
      expect(store.publishedJson().map((r) => JSON.parse(r.json).id)).not.toContain('r-007')
    })
  })

  test('a JSON array, JSONL and CSV give the same records', async () => {
    await seedDataset()
    const extra: StoredReview[] = [
      {
        ...reviews[0]!,
        id: 'x-1',
        text: 'Comma, "quotes" and\nnewline',
        technicians: ['Mike Alvarez', 'Sarah Chen'],
        services: ['ac-repair', 'drain-cleaning'],
        language: 'en',
        translation: null,
      },
      {
        ...reviews[1]!,
        id: 'x-2',
        response: { date: '2025-02-20', text: 'Reply, with comma' },
        language: 'de',
        translation: { language: 'en', text: 'A translation, "quoted"' },
      },
    ]
    const array = await runImport(file('a.json', JSON.stringify(extra)))
    expect(array.code).toBe(0)
    const fromArray = withStore((s) => [s.getReview('x-1'), s.getReview('x-2')])
    expect(fromArray).toEqual(extra)

    const renamed = extra.map((r) => ({ ...r, id: `${r.id}-jsonl` }))
    expect((await runImport(file('b.jsonl', renamed.map((r) => JSON.stringify(r)).join('\n') + '\n'))).code).toBe(0)
    const csvRows = extra.map((r) => ({ ...r, id: `${r.id}-csv` }))
    const csv = await runImport(file('c.csv', [CSV_HEADER, ...csvRows.map(toCsvRow)].join('\r\n')))
    expect(csv.stderr).toBe('')
    expect(csv.code).toBe(0)
    withStore((s) => {
      for (const r of renamed) expect(s.getReview(r.id)).toEqual({ ...r })
      for (const r of csvRows) expect(s.getReview(r.id)).toEqual({ ...r })
    })
  })

  test('a Google Business Profile export: stars, local dates, replies, translations, rating-only reviews', async () => {
    await seedDataset()
    const result = await runImport(join(FIXTURES, 'gbp-reviews.json'))
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('4 inserted')
    expect(result.stdout).toContain('gbp')
    withStore((s) => {
      const first = s.getReview('AbFvOqn1')!
      expect(first).toMatchObject({ rating: 5, date: '2025-03-04', author: 'Karen Whitfield', source: 'google', verified: true })
      expect(first.response).toEqual({ date: '2025-03-05', text: "Thank you Karen! We'll let Mike know." })
      // 05:30 UTC on Jan 1st is still Dec 31st in Denver.
      expect(s.getReview('AbFvOqn2')).toMatchObject({
        rating: 2,
        date: '2024-12-31',
        text: 'El técnico llegó tarde y el precio fue alto.',
        response: null,
      })
      expect(s.getReview('AbFvOqn3')).toMatchObject({ rating: 4, text: '', date: '2024-11-30' })
      expect(s.getReview('AbFvOqn4')).toMatchObject({
        rating: 1,
        text: '没有人来修理下水道。',
        date: '2024-07-04',
        response: { date: '2024-07-04', text: 'We are very sorry, Mei. Please call us.' },
      })
    })
  })

  test('--format overrides detection; a BOM is dropped; text is sanitised', async () => {
    await seedDataset()
    const line = JSON.stringify({ ...reviews[0]!, id: 'bom-1', text: 'Cafe\u0301 \u0007bell\r\nnext \uD800' })
    expect((await runImport('--format', 'jsonl', file('x.txt', `\uFEFF${line}\n`))).code).toBe(0)
    expect(withStore((s) => s.getReview('bom-1')!.text)).toBe('Café bell\nnext \uFFFD')
  })
})

describe('rejections change nothing', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'a business vocabulary business.json would refuse (a default aspect redefined)',
      'bad.json',
      JSON.stringify({ business: { ...business, aspects: [{ id: 'price', label: 'Cost', cues: ['cost'] }] }, reviews: [reviews[0]!] }),
      /business, aspects\.0\.id: .*seven default aspects/,
    ],
    [
      'bad star value',
      'bad.jsonl',
      JSON.stringify({ ...reviews[0]!, id: 'n1', rating: 6 }),
      /line 1, rating: must be a whole number from 1 to 5; got 6/,
    ],
    ['fractional star', 'bad.jsonl', JSON.stringify({ ...reviews[0]!, id: 'n1', rating: 2.5 }), /rating: must be a whole number/],
    [
      'impossible date',
      'bad.jsonl',
      JSON.stringify({ ...reviews[0]!, id: 'n1', date: '2024-02-30' }),
      /line 1, date: "2024-02-30" is not a real calendar date/,
    ],
    [
      'missing text and rating',
      'bad.jsonl',
      JSON.stringify({ id: 'n1', date: '2024-01-01', author: 'A' }),
      /line 1, rating: is required[\s\S]*line 1, text: is required/,
    ],
    [
      'duplicate ids in one file',
      'bad.jsonl',
      [JSON.stringify({ ...reviews[0]!, id: 'd' }), JSON.stringify({ ...reviews[1]!, id: 'd' })].join('\n'),
      /line 2, id: "d" repeats the id of line 1/,
    ],
    [
      'malformed CSV quoting',
      'bad.csv',
      `${CSV_HEADER}\nq1,5,2024-01-01,Ann,"unterminated,,,,,,,`,
      /line 2: has a quoted field that is never closed/,
    ],
    [
      'quote inside an unquoted CSV field',
      'bad.csv',
      `${CSV_HEADER}\nq1,5,2024-01-01,Ann,say "hi",,,,,,,`,
      /line 2: has a quote inside an unquoted field/,
    ],
    ['invalid JSON', 'bad.json', '{"reviews": [ {"id": 1,, } ]}', /file: is not valid JSON/],
    [
      'a bad GBP star',
      'bad.json',
      JSON.stringify({
        reviews: [{ reviewId: 'g', starRating: 'SIX', reviewer: { displayName: 'x' }, createTime: '2024-01-01T00:00:00Z' }],
      }),
      /reviews\[0\] \(review "g"\), starRating: must be ONE, TWO, THREE, FOUR or FIVE; got "SIX"/,
    ],
    [
      'bad timestamp',
      'bad.jsonl',
      JSON.stringify({ ...reviews[0]!, id: 'n1', date: '2024-01-01T25:00:00Z' }),
      /date: "2024-01-01T25:00:00Z" is not a real point in time/,
    ],
  ]
  test.each(cases)('%s', async (_, name, content, message) => {
    await seedDataset()
    const before = snapshot()
    const good = JSON.stringify({ ...reviews[0]!, id: 'would-be-new' })
    const path = file(name, name.endsWith('.jsonl') ? `${good}\n${content}` : content)
    const result = await runImport(path)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('was not imported; nothing changed')
    expect(result.stderr.replace(/line (\d+)/g, (_, n) => (name.endsWith('.jsonl') ? `line ${Number(n) - 1}` : `line ${n}`))).toMatch(
      message,
    )
    expect(snapshot()).toEqual(before)
  })

  test('wrong encoding (latin-1 bytes) is refused with the offset', async () => {
    await seedDataset()
    const before = snapshot()
    const latin1 = new Uint8Array([...new TextEncoder().encode('[{"id":"l","text":"Caf'), 0xe9, ...new TextEncoder().encode('"}]')])
    const result = await runImport(file('latin1.json', latin1))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('is not valid UTF-8 (first bad byte at offset 22)')
    expect(snapshot()).toEqual(before)
  })

  test('at most 50 problems are listed, then a count', async () => {
    await seedDataset()
    const lines = Array.from({ length: 80 }, (_, i) => JSON.stringify({ ...reviews[0]!, id: `b${i}`, rating: 0 }))
    const result = await runImport(file('many.jsonl', lines.join('\n')))
    expect(result.stderr).toContain('80 problems')
    expect(result.stderr.match(/rating: must be/g)).toHaveLength(50)
    expect(result.stderr).toContain('...and 30 more')
  })

  test('an empty database and no business is a clear error', async () => {
    const result = await runImport(file('a.jsonl', JSON.stringify(reviews[0])))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('has no business and the database has none')
  })
})

describe('upsert, --replace, --dry-run', () => {
  test('upsert by id; an unchanged import leaves the revision alone', async () => {
    await seedDataset()
    const revision = snapshot().state.revision
    expect((await seedDataset()).stdout).toContain(`0 inserted, 0 updated, ${reviews.length} unchanged`)
    expect(snapshot().state.revision).toBe(revision)
    const edited = await runImport(file('e.jsonl', JSON.stringify({ ...reviews[0]!, text: 'Edited' })))
    expect(edited.stdout).toContain('0 inserted, 1 updated, 0 unchanged, 0 removed')
    expect(snapshot().state.revision).toBe(revision + 1)
  })

  test('--dry-run reports and writes nothing; --replace removes reviews absent from the file', async () => {
    await seedDataset()
    const before = snapshot()
    const only = file('only.jsonl', JSON.stringify(reviews[0]))
    const dry = await runImport(only, '--replace', '--dry-run')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`would be 0 inserted, 0 updated, 1 unchanged, ${reviews.length - 1} removed`)
    expect(snapshot()).toEqual(before)
    const real = await runImport(only, '--replace')
    expect(real.stdout).toContain(`0 inserted, 0 updated, 1 unchanged, ${reviews.length - 1} removed`)
    expect(withStore((s) => s.allIds())).toEqual([reviews[0]!.id])
  })

  test('--business supplies the profile for an empty database', async () => {
    const result = await runImport(file('r.jsonl', JSON.stringify(reviews[0])), '--business', file('b.json', JSON.stringify(business)))
    expect(result.code).toBe(0)
    expect(withStore((s) => s.getBusiness()!.name)).toBe(business.name)
  })

  test('usage errors exit 2', async () => {
    expect((await runImport()).code).toBe(2)
    expect((await runImport('x', '--format', 'xml')).stderr).toContain('--format must be one of')
    expect((await runImport(join(dir, 'missing.json'))).stderr).toContain('cannot read')
  })
})

describe('a kill -9 during a large import', () => {
  test('leaves the previous data intact', async () => {
    await seedDataset()
    const before = snapshot()
    // Long texts: the transaction (~150 MB of rows) outgrows the import's 64 MB page cache and spills into the WAL.
    const big = Array.from({ length: 60_000 }, (_, i) =>
      JSON.stringify({ ...reviews[0]!, id: `k${i}`, text: `Review number ${i} about the water heater. ${'It works again. '.repeat(80)}` }),
    )
    const path = file('big.jsonl', big.join('\n'))
    const child = Bun.spawn(['bun', join(import.meta.dir, '..', '..', 'src', 'main.ts'), 'import', path], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    // Kill once the write transaction has begun spilling pages into the WAL.
    const wal = join(dataDir, 'reviews.db-wal')
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      let size = 0
      try {
        size = readFileSync(wal).byteLength
      } catch {}
      if (size > 1 << 20) break
      await Bun.sleep(5)
    }
    child.kill('SIGKILL')
    await child.exited
    expect(child.signalCode).toBe('SIGKILL')
    expect(snapshot()).toEqual(before)
  }, 30_000)
})
