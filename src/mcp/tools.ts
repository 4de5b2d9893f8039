/**
 * The MCP tools: read-only views of the same data and the same semantics as the HTTP API.
 * Input schemas are the TypeBox schemas the HTTP routes validate with (search_reviews' input IS
 * SearchQuery); every result carries structuredContent matching its output schema and a compact
 * text rendering for models that read text.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import type { Catalog } from '../catalog/catalog'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import { AggregateRating, PublicBusiness, publicBusiness, Review } from '../reviews/schema'
import {
  encodeCursor,
  ReviewPage,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SearchQuery,
  validateSearch,
  type SearchFilters,
} from '../reviews/search-query'
import { PAGE_BYTES, type ReviewSearch } from '../reviews/search'
import { Insights } from '../insights/schema'
import { unknownValueNotes } from './hints'
import { insightsText, reviewLine, reviewPageText } from './text'

/** `resourceBase` is where resource URIs point (BASE_URL, or reviews:// over stdio when none was given). */
export type ToolContext = { catalog: Catalog; search: ReviewSearch; baseUrl: string; resourceBase?: string }

export type ToolOutput = { structured: Record<string, unknown>; text: string }
type ToolResult = Result<ToolOutput>

export type Tool = {
  name: string
  title: string
  description: string
  inputSchema: TSchema
  outputSchema: TSchema
  run: (args: Record<string, unknown>, ctx: ToolContext) => ToolResult | Promise<ToolResult>
}

const REVIEW_ID_MAX = 200

const INSIGHTS_SECTIONS = ['summary', 'aspects', 'entities', 'topics', 'faq'] as const

/** What the model reads when a call fails: the sentence of a not-found, or every invalid argument. */
export function describeFailure(issues: Issue[]): string {
  const notFound = issues.find((i) => i.code === 'not_found')
  if (notFound) return notFound.message
  return `Invalid arguments: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`
}

/** Arguments checked against the tool's own input schema, in the words the HTTP API uses. */
export function argumentIssues(tool: Tool, args: Record<string, unknown>): Issue[] {
  const known = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {})
  return check(tool.inputSchema, args).map((issue) =>
    issue.code === 'unrecognized' ? { ...issue, message: `must be one of the known arguments: ${known.join(', ') || '(none)'}` } : issue,
  )
}

const getBusiness: Tool = {
  name: 'get_business',
  title: 'Business profile and rating',
  description:
    'Returns the business this server publishes reviews for: name, description, contact, address, time zone, services (with ids usable in ' +
    'search_reviews.mentions_service), technicians (names usable in mentions_technician), service areas, and the aggregate rating ' +
    '(mean, count, distribution of 1-5 stars) over all verified reviews. Call it first to learn the vocabulary. Takes no arguments.',
  inputSchema: Type.Object({}, { additionalProperties: false }),
  outputSchema: Type.Object({ business: PublicBusiness, aggregate_rating: AggregateRating }),
  run(_args, { catalog }) {
    const { business, aggregate } = catalog.current
    const distribution = ([5, 4, 3, 2, 1] as const).map((s) => `${s}★ ${aggregate.distribution[String(s) as '1']}`).join(', ')
    const text = [
      `${business.name} — ${aggregate.rating_value}/5 from ${aggregate.review_count} verified reviews (${distribution}).`,
      business.description,
      `Phone ${business.telephone} · ${business.url} · ${business.address.street_address}, ${business.address.locality}, ${business.address.region} ${business.address.postal_code} · time zone ${business.timezone}`,
      `Services (id: name): ${business.services.map((s) => `${s.id}: ${s.name}`).join('; ')}`,
      `Technicians: ${business.technicians.map((t) => t.name).join(', ')}`,
      `Service areas: ${business.service_areas.join(', ')}`,
    ].join('\n')
    return ok({ structured: { business: publicBusiness(business), aggregate_rating: aggregate }, text })
  },
}

const NoteSchema = Type.Object({
  argument: Type.String({ description: 'The argument whose value matched nothing the business knows.' }),
  value: Type.String(),
  message: Type.String(),
  known: Type.Array(Type.String(), { description: 'Every known value, closest first.' }),
  closest: Type.Array(Type.String(), { description: 'Known values close to the one given (possible typos).' }),
})

const ReviewPageResult = Type.Object(
  {
    ...ReviewPage.properties,
    notes: Type.Optional(Type.Array(NoteSchema, { description: 'Present when a technician or service matched nothing on the roster.' })),
  },
  { description: 'One page of reviews; next_cursor continues it.' },
)

/** Runs a validated search and renders the page: structuredContent mirrors the HTTP search's JSON. */
function searchPage(filters: SearchFilters, ctx: ToolContext, what: string, tool: string): ToolOutput {
  const result = ctx.search.search(filters, PAGE_BYTES)
  const page = {
    count: result.reviews.length,
    total: result.total,
    reviews: result.reviews,
    next_cursor: result.next ? encodeCursor(result.next) : null,
  }
  const notes = unknownValueNotes(filters, ctx.catalog.current.business)
  const structured = notes.length ? { ...page, notes } : page
  return {
    structured,
    text: reviewPageText(
      page,
      what,
      tool,
      notes.map((n) => n.message),
    ),
  }
}

const PAGING =
  `Results come in pages: limit 1-${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}); when more follow, the result has next_cursor and ` +
  'its text says how to continue: call again with the same arguments plus cursor. Every review is given whole (text and reply).'

const searchReviews: Tool = {
  name: 'search_reviews',
  title: 'Search reviews',
  description:
    'Finds verified reviews. All arguments are optional and combine with AND; results are newest first with `total` = all matches. ' +
    'rating: exact stars 1-5 (integer). min_rating / max_rating: at least / at most this many stars (1-5). since/until: dates YYYY-MM-DD, inclusive. ' +
    'query: case- and accent-insensitive substring of the review text (e.g. "on time", "water heater"). ' +
    'mentions_technician: a technician\'s full, first or last name. mentions_service: a service id from get_business (e.g. "drain-cleaning"). ' +
    'has_response: true for reviews the business replied to, false for unanswered ones. ' +
    `${PAGING} A technician or service that matches nothing on the roster gets a note naming the known ones. ` +
    'Example: unanswered 1-2 star reviews = {max_rating: 2, has_response: false}. Same semantics as GET /api/reviews/search.',
  inputSchema: SearchQuery,
  outputSchema: ReviewPageResult,
  run(args, ctx) {
    const parsed = validateSearch(args)
    if (!parsed.ok) return parsed
    return ok(searchPage(parsed.value, ctx, 'matching reviews', 'search_reviews'))
  },
}

const SinceInput = Type.Object(
  {
    date: Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First day included, YYYY-MM-DD.' }),
    limit: SearchQuery.properties.limit,
    cursor: SearchQuery.properties.cursor,
  },
  { additionalProperties: false },
)

const getReviewsSince: Tool = {
  name: 'get_reviews_since',
  title: 'Reviews since a date',
  description:
    'Returns the verified reviews dated on or after `date` (YYYY-MM-DD), newest first: use it to catch up on what is new since a ' +
    `previous visit. ${PAGING} For filtered lists use search_reviews with \`since\`.`,
  inputSchema: SinceInput,
  outputSchema: ReviewPageResult,
  run(args, ctx) {
    const parsed = validateSearch({ since: args.date, limit: args.limit, cursor: args.cursor })
    if (!parsed.ok) return failed(parsed.issues.map((i) => (i.path[0] === 'since' ? { ...i, path: ['date', ...i.path.slice(1)] } : i)))
    return ok(searchPage(parsed.value, ctx, `reviews since ${args.date}`, 'get_reviews_since'))
  },
}

const getReview: Tool = {
  name: 'get_review',
  title: 'One review',
  description: 'Returns one verified review by its id (as found in search results), with the business’s reply if any.',
  inputSchema: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: REVIEW_ID_MAX, description: 'Review id, e.g. "rv-000123".' }) },
    { additionalProperties: false },
  ),
  outputSchema: Review,
  run(args, { catalog }) {
    const json = catalog.current.reviewJson(args.id as string)
    if (json === undefined) {
      return failed([
        { path: ['id'], code: 'not_found', message: `No published review has the id "${args.id}". Use search_reviews to find ids.` },
      ])
    }
    const review = JSON.parse(json) as Review
    return ok({ structured: review, text: reviewLine(review) })
  },
}

const getInsights: Tool = {
  name: 'get_insights',
  title: 'Insights from the reviews',
  description:
    'Returns what the reviews say, computed from all verified reviews: `summary` (editorial prose), `aspects` (punctuality, price/value, ' +
    'professionalism, quality of work, communication, cleanliness, speed: mention counts, positive/negative split, score, trend, examples), ' +
    '`entities` (per technician, service and service area: mentions, average rating, sentiment), `topics` (recurring phrases) and `faq` ' +
    '(questions such as "Are they punctual?" answered from the figures, with review ids). Pass `section` to get only one part; ' +
    'omit it for everything. Good for questions like "is this plumber punctual?" or "who is best for water heaters?".',
  inputSchema: Type.Object(
    {
      section: Type.Optional(
        Type.Union(
          INSIGHTS_SECTIONS.map((s) => Type.Literal(s)),
          { description: 'One part of the insights.' },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  // Every property optional: the whole object, or {section: value} when a section is asked for.
  outputSchema: Type.Partial(Insights, { description: 'The insights object, or only the requested section.' }),
  async run(args, { catalog }) {
    const insights = (await catalog.current.insights()).data
    const section = args.section as (typeof INSIGHTS_SECTIONS)[number] | undefined
    const structured = section ? { [section]: insights[section] } : insights
    return ok({ structured, text: insightsText(insights, section) })
  },
}

export const TOOLS: Tool[] = [getBusiness, searchReviews, getReviewsSince, getReview, getInsights]
