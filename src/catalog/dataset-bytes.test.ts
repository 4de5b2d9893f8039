import { describe, expect, test } from 'bun:test'
import { DatasetJoiner } from './builder'
import { DatasetBytes, joinParts } from './dataset-bytes'
import { sharedBytes } from './version'

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const text = (bytes: Uint8Array) => decoder.decode(bytes)

/** Rows r0..r(n-1) as JSON, in shared memory, comma-joined: a contiguous reviews.json and its rows' ends. */
function contiguous(rows: string[], head = '{"reviews":['): { dataset: DatasetBytes; body: string; ends: number[] } {
  const body = `${head}${rows.join(',')}]}`
  const bytes = sharedBytes(Buffer.byteLength(body))
  bytes.set(encoder.encode(body))
  const ends: number[] = []
  let at = 0
  rows.forEach((row, i) => {
    at += (i ? 1 : 0) + Buffer.byteLength(row)
    ends.push(at)
  })
  return { dataset: DatasetBytes.of(bytes, Buffer.byteLength(head)), body, ends }
}

const rowsOf = (n: number, tag = 'r') => Array.from({ length: n }, (_, i) => `{"id":"${tag}${i}","text":"é${'x'.repeat(i % 7)}"}`)

/** A dataset of `rows` cut into pieces after the rows in `cuts` (views of one contiguous body, as a splice makes). */
function inPieces(rows: string[], cuts: number[]) {
  const { dataset, body, ends } = contiguous(rows)
  const pieces: Uint8Array[] = []
  let from = 0
  for (const cut of [...cuts, rows.length]) {
    const start = from === 0 ? 0 : ends[from - 1]! + 1
    pieces.push(...dataset.views(start, ends[cut - 1]!))
    from = cut
  }
  return { pieced: new DatasetBytes(dataset.head, pieces), body, ends }
}

describe('DatasetBytes', () => {
  test('a dataset in pieces reads every row and range as its contiguous body does', () => {
    const rows = rowsOf(40)
    const { pieced, body, ends } = inPieces(rows, [1, 2, 9, 25, 39])
    expect(pieced.pieceCount).toBe(6)
    expect(pieced.byteLength).toBe(Buffer.byteLength(body))
    const rowsRegion = encoder.encode(body).subarray(pieced.rowsStart, Buffer.byteLength(body) - 2)
    for (let i = 0; i < rows.length; i++) expect(text(pieced.rows(i === 0 ? 0 : ends[i - 1]! + 1, ends[i]!))).toBe(rows[i]!)
    // Ranges across pieces (copied), inside one (a view), and every prefix a since-listing reads.
    for (const [from, to] of [
      [0, 40],
      [3, 30],
      [9, 10],
      [24, 26],
      [38, 40],
    ] as const) {
      const start = from === 0 ? 0 : ends[from - 1]! + 1
      expect(text(pieced.rows(start, ends[to - 1]!))).toBe(rows.slice(from, to).join(','))
    }
    for (let start = 0; start < rowsRegion.byteLength; start += 37)
      for (let end = start; end <= rowsRegion.byteLength; end += 53)
        expect(pieced.rows(start, end)).toEqual(rowsRegion.subarray(start, end))
    // Every start, a comma between two pieces among them, to the end; and written in place as a since-listing is.
    for (let start = 0; start <= rowsRegion.byteLength; start++) {
      expect(pieced.rows(start, rowsRegion.byteLength)).toEqual(rowsRegion.subarray(start))
      const into = new Uint8Array(rowsRegion.byteLength - start + 2)
      pieced.copyRows(start, rowsRegion.byteLength, into, 1)
      expect(into.subarray(1, into.byteLength - 1)).toEqual(rowsRegion.subarray(start))
    }
    expect(() => pieced.copyRows(0, rowsRegion.byteLength + 1, new Uint8Array(rowsRegion.byteLength + 1), 0)).toThrow(RangeError)
  })

  test('its chunks, its join and a join adopted from elsewhere are the contiguous body', () => {
    const rows = rowsOf(12)
    const { pieced, body } = inPieces(rows, [4, 5])
    expect(text(Buffer.concat(pieced.chunks()))).toBe(body)
    expect(text(joinParts(pieced.head, pieced.parts.pieces))).toBe(body)
    const other = inPieces(rows, [4, 5]).pieced
    expect(other.joined).toBeUndefined()
    other.adoptJoined(joinParts(other.head, other.parts.pieces))
    expect(other.pieceCount).toBe(1)
    expect(text(other.joined!)).toBe(body)
    expect(other.parts.pieces[0]!.buffer).toBe(other.joined!.buffer)
    expect(text(pieced.join())).toBe(body)
    expect(() => inPieces(rows, [3]).pieced.adoptJoined(new Uint8Array(3))).toThrow('another length')
  })

  test('views split where pieces meet, and name the buffers a version keeps alive', () => {
    const rows = rowsOf(10)
    const { pieced, ends } = inPieces(rows, [3, 6])
    // Rows 2..7 cross both cuts: three views, the commas between pieces in none of them.
    const views = pieced.views(ends[1]! + 1, ends[7]!)
    expect(views.map(text)).toEqual([rows.slice(2, 3).join(','), rows.slice(3, 6).join(','), rows.slice(6, 8).join(',')])
    expect(pieced.heldBytes).toBe(views[0]!.buffer.byteLength)
    expect(pieced.shared).toBe(true)
  })

  test('joined on a worker of its own; a join still pending when the joiner is closed is rejected', async () => {
    const rows = rowsOf(30)
    const { pieced, body } = inPieces(rows, [2, 17])
    const joiner = new DatasetJoiner()
    const joined = await joiner.join(pieced.parts)
    expect(text(joined)).toBe(body)
    expect(joined.buffer).toBeInstanceOf(SharedArrayBuffer)
    const pending = joiner.join(pieced.parts)
    joiner.close()
    await expect(pending).rejects.toThrow('join cancelled')
  })

  test('no rows: the head and ]}', () => {
    const empty = contiguous([])
    expect(empty.dataset.byteLength).toBe(Buffer.byteLength(empty.body))
    const none = new DatasetBytes(empty.dataset.head, [])
    expect(text(none.join())).toBe('{"reviews":[]}')
    expect(text(Buffer.concat(none.chunks()))).toBe('{"reviews":[]}')
    expect(none.rows(0, 0).byteLength).toBe(0)
  })
})
