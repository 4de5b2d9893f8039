/**
 * The owner view and the language figures against the running service: every period count and the
 * unanswered count equal the totals of the searches they link to, each listed review's links answer,
 * the language counts equal the `language` search totals, and MCP get_insights gives the same owner view.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Insights } from '../../src/insights/schema'
import type { StoredReview } from '../../src/reviews/schema'
import { business, review } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'

const reply = { date: '2026-03-30', text: 'Thank you for telling us.' }
const reviews: StoredReview[] = [
  review({ id: 'o-01', rating: 5, date: '2026-03-31', text: 'Mike was right on time and the price was fair.' }),
  review({ id: 'o-02', rating: 1, date: '2026-03-28', text: 'Two hours late and rude. The drain clogged again the next day.' }),
  review({ id: 'o-03', rating: 2, date: '2026-03-28', text: 'Expensive, and nobody called back.', response: reply }),
  review({ id: 'o-04', rating: 4, date: '2026-03-15', text: 'On time, polite, fair price.' }),
  review({ id: 'o-05', rating: 2, date: '2026-03-02', text: '', language: null }),
  review({ id: 'o-06', rating: 5, date: '2026-02-20', text: 'Punctual and friendly.', language: null }),
  review({ id: 'o-07', rating: 1, date: '2026-02-10', text: 'Sie kamen zu spät.', language: 'de' }),
  review({
    id: 'o-08',
    rating: 5,
    date: '2026-02-01',
    text: 'Pontuais e educados.',
    language: 'pt-BR',
    translation: { language: 'en', text: 'Punctual and polite.' },
  }),
  review({ id: 'o-09', rating: 3, date: '2026-01-05', text: 'It was fine, a bit late.' }),
  review({ id: 'o-10', rating: 5, date: '2025-12-20', text: '', language: null }),
  review({ id: 'o-11', rating: 1, date: '2025-11-11', text: 'Late again. Never answered the phone.' }),
  review({ id: 'o-12', rating: 5, date: '2025-10-01', text: 'Great, on time.' }),
]

let server: TestServer
let insights: Insights
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews } })
  insights = (await (await fetch(`${server.url}/insights.json`)).json()) as Insights
})
afterAll(() => server.stop())

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' })
const total = async (path: string) => {
  const response = await get(path)
  expect({ path, status: response.status }).toEqual({ path, status: 200 })
  return ((await response.json()) as { total: number }).total
}

describe('/insights.json: the owner view', () => {
  test('the periods end on the newest review date', async () => {
    const dataset = (await (await get('/reviews.json')).json()) as { reviews: StoredReview[] }
    expect(insights.owner.as_of).toBe(dataset.reviews[0]!.date)
    expect(insights.owner.as_of).toBe('2026-03-31')
    expect(insights.owner.periods.map((w) => [w.days, w.current.since, w.current.until, w.previous.since, w.previous.until])).toEqual([
      [30, '2026-03-02', '2026-03-31', '2026-01-31', '2026-03-01'],
      [90, '2026-01-01', '2026-03-31', '2025-10-03', '2025-12-31'],
    ])
  })

  test('each period count is the total of the search it links to, and its page answers', async () => {
    for (const w of insights.owner.periods)
      for (const p of [w.current, w.previous]) {
        expect(await total(p.search)).toBe(p.review_count)
        expect((await get(p.page)).status).toBe(200)
      }
    const [w30, w90] = insights.owner.periods
    expect(w30!.current).toMatchObject({ review_count: 5, average_rating: 2.8, low_rating_count: 3, low_rating_share: 0.6 })
    expect(w30!.previous).toMatchObject({ review_count: 3, average_rating: 3.67, low_rating_count: 1, low_rating_share: 0.33 })
    // Per aspect, reviews positive and negative about it; only aspects with 3 such reviews in one of the periods.
    expect(w30!.aspects).toEqual([
      { id: 'punctuality', label: 'Punctuality', current: { positive: 2, negative: 1 }, previous: { positive: 2, negative: 0 } },
      { id: 'price', label: 'Price and value', current: { positive: 2, negative: 1 }, previous: { positive: 0, negative: 0 } },
    ])
    expect(w90!.previous).toMatchObject({ review_count: 2, average_rating: 3, low_rating_count: 1 })
  })

  test('unanswered 1-2 stars, newest first: the count is the total of its search, the list its first ids', async () => {
    const { unanswered } = insights.owner
    expect(unanswered.count).toBe(4)
    expect(await total(unanswered.search)).toBe(unanswered.count)
    const listed = (await (await get(`${unanswered.search}&limit=100`)).json()) as { reviews: StoredReview[] }
    expect(unanswered.reviews.map((r) => r.id)).toEqual(listed.reviews.map((r) => r.id))
    expect(unanswered.reviews.map((r) => r.id)).toEqual(['o-02', 'o-05', 'o-07', 'o-11'])
    expect(unanswered.reviews[0]).toMatchObject({
      rating: 1,
      date: '2026-03-28',
      excerpt: 'Two hours late and rude. The drain clogged again the next day.',
    })
    for (const r of unanswered.reviews) {
      const record = await get(r.permalink)
      expect(record.status).toBe(200)
      expect(((await record.json()) as StoredReview).id).toBe(r.id)
      const page = await get(r.page)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
    }
  })
})

describe('/insights.json: languages are the stored ones', () => {
  test('each count is the total of a search by that language; the rest are unknown', async () => {
    const { counts, unknown_language: unknown } = insights.languages
    expect(counts).toEqual({ en: 7, de: 1, pt: 1 })
    for (const [language, n] of Object.entries(counts)) expect(await total(`/api/reviews/search?language=${language}`)).toBe(n)
    expect(Object.values(counts).reduce((a, b) => a + b, 0) + unknown).toBe(insights.review_count)
    expect(unknown).toBe(3)
  })

  test('the ratings without text are not counted as read', () => {
    // o-05 and o-10 have no text; o-07 is German without a translation; o-06 (no stored language) reads as English.
    expect(insights.languages).toMatchObject({ with_text: 10, analysed: 9, translated: 1 })
    expect(insights.summary).toContain('10 of them have text; the others are star ratings alone; aspects are read from the 9 reviews')
  })
})

describe('MCP get_insights', () => {
  let client: Client
  beforeAll(async () => {
    client = new Client({ name: 'owner-view-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
  })
  afterAll(() => client.close())

  test('section owner: the same owner view, and a text listing the unanswered reviews', async () => {
    const result = (await client.callTool({ name: 'get_insights', arguments: { section: 'owner' } })) as {
      structuredContent: Partial<Insights>
      content: { type: string; text: string }[]
    }
    expect(result.structuredContent).toEqual({ owner: insights.owner })
    const text = result.content[0]!.text
    expect(text).toContain('Owner view (periods end on the newest review date, 2026-03-31):')
    expect(text).toContain('- Last 30 days, 2026-03-02 to 2026-03-31: 5 reviews, average 2.8★, 3 of 1-2★')
    expect(text).toContain('Unanswered reviews of 1-2★: 4, newest first')
    expect(text).toContain('- [o-02] 2026-03-28 1★ by "Jane D.": "Two hours late and rude. The drain clogged again the next day."')
  })
})
