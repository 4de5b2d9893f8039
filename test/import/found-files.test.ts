/**
 * Files as people find them, imported by the compiled binary: a Google export with top-level keys of
 * its own, Google Review resources one per line, the Yelp Open Dataset's review lines, a folder holding
 * a link to /dev/zero and a named pipe, text with lone surrogates, texts too long to keep. The fixtures
 * follow the shapes the platforms document (test/import/fixtures).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import type { Business, Review } from '../../src/reviews/schema'
import { compiledBinary, runBinary } from '../support/binary'
import { business, review } from '../support/dataset'
import { FIXTURES } from './cli'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A fresh place: `dataDir` does not exist yet; `file` writes beside it. */
function place() {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-found-'))
  dirs.push(dir)
  const dataDir = join(dir, 'data')
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }
  const businessFile = file('business.json', JSON.stringify(business))
  const run = (args: string[], timeoutMs?: number) => runBinary(['import', ...args], { DATA_DIR: dataDir }, timeoutMs)
  const stored = () => {
    const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
    try {
      const store = new ReviewRepository(db)
      const rows = store.db.query<{ json: string }, []>('SELECT json FROM reviews').all()
      return {
        business: store.getBusiness() as Business,
        reviews: new Map(rows.map((r) => [(JSON.parse(r.json) as Review).id, JSON.parse(r.json) as Review])),
      }
    } finally {
      db.close()
    }
  }
  return { dir, dataDir, file, businessFile, run, stored }
}

const SUMMARY = (inserted: number, format: string) =>
  new RegExp(`^${inserted} inserted, 0 updated, 0 unchanged, 0 removed \\(${inserted} reviews?, ${format}, [\\d.]+ s\\)\\n$`)

describe('a Google export with top-level keys of its own: {"totalReviews": 118, "business": "ESSA", "reviews": [...]}', () => {
  const essa = join(FIXTURES, 'google', 'export-with-extra-keys.json')

  test('into an empty database without --business: refused, naming the way out, and nothing written', () => {
    const p = place()
    const result = p.run([essa])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'has no business and the database has none: import a dataset {business, reviews} or pass --business FILE',
    )
    expect(result.stderr).not.toContain('must be an object')
    expect(existsSync(p.dataDir)).toBe(false)
  })

  test('with --business: every review imports; the unknown keys are ignored and named in the summary', () => {
    const p = place()
    const result = p.run([essa, '--business', p.businessFile])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(SUMMARY(4, 'gbp'))
    expect(result.stderr).toBe(`note: ignored the export's top-level keys "totalReviews", "business": not part of a Google reviews page\n`)
    const { business: stored, reviews } = p.stored()
    expect(stored.name).toBe(business.name)
    expect([...reviews.keys()].sort()).toEqual([
      'AbFvOqw6Gb3tR8iUy2LmQh1',
      'AbFvOqx1Qm7rT4kLs9VbZe2',
      'AbFvOqy8Hn2wE6pRt3MaKd5',
      'AbFvOqz4Jc9uY1oPl6NsXf8',
    ])
    expect(reviews.get('AbFvOqx1Qm7rT4kLs9VbZe2')).toMatchObject({ rating: 5, source: 'google', language: 'nb' })
    expect(reviews.get('AbFvOqx1Qm7rT4kLs9VbZe2')!.response).toEqual({ date: '2025-02-04', text: 'Tusen takk for tilbakemeldingen!' })
    expect(reviews.get('AbFvOqz4Jc9uY1oPl6NsXf8')).toMatchObject({ author: 'A Google user', text: '', language: null })
  })

  test("--business wins over a business the file has, and the summary says the file's was not read", () => {
    const p = place()
    const other = { ...business, name: 'Somebody Else Ltd' }
    const dataset = p.file('dataset.json', JSON.stringify({ business: other, reviews: [review({ id: 'w-1' })] }))
    const result = p.run([dataset, '--business', p.businessFile])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain("note: the file's business was not read: --business wins")
    expect(p.stored().business.name).toBe(business.name)
  })
})

describe('Google Review resources, one per line', () => {
  test('recognised as gbp-jsonl: ids from reviewId or name, anonymous reviewers, translations split', () => {
    const p = place()
    const result = p.run([join(FIXTURES, 'google', 'reviews.jsonl'), '--business', p.businessFile])
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(SUMMARY(3, 'gbp-jsonl'))
    const { reviews } = p.stored()
    expect(reviews.get('AbFvOqa2Vd5nK8sLq1WeRt7')).toMatchObject({ author: 'Maria Lopez', rating: 5, date: '2025-01-14', source: 'google' })
    expect(reviews.get('AbFvOqb7Xe1mJ4tPw9ZrYu3')).toMatchObject({ author: 'Sam K.', rating: 1 }) // the id from `name`
    expect(reviews.get('AbFvOqc3Zf6kH2uOe5TyIo9')).toMatchObject({
      author: 'A Google user',
      text: 'Buen trabajo con el desagüe, precio justo.',
      language: 'es',
      translation: { language: 'en', text: 'Good work on the drain, fair price.' },
    })
  })

  test("a problem names the line and Google's field; streamed from stdin it is recognised the same way", () => {
    const p = place()
    const lines = readFileSync(join(FIXTURES, 'google', 'reviews.jsonl'), 'utf8').replace('"starRating": "ONE"', '"starRating": "ZERO"')
    const bad = p.run([p.file('bad.jsonl', lines), '--business', p.businessFile])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('line 2 (review "AbFvOqb7Xe1mJ4tPw9ZrYu3"), starRating: must be ONE, TWO, THREE, FOUR or FIVE; got "ZERO"')
    const piped = Bun.spawnSync([compiledBinary(), 'import', '-', '--business', p.businessFile], {
      env: { PATH: '/usr/bin:/bin', DATA_DIR: p.dataDir },
      stdin: new Blob([readFileSync(join(FIXTURES, 'google', 'reviews.jsonl'))]),
    })
    expect(piped.stdout.toString()).toMatch(SUMMARY(3, 'gbp-jsonl'))
  })
})

describe("the Yelp Open Dataset's review lines", () => {
  const yelp = join(FIXTURES, 'yelp-dataset', 'yelp_academic_dataset_review.json')

  test('recognised as yelp-dataset: review_id, stars (4.0 too), the local date, the text; no name in the dataset', () => {
    const p = place()
    const result = p.run([yelp, '--business', p.businessFile])
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(SUMMARY(3, 'yelp-dataset'))
    const { reviews } = p.stored()
    expect(reviews.get('Xk9mL2pQ7rT4vW1yZ3bN5c')).toMatchObject({
      rating: 5,
      date: '2021-06-14',
      author: 'A Yelp user',
      source: 'yelp',
      language: 'en',
    })
    expect(reviews.get('Hj4kL8zX2cV6bN1mQ5wE9r')!.text).toBe('Showed up three hours late and never called.\n\nThe repair itself was fine.')
    expect(reviews.get('Pq2wE6rT9yU3iO7pA1sD5f')).toMatchObject({ rating: 4, date: '2023-09-22', services: ['water-heater-repair'] })
  })

  test("another business's line is a problem naming business_id; nothing is written", () => {
    const p = place()
    const lines = readFileSync(yelp, 'utf8').trimEnd().split('\n')
    lines.push(
      lines[0]!.replace('Xk9mL2pQ7rT4vW1yZ3bN5c', 'Zz1xY2wV3uT4sR5qP6oN7m').replace('rTq3nP8wZc1Lk5Vb7Xy2Ma', 'OtherBusiness00000000a'),
    )
    const result = p.run([p.file('mixed.json', `${lines.join('\n')}\n`), '--business', p.businessFile])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      `line 4 (review "Zz1xY2wV3uT4sR5qP6oN7m"), business_id: is "OtherBusiness00000000a", another business than line 1's "rTq3nP8wZc1Lk5Vb7Xy2Ma"`,
    )
    expect(existsSync(p.dataDir)).toBe(false)
  })

  test('--map with a --format that takes no map is a usage error naming the formats that do', () => {
    const result = place().run([yelp, '--format', 'yelp-dataset', '--map', 'id=review_id'])
    expect(result.code).toBe(2)
    expect(result.stderr).toStartWith(
      'reviews-service import: --map does not apply to --format yelp-dataset; it reads json, jsonl, csv\nusage:',
    )
  })

  test('--map still reads the lines as plain JSONL, as before these were recognised', () => {
    const p = place()
    const result = p.run([yelp, '--map', 'id=review_id,rating=stars,date=date,text=text,author=user_id', '--business', p.businessFile])
    expect(result.stdout).toMatch(SUMMARY(3, 'jsonl'))
    expect(p.stored().reviews.get('Xk9mL2pQ7rT4vW1yZ3bN5c')!.author).toBe('qW8eR2tY6uI1oP4aS7dF9g')
  })
})

describe('a folder holds only regular files to read', () => {
  test('a link to /dev/zero, a named pipe and a folder named .json are skipped and named; the pages import; nothing hangs', () => {
    const p = place()
    const folder = join(p.dir, 'pages')
    cpSync(join(FIXTURES, 'google', 'pages'), folder, { recursive: true })
    symlinkSync('/dev/zero', join(folder, 'reviews-000-zero.json'))
    symlinkSync(join(folder, 'reviews-001.json'), join(folder, 'reviews-004-link.json'))
    expect(Bun.spawnSync(['mkfifo', join(folder, 'reviews-005-pipe.json')]).exitCode).toBe(0)
    mkdirSync(join(folder, 'reviews-006.json'))
    const result = p.run([folder, '--business', p.businessFile], 20_000)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^7 inserted, 0 updated, 0 unchanged, 0 removed \(7 reviews, gbp, 3 files, [\d.]+ s\)\n$/)
    expect(result.stderr).toBe(
      'note: skipped "reviews-000-zero.json" (a symbolic link), "reviews-004-link.json" (a symbolic link), "reviews-005-pipe.json" (a named pipe), "reviews-006.json" (a folder): only regular files of a folder are read\n',
    )
  })

  test('a FILE that is a device (or a link to one) is refused before anything is read', () => {
    const p = place()
    const link = join(p.dir, 'reviews.json')
    symlinkSync('/dev/zero', link)
    const result = p.run([link], 10_000)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`reviews-service import: cannot read ${link}: it is a device, not a file (use - to read stdin)\n`)
    expect(existsSync(p.dataDir)).toBe(false)
  })

  test('sizes are checked before reading: a 300 MiB file is refused without being read', () => {
    const p = place()
    const folder = join(p.dir, 'big')
    mkdirSync(folder)
    const big = join(folder, 'reviews.json')
    writeFileSync(big, '')
    truncateSync(big, 300 << 20) // sparse: nothing to read, only a size
    const result = p.run([folder, '--business', p.businessFile])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('reviews.json: is read whole as JSON and that would pass 256 MiB (300 MiB so far); convert it to JSONL')
    expect(existsSync(p.dataDir)).toBe(false)
  })
})

describe('text as it comes', () => {
  test('lone surrogates become U+FFFD and are counted in the summary', () => {
    const p = place()
    // The text as written in the file: JSON escapes kept as they are.
    const line = (id: string, jsonText: string) => JSON.stringify(review({ id, text: 'TEXT' })).replace('"TEXT"', jsonText)
    const file = p.file(
      'halves.jsonl',
      [line('s-1', '"Great job"'), line('s-2', '"Great job \\ud83d and \\udd27"'), line('s-3', '"Fixed it \\ud83d\\udd27"')].join('\n'),
    )
    const result = p.run([file, '--business', p.businessFile])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe(
      'note: 2 lone surrogates (half of a character, as a JSON "\\ud83d" escape without its other half) became U+FFFD in 1 review, the first at line 2\n',
    )
    const { reviews } = p.stored()
    expect(reviews.get('s-2')!.text).toBe('Great job \uFFFD and \uFFFD')
    expect(reviews.get('s-3')!.text).toBe('Fixed it 🔧')
  })

  test('a text far over the limit is refused at once: its language is never looked for', () => {
    const p = place()
    const file = p.file('long.jsonl', JSON.stringify(review({ id: 'long-1', text: 'x'.repeat(200_000) })))
    const started = performance.now()
    const result = p.run([file, '--business', p.businessFile], 30_000)
    // Before: 54 s to detect the language of 200,000 characters, then refused for its length.
    expect(performance.now() - started).toBeLessThan(20_000)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 1, text: must be at most 20000 characters')
  })
})
