/** Pieces of the OpenAPI document built from the same TypeBox schemas that validate requests. */
import { Type, type TObject, type TSchema } from '@sinclair/typebox'
import { IssueSchema } from '../core/issues'
import type { OpenAPIV3 } from 'openapi-types'

export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'Machine-readable code: invalid_query, invalid_date, not_found, method_not_allowed, internal, ...' }),
    message: Type.String({ description: 'A sentence for a person.' }),
    issues: Type.Optional(Type.Array(IssueSchema, { description: 'One entry per invalid input.' })),
  },
  { $id: 'Error' },
)

/** A TypeBox schema is a JSON Schema; this tells the OpenAPI types so. */
export const asOpenApiSchema = (schema: unknown) => schema as OpenAPIV3.SchemaObject

export function jsonResponse(schema: unknown, description: string, contentType = 'application/json'): OpenAPIV3.ResponseObject {
  return { description, content: { [contentType]: { schema: asOpenApiSchema(schema) } } }
}

const errorResponse = (description: string) => jsonResponse(ErrorSchema, description)

export const errorResponses = {
  invalidQuery: errorResponse('Invalid query parameters: `error` is `invalid_query` and `issues` names every bad parameter.'),
  invalidDate: errorResponse('Malformed or impossible date: `error` is `invalid_date`.'),
  notFound: errorResponse('Unknown resource: `error` is `not_found`.'),
  invalidRequest: errorResponse('Invalid hub request: `error` is `invalid_request`, naming the field.'),
}

export const notModified = {
  description: 'Not modified: the If-None-Match or If-Modified-Since validator matches the current data. Empty body.',
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
  info: { title: string; version: string; description?: string; license?: { name: string; url: string } }
  servers: { url: string }[]
  security: unknown[]
  tags: { name: string; description?: string }[]
  paths: Record<string, Record<string, any>>
  components: { schemas: Record<string, any> }
  webhooks: Record<string, any>
}
