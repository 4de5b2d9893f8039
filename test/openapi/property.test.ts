/**
 * Property checks of the whole OpenAPI document, in the manner of Schemathesis: for every operation in
 * /.well-known/openapi.json, requests are generated (fast-check, fixed seed) from its parameters and
 * request body (valid values from their schemas, examples and known ids, mixed with values the schemas
 * refuse), sent to the running server, and every response is checked against the document:
 *   - no server error (500);
 *   - the status is one the operation documents;
 *   - the Content-Type is one the documented response lists, and a response documented without content has no body;
 *   - a JSON body validates against the documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 says);
 *   - every header the response marks required is present and matches its schema's pattern or enum.
 * Bounded: a fixed number of runs per operation (well under 30 s in all), deterministic: a fixed seed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { loadHubConfig } from '../../src/core/config'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'

const SEED = 20261126
const RUNS_PER_OPERATION = 15
const METHODS = ['get', 'head', 'post', 'put', 'delete', 'patch'] as const

type Schema = Record<string, any>
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema; examples?: Record<string, any> }
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, any> }
type Generated = { path: string; query: [string, string][]; headers: Record<string, string>; body?: { type: string; text: string } }
type Failure = { request: string; status: number; check: string; detail: string }

let server: TestServer
let document: any
let ajv: Ajv2020
const knownIds: string[] = []
const etags: string[] = []

beforeAll(async () => {
  server = await startTestServer({
    hubConfig: loadHubConfig({ HUB_REQUESTS_PER_MINUTE: '1000000', HUB_MAX_PENDING_PER_HOST: '1000000' }),
  })
  // Subscribe requests are recorded but never verified here: nothing leaves the machine.
  await server.service.hub.stop()
  document = await (await fetch(`${server.url}/.well-known/openapi.json`)).json()
  ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true })
  addFormats(ajv)
  for (const name of ['http-url', 'time-zone', 'bcp47']) ajv.addFormat(name, true)
  // The document's own schemas, addressable as openapi.json#/components/schemas/X.
  ajv.addSchema({ $id: 'openapi.json', components: rebase(document.components) })
  const dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as { reviews: { id: string }[] }
  knownIds.push(...dataset.reviews.slice(0, 5).map((r) => r.id))
  for (const [path, encoding] of [
    ['/reviews.json', 'gzip'],
    ['/api/feed.json', 'identity'],
    ['/feed.xml', 'br'],
  ])
    etags.push((await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding! } })).headers.get('etag')!)
}, 30_000)
afterAll(() => server.stop())

/** Local $refs (#/components/...) pointed at the document added to ajv. */
function rebase(value: any): any {
  if (Array.isArray(value)) return value.map(rebase)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : rebase(v),
      ]),
    )
  }
  return value
}

const validators = new Map<Schema, ValidateFunction>()
function validatorOf(schema: Schema): ValidateFunction {
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(rebase(schema))))
  return validate
}

// ---- generation: from a parameter's schema, valid values and values it refuses ----

const junk = fc.oneof(
  fc.constantFrom('', ' ', '-1', '0', '1.5', '+5', '1e3', 'x', 'null', '%', '2024-02-30', '9999-99-99', '../', 'é', '\u0000'),
  fc.string({ maxLength: 12 }),
)

/** URLs: the service's topics spelled several ways, and others (fc.webUrl costs seconds per hundred). */
const url = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS://'),
    fc.constantFrom('reviews.example.test', 'REVIEWS.example.test', 'subscriber.example', 'localhost:8443', '127.0.0.1'),
    fc.constantFrom('/feed.xml', '/%66eed.xml', '/api/feed.json', '/reviews.json', '/cb', '/cb?x=%7E', '/', ''),
    fc.constantFrom('', '#top', '?'),
  )
  .map((parts) => parts.join(''))

function arbitraryFor(schema: Schema, examples: unknown[] = []): fc.Arbitrary<string> {
  const picks: fc.Arbitrary<string>[] = []
  if (schema.enum) picks.push(fc.constantFrom(...schema.enum.map(String)))
  if (schema.const !== undefined) picks.push(fc.constant(String(schema.const)))
  for (const example of [...examples, ...(schema.examples ?? [])]) picks.push(fc.constant(String(example)))
  if (schema.type === 'integer')
    picks.push(fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1_000_000) }).map(String))
  else if (schema.type === 'number')
    picks.push(
      fc.oneof(
        fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000 }).map(String),
        fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000, noNaN: true }).map((n) => n.toFixed(1)),
      ),
    )
  else if (schema.type === 'boolean') picks.push(fc.constantFrom('true', 'false'))
  else if (schema.format === 'date')
    picks.push(
      fc.date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    )
  else if (schema.format === 'uri') picks.push(url)
  else if (schema.type === 'string' || !schema.type)
    picks.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) }))
  // One value in four is one the schema need not allow: the server must still answer as documented.
  return fc.oneof({ arbitrary: fc.oneof(...picks), weight: 3 }, { arbitrary: junk, weight: 1 })
}

const HEADER_VALUES: Record<string, fc.Arbitrary<string>> = {
  'if-none-match': fc.oneof(
    fc.constantFrom('*', '"stale"', 'W/"stale"', 'garbage'),
    fc.constant(null).map(() => etags[0]!),
    fc.constant(null).map(() => `W/${etags[1]}`),
  ),
  'if-match': fc.oneof(
    fc.constantFrom('*', '"stale"', 'W/"stale"'),
    fc.constant(null).map(() => etags[0]!),
    fc.constant(null).map(() => etags[2]!),
  ),
  'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 01 Jan 2100 00:00:00 GMT', 'garbage'),
  'if-unmodified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 01 Jan 2100 00:00:00 GMT', 'garbage'),
  'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'br;q=0, gzip', '*', 'gzip;q=0'),
  'mcp-session-id': fc.constantFrom('unknown-session', '', 'x'.repeat(40)),
  'mcp-protocol-version': fc.constantFrom('2025-06-18', '2025-03-26', '1999-01-01'),
}

function parameterValue(parameter: Parameter): fc.Arbitrary<string> {
  const known = HEADER_VALUES[parameter.name.toLowerCase()]
  if (parameter.in === 'header' && known) return known
  const examples = Object.values(parameter.examples ?? {}).map((e: any) => e.value)
  if (parameter.in === 'path' && parameter.name === 'id')
    return fc.oneof(fc.constantFrom(...knownIds), fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/))
  return arbitraryFor(parameter.schema, examples)
}

const jsonRpcBody = fc.oneof(
  fc.constant({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'property-test', version: '1.0.0' } },
  }),
  fc.record({
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.string({ maxLength: 6 })),
    method: fc.constantFrom('ping', 'tools/list', 'tools/call', 'resources/list', 'nope'),
  }),
  fc.constantFrom({ hello: 'world' }, [], 'text', null),
)

/** The body under its documented media type, or (one in five) under another one (documented 415). */
function bodyOf(operation: Operation): fc.Arbitrary<Generated['body']> | undefined {
  const body = documentedBody(operation)
  if (!body) return undefined
  return fc
    .tuple(
      body,
      fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom('text/plain', 'application/xml'), weight: 1 }),
    )
    .map(([b, other]) => (other && b ? { ...b, type: other } : b))
}

function documentedBody(operation: Operation): fc.Arbitrary<Generated['body']> | undefined {
  const content = operation.requestBody?.content
  if (!content) return undefined
  const [type, media] = Object.entries(content)[0]!
  if (type === 'application/x-www-form-urlencoded') {
    const properties = Object.entries<Schema>(media.schema.properties ?? {})
    const model = Object.fromEntries(
      properties.map(([name, schema]) => [
        name,
        name === 'hub.callback'
          ? fc.oneof(
              {
                arbitrary: fc.constantFrom('https://subscriber.example/cb', 'https://sub.example.org/x?y=%7E', 'http://plain.example/cb'),
                weight: 3,
              },
              { arbitrary: junk, weight: 1 },
            )
          : arbitraryFor(schema),
      ]),
    )
    // Mostly with the required fields, sometimes without any.
    const fields = fc.oneof(
      { arbitrary: fc.record(model, { requiredKeys: media.schema.required ?? [] }), weight: 3 },
      { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
    )
    return fields.map((f) => ({ type, text: new URLSearchParams(f as Record<string, string>).toString() }))
  }
  return jsonRpcBody.map((value) => ({ type, text: JSON.stringify(value) }))
}

function requestsFor(path: string, operation: Operation): fc.Arbitrary<Generated> {
  const parameters = operation.parameters ?? []
  const pathParams = parameters.filter((p) => p.in === 'path')
  const optional = (p: Parameter) => (p.required ? parameterValue(p) : fc.option(parameterValue(p), { nil: undefined }))
  return fc
    .record({
      path: fc
        // An empty segment names another resource (the collection, or a non-canonical path): path values are never empty.
        .tuple(...pathParams.map((p) => parameterValue(p).filter((value) => value !== '')))
        .map((values) => pathParams.reduce((p, param, i) => p.replace(`{${param.name}}`, encodeURIComponent(values[i]!)), path)),
      query: fc.tuple(...parameters.filter((p) => p.in === 'query').map((p) => optional(p).map((v) => [p.name, v] as const))),
      headers: fc.tuple(...parameters.filter((p) => p.in === 'header').map((p) => optional(p).map((v) => [p.name, v] as const))),
      body: bodyOf(operation) ?? fc.constant(undefined),
    })
    .map(({ path, query, headers, body }) => ({
      path,
      query: query.filter(([, v]) => v !== undefined) as [string, string][],
      headers: Object.fromEntries(headers.filter(([, v]) => v !== undefined && /^[\t\x20-\x7e]*$/.test(v))) as Record<string, string>,
      body,
    }))
}

// ---- the checks: every response against the document ----

function checkResponse(operation: Operation, method: string, response: Response, text: string, request: string): Failure[] {
  const failures: Failure[] = []
  const fail = (check: string, detail: string) => failures.push({ request, status: response.status, check, detail })
  if (response.status >= 500 && response.status !== 503) fail('not_a_server_error', text.slice(0, 200))
  const documented = operation.responses[String(response.status)] ?? operation.responses.default
  if (!documented) {
    fail('status_code_conformance', `not one of ${Object.keys(operation.responses).join(', ')}`)
    return failures
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const content: Record<string, { schema?: Schema }> = documented.content ?? {}
  if (method === 'head' || Object.keys(content).length === 0) {
    if (text !== '') fail('content_type_conformance', `documented without content, yet a body of ${text.length} characters`)
  } else if (!content[type]) {
    fail('content_type_conformance', `${type || 'no content-type'} is not one of ${Object.keys(content).join(', ')}`)
  } else if (/json/.test(type) && content[type]!.schema) {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      fail('response_schema_conformance', 'the body is not JSON')
    }
    if (body !== undefined) {
      const validate = validatorOf(content[type]!.schema!)
      if (!validate(body)) fail('response_schema_conformance', ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400))
    }
  }
  for (const [name, header] of Object.entries<any>(documented.headers ?? {})) {
    if (!header.required) continue
    const value = response.headers.get(name)
    if (value === null) fail('response_headers_conformance', `${name} is required but missing`)
    else if (header.schema?.pattern && !new RegExp(header.schema.pattern).test(value))
      fail('response_headers_conformance', `${name}: ${value}`)
    else if (header.schema?.enum && !header.schema.enum.includes(value)) fail('response_headers_conformance', `${name}: ${value}`)
  }
  return failures
}

async function exchange(method: string, operation: Operation, generated: Generated): Promise<{ status: number; failures: Failure[] }> {
  const qs = generated.query.length ? `?${new URLSearchParams(generated.query)}` : ''
  const headers: Record<string, string> = { ...generated.headers }
  if (generated.body) headers['content-type'] = generated.body.type
  if (generated.path === '/mcp') headers.accept ??= 'application/json, text/event-stream'
  const response = await fetch(`${server.url}${generated.path}${qs}`, {
    method: method.toUpperCase(),
    headers,
    body: generated.body?.text,
    decompress: true,
    signal: AbortSignal.timeout(10_000),
  } as RequestInit)
  // A stream that stays open (an MCP GET stream on a live session) is judged by its head alone.
  const text = response.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await response.text()
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) await response.body?.cancel()
  const request = `${method.toUpperCase()} ${generated.path}${qs} ${JSON.stringify(headers)}${generated.body ? ` ${generated.body.text.slice(0, 120)}` : ''}`
  return { status: response.status, failures: checkResponse(operation, method, response, text, request) }
}

describe('every operation of the OpenAPI document, generated requests (fixed seed)', () => {
  test('every response matches the document: status, content type, body schema, required headers; never a 500', async () => {
    const started = performance.now()
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method] as Operation })),
    )
    expect(operations.length).toBeGreaterThan(30)
    const failures: Failure[] = []
    const statuses = new Set<number>()
    for (const { path, method, operation } of operations) {
      // GET /mcp on a real session is an endless event stream: only unknown or missing sessions are sent.
      await fc.assert(
        fc.asyncProperty(requestsFor(path, operation), async (generated) => {
          const { status, failures: found } = await exchange(method, operation, generated)
          statuses.add(status)
          failures.push(...found)
          return true
        }),
        // A seed per operation, not per position: adding an operation to the document leaves the others' requests as they were.
        { numRuns: RUNS_PER_OPERATION, seed: SEED + Number(Bun.hash(`${method} ${path}`) % 1_000_000n), endOnFailure: true },
      )
    }
    const distinct = new Map<string, Failure>()
    for (const failure of failures)
      distinct.set(`${failure.check} ${failure.request.split(' ').slice(0, 2).join(' ')} ${failure.detail}`, failure)
    expect([...distinct.values()]).toEqual([])
    // The generated requests reached the documented outcomes, not one status over and over.
    for (const status of [200, 202, 304, 400, 404, 412, 415]) expect({ status, seen: statuses.has(status) }).toEqual({ status, seen: true })
    expect(performance.now() - started).toBeLessThan(30_000)
  }, 60_000)

  test('the checks catch drift: a document that promises what the server does not send fails them', () => {
    const operation: Operation = document.paths['/reviews.json'].get
    const drifted = structuredClone(operation) as Operation
    drifted.responses['200'].content['application/json'].schema = { type: 'object', required: ['not_there'] }
    const response = new Response('{"business":{}}', { status: 200, headers: { 'content-type': 'application/json' } })
    const checks = checkResponse(drifted, 'get', response, '{"business":{}}', 'GET /reviews.json').map((f) => f.check)
    expect(checks).toContain('response_schema_conformance')
    expect(checks).toContain('response_headers_conformance')
    const undocumented = checkResponse(operation, 'get', new Response('', { status: 418 }), '', 'GET /reviews.json')
    expect(undocumented.map((f) => f.check)).toEqual(['status_code_conformance'])
    expect(checkResponse(operation, 'get', new Response('x', { status: 500 }), 'x', 'GET /reviews.json').map((f) => f.check)).toContain(
      'not_a_server_error',
    )
  })

  test('the base URL the document names is the one the server was given', () => {
    expect(document.servers?.[0]?.url).toBe(TEST_BASE_URL)
  })
})
