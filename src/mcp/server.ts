/**
 * One MCP server instance (one per HTTP session, one for stdio) over the low-level SDK Server, so the
 * tool schemas are our TypeBox JSON schemas as they are.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { VERSION } from '../core/version'
import type { TopicPath } from '../feeds/websub-topics'
import { failed } from '../core/issues'
import { argumentIssues, describeFailure, TOOLS, type ToolContext, type ToolOutput } from './tools'

/** TypeBox's $id names components in OpenAPI; inside one MCP tool schema they only invite id clashes. */
const plainSchema = (schema: unknown) => JSON.parse(JSON.stringify(schema, (key, value) => (key === '$id' ? undefined : value)))

/**
 * A JSON-RPC error as the client sees it: the SDK sends `code`, `message` and `data` of whatever a
 * handler throws (its own McpError would prefix every message with "MCP error <code>: ").
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** The MCP specification's error code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

const RESOURCES: { path: TopicPath | 'insights.json'; name: string; description: string }[] = [
  { path: 'reviews.json', name: 'Reviews dataset', description: 'Business, aggregate rating and every verified review, newest first.' },
  { path: 'insights.json', name: 'Insights dataset', description: 'Aspect sentiment, entities, topics, FAQ and summary computed from the reviews.' },
  { path: 'api/feed.json', name: 'JSON Feed', description: 'JSON Feed 1.1 of the 50 newest reviews.' },
  { path: 'feed.xml', name: 'Atom feed', description: 'Atom feed of the 50 newest reviews.' },
]

export const MCP_INSTRUCTIONS =
  'Read-only access to the verified customer reviews of one local business. Start with get_business to learn the services, ' +
  'technicians and rating; use search_reviews for specific questions, get_insights for overall judgements (punctuality, price, ' +
  'quality, who is best at what), and get_review for one review by id.'

/** "name: Invalid input: expected string, received undefined" for each problem, params-relative. */
export function describeParamIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.filter((p) => p !== 'params').map(String).join('.') || 'params'}: ${issue.message}`).join('; ')
}

type RequestSchema<R> = {
  safeParse(value: unknown): { success: true; data: R } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  pick(mask: { method: true }): { loose(): any }
}

/**
 * Registers a handler whose params mismatch is -32602 Invalid params naming the field. (Given the full
 * schema, the SDK parses before the handler runs and reports a mismatch as -32603 Internal error.)
 */
function onRequest<R>(server: Server, schema: RequestSchema<R>, handler: (request: R) => Promise<any>): void {
  server.setRequestHandler(schema.pick({ method: true }).loose(), async (request: unknown) => {
    const parsed = schema.safeParse(request)
    if (!parsed.success) throw new RpcError(ErrorCode.InvalidParams, `Invalid params: ${describeParamIssues(parsed.error.issues)}`)
    return handler(parsed.data)
  })
}

export function createMcpServer(ctx: ToolContext): Server {
  const server = new Server(
    { name: 'reviews-service', title: 'Reviews Service', version: VERSION },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: MCP_INSTRUCTIONS },
  )
  const tools = TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: plainSchema(tool.inputSchema),
    outputSchema: plainSchema(tool.outputSchema),
    annotations: { title: tool.title, ...READ_ONLY },
  }))

  onRequest(server, ListToolsRequestSchema, async () => ({ tools }))

  onRequest(server, CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name)
    if (!tool) {
      throw new RpcError(ErrorCode.InvalidParams, `Unknown tool "${request.params.name}". Tools: ${TOOLS.map((t) => t.name).join(', ')}.`)
    }
    const args = request.params.arguments ?? {}
    // search_reviews checks its own arguments (the HTTP search's rules, since <= until included).
    const issues = tool.name === 'search_reviews' ? [] : argumentIssues(tool, args)
    const result = issues.length ? failed<ToolOutput>(issues) : await tool.run(args, ctx)
    if (!result.ok) return { isError: true, content: [{ type: 'text' as const, text: describeFailure(result.issues) }] }
    return { structuredContent: result.value.structured, content: [{ type: 'text' as const, text: result.value.text }] }
  })

  const resourceUri = (path: string) => `${ctx.baseUrl}/${path}`
  onRequest(server, ListResourcesRequestSchema, async () => ({
    resources: RESOURCES.map((r) => ({
      uri: resourceUri(r.path),
      name: r.name,
      description: r.description,
      mimeType: r.path === 'insights.json' ? 'application/json' : ctx.catalog.current.representations[r.path].contentType.split(';')[0],
    })),
  }))

  onRequest(server, ReadResourceRequestSchema, async (request) => {
    const resource = RESOURCES.find((r) => resourceUri(r.path) === request.params.uri)
    if (!resource) throw new RpcError(RESOURCE_NOT_FOUND, `Unknown resource ${request.params.uri}. See resources/list.`, { uri: request.params.uri })
    const snapshot = ctx.catalog.current
    const rep = resource.path === 'insights.json' ? (await snapshot.insights()).representation : snapshot.representations[resource.path]
    return { contents: [{ uri: request.params.uri, mimeType: rep.contentType.split(';')[0], text: new TextDecoder().decode(rep.body) }] }
  })
  return server
}
