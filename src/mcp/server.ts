/**
 * One MCP server instance (one per HTTP session, one for stdio) over the low-level SDK Server, so the
 * tool schemas are our TypeBox JSON schemas as they are.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { VERSION } from '../core/version'
import type { TopicPath } from '../feeds/websub-topics'
import { failed, type Result } from '../core/issues'
import { argumentIssues, describeFailure, TOOLS, type ToolContext, type ToolOutput } from './tools'
import { argumentsKey, PerVersionMemo } from './memo'
import { PROMPTS } from './prompts'

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
  {
    path: 'insights.json',
    name: 'Insights dataset',
    description: 'Aspect sentiment, entities, topics, FAQ and summary computed from the reviews.',
  },
  { path: 'api/feed.json', name: 'JSON Feed', description: 'JSON Feed 1.1 of the 50 newest reviews.' },
  { path: 'feed.xml', name: 'Atom feed', description: 'Atom feed of the 50 newest reviews.' },
]

const MCP_INSTRUCTIONS =
  'Read-only access to the verified customer reviews of one local business. Start with get_business to learn the services, ' +
  'technicians and rating; use search_reviews for specific questions (e.g. unanswered 1-2 star reviews: max_rating 2, has_response ' +
  'false), get_insights for overall judgements (punctuality, price, quality, who is best at what), get_reviews_since to catch up, ' +
  'and get_review for one review by id. Lists come in pages: when a result has next_cursor, call again with the same arguments ' +
  'plus cursor. Prompts reply_to_review and monthly_review_report prepare a reply draft or a monthly report from the data.'

/** "name: Invalid input: expected string, received undefined" for each problem, params-relative. */
export function describeParamIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map(
      (issue) =>
        `${
          issue.path
            .filter((p) => p !== 'params')
            .map(String)
            .join('.') || 'params'
        }: ${issue.message.replace('expected record', 'expected object')}`,
    )
    .join('; ')
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
  // Protocol's own registration: Server's override re-parses tools/call itself and would answer a bad
  // request with its raw "MCP error -32602: Invalid tools/call request: [zod dump]".
  Protocol.prototype.setRequestHandler.call(server, schema.pick({ method: true }).loose(), async (request: unknown) => {
    const parsed = schema.safeParse(request)
    if (!parsed.success) throw new RpcError(ErrorCode.InvalidParams, `Invalid params: ${describeParamIssues(parsed.error.issues)}`)
    return handler(parsed.data)
  })
}

/** Tool results per data version and arguments: a repeated call (or a batch of the same call) is rendered once. */
const toolResults = new PerVersionMemo<Result<ToolOutput>>((result) => (result.ok ? result.value.text.length * 3 : 256))

/** The JSON-RPC result of a tool call: structuredContent plus the text rendering, or a tool error. */
function toolResult(result: Result<ToolOutput>) {
  if (!result.ok) return { isError: true, content: [{ type: 'text' as const, text: describeFailure(result.issues) }] }
  return { structuredContent: result.value.structured, content: [{ type: 'text' as const, text: result.value.text }] }
}

const REVIEW_TEMPLATE_PATH = 'api/reviews/'

export function createMcpServer(ctx: ToolContext): Server {
  const server = new Server(
    { name: 'reviews-service', title: 'Reviews Service', version: VERSION },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
      instructions: MCP_INSTRUCTIONS,
    },
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
    const snapshot = ctx.catalog.current
    const result = await toolResults.get(snapshot, argumentsKey(tool.name, args), () => {
      // search_reviews checks its own arguments (the HTTP search's rules, since <= until included).
      const issues = tool.name === 'search_reviews' ? [] : argumentIssues(tool, args)
      return issues.length ? failed<ToolOutput>(issues) : tool.run(args, ctx)
    })
    return toolResult(result)
  })

  const base = ctx.resourceBase ?? ctx.baseUrl
  const resourceUri = (path: string) => `${base}/${path}`
  const reviewTemplate = `${base}/${REVIEW_TEMPLATE_PATH}{id}`
  const reviewIdOf = (uri: string) => {
    const prefix = `${base}/${REVIEW_TEMPLATE_PATH}`
    if (!uri.startsWith(prefix)) return undefined
    try {
      return decodeURIComponent(uri.slice(prefix.length))
    } catch {
      return undefined
    }
  }

  onRequest(server, ListResourcesRequestSchema, async () => {
    const snapshot = ctx.catalog.current
    // The insights' size is given once they are computed; the listing never waits for that (seconds on big data).
    const insights = await Promise.race([
      snapshot.insights().catch(() => undefined),
      new Promise<undefined>((resolve) => setTimeout(resolve, 50)),
    ])
    return {
      resources: RESOURCES.map((r) => {
        const rep = r.path === 'insights.json' ? insights?.representation : snapshot.representations[r.path]
        return {
          uri: resourceUri(r.path),
          name: r.path,
          title: r.name,
          description: r.description,
          mimeType: r.path === 'insights.json' ? 'application/json' : snapshot.representations[r.path].contentType.split(';')[0],
          ...(rep ? { size: rep.body.byteLength } : {}),
        }
      }),
    }
  })

  onRequest(server, ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: reviewTemplate,
        name: 'review',
        title: 'One review',
        description:
          'One verified review by id (ids come from search_reviews or the datasets), as its JSON record: the permalink of the feeds.',
        mimeType: 'application/json',
      },
    ],
  }))

  onRequest(server, ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    const snapshot = ctx.catalog.current
    const reviewId = reviewIdOf(uri)
    if (reviewId !== undefined) {
      const json = snapshot.reviewJson(reviewId)
      if (json === undefined)
        throw new RpcError(RESOURCE_NOT_FOUND, `No published review has the id "${reviewId}". Use search_reviews to find ids.`, { uri })
      return { contents: [{ uri, mimeType: 'application/json', text: json }] }
    }
    const resource = RESOURCES.find((r) => resourceUri(r.path) === uri)
    if (!resource)
      throw new RpcError(RESOURCE_NOT_FOUND, `Unknown resource ${uri}. See resources/list and resources/templates/list.`, { uri })
    const rep = resource.path === 'insights.json' ? (await snapshot.insights()).representation : snapshot.representations[resource.path]
    return { contents: [{ uri, mimeType: rep.contentType.split(';')[0], text: new TextDecoder().decode(rep.body) }] }
  })

  onRequest(server, ListPromptsRequestSchema, async () => ({
    prompts: PROMPTS.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  }))

  onRequest(server, GetPromptRequestSchema, async (request) => {
    const prompt = PROMPTS.find((p) => p.name === request.params.name)
    if (!prompt) {
      throw new RpcError(
        ErrorCode.InvalidParams,
        `Unknown prompt "${request.params.name}". Prompts: ${PROMPTS.map((p) => p.name).join(', ')}.`,
      )
    }
    const args = request.params.arguments ?? {}
    const known = prompt.arguments.map((a) => a.name)
    const unknown = Object.keys(args).find((name) => !known.includes(name))
    if (unknown)
      throw new RpcError(
        ErrorCode.InvalidParams,
        `Invalid params: arguments.${unknown}: must be one of the known arguments: ${known.join(', ') || '(none)'}`,
      )
    const built = prompt.build(args, ctx.catalog.current)
    if (!built.ok) throw new RpcError(ErrorCode.InvalidParams, `Invalid params: arguments.${built.argument}: ${built.message}`)
    return { description: built.description, messages: built.messages }
  })
  return server
}
