/** The app factory: composes each capability's routes into one Elysia app. Tests drive it without a port. */
import { Elysia } from 'elysia'
import type { Catalog } from './catalog/catalog'
import type { Config } from './core/config'
import { fastReadRoutes } from './api/fast-reads'
import { feedsRoutes } from './api/feeds'
import { healthRoutes } from './api/health'
import { openapiRoutes } from './api/openapi'
import { requestLifecycle } from './api/lifecycle'
import { insightsRoutes } from './api/insights'
import { pagesRoutes } from './api/pages'
import { reviewsRoutes } from './api/reviews'
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
  // The hot reads also go on the runtime's native router (api/fast-reads.ts); those entries win over the
  // framework's own mapping of the same paths. They stay declared below for the OpenAPI document and app.handle().
  const routes = fastReadRoutes({ catalog, search, read, log, logRequests: config.logRequests, fallback: (request) => app.fetch(request) })
  app = new Elysia({ name: 'reviews-service', serve: { routes } as never })
    .use(requestLifecycle(() => app.routes, log, config.logRequests))
    .use(openapiRoutes(config, () => app))
    .use(reviewsRoutes(catalog, search, read))
    .use(feedsRoutes(catalog, read))
    .use(insightsRoutes(catalog, read))
    .use(healthRoutes(catalog, new Date()))
    .use(pagesRoutes(catalog, search, read))
  for (const plugin of plugins) app.use(plugin)
  return app
}
