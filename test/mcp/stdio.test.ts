/** `reviews-service mcp` over stdio, from source and as the compiled binary, with the SDK's own client. */
import { describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { dataDirWith } from '../support/data-dir'
import { MAIN } from '../support/spawn'

const BINARY = join(import.meta.dir, '..', '..', 'dist', 'reviews-service')

async function exercise(command: string, args: string[]) {
  const dataDir = dataDirWith(undefined, 'reviews-mcp-stdio-')
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

/**
 * Drives `mcp` by hand: every line on stdout must be a JSON-RPC message (nothing else may reach it),
 * logs go to stderr, and closing stdin ends the process with status 0.
 */
async function rawSession(command: string[]) {
  const dataDir = dataDirWith(undefined, 'reviews-mcp-raw-')
  const proc = Bun.spawn(command, {
    env: { ...process.env, DATA_DIR: dataDir, BASE_URL: 'https://stdio.example.test' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const send = (message: unknown) => proc.stdin.write(`${JSON.stringify(message)}\n`)
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  })
  send({ jsonrpc: '2.0', method: 'notifications/initialized' })
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_reviews', arguments: { limit: 101 } } })
  send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_review', arguments: { id: 'rv-000001' } } })
  send({ jsonrpc: '2.0', id: 4, method: 'no/such/method' })
  // A method named like a member of Object.prototype is as unknown (it once went unanswered, a TypeError on stderr).
  send({ jsonrpc: '2.0', id: 5, method: 'constructor' })
  proc.stdin.flush()

  // Read stdout line by line until the last answer, then close stdin.
  const lines: string[] = []
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  while (!lines.some((line) => line.includes('"id":5'))) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    const parts = buffer.split('\n')
    buffer = parts.pop()!
    lines.push(...parts)
  }
  proc.stdin.end()
  const [exitCode, rest, stderr] = await Promise.all([
    proc.exited,
    (async () => {
      let tail = buffer
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return tail
        tail += decoder.decode(value, { stream: true })
      }
    })(),
    new Response(proc.stderr).text(),
  ])
  lines.push(...rest.split('\n').filter((line) => line !== ''))
  return { exitCode, messages: lines.map((line) => JSON.parse(line) as any), stderr }
}

describe('MCP over stdio', () => {
  test.each([
    ['from source', ['bun', MAIN, 'mcp']],
    ['the compiled binary', [BINARY, 'mcp']],
  ])('%s: stdout carries JSON-RPC only, logs go to stderr, closing stdin exits 0', async (_, command) => {
    if (command[0] === BINARY) expect(existsSync(BINARY)).toBe(true) // .ci/run builds it before the tests
    const { exitCode, messages, stderr } = await rawSession(command)
    expect(exitCode).toBe(0)
    for (const message of messages) expect(message.jsonrpc).toBe('2.0')
    const byId = new Map(messages.map((m) => [m.id, m]))
    expect(byId.get(1).result.protocolVersion).toBe('2025-06-18')
    expect(byId.get(2).result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('limit: must be at most 100') }],
    })
    expect(byId.get(3).result.structuredContent.id).toBe('rv-000001')
    expect(byId.get(4).error.code).toBe(-32601)
    expect(byId.get(5).error.code).toBe(-32601)
    expect(messages).toHaveLength(5)
    expect(stderr).toContain('mcp_stdio_ready')
  })

  test('from source: bun src/main.ts mcp', async () => {
    await exercise('bun', [MAIN, 'mcp'])
  })

  test('the compiled binary', async () => {
    // .ci/run builds dist/reviews-service before the tests.
    expect(existsSync(BINARY)).toBe(true)
    await exercise(BINARY, ['mcp'])
  })

  test('a line that is not JSON gets -32700; answers still being computed when stdin closes are written before exit', async () => {
    const dataDir = dataDirWith(undefined, 'reviews-mcp-lines-')
    const proc = Bun.spawn(['bun', MAIN, 'mcp'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      'this is not JSON',
      { hello: 'world', id: 'h-1' },
      // Insights take a while to compute on first use: stdin is closed long before the answer is ready.
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_insights', arguments: { section: 'summary' } } },
      { jsonrpc: '2.0', id: 3, method: 'resources/list' },
    ]
    proc.stdin.write(lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n')
    proc.stdin.end()
    const [exitCode, stdout] = await Promise.all([proc.exited, new Response(proc.stdout).text()])
    expect(exitCode).toBe(0)
    const messages = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as any)
    const byId = new Map(messages.map((m) => [m.id, m]))
    expect(messages.find((m) => m.error?.code === -32700)).toMatchObject({
      id: null,
      error: { message: expect.stringContaining('not valid JSON') },
    })
    expect(byId.get('h-1').error.code).toBe(-32600)
    expect(byId.get(2).result.structuredContent.summary).toEqual(expect.any(String))
    // No BASE_URL given: nothing listens at http://localhost:3000, so resources use the reviews: scheme.
    const uris = byId.get(3).result.resources.map((r: any) => r.uri)
    expect(uris).toContain('reviews://local/reviews.json')
    for (const uri of uris) expect(uri).not.toContain('localhost:3000')
  })
})
