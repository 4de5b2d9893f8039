/** GET /insights.json: computed from the published reviews by the service itself, cached per data version. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import type { ReadRouteOptions } from './read-options'
import { serveOptions, serveRepresentation } from '../http/representation'
import { jsonResponse, readResponses } from './openapi-parts'
import { Insights } from '../insights/schema'

export function insightsRoutes(catalog: Catalog, options: ReadRouteOptions) {
  const plain = serveOptions(options.cacheControl)
  return new Elysia({ name: 'insights' }).get(
    '/insights.json',
    async ({ request }) => serveRepresentation(request, (await catalog.current.latestInsights()).representation, plain),
    {
      detail: {
        tags: ['Datasets'],
        operationId: 'getInsights',
        summary: 'Insights dataset',
        description:
          'Aspect-based sentiment, entities (technicians, services, service areas), topics, FAQ and an editorial summary, ' +
          'all computed from the published reviews and recomputed when they change.',
        responses: readResponses(jsonResponse(Insights, 'The insights dataset.'), { cacheControl: options.cacheControl }),
      },
    },
  )
}
