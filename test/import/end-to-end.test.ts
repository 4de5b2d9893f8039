/**
 * A real-shaped Google Takeout file imported through the CLI, then served: the 2,000+ character
 * review comes out whole everywhere, translations stay beside the original, and the feeds carry
 * each review's language (Atom xml:lang, JSON Feed item language) and stay valid.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'
import { atomErrors, jsonFeedErrors, parseXmlStrict } from '../support/validate-feeds'
import type { Review } from '../../src/reviews/schema'
import { FIXTURES, workspace } from './cli'

const LONG_ID = 'AbFvOqt5Ui3mK8fRxD2gVc6'
const GERMAN_ID = 'AbFvOqlnTk8cQ2Vd4P7xLh3'
const takeout = JSON.parse(readFileSync(join(FIXTURES, 'google', 'takeout-reviews.json'), 'utf8')) as {
  reviews: { name: string; comment?: string }[]
}
const longText = takeout.reviews.find((r) => r.name.endsWith(LONG_ID))!.comment!

let server: TestServer
beforeAll(async () => {
  const ws = workspace()
  const result = await ws.run(join(FIXTURES, 'google', 'takeout-reviews.json'), '--business', ws.businessFile)
  expect(result.code).toBe(0)
  server = await startTestServer({ dataDir: ws.dataDir })
})
afterAll(() => server.stop())

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status).toBe(200)
  return response
}

describe('served after import', () => {
  test('the dataset and the permalink carry the long review whole, and language and translation on every review', async () => {
    const dataset = (await (await get('/reviews.json')).json()) as { reviews: Review[] }
    expect(dataset.reviews).toHaveLength(8)
    for (const review of dataset.reviews) {
      expect(review).toHaveProperty('language')
      expect(review).toHaveProperty('translation')
    }
    expect(dataset.reviews.find((r) => r.id === LONG_ID)!.text).toBe(longText)
    const permalink = (await (await get(`/api/reviews/${LONG_ID}`)).json()) as Review
    expect(permalink.text).toBe(longText)
    expect(((await (await get(`/api/reviews/${GERMAN_ID}`)).json()) as Review).translation).toEqual({
      language: 'en',
      text: 'Very friendly technician, everything worked out perfectly. José came on time and explained everything.',
    })
  })

  test('search finds words from the end of the long review and from the German original', async () => {
    const tail = (await (await get(`/api/reviews/search?query=${encodeURIComponent('passed their number to two neighbours')}`)).json()) as {
      reviews: Review[]
    }
    expect(tail.reviews.map((r) => r.id)).toEqual([LONG_ID])
    expect(tail.reviews[0]!.text).toBe(longText)
    const german = (await (await get(`/api/reviews/search?query=${encodeURIComponent('punktlich')}`)).json()) as { reviews: Review[] }
    expect(german.reviews.map((r) => r.id)).toEqual([GERMAN_ID])
  })

  test('JSON Feed: valid 1.1, item language where known, the long text whole in content_text', async () => {
    const feed = (await (await get('/api/feed.json')).json()) as {
      items: { id: string; language?: string; content_text: string; _review: Review }[]
    }
    expect(jsonFeedErrors(feed)).toEqual([])
    const byId = new Map(feed.items.map((item) => [item.id, item]))
    expect(byId.get(GERMAN_ID)!.language).toBe('de')
    expect(byId.get('AbFvOqs8Yh4nL2dQwE5fGj0')!.language).toBe('es')
    expect(byId.get('AbFvOqnK3mA9eQ1tYvB6pLr')).not.toHaveProperty('language')
    expect(byId.get(LONG_ID)!.content_text.startsWith(longText)).toBe(true)
    for (const item of feed.items) expect(item.language ?? null).toBe(item._review.language)
  })

  test("Atom: valid, each entry in its review's language, generated titles in the feed's", async () => {
    const xml = await (await get('/feed.xml')).text()
    parseXmlStrict(xml)
    expect(atomErrors(xml)).toEqual([])
    expect(xml).toContain(
      `<entry xml:lang="de">\n    <id>${'https://reviews.example.test'}/api/reviews/${GERMAN_ID}</id>\n    <title xml:lang="en-US">`,
    )
    expect(xml).toContain(`<entry xml:lang="es">\n    <id>https://reviews.example.test/api/reviews/AbFvOqs8Yh4nL2dQwE5fGj0</id>`)
    // A rating-only review has no language: its entry has no xml:lang of its own.
    expect(xml).toContain(`<entry>\n    <id>https://reviews.example.test/api/reviews/AbFvOqnK3mA9eQ1tYvB6pLr</id>`)
    const escaped = longText
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
    expect(xml).toContain(escaped)
  })
})
