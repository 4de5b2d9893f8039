/** The feeds are valid documents (JSON Feed 1.1 schema, Atom RELAX NG), hold the 50 newest reviews, and survive hostile text. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, review } from '../support/dataset'
import { atomErrors, jsonFeedErrors, parseXmlStrict } from '../support/validate-feeds'
import { sanitizeText } from '../../src/core/text'
import type { Review, StoredReview } from '../../src/reviews/schema'
import { renderAtom, renderJsonFeed } from '../../src/feeds/render'
import { uuidV5 } from '../../src/feeds/entry-ids'

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
    author: i % 3 ? "Ann <O'Neil> & Co" : 'Zoë',
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

  test('date_published is within the first hour of the review day in the business time zone (Denver: UTC-7 or -6)', async () => {
    const feed = (await (await fetch(`${server.url}/api/feed.json`)).json()) as any
    const month = (i: any) => i._review.date.slice(5, 7)
    const summer = feed.items.filter((i: any) => month(i) >= '04' && month(i) <= '10')
    const winter = feed.items.filter((i: any) => ['12', '01', '02'].includes(month(i)))
    expect(summer.length).toBeGreaterThan(0)
    expect(winter.length).toBeGreaterThan(0)
    for (const item of summer) expect(item.date_published).toMatch(new RegExp(`^${item._review.date}T06:\\d\\d:\\d\\dZ$`))
    for (const item of winter) expect(item.date_published).toMatch(new RegExp(`^${item._review.date}T07:\\d\\d:\\d\\dZ$`))
  })

  test('every item has a summary (the start of the text) and a distinct date_modified, never before date_published', async () => {
    const feed = (await (await fetch(`${server.url}/api/feed.json`)).json()) as any
    for (const item of feed.items) {
      expect(item.summary.length).toBeLessThanOrEqual(201)
      expect(item.summary.length).toBeGreaterThan(0)
      expect(item.date_modified >= item.date_published).toBe(true)
    }
    expect(new Set(feed.items.map((i: any) => i.date_modified)).size).toBe(feed.items.length)
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

  test("the first feed link is the service's own review page (readers show it as the feed's home), then self, then hub", async () => {
    const xml = await (await fetch(`${server.url}/feed.xml`)).text()
    const head = xml.slice(0, xml.search(/<entry[ >]/))
    const links = [...head.matchAll(/<link rel="([^"]+)"[^>]*href="([^"]+)"/g)].map(([, rel, href]) => `${rel} ${href}`)
    expect(links).toEqual([`alternate ${TEST_BASE_URL}/`, `self ${TEST_BASE_URL}/feed.xml`, `hub ${TEST_BASE_URL}/api/websub/hub`])
    // The business's own site stays the feed author's URI.
    expect(head).toContain(`<uri>${business.url}</uri>`)
  })

  test('entries have a text summary and distinct updated instants (no duplicate-updated warnings), each at or after published', async () => {
    const xml = await (await fetch(`${server.url}/feed.xml`)).text()
    const entries = xml.split(/<entry[ >]/).slice(1)
    const updated = entries.map((e) => e.match(/<updated>([^<]+)<\/updated>/)![1]!)
    expect(new Set(updated).size).toBe(50)
    for (const entry of entries) {
      expect(entry).toMatch(/<summary type="text">[^<]+<\/summary>/)
      expect(entry.match(/<updated>([^<]+)</)![1]! >= entry.match(/<published>([^<]+)</)![1]!).toBe(true)
    }
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

describe('permanent entry ids and moving update times', () => {
  const published = (r: StoredReview) => ({ ...r, verified: true }) as Review
  const feed = (list: Review[], baseUrl = TEST_BASE_URL) => ({
    business,
    reviews: list,
    baseUrl,
    updatedAt: new Date('2025-01-01T00:00:00Z'),
  })
  const atomEntry = (xml: string, n = 0) => xml.split(/<entry[ >]/)[n + 1]!
  const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]+)</${name}>`))![1]!
  const base = published(review({ id: 'p-1', date: '2025-03-04', text: 'Fixed the boiler.' }))

  test('UUID v5 matches the RFC 9562 construction (known vector)', () => {
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d')
  })

  test('Atom feed and entry ids are urn:uuid from business id and review id: BASE_URL does not change them', () => {
    const here = renderAtom(feed([base]))
    const moved = renderAtom(feed([base], 'https://elsewhere.example/reviews'))
    expect(tag(atomEntry(here), 'id')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(tag(atomEntry(moved), 'id')).toBe(tag(atomEntry(here), 'id'))
    expect(tag(moved, 'id')).toBe(tag(here, 'id'))
    expect(tag(here, 'id')).toMatch(/^urn:uuid:/)
    // Another review, or the same review id at another business, is another entry.
    const other = renderAtom(feed([{ ...base, id: 'p-2' }]))
    expect(tag(atomEntry(other), 'id')).not.toBe(tag(atomEntry(here), 'id'))
    const otherBusiness = renderAtom({ ...feed([base]), business: { ...business, id: 'other-business' } })
    expect(tag(atomEntry(otherBusiness), 'id')).not.toBe(tag(atomEntry(here), 'id'))
  })

  test('adding a reply, editing its text, or redating it moves Atom updated and JSON Feed date_modified; published stays', () => {
    const versions: Review[] = [
      base,
      { ...base, response: { date: '2025-03-04', text: 'Thank you!' } },
      { ...base, response: { date: '2025-03-04', text: 'Thank you, Ann!' } },
      { ...base, response: { date: '2025-03-06', text: 'Thank you, Ann!' } },
    ]
    const atom = versions.map((v) => atomEntry(renderAtom(feed([v]))))
    const json = versions.map((v) => (JSON.parse(renderJsonFeed(feed([v]))) as any).items[0])
    expect(new Set(atom.map((e) => tag(e, 'updated'))).size).toBe(versions.length)
    expect(new Set(json.map((i) => i.date_modified)).size).toBe(versions.length)
    expect(new Set(atom.map((e) => tag(e, 'published'))).size).toBe(1)
    expect(new Set(json.map((i) => i.date_published)).size).toBe(1)
    for (let i = 0; i < versions.length; i++) expect(json[i].date_modified).toBe(tag(atom[i]!, 'updated'))
    // The reply on 2025-03-06 puts the update on that day (Denver, UTC-7 in March).
    expect(json[3].date_modified).toMatch(/^2025-03-06T07:/)
    // Same data, same bytes: the times are derived, not read from a clock.
    expect(renderAtom(feed(versions.slice(1, 2)))).toBe(renderAtom(feed(versions.slice(1, 2))))
  })

  test('summary: short text whole; long text cut at a word with an ellipsis; whitespace folded', () => {
    const long = 'The technician arrived early and explained every step. '.repeat(10)
    const items = (
      JSON.parse(
        renderJsonFeed(
          feed([
            { ...base, text: 'Two\n\nlines' },
            { ...base, id: 'p-3', text: long },
          ]),
        ),
      ) as any
    ).items
    expect(items[0].summary).toBe('Two lines')
    expect(items[1].summary.endsWith('…')).toBe(true)
    expect(items[1].summary.length).toBeLessThanOrEqual(201)
    expect(long.startsWith(items[1].summary.slice(0, -1))).toBe(true)
    expect(items[1].summary).not.toMatch(/\s…$/)
  })
})

describe('within one day, the feed order and the entry times agree', () => {
  // Four days of eight reviews each, newest first as the catalog hands them over (date desc, id desc);
  // every third review has a reply of its own day, one a reply days later.
  const ids = ['zeta', 'k9', 'k10', 'b-2', 'b-10', 'a', 'A', '0x']
  const day = (d: number) =>
    ids.map((id, i) => {
      const r = review({ id: `${id}-${d}`, date: `2025-0${d}-15`, text: `Review ${id} of day ${d}.` }) as StoredReview
      if (i % 3 === 0) r.response = { date: `2025-0${d}-15`, text: `Thanks ${id}!` }
      if (i === 4) r.response = { date: `2025-0${d}-20`, text: 'Thanks, later.' }
      return { ...r, verified: true } as Review
    })
  const sorted = (list: Review[]) => [...list].sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
  const all = sorted([4, 3, 2, 1].flatMap(day))
  const context = (list: Review[]) => ({ business, reviews: list, baseUrl: TEST_BASE_URL, updatedAt: new Date('2025-06-01T00:00:00Z') })
  const jsonTimes = (list: Review[]) =>
    (JSON.parse(renderJsonFeed(context(list))) as any).items.map((i: any) => ({
      id: i.id as string,
      date: i._review.date as string,
      published: Date.parse(i.date_published),
      updated: Date.parse(i.date_modified),
      laterReply: i._review.response !== null && i._review.response.date > i._review.date,
    }))
  const atomTimes = (list: Review[]) =>
    renderAtom(context(list))
      .split(/<entry[ >]/)
      .slice(1)
      .map((entry) => ({
        published: Date.parse(entry.match(/<published>([^<]+)</)![1]!),
        updated: Date.parse(entry.match(/<updated>([^<]+)</)![1]!),
      }))

  test('published (and updated, unless a reply came on a later day) falls strictly in feed order within each day', () => {
    const json = jsonTimes(all)
    const atom = atomTimes(all)
    expect(json.map((i: { id: string }) => i.id)).toEqual(all.map((r) => r.id))
    let inversions = 0
    for (let i = 1; i < json.length; i++) {
      if (json[i].date !== json[i - 1].date) continue
      if (!(json[i].published < json[i - 1].published)) inversions++
      if (!(atom[i]!.published < atom[i - 1]!.published)) inversions++
      if (!json[i].laterReply && !json[i - 1].laterReply) {
        if (!(json[i].updated < json[i - 1].updated)) inversions++
        if (!(atom[i]!.updated < atom[i - 1]!.updated)) inversions++
      }
    }
    expect(inversions).toBe(0)
    for (let i = 0; i < json.length; i++) {
      expect(atom[i]).toEqual({ published: json[i].published, updated: json[i].updated })
      expect(json[i].updated).toBeGreaterThanOrEqual(json[i].published)
    }
  })

  test("an entry's times do not move when another day gains a review", () => {
    const before = new Map(jsonTimes(all).map((t: { id: string }) => [t.id, t]))
    const after = jsonTimes(sorted([...all, { ...all[0]!, id: 'new-one', date: '2025-05-01' }]))
    for (const t of after) if (t.id !== 'new-one') expect(t).toEqual(before.get(t.id))
  })
})
