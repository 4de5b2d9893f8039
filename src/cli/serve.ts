/** `reviews-service serve`: listen, follow data changes, shut down cleanly on SIGTERM/SIGINT. */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { ConfigError, loadConfig, parseCommandLine, SETTING_KEYS } from '../core/config'
import { createLogger } from '../core/log'
import { createService } from '../service'
import type { CliIo } from './io'

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { overrides, options, positionals } = parseCommandLine('serve', args, SETTING_KEYS, { sample: { type: 'boolean' } })
  if (positionals.length) throw new ConfigError(`Unknown argument for serve: ${positionals[0]}. See --help.`)
  const config = loadConfig(io.env, overrides)
  try {
    mkdirSync(config.dataDir, { recursive: true }) // an empty directory is still a new one
    accessSync(config.dataDir, constants.W_OK)
  } catch {
    throw new ConfigError(`DATA_DIR ${config.dataDir} is not a writable directory.`)
  }
  const log = createLogger(io.stderr)
  const service = createService(config, { log, seedPolicy: options.sample ? 'always' : 'if-new' })
  try {
    service.listen()
  } catch (error) {
    await service.stop().catch(() => {})
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE' || /in use/i.test(String(error))) {
      throw new ConfigError(`Port ${config.port} on ${config.host} is already in use. Set PORT (--port) to a free port.`)
    }
    if (code === 'EACCES') throw new ConfigError(`No permission to listen on ${config.host}:${config.port}.`)
    throw error
  }
  log({ event: 'listening', url: `http://${config.host}:${service.port}`, base_url: config.baseUrl, data_dir: config.dataDir })

  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      log({ event: 'shutting_down', signal })
      service.stop().finally(resolve)
    }
    process.once('SIGTERM', () => shutdown('SIGTERM'))
    process.once('SIGINT', () => shutdown('SIGINT'))
  })
  return 0
}
