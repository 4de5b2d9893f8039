/**
 * What an agent gets from the tools, through the SDK's own client: whole reviews in text, pages with
 * next_cursor that add up to the complete listing, bounded results, notes for unknown values, the
 * new filters mirrored by the HTTP search, prompts and resource templates.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { getJson, mcpClient, stopWithClient, textOf, toolCaller } from '../support/mcp-client'
import { business, review, reviews as baseReviews } from '../support/dataset'
import type { StoredReview } from '../../src/reviews/schema'
import { PerVersionMemo } from '../../src/mcp/memo'

const paragraph =
  'Der Warmwasserbereiter ist am Sonntagabend ausgefallen, und José Ramírez kam trotzdem innerhalb von zwei Stunden. ' +
  'He explained every step, showed us the corroded anode rod, and quoted the price before starting — no surprises. ' +
  'Le technicien a nettoyé derrière lui; même les chaussures étaient couvertes. '
const longText = `${paragraph.repeat(8)}\n\nLast line of the long review: ende gut, alles gut.`
const longReply = `Thank you so much! ${'We appreciate customers who take the time to explain what went well, and we will pass it on to José. '.repeat(10)}Signed, the Acme team.`

const long = review({
  id: 'long-001',
  rating: 5,
  date: '2025-03-10',
  text: longText,
  technicians: ['José Ramírez'],
  services: ['water-heater-repair'],
  response: { date: '2025-03-11', text: longReply },
})
const filler: StoredReview[] = Array.from({ length: 57 }, (_, i) =>
  review({
    id: `f-${String(i).padStart(3, '0')}`,
    rating: (i % 5) + 1,
    date: `2023-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    text: `Filler review ${i} about the job.`,
    technicians: i % 3 === 0 ? ['Sarah Chen'] : [],
    response: i % 4 === 0 ? { date: '2024-01-01', text: `Reply ${i}.` } : null,
  }),
)
// Big reviews, to show a page stops before ~1 MB whatever the limit.
const big: StoredReview[] = Array.from({ length: 40 }, (_, i) =>
  review({ id: `big-${String(i).padStart(2, '0')}`, rating: 3, date: '2022-06-01', text: `${'Sehr ausführlich. '.repeat(1000)} #${i}` }),
)
const all = [...baseReviews, long, ...filler, ...big]
const published = all.filter((r) => r.verified)
const newestFirst = (a: StoredReview, b: StoredReview) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)

let server: TestServer
let client: Client
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews: all } })
  client = await mcpClient(server, 'tools-test')
})
afterAll(() => stopWithClient(client, server))

const call = toolCaller(() => client)
const http = (path: string) => getJson(server.url + path)

/** Follows next_cursor to the end: every page's ids, in order. */
async function allPages(name: string, args: Record<string, unknown>): Promise<{ ids: string[]; pages: any[] }> {
  const ids: string[] = []
  const pages: any[] = []
  let cursor: string | undefined
  for (let i = 0; i < 100; i++) {
    const result = await call(name, cursor ? { ...args, cursor } : args)
    expect(result.isError).toBeUndefined()
    pages.push(result)
    ids.push(...result.structuredContent.reviews.map((r: any) => r.id))
    cursor = result.structuredContent.next_cursor ?? undefined
    if (!cursor) break
    expect(textOf(result)).toContain(`"cursor": "${cursor}"`)
  }
  return { ids, pages }
}

describe('complete text', () => {
  test('a 2,000-character review and its reply reach a text-only client whole, from every tool that returns it', async () => {
    expect(longText.length).toBeGreaterThan(2000)
    const texts = [
      textOf(await call('get_review', { id: 'long-001' })),
      textOf(await call('search_reviews', { mentions_technician: 'José' })),
      textOf(await call('get_reviews_since', { date: '2025-03-01' })),
    ]
    for (const text of texts) {
      // Continuation lines are indented under their review; the words are all there.
      const flat = text.replace(/\n {4}/g, '\n')
      expect(flat).toContain(longText)
      expect(flat).toContain(longReply)
      expect(text).not.toContain('…')
    }
  })

  test('search_reviews limit=100 renders every review of the page in text', async () => {
    const result = await call('search_reviews', { limit: 100, until: '2024-12-31' })
    const reviews = result.structuredContent.reviews
    expect(reviews.length).toBeGreaterThan(50)
    for (const r of reviews) expect(textOf(result)).toContain(`[${r.id}]`)
  })
})

describe('pages', () => {
  test('search_reviews pages (default 20) add up to every match, in order, and the last page says so', async () => {
    const first = await call('search_reviews', {})
    expect(first.structuredContent.count).toBe(20)
    expect(first.structuredContent.total).toBe(published.length)
    expect(first.structuredContent.next_cursor).toEqual(expect.any(String))
    expect(textOf(first)).toContain('call search_reviews again with the same arguments plus "cursor"')
    const { ids, pages } = await allPages('search_reviews', { limit: 7, since: '2023-01-01' })
    const expected = published
      .filter((r) => r.date >= '2023-01-01')
      .sort(newestFirst)
      .map((r) => r.id)
    expect(ids).toEqual(expected)
    for (const page of pages) expect(page.structuredContent.total).toBe(expected.length)
    expect(pages.at(-1).structuredContent.next_cursor).toBeNull()
    expect(textOf(pages.at(-1))).toContain('That is the last page.')
  })

  test('get_reviews_since takes limit and cursor; its pages add up to the complete HTTP since-listing', async () => {
    const complete = await http('/api/reviews/since/2023-06-01')
    expect(complete.body.next_cursor).toBeUndefined() // the HTTP listing stays complete without paging parameters
    const { ids, pages } = await allPages('get_reviews_since', { date: '2023-06-01', limit: 9 })
    expect(ids).toEqual(complete.body.reviews.map((r: any) => r.id))
    expect(pages[0].structuredContent.count).toBe(9)
    expect((await call('get_reviews_since', { date: '2023-06-01' })).structuredContent.count).toBe(20)
    expect(textOf(await call('get_reviews_since', { date: '2023-06-01', limit: 101 }))).toContain('limit: must be at most 100')
    expect(textOf(await call('get_reviews_since', { date: '2023-06-01', cursor: 'nonsense' }))).toContain(
      'cursor: must be a next_cursor this server returned',
    )
  })

  test('HTTP search and since-listing page exactly like the tools', async () => {
    const viaMcp = await call('search_reviews', { limit: 5, min_rating: 2 })
    const viaHttp = await http('/api/reviews/search?limit=5&min_rating=2')
    // The tools also say which data version a page was read from.
    const version = { data_version: server.service.catalog.current.revision }
    expect(viaMcp.structuredContent).toEqual({ ...viaHttp.body, ...version })
    const cursor = viaHttp.body.next_cursor
    const nextMcp = await call('search_reviews', { limit: 5, min_rating: 2, cursor })
    const nextHttp = await http(`/api/reviews/search?limit=5&min_rating=2&cursor=${encodeURIComponent(cursor)}`)
    expect(nextMcp.structuredContent).toEqual({ ...nextHttp.body, ...version })
    const sincePage = await http('/api/reviews/since/2023-01-01?limit=4')
    expect({ ...sincePage.body, ...version }).toEqual((await call('get_reviews_since', { date: '2023-01-01', limit: 4 })).structuredContent)
    expect((await http('/api/reviews/since/2023-01-01?limit=0')).status).toBe(400)
    expect((await http('/api/reviews/since/2023-01-01?rating=5')).body.issues[0].path).toEqual(['rating'])
    expect((await http('/api/reviews/search?cursor=abc')).body.issues).toEqual([
      { path: ['cursor'], code: 'invalid_cursor', message: 'must be a next_cursor this server returned' },
    ])
  })

  test('no tool result is over ~1 MB, whatever the limit: the page stops early and continues with next_cursor', async () => {
    const { pages, ids } = await allPages('search_reviews', { limit: 100, until: '2022-12-31' })
    expect(ids).toHaveLength(big.length)
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages) expect(JSON.stringify(page).length).toBeLessThan(1_000_000)
  })
})

describe('values that match nothing, and the new filters', () => {
  test('an unknown technician or service gets a note naming the known values, closest first, in text and structuredContent', async () => {
    const result = await call('search_reviews', { mentions_technician: 'Bob', mentions_service: 'plumbing' })
    expect(result.structuredContent.total).toBe(0)
    const notes = result.structuredContent.notes
    expect(notes.map((n: any) => n.argument)).toEqual(['mentions_technician', 'mentions_service'])
    expect(notes[0].known.sort()).toEqual(business.technicians.map((t) => t.name).sort())
    expect(notes[1].known.sort()).toEqual(business.services.map((s) => s.id).sort())
    for (const name of ['Mike Alvarez', 'José Ramírez', 'Sarah Chen', 'water-heater-repair', 'drain-cleaning', 'ac-repair'])
      expect(textOf(result)).toContain(name)
    const typo = await call('search_reviews', { mentions_technician: 'Sara', mentions_service: 'water heater' })
    expect(typo.structuredContent.notes[0].closest).toEqual(['Sarah Chen'])
    expect(typo.structuredContent.notes[1].closest).toEqual(['water-heater-repair'])
    expect(textOf(typo)).toContain('Did you mean "water-heater-repair"?')
    const known = await call('search_reviews', { mentions_technician: 'mike', mentions_service: 'AC-REPAIR' })
    expect(known.structuredContent.notes).toBeUndefined()
  })

  test('a technician by last name, any case or accent', async () => {
    for (const name of ['Ramirez', 'ramírez', 'RAMÍREZ']) {
      const result = await call('search_reviews', { mentions_technician: name })
      expect(result.structuredContent.reviews.map((r: any) => r.id).sort()).toEqual(['long-001', 'r-002'])
      expect(result.structuredContent.notes).toBeUndefined()
    }
    expect((await http('/api/reviews/search?mentions_technician=chen')).body.total).toBe(
      published.filter((r) => r.technicians.includes('Sarah Chen')).length,
    )
  })

  test('max_rating and has_response, on the tool and the HTTP search alike: the unanswered 1-2 star reviews', async () => {
    const expected = published
      .filter((r) => r.rating <= 2 && r.response === null)
      .sort(newestFirst)
      .map((r) => r.id)
    expect(expected.length).toBeGreaterThan(5)
    const viaMcp = await call('search_reviews', { max_rating: 2, has_response: false, limit: 100 })
    expect(viaMcp.structuredContent.reviews.map((r: any) => r.id)).toEqual(expected)
    expect(viaMcp.structuredContent).toEqual({
      ...(await http('/api/reviews/search?max_rating=2&has_response=false&limit=100')).body,
      data_version: server.service.catalog.current.revision,
    })
    const answered = await http('/api/reviews/search?has_response=true&limit=100')
    expect(answered.body.total).toBe(published.filter((r) => r.response).length)
    const bad = await http('/api/reviews/search?has_response=yes&min_rating=4&max_rating=2')
    expect(bad.status).toBe(400)
    expect(bad.body.issues.map((i: any) => [i.path[0], i.message])).toEqual([
      ['min_rating', 'must not be above max_rating (2)'],
      ['has_response', 'must be true or false'],
    ])
    expect(textOf(await call('search_reviews', { has_response: 'false' }))).toContain('has_response: must be true or false')
  })

  test('get_review with a number says it must be a string', async () => {
    expect(textOf(await call('get_review', { id: 5 }))).toBe('Invalid arguments: id: must be a string.')
  })
})

describe('prompts and resources', () => {
  test('prompts/list offers reply_to_review and monthly_review_report, with their arguments', async () => {
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['reply_to_review', 'monthly_review_report'])
    expect(prompts[0]!.arguments).toEqual([expect.objectContaining({ name: 'review_id', required: true })])
  })

  test('reply_to_review is built from the review and past replies; the model is asked to write', async () => {
    const prompt = await client.getPrompt({ name: 'reply_to_review', arguments: { review_id: 'r-004' } })
    const text = (prompt.messages[0]!.content as { text: string }).text
    expect(prompt.messages[0]!.role).toBe('user')
    expect(text).toContain('OK job on the tankless unit, but communication was poor.')
    expect(text).toContain('We are sorry; we will make it right.') // an earlier reply, for the voice
    expect(text).toContain(business.telephone)
    await expect(client.getPrompt({ name: 'reply_to_review', arguments: { review_id: 'nope' } })).rejects.toMatchObject({ code: -32602 })
    await expect(client.getPrompt({ name: 'reply_to_review', arguments: {} })).rejects.toThrow(/review_id: is required/)
  })

  test('monthly_review_report carries the month figures and reviews', async () => {
    const prompt = await client.getPrompt({ name: 'monthly_review_report', arguments: { month: '2025-02' } })
    const text = (prompt.messages[0]!.content as { text: string }).text
    expect(text).toContain('- Reviews: 2 (previous month 0)')
    expect(text).toContain('- Unanswered: 1 [r-003]')
    expect(text).toContain('José was late and the drain still clogs.')
    const latest = await client.getPrompt({ name: 'monthly_review_report', arguments: {} })
    expect(latest.description).toBe('Review report for 2025-03')
    await expect(client.getPrompt({ name: 'monthly_review_report', arguments: { month: 'March' } })).rejects.toThrow(
      /month: must be a month in YYYY-MM form/,
    )
  })

  test('resources have a title and size; resources/templates/list offers each review by id', async () => {
    await call('get_insights', { section: 'summary' }) // the insights' size is listed once they are computed
    const { resources } = await client.listResources()
    for (const resource of resources) {
      expect(resource.title).toBeTruthy()
      const body = new Uint8Array(await (await fetch(`${server.url}${resource.uri.slice(TEST_BASE_URL.length)}`)).arrayBuffer())
      expect(resource.size).toBe(body.byteLength)
    }
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: `${TEST_BASE_URL}/api/reviews/{id}`, mimeType: 'application/json' }),
    ])
    const read = await client.readResource({ uri: `${TEST_BASE_URL}/api/reviews/long-001` })
    expect((read.contents[0] as { text: string }).text).toBe(await (await fetch(`${server.url}/api/reviews/long-001`)).text())
    await expect(client.readResource({ uri: `${TEST_BASE_URL}/api/reviews/r-007` })).rejects.toMatchObject({ code: -32002 })
  })
})

test('tool results are computed once per data version', async () => {
  const memo = new PerVersionMemo<string>((s) => s.length)
  const versionA = {}
  const versionB = {}
  let computed = 0
  const compute = () => `result ${++computed}`
  expect(await memo.get(versionA, 'k', compute)).toBe('result 1')
  expect(await memo.get(versionA, 'k', compute)).toBe('result 1')
  expect(await memo.get(versionB, 'k', compute)).toBe('result 2')
  expect(computed).toBe(2)
})
