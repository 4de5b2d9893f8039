/**
 * Pieces of the OpenAPI document built from the same TypeBox schemas that validate requests, and the
 * response headers every kind of response carries (written once here, so the document cannot drift
 * from one route to the next).
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox'
import { IssueSchema } from '../core/issues'
import type { OpenAPIV3 } from 'openapi-types'

const ErrorSchema = Type.Object(
  {
    error: Type.String({
      description:
        'Machine-readable code: invalid_query, invalid_date, invalid_request, not_found, method_not_allowed, precondition_failed, payload_too_large, unsupported_media_type, rate_limited, internal, ...',
    }),
    message: Type.String({ description: 'A sentence for a person.' }),
    issues: Type.Optional(Type.Array(IssueSchema, { description: 'One entry per invalid input.' })),
  },
  { $id: 'Error' },
)

/**
 * Any JSON value: what a generated client can type where the shape is open (JSON-RPC params and results).
 * Objects nest freely; arrays directly inside arrays nest two deep, because TypeScript clients cannot
 * express an array whose elements are the type itself through an indexed type (openapi-typescript's
 * output), and no MCP message needs deeper.
 */
const objectOfJson = { type: 'object', additionalProperties: { $ref: '#/components/schemas/JsonValue' } }
const scalars = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }]
export const JsonValue = Type.Unsafe<unknown>({
  $id: 'JsonValue',
  description: 'Any JSON value (arrays nest at most two deep directly inside arrays; objects nest freely).',
  anyOf: [
    ...scalars,
    objectOfJson,
    { type: 'array', items: { anyOf: [...scalars, objectOfJson, { type: 'array', items: { anyOf: [...scalars, objectOfJson] } }] } },
  ],
})

/** A reference to JsonValue, for open members (`additionalProperties`). */
export const JsonValueRef = Type.Unsafe<unknown>({ $ref: '#/components/schemas/JsonValue' })

/** A JSON object whose members are any JSON values. */
export const JsonObject = (description?: string) =>
  Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/JsonValue' },
    ...(description ? { description } : {}),
  })

/** A TypeBox schema is a JSON Schema; this tells the OpenAPI types so. */
export const asOpenApiSchema = (schema: unknown) => schema as OpenAPIV3.SchemaObject

type Headers = Record<string, OpenAPIV3.HeaderObject>
const stringHeader = (description: string, required = true, extra: Record<string, unknown> = {}): OpenAPIV3.HeaderObject => ({
  description,
  required,
  schema: { type: 'string', ...extra } as OpenAPIV3.SchemaObject,
})

/** Headers on every response the service makes. */
const corsHeaders = (): Headers => ({
  'Access-Control-Allow-Origin': stringHeader('Always `*`: the data is public.', true, { enum: ['*'] }),
  'Access-Control-Expose-Headers': stringHeader(
    'The headers scripts may read: ETag, Last-Modified, Link, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After.',
  ),
})

/** Headers of every response served from a cached representation (200, 304 and 412 alike). */
function validatorHeaders(cacheControl: string): Headers {
  return {
    ETag: stringHeader(
      'Strong validator of this exact response body. Identity, gzip and br each have their own (RFC 9110 §8.8.3); send any of them back in If-None-Match.',
      true,
      { pattern: '^"[\\x21\\x23-\\x7e]+"$' },
    ),
    'Last-Modified': stringHeader('When this content last changed (HTTP date).'),
    'Cache-Control': stringHeader(`\`${cacheControl}\` (max-age from CACHE_MAX_AGE).`),
    Vary: stringHeader('`Accept-Encoding`, on bodies over 1 KiB (those are served br or gzip when asked).', false, {
      enum: ['Accept-Encoding'],
    }),
    ...corsHeaders(),
  }
}

const contentEncodingHeader = stringHeader(
  '`br` or `gzip` when Accept-Encoding asked for it and the body is over 1 KiB; absent for identity.',
  false,
  {
    enum: ['br', 'gzip'],
  },
)

/** Link: <hub>; rel="hub", [<outside hub>; rel="hub", ...] <topic>; rel="self" on every response of a WebSub topic. */
export const topicLinkHeaders = (externalHubs: readonly string[] = []): Headers => ({
  Link: stringHeader(
    '`<{base_url}/api/websub/hub>; rel="hub", <{topic}>; rel="self"`: where to subscribe to this topic (W3C WebSub §4). ' +
      (externalHubs.length
        ? `The outside hubs of HUB_EXTERNAL_URLS follow ours as more rel="hub" links: ${externalHubs.join(', ')}.`
        : 'Outside hubs named in HUB_EXTERNAL_URLS (none here) would follow ours as more rel="hub" links.'),
    true,
    {
      pattern: '^(<[^>]+>; rel="hub", )+<[^>]+>; rel="self"$',
    },
  ),
})

export type ReadResponseOptions = {
  /** The Cache-Control value the route sends. */
  cacheControl: string
  /** Extra headers on 200 and 304 (Link on topics, Content-Security-Policy on /docs). */
  headers?: Headers
  /** Further responses of the operation (400, 404). */
  more?: Record<string, OpenAPIV3.ResponseObject>
}

/** The 200, 304 and 412 of a GET served from a pre-rendered representation, with their headers. */
export function readResponses(ok: OpenAPIV3.ResponseObject, options: ReadResponseOptions): Record<string, OpenAPIV3.ResponseObject> {
  const validators = validatorHeaders(options.cacheControl)
  return {
    200: { ...ok, headers: { ...validators, 'Content-Encoding': contentEncodingHeader, ...options.headers } },
    304: {
      description:
        'Not modified: If-None-Match matches the ETag of any coding of the current content (weak comparison, lists and `*` allowed), ' +
        'or, without If-None-Match, If-Modified-Since is at or after Last-Modified. Empty body; the ETag is that of the coding this request would get.',
      headers: { ...validators, ...options.headers },
    },
    412: jsonResponse(
      ErrorSchema,
      'Precondition failed (`precondition_failed`): If-Match does not name the ETag of the content-coding this request gets (strong comparison: ' +
        "another coding's tag names other bytes; `*` always holds), or, without If-Match, " +
        'the content changed after If-Unmodified-Since.',
      'application/json',
      { ETag: validators.ETag!, 'Last-Modified': validators['Last-Modified']!, ...corsHeaders() },
    ),
    ...options.more,
  }
}

export function jsonResponse(
  schema: unknown,
  description: string,
  contentType = 'application/json',
  headers: Headers = corsHeaders(),
): OpenAPIV3.ResponseObject {
  return { description, headers, content: { [contentType]: { schema: asOpenApiSchema(schema) } } }
}

const errorResponse = (description: string, headers?: Headers) =>
  jsonResponse(ErrorSchema, description, 'application/json', headers ?? corsHeaders())

export const retryAfterHeader = (description: string): Headers => ({
  'Retry-After': stringHeader(description, true, { pattern: '^[0-9]+$' }),
  ...corsHeaders(),
})

export const errorResponses = {
  invalidQuery: errorResponse(
    'Invalid query parameters: `error` is `invalid_query` and `issues` names every bad parameter (out of bounds, not a plain decimal numeral, ' +
      'not a real date, repeated, unknown), and `since` after `until` (issue code `invalid_range` on `since`).',
  ),
  invalidDate: errorResponse('Malformed or impossible date (`2024-13-45`, `2024-02-30`, `yesterday`): `error` is `invalid_date`.'),
  notFound: errorResponse('Unknown resource: `error` is `not_found`.'),
  invalidRequest: errorResponse(
    'Invalid hub request: `error` is `invalid_request`; `message` names the first bad field, `issues` every one.',
  ),
  payloadTooLarge: (limit: string) =>
    errorResponse(`Body over ${limit}: \`error\` is \`payload_too_large\`. Refused before the body is read.`),
  unsupportedMediaType: (type: string) => errorResponse(`Content-Type is not ${type}: \`error\` is \`unsupported_media_type\`.`),
  rateLimited: (description: string) => errorResponse(description, retryAfterHeader('Seconds to wait before asking again.')),
  methodNotAllowed: errorResponse(
    'Another method than the ones this path serves: `error` is `method_not_allowed`; `Allow` lists the methods served.',
    {
      Allow: stringHeader('The methods this path serves, e.g. `GET, HEAD, OPTIONS`.'),
      ...corsHeaders(),
    },
  ),
  internal: errorResponse('A fault on the server: `error` is `internal`, with no stack trace; the process keeps serving.'),
}

/** OpenAPI query parameters from a TypeBox object schema, bounds and descriptions included. */
export function searchParameters(schema: TObject) {
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => {
    const { description, ...rest } = property
    return { name, in: 'query', required: false, description, schema: stripTypeBoxKeys(rest) }
  })
}

function stripTypeBoxKeys(schema: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema))
}

/** The document we serve, as far as our code builds and reads it. */
export type OpenApiDocument = {
  openapi: string
  info: {
    title: string
    version: string
    description?: string
    contact?: { name: string; url: string }
    license?: { name: string; url: string }
  }
  servers: { url: string }[]
  security: unknown[]
  tags: { name: string; description?: string }[]
  paths: Record<string, Record<string, any>>
  components: { schemas: Record<string, any> }
  webhooks: Record<string, any>
}
