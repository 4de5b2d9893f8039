/**
 * GET /.well-known/openapi.json (OpenAPI 3.1.0) and GET /docs.
 *
 * Paths come from the routes themselves (their TypeBox schemas and `detail`) through
 * @elysiajs/openapi's generator; we then hoist every named TypeBox schema ($id) into
 * components.schemas, so each is defined once and referenced everywhere. Both documents are
 * rendered once, on first request, and served with ETags like every other read.
 */
import { Elysia, type AnyElysia } from 'elysia'
import type { Config } from '../core/config'
import { renderDocsPage } from './docs-page'
import { CachedRepresentation, serveOptions, serveRepresentation } from '../http/representation'
import { WEBHOOKS } from './openapi-webhooks'
import type { OpenApiDocument } from './openapi-parts'

export const API_VERSION = '1.0.0'


const TAGS = [
  { name: 'Datasets', description: 'Full datasets as JSON. Strong ETags, 304 on revalidation.' },
  { name: 'Reviews', description: 'Search, since-listing and permalinks of single reviews.' },
  { name: 'Feeds', description: 'JSON Feed 1.1 and Atom of the 50 newest reviews. WebSub topics.' },
  { name: 'WebSub', description: 'The hub: subscribe to a topic, get its full content pushed on every change.' },
  { name: 'MCP', description: 'Model Context Protocol over streamable HTTP, for AI agents.' },
  { name: 'Operations', description: 'Health and metrics for operators.' },
  { name: 'Pages', description: 'HTML for people: the review page, one review, the insights, and the embeddable widget.' },
]

export async function buildOpenApiDocument(config: Config, app: AnyElysia): Promise<OpenApiDocument> {
  // Loaded on first request: the generator is a large module no other path needs.
  const { toOpenAPISchema } = await import('@elysiajs/openapi')
  const generated = toOpenAPISchema(app, { staticFile: false, paths: ['/docs', '/.well-known/openapi.json'] }, undefined, undefined, '3.1.0')
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Reviews Service',
      version: API_VERSION,
      license: { name: 'Reviews published by the business; see its terms', url: `${config.baseUrl}/docs` },
      description:
        'Verified customer reviews of one local business, with aspect-based insights, feeds, an MCP server and a WebSub hub. ' +
        'Every endpoint is public and read-only; an Authorization header is ignored. Every error is JSON ' +
        '`{error, message, issues?}`; an unknown path is 404 `not_found`, a wrong method 405 `method_not_allowed` with `Allow`.',
    },
    servers: [{ url: config.baseUrl }],
    // Public and read-only: no operation needs credentials.
    security: [],
    tags: TAGS,
    paths: JSON.parse(JSON.stringify(generated.paths)),
    components: { schemas: {} },
    webhooks: JSON.parse(JSON.stringify(WEBHOOKS)),
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) normalizeOperation(operation)
  }
  document.paths = hoistSchemas(document.paths, document.components.schemas)
  document.webhooks = hoistSchemas(document.webhooks, document.components.schemas)
  return document
}

/** Every operation needs an operationId for generated clients, and path parameters are required. */
function normalizeOperation(operation: Record<string, any>): void {
  for (const parameter of operation.parameters ?? []) if (parameter.in === 'path') parameter.required = true
  operation.responses ??= { 200: { description: 'OK' } }
}

/** Replaces every schema carrying an $id with a $ref to components.schemas, defining each once. */
export function hoistSchemas<T>(node: T, schemas: Record<string, unknown>): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit)
    if (value === null || typeof value !== 'object') return value
    const { $id, ...rest } = value as Record<string, unknown>
    const walked = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, visit(v)]))
    if (typeof $id === 'string' && ('type' in rest || 'anyOf' in rest || 'properties' in rest)) {
      schemas[$id] ??= walked
      return { $ref: `#/components/schemas/${$id}` }
    }
    return walked
  }
  return visit(node) as T
}

export function openapiRoutes(config: Config, root: () => AnyElysia) {
  let spec: CachedRepresentation | undefined
  let docs: CachedRepresentation | undefined
  let built: Promise<OpenApiDocument> | undefined
  const document = () => (built ??= buildOpenApiDocument(config, root()))
  const cacheControl = `public, max-age=${config.cacheMaxAge}`
  const startedAt = new Date()
  const specOptions = serveOptions(cacheControl)
  const docsOptions = serveOptions(
    cacheControl,
    // Nothing on the page may load from elsewhere.
    { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'" },
  )
  return new Elysia({ name: 'openapi' })
    .get(
      '/.well-known/openapi.json',
      async ({ request }) => {
        spec ??= CachedRepresentation.text(JSON.stringify(await document()), 'application/json; charset=utf-8', startedAt)
        return serveRepresentation(request, spec, specOptions)
      },
      { detail: { hide: true } },
    )
    .get(
      '/docs',
      async ({ request }) => {
        docs ??= CachedRepresentation.text(renderDocsPage(await document()), 'text/html; charset=utf-8', startedAt)
        return serveRepresentation(request, docs, docsOptions)
      },
      { detail: { hide: true } },
    )
}
