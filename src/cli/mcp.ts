/**
 * `reviews-service mcp`: the MCP server over stdio for desktop agents. stdout carries JSON-RPC only;
 * logs go to stderr. It follows data changes like `serve` and exits when stdin closes.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { ConfigError, loadConfig, parseCommandLine } from '../core/config'
import { createLogger } from '../core/log'
import { createMcpServer } from '../mcp/server'
import { openData } from '../service'
import type { CliIo } from './io'

export async function mcpCli(args: string[], io: CliIo): Promise<number> {
  const { overrides, positionals } = parseCommandLine('mcp', args, ['dataDir', 'baseUrl', 'pollMs'])
  if (positionals.length) throw new ConfigError(`Unknown argument for mcp: ${positionals[0]}. See --help.`)
  const config = loadConfig(io.env, overrides)
  const log = createLogger(io.stderr)
  const { db, catalog, search } = openData(config, { log, seedPolicy: 'never' })
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
