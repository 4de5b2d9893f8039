/**
 * Wires the capabilities together around one database: store, search, catalog (cached responses and
 * change detection), and the HTTP app. `serve` and the tests both start from here.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type Logger } from './app'
import { Catalog } from './catalog/catalog'
import { BUSINESS_FILE, watchBusinessFile } from './catalog/business-file'
import { seedIfEmpty, type Dataset } from './catalog/seed'
import type { Config } from './core/config'
import { InsightsEngine } from './insights/compute'
import { ReviewSearch } from './reviews/search'
import { McpSessions, mcpRoutes } from './api/mcp'
import { Hub } from './hub/hub'
import { loadHubConfig, type HubConfig } from './hub/config'
import { hubRoutes } from './api/hub'
import { metricsRoutes } from './api/metrics'
import { ReviewStore } from './reviews/repository'
import { DATABASE_FILE, openDatabase } from './db/database'


export type ServiceOptions = { log?: Logger; seed?: Dataset; hubConfig?: HubConfig }

export const defaultLogger: Logger = (event) => console.error(JSON.stringify({ time: new Date().toISOString(), ...event }))

/** The data side shared by `serve` and `mcp` (stdio): database, store, catalog that follows changes, search. */
export function openData(config: Config, options: ServiceOptions = {}) {
  const log = options.log ?? defaultLogger
  mkdirSync(config.dataDir, { recursive: true })
  const db = openDatabase(join(config.dataDir, DATABASE_FILE))
  const store = new ReviewStore(db)
  if (seedIfEmpty(store, options.seed)) log({ event: 'seeded_sample_data', data_dir: config.dataDir })
  const checkBusinessFile = watchBusinessFile(join(config.dataDir, BUSINESS_FILE), store, log)
  checkBusinessFile()
  const insights = new InsightsEngine()
  const catalog = new Catalog(store, {
    baseUrl: config.baseUrl,
    computeInsights: (business, reviews, generatedAt) => insights.computeAsync(business, reviews, generatedAt),
    pollMs: config.pollMs,
  })
  catalog.addCheck(checkBusinessFile)
  const search = new ReviewSearch(store, () => catalog.current)
  return { log, db, store, catalog, search }
}

export function createService(config: Config, options: ServiceOptions = {}) {
  const { log, db, store, catalog, search } = openData(config, options)
  const mcpSessions = new McpSessions(
    { catalog, search, baseUrl: config.baseUrl },
    { idleMs: config.mcpSessionIdleMs, maxSessions: config.mcpMaxSessions, log },
  )
  const hub = new Hub(db, catalog, config.baseUrl, options.hubConfig ?? loadHubConfig(process.env), log)
  const app = createApp({ config, catalog, search, log, plugins: [hubRoutes(hub), mcpRoutes(mcpSessions), metricsRoutes(catalog, hub, new Date())] })

  let server: ReturnType<typeof app.listen>['server'] | undefined
  return {
    config,
    db,
    store,
    catalog,
    search,
    app,
    /** Starts listening and following data changes; resolves to the bound URL. */
    listen(): string {
      app.listen({ port: config.port, hostname: config.host, reusePort: false, idleTimeout: 120 })
      server = app.server ?? undefined
      catalog.start()
      hub.start()
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${server!.port}`
    },
    get port(): number {
      return server?.port ?? 0
    },
    mcpSessions,
    hub,
    async stop(): Promise<void> {
      catalog.stop()
      await hub.stop()
      await mcpSessions.closeAll()
      if (server) await app.stop()
      db.close()
    },
  }
}

export type Service = ReturnType<typeof createService>
