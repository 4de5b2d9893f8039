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
import type { Catalog } from '../catalog/catalog'
import { codeRendering } from './code-rendering'
import { renderDocsPage } from './docs-page'
import { type CachedRepresentation, serveOptions, serveRepresentation } from '../http/representation'
import { webhooks } from './openapi-webhooks'
import { Type } from '@sinclair/typebox'
import { asOpenApiSchema, errorResponses, JsonObject, JsonValue, JsonValueRef, readResponses, type OpenApiDocument } from './openapi-parts'

const API_VERSION = '1.0.0'

/** Nothing on the docs page may load from elsewhere. */
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const TAGS = [
  { name: 'Datasets', description: 'Full datasets as JSON. Strong ETags, 304 on revalidation.' },
  { name: 'Reviews', description: 'Search, since-listing and permalinks of single reviews.' },
  { name: 'Feeds', description: 'JSON Feed 1.1 and Atom of the 50 newest reviews. WebSub topics.' },
  { name: 'WebSub', description: 'The hub: subscribe to a topic, get its full content pushed on every change.' },
  { name: 'MCP', description: 'Model Context Protocol over streamable HTTP, for AI agents.' },
  { name: 'Operations', description: 'Health and metrics for operators.' },
  { name: 'Pages', description: 'HTML for people: the review page, one review, the insights, and the embeddable widget.' },
]

async function buildOpenApiDocument(config: Config, app: AnyElysia): Promise<OpenApiDocument> {
  // Loaded on first request: the generator is a large module no other path needs.
  const { toOpenAPISchema } = await import('@elysiajs/openapi')
  const generated = toOpenAPISchema(app, { staticFile: false }, undefined, undefined, '3.1.0')
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Reviews Service',
      version: API_VERSION,
      contact: { name: 'Reviews Service API documentation', url: `${config.baseUrl}/docs` },
      license: { name: 'Reviews published by the business; see its terms', url: `${config.baseUrl}/docs` },
      description:
        'Verified customer reviews of one local business, with aspect-based insights, feeds, an MCP server and a WebSub hub. ' +
        'Every endpoint is public and read-only; an Authorization header is ignored. Every error is JSON ' +
        '`{error, message, issues?}`; an unknown path is 404 `not_found`, a wrong method 405 `method_not_allowed` with `Allow`.\n\n' +
        'Every resource has one URL: a trailing slash (`/reviews.json/`) or an empty segment (`//reviews.json`) is 404 `not_found`, ' +
        'whose message names the canonical path; nothing is redirected. GET responses carry a strong ETag per content-coding ' +
        '(identity, gzip and br each have their own; any of them revalidates), Last-Modified and ' +
        `\`Cache-Control: public, max-age=${config.cacheMaxAge}\`; If-None-Match and If-Modified-Since give 304, If-Match and If-Unmodified-Since ` +
        'that do not hold give 412. HEAD works wherever GET does (but on /mcp). OPTIONS answers CORS preflights with 204; ' +
        '`Access-Control-Allow-Origin: *` everywhere.\n\n' +
        'Numeric query parameters are plain decimal numerals (digits, optionally a point and digits: no sign, leading zero, exponent or spaces).',
    },
    servers: [{ url: config.baseUrl }],
    // Public and read-only: no operation needs credentials.
    security: [],
    tags: TAGS,
    paths: JSON.parse(JSON.stringify(generated.paths)),
    components: { schemas: {} },
    webhooks: JSON.parse(JSON.stringify(webhooks(config.baseUrl, config.hub))),
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) normalizeOperation(operation)
    // HEAD is GET without the body, on every path but the MCP event stream.
    if (item.get && path !== '/mcp') item.head = headOperation(item.get)
  }
  hoistSchemas(JsonValue, document.components.schemas)
  document.paths = hoistSchemas(document.paths, document.components.schemas)
  document.webhooks = hoistSchemas(document.webhooks, document.components.schemas)
  return document
}

/**
 * What the routes' `detail` cannot say through the generator: documented path parameters (the handler
 * validates them itself, with its own error codes), query parameters of routes with a path schema, and
 * the 405 and 500 every operation can answer.
 */
function normalizeOperation(operation: Record<string, any>): void {
  const documented = (operation['x-path-parameters'] ?? {}) as Record<string, { description: string; schema: object }>
  // Elysia drops `detail.parameters` on a route with a params schema: query parameters of such a route come this way.
  const query = (operation['x-query-parameters'] ?? []) as object[]
  delete operation['x-path-parameters']
  delete operation['x-query-parameters']
  operation.parameters = [
    ...(operation.parameters ?? []).map((parameter: any) =>
      parameter.in === 'path' ? { ...parameter, required: true, ...documented[parameter.name] } : parameter,
    ),
    ...query,
  ]
  if (!operation.parameters.length) delete operation.parameters
  operation.responses ??= {}
  // A GET served from a cached representation takes the conditional request headers.
  if (operation.responses[200]?.headers?.ETag) operation.parameters = [...(operation.parameters ?? []), ...CONDITIONAL_HEADERS]
  operation.responses[405] ??= errorResponses.methodNotAllowed
  operation.responses[500] ??= errorResponses.internal
}

const header = (name: string, description: string) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })
const CONDITIONAL_HEADERS = [
  header('If-None-Match', 'ETags the client holds (any coding’s, weak or strong, a list, or `*`): a match is 304.'),
  header('If-Modified-Since', 'HTTP date; ignored when If-None-Match is present. Not modified since: 304.'),
  header(
    'If-Match',
    "ETags the request requires (strong comparison, or `*`): 412 unless one is the current ETag of the coding this request gets (another coding's tag fails).",
  ),
  header('If-Unmodified-Since', 'HTTP date; ignored when If-Match is present. Changed since: 412.'),
  header('Accept-Encoding', '`br` and `gzip` are offered for bodies over 1 KiB (q-values honoured, br preferred).'),
]

function headOperation(get: Record<string, any>): Record<string, any> {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, Record<string, unknown>>).map(([status, { content, ...response }]) => [
      status,
      { ...response, description: `${response.description} No body: HEAD.` },
    ]),
  )
  return {
    ...get,
    operationId: `head${String(get.operationId)
      .replace(/^get/, '')
      .replace(/^./, (c) => c.toUpperCase())}`,
    summary: `${get.summary} (headers only)`,
    responses,
  }
}

/** The document describes itself: enough structure for a client to type what it reads, every member valid JSON. */
const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: JsonValueRef }),
    paths: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: JsonObject() }),
    components: JsonObject(),
    webhooks: JsonObject(),
  },
  { $id: 'OpenApiDocument', additionalProperties: JsonValueRef, description: 'This OpenAPI 3.1.0 document.' },
)

/** Replaces every schema carrying an $id with a $ref to components.schemas, defining each once. */
function hoistSchemas<T>(node: T, schemas: Record<string, unknown>): T {
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

export function openapiRoutes(config: Config, catalog: Catalog, root: () => AnyElysia) {
  let spec: CachedRepresentation | undefined
  let docs: CachedRepresentation | undefined
  let built: Promise<OpenApiDocument> | undefined
  const document = () => (built ??= buildOpenApiDocument(config, root()))
  const cacheControl = `public, max-age=${config.cacheMaxAge}`
  const specOptions = serveOptions(cacheControl)
  const docsOptions = serveOptions(
    cacheControl,
    // Nothing on the page may load from elsewhere, and no other site may frame it.
    { 'content-security-policy': DOCS_CSP, 'x-frame-options': 'DENY' },
  )
  return new Elysia({ name: 'openapi' })
    .get(
      '/.well-known/openapi.json',
      async ({ request }) => {
        spec ??= codeRendering(catalog, 'openapi.json', JSON.stringify(await document()), 'application/json; charset=utf-8')
        return serveRepresentation(request, spec, specOptions)
      },
      {
        detail: {
          tags: ['Operations'],
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          description:
            'OpenAPI 3.1.0, rendered once per process start; `servers` is BASE_URL. Last-Modified: when these bytes were first served from the database.',
          responses: readResponses(
            { description: 'The OpenAPI document.', content: { 'application/json': { schema: asOpenApiSchema(OpenApiDocumentSchema) } } },
            { cacheControl },
          ),
        },
      },
    )
    .get(
      '/docs',
      async ({ request }) => {
        docs ??= codeRendering(catalog, 'docs', renderDocsPage(await document()), 'text/html; charset=utf-8')
        return serveRepresentation(request, docs, docsOptions)
      },
      {
        detail: {
          tags: ['Operations'],
          operationId: 'getDocs',
          summary: 'This document as a web page',
          description:
            'Plain HTML rendered on the server: no script, font or stylesheet is loaded from anywhere, and the Content-Security-Policy forbids it.',
          responses: readResponses(
            { description: 'The API reference as HTML.', content: { 'text/html': { schema: { type: 'string' } } } },
            {
              cacheControl,
              headers: {
                'Content-Security-Policy': {
                  description: 'Nothing may load from elsewhere.',
                  required: true,
                  schema: { type: 'string', enum: [DOCS_CSP] },
                },
              },
            },
          ),
        },
      },
    )
}
