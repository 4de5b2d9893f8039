/**
 * The route table of the reads: every `ReadRoute` the service declares, in one list, and the framework
 * plugin derived from it. The runtime's native routes are derived from the same list (fast-reads.ts);
 * test/http/route-table.test.ts checks that both, and the OpenAPI document, carry every entry.
 * A new read endpoint is one more entry in its capability's list (reviews.ts, feeds.ts, insights.ts), or
 * a new capability's list added here.
 */
import { Elysia } from 'elysia'
import { feedsReads } from './feeds'
import { insightsReads } from './insights'
import { type ReadContext, type ReadRoute, readDetail, readHandler } from './read-route'
import { reviewsReads } from './reviews'

export function readRoutes(context: ReadContext): ReadRoute[] {
  return [...reviewsReads(context), ...feedsReads(context), ...insightsReads(context)]
}

/** The framework's twin of every read: the same `read`, served the same way, documented from `doc`. */
export function readRoutesPlugin(routes: ReadRoute[], context: ReadContext) {
  const plugin = new Elysia({ name: 'reads' })
  for (const route of routes) {
    const handle = readHandler(route, context.read)
    plugin.get(route.path, ({ request, params, server }) => handle(request, params as Record<string, string>, server), {
      ...(route.params ? { params: route.params } : {}),
      detail: readDetail(route, context.read),
    })
  }
  return plugin
}
