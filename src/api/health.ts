/** GET /healthz for process supervisors and load balancers. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { CORS_HEADERS } from '../http/cors'

export function healthRoutes(catalog: Catalog, startedAt: Date) {
  return new Elysia({ name: 'health' }).get(
    '/healthz',
    () => {
      const problem = catalog.problem
      return Response.json(
        {
          status: problem ? 'degraded' : 'ok',
          ...(problem ? { error: problem } : {}),
          revision: catalog.current.revision,
          review_count: catalog.current.reviews.length,
          data_updated_at: catalog.current.updatedAt.toISOString(),
          started_at: startedAt.toISOString(),
        },
        { status: problem ? 503 : 200, headers: { ...CORS_HEADERS, 'cache-control': 'no-store' } },
      )
    },
    {
      detail: {
        tags: ['Operations'],
        summary: 'Liveness and data version',
        description:
          '200 `ok` while the process serves its current data. 503 `degraded` (with `error`) when the newest data could not be ' +
          'published or DATA_DIR/business.json is invalid: the last good version is still being served; fix the cause and it returns to 200.',
      },
    },
  )
}
