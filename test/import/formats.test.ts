/**
 * FORMATS is the one declaration of an import format: each is recognised from a file and from the same
 * bytes on a stream (cut anywhere), accepted by --format, and listed by --help and the import usage line.
 * A format added to FORMATS without a sample here does not typecheck (SAMPLES is keyed by every name).
 */
import { describe, expect, test } from 'bun:test'
import { importUsage, usageText } from '../../src/cli/help'
import { detectFormat, FORMATS, IMPORT_FORMATS, type ImportFormat } from '../../src/import/formats'
import { readImport } from '../../src/import/pipeline'
import { business, review } from '../support/dataset'

const googleReview = (id: string) => ({
  name: `accounts/1/locations/2/reviews/${id}`,
  reviewer: { displayName: 'Ana P.' },
  starRating: 'FOUR',
  comment: 'Quick and tidy work on the drain.',
  createTime: '2025-02-01T10:00:00Z',
  updateTime: '2025-02-01T10:00:00Z',
})
const yelpLine = (id: string) => ({
  review_id: id,
  user_id: 'u1',
  business_id: 'b1',
  stars: 5,
  useful: 0,
  funny: 0,
  cool: 0,
  text: 'Came on time, fixed the heater.',
  date: '2024-05-01 10:00:00',
})
const ours = [review({ id: 'f-1' }), review({ id: 'f-2' })]

/** One file of each format, as a person would have it. */
const SAMPLES: Record<ImportFormat, string> = {
  gbp: JSON.stringify({ reviews: [googleReview('g1'), googleReview('g2')], averageRating: 4, totalReviewCount: 2 }, null, 2),
  'gbp-jsonl': [googleReview('g1'), googleReview('g2')].map((r) => JSON.stringify(r)).join('\n'),
  'yelp-dataset': [yelpLine('y1'), yelpLine('y2')].map((r) => JSON.stringify(r)).join('\n'),
  json: JSON.stringify({ business, reviews: ours }, null, 2),
  jsonl: ours.map((r) => JSON.stringify(r)).join('\n'),
  csv: 'id,rating,date,author,text\nc-1,5,2025-01-02,Jo B.,Great work.\nc-2,4,2025-01-03,Al C.,Good.\n',
}

describe('the format registry', () => {
  test('names are unique, and --format takes exactly them', () => {
    expect(new Set(IMPORT_FORMATS).size).toBe(FORMATS.length)
    expect(IMPORT_FORMATS).toEqual(FORMATS.map((f) => f.name))
    expect(Object.keys(SAMPLES).sort()).toEqual([...IMPORT_FORMATS].sort())
  })

  test.each(IMPORT_FORMATS)('%s is recognised in a whole file', (name) => {
    expect(detectFormat(SAMPLES[name])).toBe(name)
  })

  test.each(IMPORT_FORMATS)('%s is recognised on a stream, whole or cut into 7-byte pieces, and reads the same', async (name) => {
    const bytes = new TextEncoder().encode(SAMPLES[name])
    const pieces: Uint8Array[] = []
    for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.slice(i, i + 7))
    for (const chunks of [[bytes], pieces]) {
      const outcome = await readImport({ chunks }, { business })
      expect(outcome).toMatchObject({ ok: true, format: name, reviews: 2 })
    }
  })

  test('--help lists every format with its description, and the usage line names every one', () => {
    const usage = usageText()
    for (const format of FORMATS) expect(usage).toMatch(new RegExp(`^ {4}${format.name} +${RegExp.escape(format.describes)}$`, 'm'))
    expect(importUsage()).toContain(`formats: ${IMPORT_FORMATS.join(', ')}`)
    for (const option of ['--map FIELD=COLUMN,...', '--format NAME', '--business FILE', '--dry-run', '--replace', 'FILE|FOLDER|-'])
      expect(usage).toContain(option)
  })

  test('with --map only the formats that read a map are recognised', () => {
    expect(detectFormat(SAMPLES['yelp-dataset'], undefined, { id: 'review_id' })).toBe('jsonl')
    expect(detectFormat(SAMPLES['gbp-jsonl'], undefined, { id: 'reviewId' })).toBe('jsonl')
    expect(detectFormat(SAMPLES.gbp, undefined, { id: 'reviewId' })).toBe('json')
  })
})
