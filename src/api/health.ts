/** GET /healthz for process supervisors and load balancers. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { CORS_HEADERS } from '../http/cors'

export function healthRoutes(catalog: Catalog, startedAt: Date) {
  return new Elysia({ name: 'health' }).get(
    '/healthz',
    () =>
      Response.json(
        {
          status: 'ok',
          revision: catalog.current.revision,
          review_count: catalog.current.reviews.length,
          data_updated_at: catalog.current.updatedAt.toISOString(),
          started_at: startedAt.toISOString(),
        },
        { headers: { ...CORS_HEADERS, 'cache-control': 'no-store' } },
      ),
    { detail: { tags: ['Operations'], summary: 'Liveness and data version', description: 'Always 200 while the process serves.' } },
  )
}
