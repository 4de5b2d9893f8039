/** `reviews-service serve`: listen, follow data changes, shut down cleanly on SIGTERM/SIGINT. */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { loadConfig, readFlags, SETTINGS, ConfigError } from '../core/config'
import { createService } from '../service'
import { HUB_SETTINGS, hubFlag, loadHubConfig } from '../hub/config'
import type { CliIo } from './io'

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const hubVariables = Object.keys(HUB_SETTINGS)
  const { flags, rest } = readFlags(args, [...Object.values(SETTINGS).map((s) => s.flag), ...hubVariables.map(hubFlag)])
  if (rest.length) throw new ConfigError(`Unknown argument for serve: ${rest[0]}. See --help.`)
  const config = loadConfig(io.env, flags)
  const hubEnv = { ...io.env }
  for (const variable of hubVariables) if (flags.has(hubFlag(variable))) hubEnv[variable] = flags.get(hubFlag(variable))
  const hubConfig = loadHubConfig(hubEnv)
  try {
    mkdirSync(config.dataDir, { recursive: true })
    accessSync(config.dataDir, constants.W_OK)
  } catch {
    throw new ConfigError(`DATA_DIR ${config.dataDir} is not a writable directory.`)
  }
  const service = createService(config, { hubConfig })
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
  io.stderr(
    JSON.stringify({ time: new Date().toISOString(), event: 'listening', url: `http://${config.host}:${service.port}`, base_url: config.baseUrl, data_dir: config.dataDir }) + '\n',
  )

  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      io.stderr(JSON.stringify({ time: new Date().toISOString(), event: 'shutting_down', signal }) + '\n')
      service.stop().finally(resolve)
    }
    process.once('SIGTERM', () => shutdown('SIGTERM'))
    process.once('SIGINT', () => shutdown('SIGINT'))
  })
  return 0
}
