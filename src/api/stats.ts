/**
 * GET /api/reviews/stats: counts, average rating and distribution for any search filter set, optionally
 * grouped; the HTTP twin of the MCP tool get_stats (same schema, same function: reviews/stats.ts).
 * Self-contained: one route, its handler and its OpenAPI detail.
 */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { serveOptions, serveRepresentation } from '../http/representation'
import type { ReviewSearch } from '../reviews/search'
import { GROUP_BY, parseStatsParams, reviewStats, Stats, StatsQuery, type StatsFilters } from '../reviews/stats'
import { HttpError } from './errors'
import { errorResponses, jsonResponse, readResponses, searchParameters } from './openapi-parts'
import type { ReadRouteOptions } from './read-options'

/** One memo key per distinct filter set, whatever the parameter order. */
const statsKey = (filters: StatsFilters) => `stats:${JSON.stringify(filters, Object.keys(filters).sort())}`

export const STATS_PATH = '/api/reviews/stats'

export function statsRoutes(catalog: Catalog, search: ReviewSearch, options: ReadRouteOptions) {
  const plain = serveOptions(options.cacheControl)
  return new Elysia({ name: 'stats' }).get(
    STATS_PATH,
    ({ request }) => {
      const parsed = parseStatsParams(new URL(request.url).searchParams)
      if (!parsed.ok) {
        const count = parsed.issues.length
        throw new HttpError(
          400,
          'invalid_query',
          count === 1 ? 'One query parameter is invalid.' : `${count} query parameters are invalid.`,
          parsed.issues,
        )
      }
      const snapshot = catalog.current
      const filters = parsed.value
      const rep = snapshot.memo(statsKey(filters), () => JSON.stringify(reviewStats(search, filters, snapshot.business, snapshot.revision)))
      return serveRepresentation(request, rep, plain)
    },
    {
      detail: {
        tags: ['Reviews'],
        operationId: 'getReviewStats',
        summary: 'Review statistics',
        description:
          'Counts, average rating (2 decimals, null when nothing matches) and 1-5 distribution of every review matching the filters ' +
          '(the search parameters and semantics, without `limit` and `cursor`), how many of them were answered, the unanswered ' +
          'low ratings (1-2 stars) with their ids, and with `group_by` the same figures per month (oldest first, empty months ' +
          'included), quarter, service, technician, area, language or rating. `data_version` names the data revision. ' +
          'The HTTP twin of the MCP tool get_stats. Unknown or repeated parameters are a 400 naming every bad parameter.',
        parameters: searchParameters(StatsQuery).map((p) =>
          p.name === 'group_by' ? { ...p, schema: { type: 'string', enum: [...GROUP_BY] } } : p,
        ),
        responses: readResponses(jsonResponse(Stats, 'The figures for the matching reviews.'), {
          cacheControl: options.cacheControl,
          more: { 400: errorResponses.invalidQuery },
        }),
      },
    },
  )
}
