/** The app factory: composes each capability's routes into one Elysia app. Tests drive it without a port. */
import { Elysia } from 'elysia'
import type { Catalog } from './catalog/catalog'
import type { Config } from './core/config'
import { fastReadRoutes } from './api/fast-reads'
import { healthRoutes } from './api/health'
import { openapiRoutes } from './api/openapi'
import { requestLifecycle } from './api/lifecycle'
import { pagesRoutes } from './api/pages'
import { readRoutes, readRoutesPlugin } from './api/read-routes'
import { siteRoutes } from './api/site'
import { statsRoutes } from './api/stats'
import type { Logger } from './core/log'
import type { ReviewSearch } from './reviews/search'

export type AppDeps = {
  config: Config
  catalog: Catalog
  search: ReviewSearch
  log: Logger
  /** Extra capability plugins (hub, MCP, metrics), mounted after the read API. */
  plugins?: Elysia<any, any, any, any, any, any, any>[]
}

export function createApp({ config, catalog, search, log, plugins = [] }: AppDeps) {
  const read = { cacheControl: `public, max-age=${config.cacheMaxAge}`, baseUrl: config.baseUrl, externalHubs: config.hub.externalUrls }
  let app: Elysia<any, any, any, any, any, any, any>
  // One table of reads (api/read-routes.ts): each goes on the runtime's native router (api/fast-reads.ts), whose
  // entries win over the framework's mapping of the same paths, and into the framework (the OpenAPI document, app.handle()).
  const context = { catalog, search, read }
  const reads = readRoutes(context)
  const routes = fastReadRoutes({
    catalog,
    search,
    read,
    log,
    logRequests: config.logRequests,
    fallback: (request) => app.fetch(request),
    routes: reads,
  })
  app = new Elysia({ name: 'reviews-service', serve: { routes } as never })
    .use(requestLifecycle(() => app.routes, log, config.logRequests))
    .use(openapiRoutes(config, catalog, () => app))
    .use(readRoutesPlugin(reads, context))
    .use(healthRoutes(catalog, new Date()))
    .use(pagesRoutes(catalog, search, read))
    .use(statsRoutes(catalog, search, read))
    .use(siteRoutes(catalog, read))
  for (const plugin of plugins) app.use(plugin)
  return app
}
