/**
 * GET /api/reviews/search by `aspect` (+ `sentiment`) and `topic`, over HTTP on port 0: each figure of
 * /insights.json leads to exactly the reviews it counts, with the evidence behind each; bad values are a 400
 * naming the known ones; while the insights are computed, a 503 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { InsightsComputer } from '../../src/catalog/snapshot'
import { computeInsights } from '../../src/insights/compute'
import type { AspectEvidence, Insights } from '../../src/insights/schema'
import { DEFAULT_OPTIONS, generateDataset } from '../../src/sample/generate'
import type { Review } from '../../src/reviews/schema'
import { startTestServer, type TestServer } from '../support/server'

type Page = { count: number; total: number; reviews: Review[]; next_cursor: string | null; evidence?: AspectEvidence[] }

let server: TestServer
let insights: Insights

const get = (path: string) => fetch(`${server.url}${path}`)
const json = async <T>(path: string): Promise<T> => {
  const response = await get(path)
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const smallest = <T extends { mention_count: number }>(list: T[]): T => [...list].sort((a, b) => a.mention_count - b.mention_count)[0]!

/** Every page of a search, followed by next_cursor. */
async function allPages(path: string): Promise<Page[]> {
  const pages: Page[] = []
  let cursor: string | null = null
  do {
    const page: Page = await json<Page>(`${path}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    pages.push(page)
    cursor = page.next_cursor
  } while (cursor)
  return pages
}

beforeAll(async () => {
  server = await startTestServer({ seed: generateDataset() })
  insights = await json<Insights>('/insights.json')
}, 120_000)
afterAll(() => server.stop())

describe('figures of /insights.json over HTTP', () => {
  test('every aspect split, topic and entity: its search_url answers a total equal to the count', async () => {
    const figures = [
      ...insights.aspects.flatMap((a) => [
        [a.search_urls.all, a.mention_count] as const,
        ...(['positive', 'negative', 'neutral'] as const).map((s) => [a.search_urls[s], a.sentiment[s]] as const),
      ]),
      ...insights.topics.map((t) => [t.search_url, t.mention_count] as const),
      ...insights.topics.flatMap((t) =>
        (['positive', 'negative', 'neutral'] as const).map((s) => [t.search_urls[s], t.sentiment[s]] as const),
      ),
      ...insights.entities.technicians.map((t) => [t.search_url, t.mention_count] as const),
      ...insights.entities.services.map((s) => [s.search_url, s.mention_count] as const),
      ...insights.entities.service_areas.map((a) => [a.search_url, a.mention_count] as const),
    ]
    expect(figures.length).toBeGreaterThan(40)
    const totals = await Promise.all(figures.map(([url]) => json<Page>(`${url}&limit=1`).then((p) => p.total)))
    expect(totals).toEqual(figures.map(([, count]) => count))
  }, 120_000)

  test('an aspect split lists its reviews with their evidence: one entry per review, each with the mentions behind it', async () => {
    // The least mentioned aspect with both sides (each review's evidence is read again: a larger one only takes longer).
    const aspect = smallest(insights.aspects.filter((a) => a.sentiment.negative >= 3 && a.sentiment.positive >= 3))
    for (const sentiment of ['positive', 'negative'] as const) {
      const pages = await allPages(`${aspect.search_urls[sentiment]}`)
      const reviews = pages.flatMap((p) => p.reviews)
      const evidence = pages.flatMap((p) => p.evidence ?? [])
      expect(reviews.length).toBe(aspect.sentiment[sentiment])
      expect(evidence.length).toBe(reviews.length)
      expect(evidence.map((e) => e.review_id)).toEqual(reviews.map((r) => r.id))
      for (const e of evidence) {
        expect(e.aspect).toBe(aspect.id)
        expect(e.sentiment).toBe(sentiment)
        expect(e.mentions.length).toBeGreaterThan(0)
        for (const m of e.mentions) {
          expect(m.clause.length).toBeGreaterThan(0)
          expect(m.cues.length).toBeGreaterThan(0)
        }
      }
    }
  }, 120_000)

  test('the usual shape without aspect: no evidence; a topic alone lists its reviews without evidence', async () => {
    expect(await json<Page>('/api/reviews/search?rating=5&limit=2')).not.toHaveProperty('evidence')
    const topic = insights.topics[0]!
    const page = await json<Page>(`${topic.search_url}&limit=100`)
    expect(page).not.toHaveProperty('evidence')
    expect(page.total).toBe(topic.mention_count)
    // Any case finds the topic.
    expect((await json<Page>(`/api/reviews/search?topic=${encodeURIComponent(topic.phrase.toUpperCase())}&limit=1`)).total).toBe(
      topic.mention_count,
    )
  })

  test('aspect, sentiment and topic combine with the other filters by AND', async () => {
    const aspect = smallest(insights.aspects.filter((a) => a.sentiment.negative > 0))
    const all = (await allPages(aspect.search_urls.negative)).flatMap((p) => p.reviews)
    const lowRated = all.filter((r) => r.rating <= 2)
    const page = await json<Page>(`${aspect.search_urls.negative}&max_rating=2&limit=100`)
    expect(page.total).toBe(lowRated.length)
    expect(page.reviews.map((r) => r.id)).toEqual(lowRated.slice(0, 100).map((r) => r.id))
    expect(page.evidence?.length).toBe(page.count)
    const topic = insights.topics[0]!
    const both = await json<Page>(`/api/reviews/search?aspect=${aspect.id}&topic=${encodeURIComponent(topic.phrase)}&limit=100`)
    const inAspect = new Set((await allPages(aspect.search_urls.all)).flatMap((p) => p.reviews.map((r) => r.id)))
    const inTopic = (await allPages(`${topic.search_url}`)).flatMap((p) => p.reviews.map((r) => r.id))
    expect(both.reviews.map((r) => r.id)).toEqual(inTopic.filter((id) => inAspect.has(id)).slice(0, 100))
  }, 120_000)

  test('bad values: a 400 naming each bad parameter, known values listed', async () => {
    const errorOf = async (query: string) => {
      const response = await get(`/api/reviews/search?${query}`)
      expect(response.status).toBe(400)
      return (await response.json()) as { error: string; issues: { path: string[]; code: string; message: string }[] }
    }
    const lonely = await errorOf('sentiment=negative')
    expect(lonely.error).toBe('invalid_query')
    expect(lonely.issues).toEqual([{ path: ['sentiment'], code: 'missing_aspect', message: expect.stringContaining('needs aspect') }])
    const unknown = await errorOf('aspect=parking&topic=nothing%20like%20this')
    expect(unknown.issues.map((i) => [i.path[0], i.code])).toEqual([
      ['aspect', 'unknown_aspect'],
      ['topic', 'unknown_topic'],
    ])
    for (const a of insights.aspects) expect(unknown.issues[0]!.message).toContain(a.id)
    for (const t of insights.topics) expect(unknown.issues[1]!.message).toContain(t.phrase)
    // Every bad parameter at once, the figure ones too.
    const several = await errorOf('aspect=parking&limit=0&sentiment=bad')
    expect(several.issues.map((i) => i.path[0])).toEqual(['aspect', 'sentiment', 'limit'])
  })

  test('the statistics do not take the figures (they read no insights): a 400 naming them', async () => {
    const response = await get('/api/reviews/stats?aspect=price&sentiment=negative&topic=x')
    expect(response.status).toBe(400)
    const body = (await response.json()) as { issues: { path: string[]; code: string }[] }
    expect(body.issues.map((i) => [i.path[0], i.code])).toEqual([
      ['aspect', 'unrecognized'],
      ['sentiment', 'unrecognized'],
      ['topic', 'unrecognized'],
    ])
  })

  test('the OpenAPI document states the new parameters, the evidence and the 503', async () => {
    const doc = await json<{ paths: Record<string, { get: Record<string, any> }> }>('/.well-known/openapi.json')
    const search = doc.paths['/api/reviews/search']!.get
    const names = (search.parameters as { name: string }[]).map((p) => p.name)
    expect(names).toEqual(expect.arrayContaining(['aspect', 'sentiment', 'topic']))
    expect(search.responses['503']).toBeDefined()
    expect(JSON.stringify(search.responses['200'])).toContain('evidence')
  })
})

describe('while the insights are computed', () => {
  test('a search by aspect or topic is a 503 with Retry-After; other searches answer; then the figures answer', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const compute: InsightsComputer = async (business, reviews, generatedAt) => {
      await gate
      return computeInsights(business, reviews, generatedAt)
    }
    const { reviews, business } = generateDataset({ ...DEFAULT_OPTIONS, count: 60 })
    const pending = await startTestServer({ seed: { business, reviews }, computeInsights: compute })
    try {
      for (const query of ['aspect=price', 'aspect=price&sentiment=negative', 'topic=water%20heater']) {
        const response = await fetch(`${pending.url}/api/reviews/search?${query}`)
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe('5')
        const body = (await response.json()) as { error: string; message: string }
        expect(body.error).toBe('insights_not_ready')
        expect(body.message).toContain('Try again')
      }
      // Input errors are still told first, and searches without a figure answer.
      expect((await fetch(`${pending.url}/api/reviews/search?sentiment=negative`)).status).toBe(400)
      expect((await fetch(`${pending.url}/api/reviews/search?rating=5`)).status).toBe(200)
      release()
      const ready = (await (await fetch(`${pending.url}/insights.json`)).json()) as Insights
      const price = ready.aspects.find((a) => a.id === 'price')!
      const after = await fetch(`${pending.url}${price.search_urls.all}&limit=1`)
      expect(after.status).toBe(200)
      expect(((await after.json()) as Page).total).toBe(price.mention_count)
    } finally {
      release()
      await pending.stop()
    }
  }, 120_000)
})
