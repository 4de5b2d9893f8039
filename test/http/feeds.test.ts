/** The feeds are valid documents (JSON Feed 1.1 schema, Atom RELAX NG), hold the 50 newest reviews, and survive hostile text. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, review } from '../support/dataset'
import { atomErrors, jsonFeedErrors, parseXmlStrict } from '../support/validate-feeds'
import { sanitizeText } from '../../src/core/text'
import type { StoredReview } from '../../src/reviews/schema'

const hostileTexts = [
  'Control chars \u0000\u0001\u0007\u001b\u007f\u0085 gone',
  'CDATA end ]]> and <![CDATA[ x ]]>',
  '<script>alert("x")</script> & <b>bold</b> &amp; &#x0;',
  'Emoji \u{1F527}\u{1F6BF} and ZWJ \u{1F468}\u200D\u{1F527}',
  'Lone surrogates \uD800 and \uDFFF here',
  'Quotes "double" \'single\' and \\ backslash',
  'Bidi \u202E override and non-characters \uFFFE \uFFFF',
]

// 60 reviews: the feeds must cut at 50. Texts go through the import sanitiser, as real data does.
const reviews: StoredReview[] = Array.from({ length: 60 }, (_, i) =>
  review({
    id: `h-${String(i).padStart(2, '0')}`,
    rating: (i % 5) + 1,
    date: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    text: sanitizeText(hostileTexts[i % hostileTexts.length]!),
    author: i % 3 ? 'Ann <O\'Neil> & Co' : 'Zoë',
    services: i % 2 ? ['drain-cleaning'] : [],
    response: i % 4 ? null : { date: '2024-12-31', text: sanitizeText('Thanks ]]> <b>!') },
  }),
)
const newest50 = [...reviews].sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)).slice(0, 50)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews } })
})
afterAll(() => server.stop())

describe('JSON Feed', () => {
  test('valid JSON Feed 1.1 with the 50 newest reviews, hubs and _review records', async () => {
    const response = await fetch(`${server.url}/api/feed.json`)
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    const feed = (await response.json()) as any
    expect(jsonFeedErrors(feed)).toEqual([])
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.feed_url).toBe(`${TEST_BASE_URL}/api/feed.json`)
    expect(feed.home_page_url).toBe(business.url)
    expect(feed.hubs).toEqual([{ type: 'WebSub', url: `${TEST_BASE_URL}/api/websub/hub` }])
    expect(feed.items.map((i: any) => i.id)).toEqual(newest50.map((r) => r.id))
    const first = feed.items[0]
    expect(first.url).toBe(`${TEST_BASE_URL}/reviews/${first.id}`)
    expect(first.external_url).toBe(`${TEST_BASE_URL}/api/reviews/${first.id}`)
    expect(first._review).toEqual(newest50[0])
    expect(first.tags).toEqual(newest50[0]!.services)
    expect(first.authors).toEqual([{ name: newest50[0]!.author }])
    expect(first.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(first.content_text.startsWith(newest50[0]!.text)).toBe(true)
  })

  test('date_published is the start of the review day in the business time zone (Denver: UTC-7 or -6)', async () => {
    const feed = (await (await fetch(`${server.url}/api/feed.json`)).json()) as any
    const month = (i: any) => i._review.date.slice(5, 7)
    const summer = feed.items.filter((i: any) => month(i) >= '04' && month(i) <= '10')
    const winter = feed.items.filter((i: any) => ['12', '01', '02'].includes(month(i)))
    expect(summer.length).toBeGreaterThan(0)
    expect(winter.length).toBeGreaterThan(0)
    for (const item of summer) expect(item.date_published).toBe(`${item._review.date}T06:00:00Z`)
    for (const item of winter) expect(item.date_published).toBe(`${item._review.date}T07:00:00Z`)
  })
})

describe('Atom', () => {
  test('well-formed XML, valid against the Atom RELAX NG grammar, with self and hub links', async () => {
    const response = await fetch(`${server.url}/feed.xml`)
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const xml = await response.text()
    parseXmlStrict(xml)
    expect(atomErrors(xml)).toEqual([])
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${TEST_BASE_URL}/feed.xml"/>`)
    expect(xml).toContain(`<link rel="hub" href="${TEST_BASE_URL}/api/websub/hub"/>`)
    expect(xml.match(/<entry[ >]/g)).toHaveLength(50)
  })

  test('hostile text is escaped, never raw, and control characters never reach the XML', async () => {
    const xml = await (await fetch(`${server.url}/feed.xml`)).text()
    expect(xml).not.toContain('<script>')
    expect(xml).toContain('&lt;script&gt;')
    expect(xml).toContain(']]&gt;')
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
    expect(xml).toContain('\u{1F527}')
  })

  test('the validator rejects a broken document (the check can fail)', () => {
    expect(() => parseXmlStrict('<feed><entry></feed>')).toThrow()
    expect(atomErrors('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>').length).toBeGreaterThan(0)
  })
})

describe('the reviews dataset carries the same hostile text intact', () => {
  test('JSON round-trip equals the sanitised record', async () => {
    const dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as any
    const byId = new Map(dataset.reviews.map((r: any) => [r.id, r]))
    for (const r of reviews) expect(byId.get(r.id)).toEqual(r)
    for (const r of dataset.reviews) expect(r.text).toBe(r.text.toWellFormed())
  })
})
