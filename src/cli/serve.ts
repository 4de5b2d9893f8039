/** `reviews-service serve`: listen, follow data changes, shut down cleanly on SIGTERM/SIGINT. */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { ConfigError, loadConfig, parseCommandLine, SETTING_KEYS } from '../core/config'
import { createLogger, type Logger } from '../core/log'
import { createService } from '../service'
import type { CliIo } from './io'
import { portInUse, superviseWorkers, WORKER_ENV, workerArgs } from './workers'

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
  // A worker of serve --workers: started by a supervisor, with a channel to it (the variable alone is not enough).
  const worker = typeof process.send === 'function' ? io.env[WORKER_ENV] : undefined
  const log = withWorker(createLogger(io.stderr), worker)
  // serve --workers N: this process supervises N processes of this executable, which serve.
  if (config.workers > 1 && worker === undefined) {
    return superviseWorkers(config, (port, first) => workerArgs(overrides, port, first && options.sample === true), io.env, log)
  }
  // The first version is built beside the answering loop: a restart serves its stored insights at once.
  const service = createService(config, { log, seedPolicy: options.sample ? 'always' : 'if-new', firstVersionOffLoop: true })
  try {
    service.listen({ sharedPort: worker !== undefined })
  } catch (error) {
    await service.stop().catch(() => {})
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE' || /in use/i.test(String(error))) throw portInUse(config)
    if (code === 'EACCES') throw new ConfigError(`No permission to listen on ${config.host}:${config.port}.`)
    throw error
  }
  const url = `http://${config.host}:${service.port}`
  if (worker === undefined) log({ event: 'listening', url, base_url: config.baseUrl, data_dir: config.dataDir })
  else {
    log({ event: 'worker_listening', url, pid: process.pid })
    process.send?.({ listening: service.port })
  }

  await new Promise<void>((resolve) => {
    let stopping = false
    const shutdown = (signal: string) => {
      if (stopping) return // SIGINT from a terminal reaches every worker, and the supervisor sends SIGTERM too.
      stopping = true
      log({ event: 'shutting_down', signal })
      // Exit within 5 s whatever hangs: unfinished hub work is durable and resumes at the next start.
      const deadline = setTimeout(() => {
        log({ event: 'shutdown_deadline', message: 'stopped waiting for in-flight work after 4 s' })
        resolve()
      }, 4000)
      service.stop().finally(() => {
        clearTimeout(deadline)
        resolve()
      })
    }
    process.once('SIGTERM', () => shutdown('SIGTERM'))
    process.once('SIGINT', () => shutdown('SIGINT'))
    // A worker whose supervisor is gone (even by kill -9) stops too, rather than hold the port unsupervised.
    if (worker !== undefined) process.once('disconnect', () => shutdown('supervisor_gone'))
  })
  return 0
}

/** A worker's log lines say which worker wrote them. */
function withWorker(log: Logger, worker: string | undefined): Logger {
  if (worker === undefined) return log
  const index = Number(worker)
  return (event) => log({ ...event, worker: index })
}
