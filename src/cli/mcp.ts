/**
 * `reviews-service mcp`: the MCP server over stdio for desktop agents. stdout carries JSON-RPC only;
 * logs go to stderr. It follows data changes like `serve` and exits when stdin closes.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { ConfigError, loadConfig, readFlags, SETTINGS } from '../core/config'
import { createMcpServer } from '../mcp/server'
import { openData } from '../service'
import type { CliIo } from './io'

export async function mcpCli(args: string[], io: CliIo): Promise<number> {
  const { flags, rest } = readFlags(args, [SETTINGS.dataDir.flag, SETTINGS.baseUrl.flag, SETTINGS.pollMs.flag])
  if (rest.length) throw new ConfigError(`Unknown argument for mcp: ${rest[0]}. See --help.`)
  const config = loadConfig(io.env, flags)
  const log = (event: Record<string, unknown>) => io.stderr(`${JSON.stringify({ time: new Date().toISOString(), ...event })}\n`)
  const { db, catalog, search } = openData(config, { log })
  catalog.start()
  const server = createMcpServer({ catalog, search, baseUrl: config.baseUrl })
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
    process.stdin.once('end', () => resolve())
  })
  await server.connect(transport)
  log({ event: 'mcp_stdio_ready', data_dir: config.dataDir })
  await closed
  catalog.stop()
  await server.close().catch(() => {})
  db.close()
  return 0
}
