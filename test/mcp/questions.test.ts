/**
 * The 26-question check: questions an owner and a shopper really ask, each answered through the SDK's
 * own client over HTTP (the server on port 0, the embedded sample's 731 published reviews), and each
 * answer checked against /reviews.json, computed here independently of the server. Every question is
 * answered completely in a few calls: counts and averages come from get_stats, never from paging.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { embeddedSample } from '../../src/catalog/seed'
import type { Review, ReviewsDataset } from '../../src/reviews/schema'
import { startTestServer, type TestServer } from '../support/server'
import { mcpClient, stopWithClient } from '../support/mcp-client'

let server: TestServer
let client: Client
let truth: ReviewsDataset
let reviews: Review[]
let calls = 0

beforeAll(async () => {
  server = await startTestServer({ seed: embeddedSample })
  client = await mcpClient(server, 'questions-test')
  truth = (await (await fetch(`${server.url}/reviews.json`)).json()) as ReviewsDataset
  reviews = truth.reviews
})
afterAll(() => stopWithClient(client, server))

const call = async (name: string, args: Record<string, unknown> = {}) => {
  calls++
  const result = (await client.callTool({ name, arguments: args })) as any
  expect(result.isError, `${name} ${JSON.stringify(args)}: ${result.content?.[0]?.text}`).toBeUndefined()
  return result
}
const stats = async (args: Record<string, unknown>) => (await call('get_stats', args)).structuredContent
/** Every id of a listing, following next_cursor. */
async function allIds(name: string, args: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | undefined
  do {
    const page = (await call(name, { ...args, limit: 100, ...(cursor ? { cursor } : {}) })).structuredContent
    ids.push(...page.reviews.map((r: Review) => r.id))
    cursor = page.next_cursor ?? undefined
  } while (cursor)
  return ids
}

const mean = (rs: Review[]) => (rs.length ? Math.round((rs.reduce((s, r) => s + r.rating, 0) / rs.length) * 100) / 100 : null)
const mentions = (r: Review, name: string) => r.technicians.some((t) => t === name || t.split(' ')[0] === name)
const says = (r: Review, phrase: string) =>
  r.text.toLowerCase().includes(phrase) || (r.translation?.text.toLowerCase().includes(phrase) ?? false)
const newestMonth = () => reviews[0]!.date.slice(0, 7)
const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`
const byKey = (groups: any[]) => new Map(groups.map((g) => [g.key, g]))

describe('owner questions', () => {
  test('1. What is my overall rating, and how many reviews do I have?', async () => {
    const { aggregate_rating } = (await call('get_business')).structuredContent
    expect(aggregate_rating).toEqual(truth.aggregate_rating)
    expect(aggregate_rating.review_count).toBe(reviews.length)
  })

  test('2. How many 1-star reviews did I get?', async () => {
    const group = byKey((await stats({ group_by: 'rating' })).groups).get('1')
    expect(group.count).toBe(reviews.filter((r) => r.rating === 1).length)
  })

  test('3. Which 1-2 star reviews have I not answered yet?', async () => {
    const expected = reviews.filter((r) => r.rating <= 2 && !r.response).map((r) => r.id)
    expect(expected.length).toBeGreaterThan(20)
    expect((await stats({})).unanswered_low_ratings.count).toBe(expected.length)
    expect(await allIds('search_reviews', { max_rating: 2, has_response: false })).toEqual(expected)
  })

  test('4. What was the average rating per month for drain cleaning this year?', async () => {
    const year = reviews[0]!.date.slice(0, 4)
    const result = await stats({ mentions_service: 'drain-cleaning', since: `${year}-01-01`, group_by: 'month' })
    const drains = reviews.filter((r) => r.services.includes('drain-cleaning') && r.date >= `${year}-01-01`)
    expect(result.count).toBe(drains.length)
    for (const group of result.groups) expect(group.average_rating).toBe(mean(drains.filter((r) => r.date.startsWith(group.key))))
  })

  test('5. Which technician has the best average rating (at least 10 reviews)?', async () => {
    const groups = (await stats({ group_by: 'technician' })).groups.filter((g: any) => g.key !== null && g.count >= 10)
    const best = groups.reduce((a: any, b: any) => (b.average_rating > a.average_rating ? b : a))
    const expected = truth.business.technicians
      .map((t) => ({ name: t.name, rs: reviews.filter((r) => r.technicians.includes(t.name)) }))
      .filter((t) => t.rs.length >= 10)
      .reduce((a, b) => (mean(b.rs)! > mean(a.rs)! ? b : a))
    expect(best.key).toBe(expected.name)
    expect(best.average_rating).toBe(mean(expected.rs))
  })

  test('6. How many reviews mention Priya?', async () => {
    expect((await stats({ mentions_technician: 'Priya' })).count).toBe(reviews.filter((r) => mentions(r, 'Priya')).length)
  })

  test('7. What came in since the start of this month?', async () => {
    const since = `${newestMonth()}-01`
    expect(await allIds('get_reviews_since', { date: since })).toEqual(reviews.filter((r) => r.date >= since).map((r) => r.id))
  })

  test('8. What share of my reviews have I answered?', async () => {
    const result = await stats({})
    expect(result.answered).toBe(reviews.filter((r) => r.response).length)
    expect(result.count).toBe(reviews.length)
  })

  test('9. Which service area brings the most reviews?', async () => {
    const top = (await stats({ group_by: 'area' })).groups[0]
    const counts = truth.business.service_areas.map((a) => [a, reviews.filter((r) => r.service_area === a).length] as const)
    const max = Math.max(...counts.map(([, n]) => n))
    expect(top.count).toBe(max)
    expect(counts.filter(([, n]) => n === max).map(([a]) => a)).toContain(top.key)
  })

  test('10. How did the last quarter compare with the one before?', async () => {
    const groups = (await stats({ group_by: 'quarter' })).groups
    const [before, last] = groups.slice(-2)
    for (const group of [before, last]) {
      const inQuarter = reviews.filter((r) => quarterOf(r.date) === group.key)
      expect([group.key, group.count, group.average_rating]).toEqual([group.key, inQuarter.length, mean(inQuarter)])
    }
    expect(last.key).toBe(quarterOf(reviews[0]!.date))
  })

  test('11. How many reviews are written in German, Spanish or French?', async () => {
    const groups = byKey((await stats({ group_by: 'language' })).groups)
    for (const language of ['de', 'es', 'fr'])
      expect(groups.get(language)?.count ?? 0).toBe(reviews.filter((r) => r.language === language).length)
  })

  test('12. Which low ratings complain about the price?', async () => {
    const expected = reviews.filter((r) => r.rating <= 2 && says(r, 'price')).map((r) => r.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(await allIds('search_reviews', { max_rating: 2, query: 'price' })).toEqual(expected)
  })

  test('13. Draft a reply to my newest unanswered 1-star review', async () => {
    const newest = (await call('search_reviews', { rating: 1, has_response: false, limit: 1 })).structuredContent.reviews[0]
    const expected = reviews.find((r) => r.rating === 1 && !r.response)!
    expect(newest.id).toBe(expected.id)
    const prompt = await client.getPrompt({ name: 'reply_to_review', arguments: { review_id: newest.id } })
    const text = (prompt.messages[0]!.content as { text: string }).text
    for (const line of expected.text.split('\n')) expect(text).toContain(line)
    expect(text).toContain(truth.business.telephone)
  })

  test("14. Write this month's review report", async () => {
    const month = newestMonth()
    const prompt = await client.getPrompt({ name: 'monthly_review_report', arguments: { month } })
    const text = (prompt.messages[0]!.content as { text: string }).text
    const inMonth = reviews.filter((r) => r.date.startsWith(`${month}-`))
    expect(text).toContain(`- Reviews: ${inMonth.length} `)
    expect(text).toContain(`- Unanswered: ${inMonth.filter((r) => !r.response).length}`)
  })

  test('15. Which service gets the lowest average rating?', async () => {
    const groups = (await stats({ group_by: 'service' })).groups.filter((g: any) => g.key !== null)
    const worst = groups.reduce((a: any, b: any) => (b.average_rating < a.average_rating ? b : a))
    const expected = Math.min(
      ...truth.business.services.map((s) => mean(reviews.filter((r) => r.services.includes(s.id))) ?? Number.POSITIVE_INFINITY),
    )
    expect(worst.average_rating).toBe(expected)
    expect(worst.label).toBe(truth.business.services.find((s) => s.id === worst.key)!.name)
  })

  test('16. Which reviews mention Mike on an EV charger job?', async () => {
    const expected = reviews.filter((r) => mentions(r, 'Mike') && r.services.includes('ev-charger-installation')).map((r) => r.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(await allIds('search_reviews', { mentions_technician: 'Mike', mentions_service: 'ev-charger-installation' })).toEqual(expected)
  })

  test('17. How many reviews this year, and how many of them 5 stars?', async () => {
    const since = `${reviews[0]!.date.slice(0, 4)}-01-01`
    const result = await stats({ since })
    const thisYear = reviews.filter((r) => r.date >= since)
    expect(result.count).toBe(thisYear.length)
    expect(result.distribution['5']).toBe(thisYear.filter((r) => r.rating === 5).length)
  })

  test('18. What share of Riverbend customers gave 5 stars?', async () => {
    const riverbend = byKey((await stats({ group_by: 'area' })).groups).get('Riverbend')
    const expected = reviews.filter((r) => r.service_area === 'Riverbend')
    expect([riverbend.count, riverbend.distribution['5']]).toEqual([expected.length, expected.filter((r) => r.rating === 5).length])
  })
})

describe('shopper questions', () => {
  const ids = new Set<string>()
  beforeAll(() => {
    for (const r of reviews) ids.add(r.id)
  })

  test('19. Are they punctual?', async () => {
    const result = await call('get_insights', { section: 'aspects' })
    const punctuality = result.structuredContent.aspects.find((a: any) => a.id === 'punctuality')
    expect(punctuality.mention_count).toBeGreaterThan(0)
    for (const example of punctuality.examples) expect(ids.has(example.review_id)).toBe(true)
    expect(result.content[0].text).toContain('Punctuality')
  })

  test('20. Who is the best technician for water heaters?', async () => {
    const groups = (await stats({ mentions_service: 'water-heater-repair', group_by: 'technician' })).groups
    for (const group of groups.filter((g: any) => g.key !== null)) {
      const theirs = reviews.filter((r) => r.services.includes('water-heater-repair') && r.technicians.includes(group.key))
      expect([group.key, group.count, group.average_rating]).toEqual([group.key, theirs.length, mean(theirs)])
    }
  })

  test('21. Show me the newest 5-star reviews about AC repair', async () => {
    const page = (await call('search_reviews', { rating: 5, mentions_service: 'ac-repair', limit: 5 })).structuredContent
    expect(page.reviews.map((r: Review) => r.id)).toEqual(
      reviews
        .filter((r) => r.rating === 5 && r.services.includes('ac-repair'))
        .slice(0, 5)
        .map((r) => r.id),
    )
  })

  test('22. Any bad reviews in the last 90 days?', async () => {
    const last = new Date(`${reviews[0]!.date}T00:00:00Z`)
    const since = new Date(last.getTime() - 90 * 86_400_000).toISOString().slice(0, 10)
    const result = await stats({ since, max_rating: 2 })
    expect(result.count).toBe(reviews.filter((r) => r.date >= since && r.rating <= 2).length)
  })

  test('23. Does anyone mention same-day service?', async () => {
    expect(reviews.filter((r) => says(r, 'same-day')).length).toBeGreaterThan(0)
    for (const phrase of ['same day', 'same-day'])
      expect((await stats({ query: phrase })).count).toBe(reviews.filter((r) => says(r, phrase)).length)
  })

  test('24. What does the most recent review say?', async () => {
    const newest = (await call('search_reviews', { limit: 1 })).structuredContent.reviews[0]
    expect(newest).toEqual(reviews[0])
  })

  test("25. How many reviews does Sarah Chen have, and what's her average?", async () => {
    const result = await stats({ mentions_technician: 'Sarah Chen' })
    const hers = reviews.filter((r) => r.technicians.includes('Sarah Chen'))
    expect([result.count, result.average_rating]).toEqual([hers.length, mean(hers)])
  })

  test('26. What exactly does this review say, and did the business reply?', async () => {
    const answered = reviews.find((r) => r.response)!
    const result = await call('get_review', { id: answered.id })
    expect(result.structuredContent).toEqual(answered)
    expect(result.content[0].text).toContain(answered.response!.text.split('\n')[0])
  })
})

test('the 26 questions took a handful of calls each, none of them paging to count', () => {
  expect(calls).toBeLessThan(26 * 4)
})
