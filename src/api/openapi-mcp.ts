/**
 * How /mcp appears in the OpenAPI document: the JSON-RPC 2.0 envelope (MCP's own messages are
 * described by the MCP specification, not here), the session headers, and every status the
 * transport answers with.
 */
import { Type } from '@sinclair/typebox'
import { asOpenApiSchema, JsonObject, jsonResponse, retryAfterHeader } from './openapi-parts'
import { PROMPT_NAMES } from '../mcp/prompts'
import { TOOL_NAMES } from '../mcp/tools'

const Id = Type.Union([Type.String(), Type.Integer()], {
  description:
    'Request id: a string or an integer, echoed in the response. Absent on notifications. A message with any other id (a fractional ' +
    'number, an object) is not a JSON-RPC request: -32600 with `id` null.',
})

const JsonRpcRequest = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Id),
    method: Type.String({
      description:
        'initialize, notifications/initialized, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read, prompts/list, prompts/get, ...',
    }),
    params: Type.Optional(
      JsonObject('initialize: {protocolVersion, capabilities, clientInfo{name, version}}; tools/call: {name, arguments}.'),
    ),
  },
  { $id: 'JsonRpcRequest', description: 'A JSON-RPC 2.0 request or notification (MCP message).' },
)

const JsonRpcResponse = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([Id, Type.Null()]),
    result: Type.Optional(JsonObject('The method’s result, as the MCP specification defines it.')),
    error: Type.Optional(
      Type.Object({
        code: Type.Integer({
          description:
            '-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 invalid params (unknown tool), -32002 unknown resource, -32001 unknown session, -32000 other transport errors, -32603 internal.',
        }),
        message: Type.String(),
        data: Type.Optional(Type.Unsafe<unknown>({ $ref: '#/components/schemas/JsonValue' })),
      }),
    ),
  },
  { $id: 'JsonRpcResponse', description: 'A JSON-RPC 2.0 response: `result` or `error`.' },
)

const sessionHeader = (required: boolean) => ({
  name: 'Mcp-Session-Id',
  in: 'header' as const,
  required,
  description: 'The session id returned by initialize. Required on every request but initialize.',
  schema: { type: 'string' as const },
})

const protocolHeader = {
  name: 'Mcp-Protocol-Version',
  in: 'header' as const,
  required: false,
  description: 'The negotiated protocol version (e.g. 2025-06-18), sent by clients after initialize.',
  schema: { type: 'string' as const },
}

const rpcError = (description: string) => jsonResponse(JsonRpcResponse, description)

const initializeExample = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'my-agent', version: '1.0.0' } },
}

/** Derived from the tool registry and the prompts (mcp/tools.ts, mcp/prompts.ts): never written by hand. */
export const MCP_TOOL_PROSE = `${TOOL_NAMES.length} tools, all read-only: ${TOOL_NAMES.join(', ')}`

export const mcpPostDetail = {
  tags: ['MCP'],
  summary: 'MCP request (JSON-RPC 2.0)',
  description:
    'Model Context Protocol, streamable HTTP transport. Send `Content-Type: application/json` and ' +
    '`Accept: application/json, text/event-stream`. `initialize` (protocol 2025-06-18 or newer) opens a session and ' +
    `returns \`Mcp-Session-Id\`; send it on every later request. ${MCP_TOOL_PROSE}. ` +
    'Resources: the reviews and insights datasets and the feeds; a template for each review by id. ' +
    `Prompts: ${PROMPT_NAMES.join(', ')} (with completions for their arguments); logging. List tools answer pages (default 20, at most 100, about 400 KB of reviews) ` +
    'with `next_cursor`; a cursor used with other arguments or another tool is an error naming `cursor`. Customer text in tool ' +
    "results and prompts is fenced and labelled as customer-written. A request with an `Origin` other than the service's own (or MCP_ALLOWED_ORIGINS) is 403; without " +
    'Origin it is served. Bodies over 1 MiB are refused as they stream (413); a batch holds at most 10 messages. JSON answers ' +
    'are compressed (br, gzip) when `Accept-Encoding` allows. Sessions live while used or while their GET stream is open; ' +
    'when the table is full the least recently used quiet session of the busiest client address is closed.',
  parameters: [sessionHeader(false), protocolHeader],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: asOpenApiSchema(JsonRpcRequest), examples: { initialize: { value: initializeExample } } } },
  },
  responses: {
    200: {
      description: 'JSON-RPC response; the response to initialize carries the `Mcp-Session-Id` header.',
      headers: { 'Mcp-Session-Id': { description: 'Session id (initialize only).', schema: { type: 'string' as const } } },
      content: {
        'application/json': { schema: asOpenApiSchema(JsonRpcResponse) },
        'text/event-stream': { schema: { type: 'string' as const } },
      },
    },
    202: { description: 'A notification or response from the client was accepted. Empty body.' },
    400: rpcError(
      'Malformed JSON (-32700), an invalid JSON-RPC message or a batch of more than 10 (-32600), invalid initialize params (-32602), ' +
        'or no `Mcp-Session-Id` on a request other than initialize (-32000).',
    ),
    403: rpcError("`Origin` is not the service's own nor listed in MCP_ALLOWED_ORIGINS (DNS-rebinding protection)."),
    404: rpcError('Unknown, ended or expired `Mcp-Session-Id` (-32001): initialize again.'),
    406: rpcError('`Accept` does not list both application/json and text/event-stream.'),
    413: rpcError('Body over 1 MiB (counted as it streams; the rest is not read).'),
    415: rpcError('`Content-Type` is not application/json.'),
    503: {
      ...rpcError('Every session slot is held by a session still being opened, at this instant: try again after `Retry-After` (1 s).'),
      headers: retryAfterHeader('Seconds to wait before initialize: 1.'),
    },
  },
}

export const mcpGetDetail = {
  tags: ['MCP'],
  summary: 'Server-sent event stream of a session',
  description:
    'Optional stream of server-to-client messages for a session (`Accept: text/event-stream`). Kept open with comment lines while quiet. ' +
    'While it is open the session counts as in use and does not expire.',
  parameters: [sessionHeader(true), protocolHeader],
  responses: {
    200: { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' as const } } } },
    400: rpcError('No `Mcp-Session-Id`.'),
    403: rpcError('Foreign `Origin`.'),
    404: rpcError('Unknown, ended or expired `Mcp-Session-Id`.'),
    406: rpcError('`Accept` does not list text/event-stream.'),
    409: rpcError('The session already has an open stream.'),
  },
}

export const mcpDeleteDetail = {
  tags: ['MCP'],
  summary: 'End a session',
  description: 'Closes the session named by `Mcp-Session-Id`; reusing the id afterwards gives 404.',
  parameters: [sessionHeader(true), protocolHeader],
  responses: {
    200: { description: 'The session is closed. Empty body.' },
    400: rpcError('No `Mcp-Session-Id`.'),
    403: rpcError('Foreign `Origin`.'),
    404: rpcError('Unknown, ended or expired `Mcp-Session-Id`.'),
  },
}
