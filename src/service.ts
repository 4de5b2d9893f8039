/**
 * The composition root: one database, the review repository, the catalog (cached responses and change
 * detection), search, and, for `serve`, the hub, MCP sessions and the HTTP app. `serve`, `mcp` and the
 * tests all start here.
 */
import type { Database } from 'bun:sqlite'
import { linkSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from './app'
import { lastResortError } from './api/lifecycle'
import { hubRoutes } from './api/hub'
import { McpSessions } from './api/mcp-sessions'
import { mcpRoutes } from './api/mcp'
import { metricsRoutes } from './api/metrics'
import { Catalog } from './catalog/catalog'
import type { InsightsComputer } from './catalog/snapshot'
import { BUSINESS_FILE, watchBusinessFile } from './catalog/business-file'
import { checkDataDirBeforeOpen, markDataDir, seedIfAllowed, type Dataset, type SeedPolicy } from './catalog/seed'
import type { Config } from './core/config'
import { createLogger, type Logger } from './core/log'
import { VERSION } from './core/version'
import { DATABASE_FILE, openDatabase } from './db/database'
import { Hub } from './hub/hub'
import { hubMigrations } from './hub/repository'
import { Leases, once } from './hub/lease'
import type { Insights } from './insights/schema'
import { ReviewRepository } from './reviews/repository'
import { reviewMigrations } from './reviews/migrations'
import { ReviewSearch } from './reviews/search'

/** The longest the server's event loop may wait on a database lock (CONTRACT.md, Data changes). */
export const SERVER_BUSY_TIMEOUT_MS = 50

/**
 * The runtime's own cap on request bodies: a backstop above the largest body any route takes (an MCP
 * message, 1 MiB). The routes that read a body (the hub, /mcp) count it as it streams and refuse past
 * their own cap first, in their JSON shape; a body declared bigger than this is refused by the runtime
 * before anything reads it (413 with no body).
 */
export const MAX_REQUEST_BODY_BYTES = 8 << 20

/** `seed`: which data a new DATA_DIR gets (default: the embedded sample); `seedPolicy`: see catalog/seed.ts. */
export type ServiceOptions = {
  log?: Logger
  seed?: Dataset
  seedPolicy?: SeedPolicy
  /** How insights are computed (default: the insights engine, loaded on first use); tests pass their own. */
  computeInsights?: InsightsComputer
  /** `serve`: the first version is built beside a loop that already answers (CatalogOptions.firstVersionOffLoop). */
  firstVersionOffLoop?: boolean
}

/** Every table the service keeps, in the order they were introduced. */
export const MIGRATIONS = [...reviewMigrations, ...hubMigrations]

export function openServiceDatabase(dataDir: string) {
  mkdirSync(dataDir, { recursive: true })
  return openDatabase(join(dataDir, DATABASE_FILE), MIGRATIONS)
}

/** The data side shared by `serve` and `mcp` (stdio): database, repository, catalog that follows changes, search. */
export function openData(config: Config, options: ServiceOptions = {}) {
  const log = options.log ?? createLogger()
  const policy = options.seedPolicy ?? 'if-new'
  const wasNew = checkDataDirBeforeOpen(config.dataDir, policy)
  const seededNew = wasNew ? createSeededDatabase(config.dataDir, policy, options.seed) : undefined
  const db = openServiceDatabase(config.dataDir)
  const reviews = new ReviewRepository(db)
  try {
    // A new directory was seeded (or found seeded by another process) above; any other is checked here.
    const seeded = seededNew ? seededNew === 'created' : seedIfAllowed(reviews, policy, false, config.dataDir, options.seed)
    if (seeded) log({ event: 'seeded_sample_data', data_dir: config.dataDir })
    markDataDir(config.dataDir, seeded || seededNew === 'found' ? 'sample' : undefined)
  } catch (error) {
    db.close()
    throw error
  }
  // From here on a write that meets another process's lock (a CLI import) fails fast and is retried
  // later, rather than holding the event loop for the 5 s the opening and migrations may wait.
  db.exec(`PRAGMA busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`)
  const checkBusinessFile = watchBusinessFile(join(config.dataDir, BUSINESS_FILE), reviews, log)
  checkBusinessFile()
  const catalog = new Catalog(reviews, {
    baseUrl: config.baseUrl,
    externalHubs: config.hub.externalUrls,
    computeInsights: computedOnce(db, options.computeInsights ?? insightsOnFirstUse(), log),
    pollMs: config.pollMs,
    log,
    insightsVersion: VERSION,
    firstVersionOffLoop: options.firstVersionOffLoop,
  })
  catalog.addCheck(checkBusinessFile)
  const search = new ReviewSearch(() => catalog.current)
  return { log, db, reviews, catalog, search }
}

/**
 * A new DATA_DIR gets its database whole or not at all: the sample is written into a file of this process's own,
 * which is then linked into place (a link fails when the name exists). Another process starting on the same new
 * directory at the same moment (`serve --workers`, serve beside mcp) so never finds a database that exists but is
 * still empty, which would read as lost data: it finds none and makes its own (whose link then loses), or finds the
 * whole one. Says whether this process's database is the one in place, or another's just made the same way.
 */
function createSeededDatabase(dataDir: string, policy: SeedPolicy, seed?: Dataset): 'created' | 'found' {
  mkdirSync(dataDir, { recursive: true })
  const own = join(dataDir, `.${DATABASE_FILE}.${process.pid}.new`)
  const removeOwn = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(own + suffix, { force: true })
  }
  removeOwn()
  try {
    const db = openDatabase(own, MIGRATIONS)
    try {
      seedIfAllowed(new ReviewRepository(db), policy, true, dataDir, seed)
    } finally {
      db.close()
    }
    linkSync(own, join(dataDir, DATABASE_FILE))
    return 'created'
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return 'found'
    throw error
  } finally {
    removeOwn()
  }
}

/**
 * Several processes on one DATA_DIR (serve --workers, or serve beside mcp) that see a new version at the same time
 * compute its insights once: the first takes a lease named after the content (hub/lease.ts) and computes, the
 * others wait for its result (or take over if it dies). Each then stores and serves them as its own.
 */
function computedOnce(db: Database, compute: InsightsComputer, log: Logger): InsightsComputer {
  const leases = new Leases(db)
  return async (business, published, generatedAt, source) => {
    if (!source) return compute(business, published, generatedAt, source)
    const name = `insights:${VERSION}:${generatedAt}:${source.key}`
    const started = performance.now()
    let own: Insights | undefined
    const { result, shared } = await once(
      leases,
      name,
      async () => JSON.stringify((own = await compute(business, published, generatedAt, source))),
      { signal: source.signal },
    )
    log({ event: 'insights_ready', generated_at: generatedAt, computed_here: !shared, ms: Math.round(performance.now() - started) })
    try {
      leases.forget('insights:', name, 60_000)
    } catch {}
    return own ?? (JSON.parse(result) as Insights)
  }
}

/**
 * The insights engine, loaded when insights are first computed (a starting server does not need its code). A version's
 * insights are computed in a child process; when none can be started, here in slices, the texts read by a Worker
 * that ends when they are read: idle memory keeps neither.
 */
function insightsOnFirstUse(): InsightsComputer {
  let engine: Promise<{ computeAsync: InsightsComputer }> | undefined
  return async (business, published, generatedAt, source) => {
    // The whole computation in a child process that reads the reviews from the dataset's bytes: nothing of it on the loop.
    if (source) {
      const { computeInChildProcess } = await import('./insights/analysis-worker')
      const inChild = computeInChildProcess(business, source.dataset(), generatedAt, source.signal, source.store)
      if (inChild) return inChild
    }
    engine ??= Promise.all([import('./insights/compute'), import('./insights/analysis-worker')]).then(
      ([{ InsightsEngine }, { workerAnalyzer }]) => new InsightsEngine(workerAnalyzer()),
    )
    return (await engine).computeAsync(business, published, generatedAt)
  }
}

export function createService(config: Config, options: ServiceOptions = {}) {
  const { log, db, reviews, catalog, search } = openData(config, options)
  const mcpSessions = new McpSessions(
    { catalog, search, baseUrl: config.baseUrl },
    {
      idleMs: config.mcpSessionIdleMs,
      maxSessions: config.mcpMaxSessions,
      maxSessionsPerClient: config.mcpMaxSessionsPerClient,
      allowedOrigins: [new URL(config.baseUrl).origin.toLowerCase(), ...config.mcpAllowedOrigins],
      log,
      db,
    },
  )
  const hub = new Hub(db, catalog, config.baseUrl, config.hub, log)
  const app = createApp({
    config,
    catalog,
    search,
    log,
    plugins: [hubRoutes(hub), mcpRoutes(mcpSessions, { trustProxy: config.hub.trustProxy }), metricsRoutes(catalog, hub, new Date())],
  })

  let server: ReturnType<typeof app.listen>['server'] | undefined
  return {
    config,
    db,
    reviews,
    catalog,
    search,
    app,
    mcpSessions,
    hub,
    /**
     * Starts listening and following data changes; resolves to the bound URL. `sharedPort`: one of several
     * processes of `serve --workers` (cli/workers.ts), which share the port (SO_REUSEPORT) once the supervisor
     * has made sure no one else holds it; a single process never lets another bind its port beside it.
     */
    listen(options: { sharedPort?: boolean } = {}): string {
      app.listen({
        port: config.port,
        hostname: config.host,
        reusePort: options.sharedPort === true,
        // Each open connection holds a file descriptor; at the process's limit new clients cannot connect at all
        // (and the runtime retries accept). Idle ones are closed after this; see README, Operating it safely.
        idleTimeout: config.idleTimeoutS,
        // Production mode: an error that escapes every handler never gets the runtime's HTML page (source, paths, stack).
        development: false,
        maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
        error: (error: Error) => lastResortError(error, log),
      } as Parameters<typeof app.listen>[0])
      server = app.server ?? undefined
      catalog.start()
      // A read replica (HUB_OUTBOUND=0) leaves every delivery to its primary: its database is a copy.
      if (config.hub.outbound) hub.start()
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${server!.port}`
    },
    get port(): number {
      return server?.port ?? 0
    },
    /** Stops within a few seconds: requests in flight get 2 s to finish, the hub's unfinished work stays in SQLite. */
    async stop(): Promise<void> {
      catalog.stop()
      await Promise.all([hub.stop(), mcpSessions.closeAll().catch(() => {})])
      if (server) {
        const graceful = app.stop()
        if ((await Promise.race([graceful.then(() => true), Bun.sleep(2000).then(() => false)])) === false) await app.stop(true)
      }
      db.close()
    },
  }
}

export type Service = ReturnType<typeof createService>
