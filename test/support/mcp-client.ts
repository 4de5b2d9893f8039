/** The SDK's own MCP client against a test server, and the small readers the MCP tests share. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { TestServer } from './server'

/** A client connected to `server`'s /mcp over streamable HTTP. */
export async function mcpClient(server: TestServer, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
  return client
}

/** Closes the client (ending its session) and then stops the server. */
export async function stopWithClient(client: Client | undefined, server: TestServer | undefined): Promise<void> {
  await client?.close().catch(() => {})
  await server?.stop()
}

/** Calls a tool; the result loosely typed, as the tests check its shape themselves. */
export const toolCaller =
  (client: () => Client) =>
  async (name: string, args: Record<string, unknown> = {}): Promise<any> =>
    await client().callTool({ name, arguments: args })

/** The text of a tool result's first content item. */
export const textOf = (result: any) => result.content[0].text as string

/** GET `url`: its status and JSON body. */
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url)
  return { status: response.status, body: await response.json() }
}
