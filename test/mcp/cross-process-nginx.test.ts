/**
 * The SDK's own client behind nginx (Debian's) doing round-robin over two `serve` processes on one DATA_DIR:
 * each request of a session may land on either, and the session keeps working. Skipped, saying so, where
 * nginx is not installed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { TOOLS } from '../../src/mcp/tools'
import { type Nginx, nginxBinary, startNginx, warnIfNoNginx } from '../support/nginx'
import { type Pair, post, readUntil, startPair } from './cross-process-pair'

warnIfNoNginx('cross-process-nginx.test.ts')

/** Round-robin (nginx's default) over both processes; streams pass unbuffered; X-Upstream says which answered. */
function roundRobinConfig(listen: string, upstreams: string[]): string {
  return `  upstream reviews {
${upstreams.map((u) => `    server ${u.replace('http://', '')};`).join('\n')}
  }
  server {
    listen ${listen};
    location / {
      proxy_pass http://reviews;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }`
}

let pair: Pair
let nginx: Nginx | undefined
let proxyUrl = ''

beforeAll(async () => {
  if (!nginxBinary) return
  pair = await startPair()
  nginx = await startNginx('mcp', (_dir, listen) => roundRobinConfig(listen, [pair.a.url, pair.b.url]))
  proxyUrl = nginx.url
}, 60_000)

afterAll(async () => {
  await nginx?.stop()
  await pair?.stop()
})

describe.skipIf(!nginxBinary)('the SDK client behind nginx round-robin over two processes', () => {
  test('initialize, lists, several calls and a GET stream keep working, whichever process answers', async () => {
    const upstreams: string[] = []
    const streams: { status: number; upstream: string }[] = []
    const recording = async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init)
      const upstream = response.headers.get('x-upstream') ?? ''
      upstreams.push(upstream)
      if ((init?.method ?? 'GET') === 'GET') streams.push({ status: response.status, upstream })
      return response
    }
    const client = new Client({ name: 'behind-nginx', version: '1' })
    const progress: number[] = []
    const transport = new StreamableHTTPClientTransport(new URL(`${proxyUrl}/mcp`), { fetch: recording })
    await client.connect(transport)
    expect(client.getServerVersion()?.name).toBe('reviews-service')
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name))
    const business = (await client.callTool({ name: 'get_business', arguments: {} })) as any
    const total = business.structuredContent.aggregate_rating.review_count
    const ids: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const result = (await client.callTool({ name: 'search_reviews', arguments: { limit: 4, ...(cursor ? { cursor } : {}) } }, undefined, {
        onprogress: (p) => progress.push(p.progress),
      })) as any
      expect(result.isError).toBeUndefined()
      ids.push(...result.structuredContent.reviews.map((r: { id: string }) => r.id))
      cursor = result.structuredContent.next_cursor ?? undefined
    }
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
    const review = (await client.callTool({ name: 'get_review', arguments: { id: ids[7] } })) as any
    expect(review.structuredContent.id).toBe(ids[7])
    const stats = (await client.callTool({ name: 'get_stats', arguments: { group_by: 'rating' } })) as any
    expect(stats.structuredContent.count).toBe(total)
    expect((await client.listResources()).resources.length).toBeGreaterThan(0)
    await client.ping()
    // Both processes answered this one session, and the client's own GET stream was opened on one of them.
    expect(new Set(upstreams.filter(Boolean)).size).toBe(2)
    expect(streams.some((s) => s.status === 200)).toBe(true)

    // A stream opened through the proxy while calls go on through it: it stays open and is served.
    const sessionId = transport.sessionId!
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' }
    const raw = await fetch(`${proxyUrl}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } })
    // The client's own stream holds the session's one stream slot on its process; another process gives this one.
    expect([200, 409]).toContain(raw.status)
    if (raw.status === 200) {
      const reader = raw.body!.getReader()
      expect(await readUntil(reader, (text) => text.includes(': stream open'))).toContain(': stream open')
      for (let i = 0; i < 4; i++) expect(((await client.callTool({ name: 'get_business', arguments: {} })) as any).isError).toBeUndefined()
      await reader.cancel()
    } else await raw.text()

    await transport.terminateSession()
    await client.close()
    for (const url of [pair.a.url, pair.b.url, proxyUrl]) {
      const gone = await post(url, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, headers)
      expect(gone.status).toBe(404)
      await gone.text()
    }
  }, 60_000)
})
