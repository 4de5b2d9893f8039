/**
 * `serve --workers N`: N processes of this same executable serve one port and one DATA_DIR; this process
 * supervises them. The port stays ours: before any worker binds it with SO_REUSEPORT, the supervisor binds it
 * alone, without SO_REUSEPORT, so a port held by anyone (a stale server of another DATA_DIR, single or with
 * workers of its own) fails with the usual message instead of being silently shared; that bind also picks the
 * port when PORT is 0. The first worker starts alone (it migrates the database and loads the sample into a new
 * DATA_DIR), then the others. A worker that exits is started again (after 0.5 s, doubling up to 30 s while it
 * keeps dying young); SIGTERM or SIGINT stops them all. Each worker follows the data on its own (DATA_POLL_MS);
 * the hub's outbound work runs in whichever holds the hub's lease (hub/lease.ts).
 */
import type { Config, Overrides, SettingKey } from '../core/config'
import { ConfigError, flagOf } from '../core/config'
import type { Logger } from '../core/log'

/** Set in a worker's environment (its index): it serves on the shared port and reports to its supervisor. */
export const WORKER_ENV = 'REVIEWS_SERVICE_WORKER'

/** The longest a worker may take to start listening (a large database builds its first version first). */
const START_TIMEOUT_MS = 120_000
const FIRST_RESTART_DELAY_MS = 500
const MAX_RESTART_DELAY_MS = 30_000
/** A worker that lived this long before it exited was not crash-looping: its next restart waits the first delay. */
const HEALTHY_AFTER_MS = 10_000
/** Workers get SIGTERM, then this long to exit (each exits within 5 s), then SIGKILL. */
const STOP_GRACE_MS = 6000

export const portInUse = (config: Pick<Config, 'port' | 'host'>) =>
  new ConfigError(`Port ${config.port} on ${config.host} is already in use. Set PORT (--port) to a free port.`)

/**
 * Binds host:port without SO_REUSEPORT and lets it go: throws the usual message when anyone holds the port
 * (with SO_REUSEPORT or without), else returns the port (the one the system picked when `port` is 0).
 */
export function claimPort(config: Pick<Config, 'port' | 'host'>): number {
  let probe: ReturnType<typeof Bun.serve>
  try {
    probe = Bun.serve({ hostname: config.host, port: config.port, reusePort: false, fetch: () => new Response(null, { status: 503 }) })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE' || /in use/i.test(String(error))) throw portInUse(config)
    if (code === 'EACCES') throw new ConfigError(`No permission to listen on ${config.host}:${config.port}.`)
    throw error
  }
  const port = probe.port ?? config.port
  probe.stop(true)
  return port
}

/** A worker's command line: the settings given as flags (its port fixed, one worker), and --sample for the first start only. */
export function workerArgs(overrides: Overrides, port: number, sample: boolean): string[] {
  const fixed: Partial<Record<SettingKey, string>> = { port: String(port), workers: '1' }
  const settings = { ...overrides, ...fixed } as Record<SettingKey, string>
  return [
    'serve',
    ...Object.entries(settings).flatMap(([key, value]) => [flagOf(key as SettingKey), value]),
    ...(sample ? ['--sample'] : []),
  ]
}

/** How to start this executable again: the compiled binary runs itself; `bun src/main.ts` runs bun on the script. */
function selfCommand(): string[] {
  const compiled = Bun.main.startsWith('/$bunfs/') || /^[A-Z]:[\\/]~BUN[\\/]/i.test(Bun.main)
  return compiled ? [process.execPath] : [process.execPath, Bun.main]
}

type Worker = { index: number; proc: Bun.Subprocess; startedAt: number; delayMs: number }

/** Starts the workers, restarts those that exit, stops them all on SIGTERM/SIGINT; resolves to the exit code. */
export function superviseWorkers(
  config: Config,
  argsFor: (port: number, firstStart: boolean) => string[],
  env: Record<string, string | undefined>,
  log: Logger,
): Promise<number> {
  return new Supervisor(config, argsFor, env, log).run()
}

class Supervisor {
  private port: number
  private readonly workers: (Worker | undefined)[]
  private stopping = false
  /** Every worker listened once: from now on a worker that exits is restarted. */
  private started = false
  private firstStart = true
  private readonly starting = new Map<number, { resolve: () => void; reject: (code: number) => void }>()
  private finished: (code: number) => void = () => {}
  private readonly done = new Promise<number>((resolve) => (this.finished = resolve))

  constructor(
    private readonly config: Config,
    private readonly argsFor: (port: number, firstStart: boolean) => string[],
    private readonly env: Record<string, string | undefined>,
    private readonly log: Logger,
  ) {
    this.port = claimPort(config)
    this.workers = Array.from({ length: config.workers })
  }

  async run(): Promise<number> {
    process.once('SIGTERM', () => this.stop('SIGTERM', 0))
    process.once('SIGINT', () => this.stop('SIGINT', 0))
    try {
      // The first alone (migrations, a new DATA_DIR's sample), then the rest together.
      this.spawn(0, FIRST_RESTART_DELAY_MS)
      await this.listening(0)
      const rest = this.workers.map((_, i) => i).slice(1)
      for (const i of rest) this.spawn(i, FIRST_RESTART_DELAY_MS)
      await Promise.all(rest.map((i) => this.listening(i)))
    } catch (code) {
      this.stop('worker_start_failed', typeof code === 'number' ? code : 1)
      return this.done
    }
    if (this.stopping) return this.done
    this.started = true
    this.log({
      event: 'listening',
      url: `http://${this.config.host}:${this.port}`,
      base_url: this.config.baseUrl,
      data_dir: this.config.dataDir,
      workers: this.config.workers,
      pids: this.workers.map((w) => w!.proc.pid),
    })
    return this.done
  }

  private spawn(index: number, delayMs: number): Worker {
    const args = this.argsFor(this.port, this.firstStart && index === 0)
    if (index === 0) this.firstStart = false
    const proc = Bun.spawn([...selfCommand(), ...args], {
      env: { ...this.env, [WORKER_ENV]: String(index) },
      stdin: 'ignore',
      stdout: 'inherit',
      stderr: 'inherit',
      ipc: (message) => {
        if ((message as { listening?: number })?.listening === undefined || this.workers[index]?.proc !== proc) return
        this.starting.get(index)?.resolve()
        this.starting.delete(index)
      },
    })
    const worker: Worker = { index, proc, startedAt: Date.now(), delayMs }
    this.workers[index] = worker
    this.log({ event: 'worker_started', worker: index, pid: proc.pid })
    void proc.exited.then((code) => this.exited(worker, code))
    return worker
  }

  private listening(index: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.starting.set(index, { resolve, reject })
      setTimeout(() => reject(1), START_TIMEOUT_MS).unref?.()
    })
  }

  private exited(worker: Worker, code: number): void {
    if (this.workers[worker.index]?.proc !== worker.proc) return
    const starting = this.starting.get(worker.index)
    this.starting.delete(worker.index)
    if (starting && !this.started) {
      // It failed to start (its own message is on stderr): the others would fail alike.
      starting.reject(code || 1)
      return
    }
    if (this.stopping) return
    const lived = Date.now() - worker.startedAt
    const delayMs = lived >= HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : Math.min(worker.delayMs * 2, MAX_RESTART_DELAY_MS)
    this.log({
      event: 'worker_exited',
      worker: worker.index,
      pid: worker.proc.pid,
      code,
      signal: worker.proc.signalCode,
      restart_in_ms: delayMs,
    })
    setTimeout(() => this.restart(worker, delayMs), delayMs)
  }

  private restart(worker: Worker, delayMs: number): void {
    if (this.stopping) return
    // No worker left holds the port: make sure no one else took it meanwhile before binding it shared again.
    if (!this.workers.some((w) => w && w !== worker && w.proc.exitCode === null && w.proc.signalCode === null)) {
      try {
        this.port = claimPort({ host: this.config.host, port: this.port })
      } catch (error) {
        this.log({ event: 'worker_restart_failed', worker: worker.index, error: (error as Error).message })
        this.stop('port_lost', 1)
        return
      }
    }
    this.spawn(worker.index, delayMs)
    // A restart that dies before it listens is restarted again, later (exited).
    this.listening(worker.index).catch(() => {})
  }

  private stop(reason: string, code: number): void {
    if (this.stopping) return
    this.stopping = true
    const alive = this.workers.filter((w): w is Worker => w !== undefined && w.proc.exitCode === null && w.proc.signalCode === null)
    this.log({ event: 'shutting_down', signal: reason, workers: alive.length })
    for (const w of alive) w.proc.kill('SIGTERM')
    const force = setTimeout(() => {
      for (const w of alive) if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGKILL')
    }, STOP_GRACE_MS)
    void Promise.all(alive.map((w) => w.proc.exited)).then(() => {
      clearTimeout(force)
      this.finished(code)
    })
  }
}
