import { expect, test } from 'bun:test'
import { reviewJson } from '../reviews/repository'
import type { Review } from '../reviews/schema'
import { business, review } from '../../test/support/dataset'
import { composeVersion, datasetHead } from './version'

test("reviews.json's bytes: the head, the rows' JSON comma-joined, each row's end where its bytes end (multi-byte text too)", () => {
  const reviews = [
    review({ id: 'v-1', date: '2025-03-01', text: 'Très bien, merci José 👍' }),
    review({ id: 'v-2', date: '2025-02-01', text: 'Plain ASCII text.' }),
    review({ id: 'v-3', date: '2025-01-01', text: '水道の修理、ありがとう。' }),
  ] as Review[]
  const rows = reviews.map((r, i) => ({ rowid: i + 1, date: r.date, json: reviewJson(r) }))
  const at = new Date('2025-03-02T00:00:00Z')
  const composed = composeVersion(business, rows, reviews, at, null)
  const head = new TextDecoder().decode(datasetHead(business, composed.aggregate, at))
  const text = new TextDecoder().decode(composed.body)
  expect(text).toBe(`${head}${rows.map((r) => r.json).join(',')}]}`)
  expect(composed.rowsStart).toBe(Buffer.byteLength(head))
  const bytes = composed.body.subarray(composed.rowsStart)
  rows.forEach((row, i) => {
    const start = i === 0 ? 0 : composed.rowEnds[i - 1]! + 1
    expect(new TextDecoder().decode(bytes.subarray(start, composed.rowEnds[i]!))).toBe(row.json)
  })
  // The same content later keeps its Last-Modified, and the head says so.
  const again = composeVersion(business, rows, reviews, new Date('2025-04-01T00:00:00Z'), composed)
  expect(again.updatedAt).toEqual(at)
  expect(new TextDecoder().decode(again.body)).toBe(text)
})
