/** GET /healthz for process supervisors and load balancers. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { CORS_HEADERS } from '../http/cors'
import { Type } from '@sinclair/typebox'
import { jsonResponse, JsonValueRef } from './openapi-parts'

const Health = Type.Object(
  {
    status: Type.Literal('ok'),
    revision: Type.Integer({ description: 'Revision of the review data being served.' }),
    review_count: Type.Integer({ description: 'Verified reviews being served.' }),
    data_updated_at: Type.String({ format: 'date-time', description: 'When the served data last changed.' }),
    started_at: Type.String({ format: 'date-time', description: 'When this process started.' }),
  },
  { $id: 'Health' },
)

const Degraded = Type.Object(
  {
    status: Type.Literal('degraded'),
    error: Type.String({ description: 'Why: the last data version that failed to build, or an invalid business.json.' }),
  },
  { $id: 'HealthDegraded', additionalProperties: JsonValueRef, description: 'The last good data is still being served.' },
)

export function healthRoutes(catalog: Catalog, startedAt: Date) {
  return new Elysia({ name: 'health' }).get(
    '/healthz',
    () => {
      const problem = catalog.problem
      // The head, not the version: a starting server answers before its first version is built.
      const head = catalog.head
      return Response.json(
        {
          status: problem ? 'degraded' : 'ok',
          ...(problem ? { error: problem } : {}),
          revision: head.revision,
          review_count: head.reviewCount,
          data_updated_at: head.updatedAt.toISOString(),
          started_at: startedAt.toISOString(),
        },
        { status: problem ? 503 : 200, headers: { ...CORS_HEADERS, 'cache-control': 'no-store' } },
      )
    },
    {
      detail: {
        tags: ['Operations'],
        operationId: 'getHealth',
        summary: 'Liveness and data version',
        description:
          '200 while the process serves its current data; 503 while it serves the last good data because a newer version failed to build or ' +
          'DATA_DIR/business.json is invalid (fix the cause and it returns to 200). `Cache-Control: no-store`.',
        responses: {
          200: jsonResponse(Health, 'Serving current data.'),
          503: jsonResponse(Degraded, 'Degraded: serving the last good data; `error` says why.'),
        },
      },
    },
  )
}
