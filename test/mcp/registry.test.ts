/**
 * The MCP tool registry (TOOLS in src/mcp/tools.ts) is the one declaration of the tools: tools/list,
 * the OpenAPI prose about /mcp, the developers page and the README's table and count must say the same.
 * Each list here is read from where a person or a client finds it, and compared with the registry.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { TOOL_NAMES, TOOLS } from '../../src/mcp/tools'
import { PROMPT_NAMES } from '../../src/mcp/prompts'
import { startTestServer, type TestServer } from '../support/server'

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']
const readme = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')
const mcpSection = readme.slice(readme.indexOf('\n## MCP\n'), readme.indexOf('\n### MCP sessions'))

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

test('the registry holds each tool once, each with an object input and output schema', () => {
  expect(new Set(TOOL_NAMES).size).toBe(TOOLS.length)
  for (const tool of TOOLS) {
    expect(tool.name).toMatch(/^[a-z][a-z_]*$/)
    expect(tool.inputSchema.type).toBe('object')
    expect((tool.outputSchema as { type?: string }).type).toBe('object')
  }
})

test('tools/list answers exactly the registry, in its order', async () => {
  const client = new Client({ name: 'registry-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...TOOL_NAMES])
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([...PROMPT_NAMES])
  } finally {
    await client.close()
  }
})

test('the OpenAPI description of POST /mcp names every tool and prompt, and its count', async () => {
  const doc = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as any
  const description: string = doc.paths['/mcp'].post.description
  const listed = description.match(/(\d+) tools, all read-only: ([a-z_, ]+)\./)
  expect(listed).not.toBeNull()
  expect(Number(listed![1])).toBe(TOOLS.length)
  expect(listed![2]!.split(', ')).toEqual([...TOOL_NAMES])
  for (const prompt of PROMPT_NAMES) expect(description).toContain(prompt)
})

test("the developers page's MCP section lists the registry's tools, in order", async () => {
  const html = await (await fetch(`${server.url}/developers`)).text()
  const sentence = html.match(/Model Context Protocol: tools (.*?), all read-only/)
  expect(sentence).not.toBeNull()
  expect([...sentence![1]!.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1])).toEqual([...TOOL_NAMES])
})

test("the README's MCP table lists the registry's tools in order, and its count says how many", () => {
  const rows = [...mcpSection.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1])
  expect(rows).toEqual([...TOOL_NAMES])
  const count = mcpSection.match(/^(\w+) read-only tools/m)
  expect(count).not.toBeNull()
  expect(count![1]!.toLowerCase()).toBe(NUMBER_WORDS[TOOLS.length] ?? String(TOOLS.length))
})
