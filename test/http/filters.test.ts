/**
 * Filter parity: `language`, `service_area` and `sort` on GET /api/reviews/search and on the MCP tool
 * search_reviews (one schema, the same semantics and errors), `language` and `service_area` on the
 * since-listing, and cursors that stay right under every order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Review, StoredReview } from '../../src/reviews/schema'
import { business } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'
import { mcpClient, stopWithClient } from '../support/mcp-client'

const LANGUAGES = ['en', 'de', 'pt-BR', null, 'EN-gb', 'fr'] as const
const AREAS = ['Springfield', 'Shelbyville', null, 'springfield'] as const
/** 60 reviews over 12 days: several per day (ties in every order), every rating, language and area mixed. */
const reviews: StoredReview[] = Array.from({ length: 60 }, (_, i) => ({
  id: `f-${String((i * 37) % 60).padStart(3, '0')}`,
  rating: 1 + ((i * 7) % 5),
  date: `2025-03-${String(1 + (i % 12)).padStart(2, '0')}`,
  author: `Author ${i}`,
  text: `Review number ${i}.`,
  technicians: [],
  services: [],
  service_area: AREAS[i % AREAS.length]!,
  source: 'google',
  verified: true,
  response: null,
  language: LANGUAGES[i % LANGUAGES.length]!,
  translation: null,
}))

let server: TestServer
let client: Client
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews } })
  client = await mcpClient(server, 'filters-test')
})
afterAll(() => stopWithClient(client, server))

type Page = { count: number; total: number; reviews: Review[]; next_cursor?: string | null }
const get = async (path: string) => {
  const response = await fetch(server.url + path)
  return { status: response.status, body: (await response.json()) as any }
}
const search = async (query: string) => {
  const { status, body } = await get(`/api/reviews/search?${query}`)
  expect({ query, status }).toEqual({ query, status: 200 })
  return body as Page
}
const tool = async (args: Record<string, unknown>) => (await client.callTool({ name: 'search_reviews', arguments: args })) as any

/** The published order: newest first (date desc, then id desc). */
const newestFirst = (a: StoredReview, b: StoredReview) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)
const ORDERS: Record<string, (a: StoredReview, b: StoredReview) => number> = {
  newest: newestFirst,
  oldest: (a, b) => (a.date === b.date ? newestFirst(a, b) : a.date < b.date ? -1 : 1),
  highest: (a, b) => b.rating - a.rating || newestFirst(a, b),
  lowest: (a, b) => a.rating - b.rating || newestFirst(a, b),
}
const expected = (keep: (r: StoredReview) => boolean, sort = 'newest') =>
  reviews
    .filter(keep)
    .sort(ORDERS[sort])
    .map((r) => r.id)

/** Every page of a search through its cursors. */
async function allPages(query: string, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null | undefined
  do {
    const page = await search(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    expect(page.count).toBeLessThanOrEqual(limit)
    ids.push(...page.reviews.map((r) => r.id))
    cursor = page.next_cursor
  } while (cursor)
  return ids
}

describe('language: the primary subtag, any case', () => {
  test.each(['de', 'DE', 'pt', 'en', 'En', 'fr'])('language=%s', async (language) => {
    const primary = language.toLowerCase()
    const want = expected((r) => r.language?.split('-')[0]?.toLowerCase() === primary)
    expect(want.length).toBeGreaterThan(0)
    const page = await search(`language=${language}&limit=100`)
    expect(page.reviews.map((r) => r.id)).toEqual(want)
    expect(page.total).toBe(want.length)
  })

  test('a language no review has matches nothing; reviews of unknown language match no language', async () => {
    expect((await search('language=ja')).total).toBe(0)
    const languages = (await search('limit=100')).reviews.map((r) => r.language)
    expect(languages).toContain(null)
  })
})

describe('service_area: exact, any case', () => {
  test.each(['Springfield', 'SPRINGFIELD', 'shelbyville'])('service_area=%s', async (area) => {
    const want = expected((r) => r.service_area?.toLowerCase() === area.toLowerCase())
    expect((await search(`service_area=${area}&limit=100`)).reviews.map((r) => r.id)).toEqual(want)
  })

  test('a part of a name is not a match', async () => {
    expect((await search('service_area=Spring')).total).toBe(0)
  })

  test('combines with the other filters (AND)', async () => {
    const want = expected((r) => r.service_area === 'Shelbyville' && r.rating >= 3 && r.language === 'en')
    expect((await search('service_area=Shelbyville&min_rating=3&language=en&limit=100')).reviews.map((r) => r.id)).toEqual(want)
  })
})

describe('sort: newest, oldest, highest, lowest; ties newest first', () => {
  test.each(Object.keys(ORDERS))('sort=%s, one page and every page through cursors', async (sort) => {
    const want = expected(() => true, sort)
    expect((await search(`sort=${sort}&limit=100`)).reviews.map((r) => r.id)).toEqual(want)
    for (const limit of [1, 7]) expect(await allPages(`sort=${sort}`, limit)).toEqual(want)
  })

  test('with filters, through cursors', async () => {
    for (const sort of Object.keys(ORDERS)) {
      const want = expected((r) => r.rating <= 4 && r.service_area?.toLowerCase() === 'springfield', sort)
      expect(want.length).toBeGreaterThan(8)
      expect(await allPages(`sort=${sort}&max_rating=4&service_area=springfield`, 4)).toEqual(want)
    }
  })

  test('the default is newest', async () => {
    expect((await search('limit=100')).reviews.map((r) => r.id)).toEqual(expected(() => true))
  })
})

describe('errors: 400 invalid_query naming each bad parameter', () => {
  const cases: [string, [string, string][]][] = [
    ['sort=best', [['sort', 'invalid_enum']]],
    ['sort=Newest', [['sort', 'invalid_enum']]],
    ['language=german', [['language', 'invalid_format']]],
    ['language=pt-BR', [['language', 'invalid_format']]],
    ['language=', [['language', 'invalid_format']]],
    ['service_area=', [['service_area', 'too_small']]],
    ['sort=oldest&sort=newest', [['sort', 'repeated']]],
    [
      'language=1&service_area=&sort=up',
      [
        ['language', 'invalid_format'],
        ['service_area', 'too_small'],
        ['sort', 'invalid_enum'],
      ],
    ],
  ]
  test.each(cases)('%s', async (query, issues) => {
    const { status, body } = await get(`/api/reviews/search?${query}`)
    expect(status).toBe(400)
    expect(body.error).toBe('invalid_query')
    expect(body.issues.map((i: any) => [i.path[0], i.code])).toEqual(issues)
    for (const issue of body.issues) expect(issue.message).toMatch(/^must /)
  })

  test('a cursor continues only the order it was given for', async () => {
    const highest = await search('sort=highest&limit=2')
    const newest = await search('limit=2')
    for (const query of [
      `sort=oldest&cursor=${highest.next_cursor}`,
      `cursor=${highest.next_cursor}`,
      `sort=lowest&cursor=${newest.next_cursor}`,
    ]) {
      const { status, body } = await get(`/api/reviews/search?${query}`)
      expect(status).toBe(400)
      expect(body.issues).toEqual([{ path: ['cursor'], code: 'invalid_cursor', message: expect.stringMatching(/^must be a next_cursor/) }])
    }
    // The same order with `newest` written out is the default's order: its cursor goes on.
    expect((await search(`sort=newest&limit=2&cursor=${newest.next_cursor}`)).count).toBe(2)
  })
})

describe('MCP search_reviews takes the same filters, with the same results and errors', () => {
  test.each([
    { language: 'DE' },
    { service_area: 'shelbyville', sort: 'lowest' },
    { sort: 'oldest', limit: 5 },
    { language: 'pt', sort: 'highest', min_rating: 2 },
  ])('%j', async (args) => {
    const query = new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)])).toString()
    const result = await tool(args)
    expect(result.isError).toBeFalsy()
    const page = await search(query)
    expect(result.structuredContent.reviews.map((r: Review) => r.id)).toEqual(page.reviews.map((r) => r.id))
    expect(result.structuredContent.total).toBe(page.total)
    expect(result.structuredContent.next_cursor).toBe(page.next_cursor)
  })

  test('paging under a sort through the tool’s cursors', async () => {
    const ids: string[] = []
    let cursor: string | undefined
    do {
      const result = await tool({ sort: 'lowest', limit: 9, ...(cursor ? { cursor } : {}) })
      ids.push(...result.structuredContent.reviews.map((r: Review) => r.id))
      cursor = result.structuredContent.next_cursor ?? undefined
    } while (cursor)
    expect(ids).toEqual(expected(() => true, 'lowest'))
  })

  test('the same errors', async () => {
    const text = (await tool({ sort: 'best', language: 'german', service_area: '' })).content[0].text as string
    expect(text).toContain('language: must be a primary language tag')
    expect(text).toContain('service_area: must not be empty')
    expect(text).toContain('sort: must be one of newest, oldest, highest, lowest')
  })
})

describe('the since-listing takes language and service_area', () => {
  test('complete listing, filtered: {count, total, reviews}', async () => {
    const { status, body } = await get('/api/reviews/since/2025-03-06?language=de&service_area=SHELBYVILLE')
    expect(status).toBe(200)
    const want = expected((r) => r.date >= '2025-03-06' && r.language === 'de' && r.service_area === 'Shelbyville')
    expect(body.reviews.map((r: Review) => r.id)).toEqual(want)
    expect(body.count).toBe(want.length)
    expect(body.total).toBe(want.length)
    expect(body).not.toHaveProperty('next_cursor')
  })

  test('pages with limit and cursor, filtered', async () => {
    const want = expected((r) => r.date >= '2025-03-03' && r.language?.toLowerCase().startsWith('en') === true)
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const { body }: { body: Page } = await get(
        `/api/reviews/since/2025-03-03?language=en&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      ids.push(...body.reviews.map((r) => r.id))
      cursor = body.next_cursor ?? null
    } while (cursor)
    expect(ids).toEqual(want)
  })

  test('other search parameters are still a 400 there', async () => {
    const { status, body } = await get('/api/reviews/since/2025-03-03?sort=oldest&language=x')
    expect(status).toBe(400)
    expect(body.issues.map((i: any) => [i.path[0], i.code])).toEqual([
      ['language', 'invalid_format'],
      ['sort', 'unrecognized'],
    ])
  })
})
