/**
 * A big since-listing is rendered and compressed once per data version, off the event loop: repeated
 * requests are served from the cache, and the server keeps answering while the first one compresses.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary, runBinary } from '../support/binary'
import { business, review } from '../support/dataset'
import { startListening, type Running } from '../support/spawn'
import type { StoredReview } from '../../src/reviews/schema'

const REVIEWS = 12_000
let workDir: string
let running: Running

beforeAll(async () => {
  const words = [
    'The technician arrived on time,',
    'explained the water heater problem clearly',
    'and the price matched the quote.',
    'Muy profesional, gracias!',
    'Würde wieder buchen.',
  ]
  const reviews: StoredReview[] = []
  for (let i = 0; i < REVIEWS; i++) {
    const day = new Date(Date.UTC(2015, 0, 1) + (i % 3650) * 86400_000).toISOString().slice(0, 10)
    const text = Array.from({ length: 24 }, (_, j) => words[(i + j) % words.length]).join(' ') + ` (#${i})`
    reviews.push(review({ id: `big-${String(i).padStart(6, '0')}`, date: day, text, rating: (i % 5) + 1 }))
  }
  workDir = mkdtempSync(join(tmpdir(), 'reviews-since-'))
  const dataset = join(workDir, 'big.json')
  writeFileSync(dataset, JSON.stringify({ business, reviews }))
  const env = { DATA_DIR: join(workDir, 'data'), PORT: '0', HOST: '127.0.0.1' }
  // Setting up, not timed: a 12,000-review import on a loaded machine can take longer than the usual 15 s.
  const imported = runBinary(['import', dataset], env, 60_000)
  if (imported.code !== 0) throw new Error(imported.stderr)
  running = await startListening([compiledBinary(), 'serve'], { ...env, PATH: '/usr/bin:/bin' })
  // Insights of 12,000 reviews are computed in the background at start: let that finish before timing anything.
  await fetch(`${running.url}/insights.json`)
}, 120_000)
afterAll(() => {
  running?.proc.kill('SIGKILL')
  rmSync(workDir, { recursive: true, force: true })
})

const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const started = performance.now()
  const response = await fetch(`${running.url}${path}`, { headers, method })
  const body = new Uint8Array(await response.arrayBuffer())
  return { response, body, ms: performance.now() - started }
}

describe('a since-listing of everything (over 8 MB)', () => {
  test('is rendered once per data version: every date before the first review is the same cached body', async () => {
    const first = await get('/api/reviews/since/1900-01-01')
    expect(first.response.status).toBe(200)
    expect(first.body.byteLength).toBeGreaterThan(8 << 20)
    const listing = JSON.parse(new TextDecoder().decode(first.body)) as { count: number; reviews: { id: string }[] }
    expect(listing.count).toBe(REVIEWS)
    // HEAD: the server's own cost, without moving 11 MB through the client.
    const times: number[] = []
    for (const date of ['1900-01-01', '1990-01-01', '2014-12-31', '1900-01-01', '2000-06-15']) {
      const again = await get(`/api/reviews/since/${date}`, {}, 'HEAD')
      expect(again.response.headers.get('etag')).toBe(first.response.headers.get('etag'))
      times.push(again.ms)
    }
    times.sort((a, b) => a - b)
    console.log(
      `since-listing of ${(first.body.byteLength / 1e6).toFixed(1)} MB: first GET ${first.ms.toFixed(0)} ms, then HEAD median ${times[2]!.toFixed(1)} ms`,
    )
    expect(times[2]!).toBeLessThan(25)
  })

  test('a prefix cut gives the same rows as the full render would, byte for byte', async () => {
    const all = JSON.parse(new TextDecoder().decode((await get('/api/reviews/since/1900-01-01')).body)) as {
      reviews: { id: string; date: string }[]
    }
    const cut = await get('/api/reviews/since/2020-01-01')
    const listing = JSON.parse(new TextDecoder().decode(cut.body)) as { count: number; total: number; reviews: { id: string }[] }
    const expected = all.reviews.filter((r) => r.date >= '2020-01-01')
    expect(listing.count).toBe(expected.length)
    expect(listing.total).toBe(expected.length)
    expect(listing.reviews.map((r) => r.id)).toEqual(expected.map((r) => r.id))
    // The cut is a slice of reviews.json's bytes: every row exactly as the full render has it.
    const rows = expected.map((r) => JSON.stringify(r)).join(',')
    expect(new TextDecoder().decode(cut.body)).toBe(`{"count":${expected.length},"total":${expected.length},"reviews":[${rows}]}`)
  })

  test('compressed once, on the thread pool: /healthz stays quick meanwhile, and later requests reuse it', async () => {
    const date = '2016-01-01'
    const compressing = get(`/api/reviews/since/${date}`, { 'accept-encoding': 'br' })
    const health: number[] = []
    for (let i = 0; i < 5; i++) health.push((await get('/healthz')).ms)
    const first = await compressing
    expect(first.response.headers.get('content-encoding')).toBe('br')
    const again: number[] = []
    for (let i = 0; i < 5; i++) {
      const head = await get(`/api/reviews/since/${date}`, { 'accept-encoding': i % 2 ? 'gzip' : 'br' }, 'HEAD')
      expect(head.response.headers.get('content-encoding')).toBe(i % 2 ? 'gzip' : 'br')
      again.push(head.ms)
    }
    again.sort((a, b) => a - b)
    console.log(
      `br of the listing: first ${first.ms.toFixed(0)} ms, then HEAD median ${again[2]!.toFixed(1)} ms; /healthz meanwhile at most ${Math.max(...health).toFixed(1)} ms`,
    )
    expect(again[2]!).toBeLessThan(25)
    expect(Math.max(...health)).toBeLessThan(200) // Before: the event loop compressed it, 480 ms at this size.
  })
})
