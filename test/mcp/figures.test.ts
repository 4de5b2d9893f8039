/** search_reviews by aspect, sentiment and topic, and get_insights' links, through the SDK's own client. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { AspectEvidence, Insights } from '../../src/insights/schema'
import { DEFAULT_OPTIONS, generateDataset } from '../../src/sample/generate'
import { startTestServer, type TestServer } from '../support/server'
import { mcpClient, stopWithClient } from '../support/mcp-client'

let server: TestServer
let client: Client
beforeAll(async () => {
  server = await startTestServer({ seed: generateDataset({ ...DEFAULT_OPTIONS, count: 200 }) })
  client = await mcpClient(server, 'figures-test')
}, 60_000)
afterAll(() => stopWithClient(client, server))

type Result = { isError?: boolean; structuredContent: any; content: { type: string; text: string }[] }
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result

describe('figures over MCP', () => {
  test('get_insights carries the links of /insights.json, without the counted positions', async () => {
    const result = await call('get_insights', {})
    const insights = result.structuredContent as Insights
    const http = (await (await fetch(`${server.url}/insights.json`)).json()) as Insights
    expect(insights.aspects.map((a) => a.search_urls)).toEqual(http.aspects.map((a) => a.search_urls))
    expect(insights.topics.map((t) => t.search_url)).toEqual(http.topics.map((t) => t.search_url))
    expect(insights.entities.services.map((s) => s.search_url)).toEqual(http.entities.services.map((s) => s.search_url))
    expect(insights).not.toHaveProperty('counted_reviews')
    expect(result.content[0]!.text).toContain('search_reviews with aspect')
  }, 60_000)

  test('search_reviews with aspect and sentiment: the figure’s reviews, each with its evidence', async () => {
    const insights = (await call('get_insights', { section: 'aspects' })).structuredContent as Pick<Insights, 'aspects'>
    const aspect = insights.aspects.find((a) => a.sentiment.negative > 0)!
    const result = await call('search_reviews', { aspect: aspect.id, sentiment: 'negative', limit: 100 })
    expect(result.isError).toBeFalsy()
    const page = result.structuredContent as { total: number; count: number; reviews: { id: string }[]; evidence: AspectEvidence[] }
    expect(page.total).toBe(aspect.sentiment.negative)
    expect(page.evidence.length).toBe(page.count)
    expect(page.evidence.map((e) => e.review_id)).toEqual(page.reviews.map((r) => r.id))
    for (const e of page.evidence) {
      expect(e.sentiment).toBe('negative')
      expect(e.mentions.length).toBeGreaterThan(0)
    }
    expect(result.content[0]!.text).toContain(`Why each review is counted under ${aspect.id}`)
    // The same answer as the HTTP search.
    const http = (await (await fetch(`${server.url}${aspect.search_urls.negative}&limit=100`)).json()) as typeof page
    expect(http.evidence).toEqual(page.evidence)
  }, 60_000)

  test('search_reviews with topic: the topic’s count; no evidence without aspect', async () => {
    const insights = (await call('get_insights', { section: 'topics' })).structuredContent as Pick<Insights, 'topics'>
    const topic = insights.topics[0]!
    const result = await call('search_reviews', { topic: topic.phrase, limit: 1 })
    expect(result.structuredContent.total).toBe(topic.mention_count)
    expect(result.structuredContent).not.toHaveProperty('evidence')
  }, 60_000)

  test('the HTTP search’s errors: sentiment without aspect, an unknown aspect or topic with the known values', async () => {
    const lonely = await call('search_reviews', { sentiment: 'negative' })
    expect(lonely.isError).toBe(true)
    expect(lonely.content[0]!.text).toContain('sentiment: needs aspect')
    const unknown = await call('search_reviews', { aspect: 'parking', topic: 'nothing like this' })
    expect(unknown.isError).toBe(true)
    expect(unknown.content[0]!.text).toContain('aspect: must be an aspect id of the current insights: ')
    expect(unknown.content[0]!.text).toContain('punctuality')
    expect(unknown.content[0]!.text).toContain('topic: must be a topic of the current insights: ')
  }, 60_000)
})
