/** `reviews-service mcp` over stdio, from source and as the compiled binary, with the SDK's own client. */
import { describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAIN } from '../support/spawn'

const BINARY = join(import.meta.dir, '..', '..', 'dist', 'reviews-service')

async function exercise(command: string, args: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reviews-mcp-stdio-'))
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...(process.env as Record<string, string>), DATA_DIR: dataDir, BASE_URL: 'https://stdio.example.test' },
    stderr: 'pipe',
  })
  const client = new Client({ name: 'stdio-test', version: '1.0.0' })
  await client.connect(transport)
  try {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toContain('search_reviews')
    const business = (await client.callTool({ name: 'get_business', arguments: {} })) as any
    expect(business.structuredContent.aggregate_rating.review_count).toBeGreaterThanOrEqual(500)
    const search = (await client.callTool({ name: 'search_reviews', arguments: { rating: 1, limit: 3 } })) as any
    expect(search.structuredContent.count).toBe(3)
    for (const review of search.structuredContent.reviews) expect(review.rating).toBe(1)
    const bad = (await client.callTool({ name: 'search_reviews', arguments: { limit: 0 } })) as any
    expect(bad.isError).toBe(true)
    const { resources } = await client.listResources()
    expect(resources[0]!.uri).toBe('https://stdio.example.test/reviews.json')
  } finally {
    await client.close()
  }
}

describe('MCP over stdio', () => {
  test('from source: bun src/main.ts mcp', async () => {
    await exercise('bun', [MAIN, 'mcp'])
  })

  test('the compiled binary', async () => {
    // .ci/run builds dist/reviews-service before the tests.
    expect(existsSync(BINARY)).toBe(true)
    await exercise(BINARY, ['mcp'])
  })
})
