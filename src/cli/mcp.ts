/**
 * `reviews-service mcp`: the MCP server over stdio for desktop agents. stdout carries JSON-RPC only;
 * logs go to stderr. It follows data changes like `serve` and exits when stdin closes.
 */
import { ConfigError, loadConfig, parseCommandLine } from '../core/config'
import { createLogger } from '../core/log'
import { createMcpServer } from '../mcp/server'
import { LineTransport } from '../mcp/stdio'
import { openData } from '../service'
import type { CliIo } from './io'

export async function mcpCli(args: string[], io: CliIo): Promise<number> {
  const { overrides, positionals } = parseCommandLine('mcp', args, ['dataDir', 'baseUrl', 'pollMs'])
  if (positionals.length) throw new ConfigError(`Unknown argument for mcp: ${positionals[0]}. See --help.`)
  const config = loadConfig(io.env, overrides)
  const log = createLogger(io.stderr)
  const { db, catalog, search } = openData(config, { log, seedPolicy: 'never' })
  catalog.start()
  // Over stdio nothing may listen at BASE_URL's default (http://localhost:3000): resource URIs then use
  // the reviews: scheme, which only this server resolves. A BASE_URL given explicitly is used as is.
  const baseUrlGiven = overrides.baseUrl !== undefined || io.env.BASE_URL !== undefined
  const server = createMcpServer({
    catalog,
    search,
    baseUrl: config.baseUrl,
    resourceBase: baseUrlGiven ? config.baseUrl : 'reviews://local',
  })
  const transport = new LineTransport()
  // The transport reports closed once stdin has ended and every request read from it has been answered.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
  })
  await server.connect(transport)
  log({ event: 'mcp_stdio_ready', data_dir: config.dataDir })
  await closed
  catalog.stop()
  await server.close().catch(() => {})
  db.close()
  return 0
}
