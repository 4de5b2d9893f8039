/**
 * The MCP tool registry: every tool is declared once here (name, title, description, input and output
 * TypeBox schemas, run), and everything else is derived from TOOLS: the server's tools/list and
 * tools/call (mcp/server.ts), the OpenAPI prose about /mcp (api/openapi-mcp.ts), the developers page's list
 * (pages/developers.ts) and the README's table (checked by test/mcp/registry.test.ts).
 *
 * Input schemas are the TypeBox schemas the HTTP routes validate with (search_reviews' input IS
 * SearchQuery, get_stats' is StatsQuery); `run` receives its arguments typed from the schema, already
 * checked; every result carries structuredContent matching its output schema and a text rendering for
 * models that read text, customer text fenced (text.ts).
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import type { Catalog } from '../catalog/catalog'
import type { Snapshot } from '../catalog/snapshot'
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
import { PAGE_BYTES, ReviewSearch } from '../reviews/search'
import type { PositionSet } from '../reviews/ngram-index'
import { figurePositions } from '../insights/links'
import { reviewStats, Stats, StatsQuery, validateStats, type StatsFilters } from '../reviews/stats'
import { AspectEvidence, Insights } from '../insights/schema'
import { queryNotes, unknownValueNotes } from './hints'
import { fenceNote, insightsText, newFence, quoted, reviewLine, reviewPageText, statsText } from './text'

/** `resourceBase` is where resource URIs point (BASE_URL, or reviews:// over stdio when none was given). */
export type ToolContext = { catalog: Catalog; search: ReviewSearch; baseUrl: string; resourceBase?: string }

/** What a running tool may tell the client while it works (progress notifications, log messages). */
export type ToolCall = {
  ctx: ToolContext
  /** The data version the call reads: one snapshot for the whole call. */
  snapshot: Snapshot
  /** Reports progress; a no-op unless the client asked for it (a progressToken). */
  progress: (message: string) => void
}

export type ToolOutput<S = Record<string, unknown>> = { structured: S; text: string; reviews?: Review[] }
type Outcome<S> = Result<ToolOutput<S>> | Promise<Result<ToolOutput<S>>>

/** One tool as the registry holds it: its description for tools/list, and `invoke`, which checks then runs. */
export type Tool = {
  name: string
  title: string
  description: string
  inputSchema: TObject
  outputSchema: TSchema
  invoke: (args: Record<string, unknown>, call: ToolCall) => Promise<Result<ToolOutput>>
}

type ToolSpec<I extends TObject, O extends TSchema, A> = {
  name: string
  title: string
  description: string
  inputSchema: I
  outputSchema: O
  /** Arguments to typed values, or every issue. */
  parse: (args: Record<string, unknown>) => Result<A>
  run: (args: A, call: ToolCall) => Outcome<Static<O>>
}

/** Declares a tool: `run` gets `parse`'s typed value; the output is typed by the output schema. */
function defineTool<I extends TObject, O extends TSchema, A>(spec: ToolSpec<I, O, A>): Tool {
  const { parse, run, ...described } = spec
  return {
    ...described,
    async invoke(args, call) {
      const parsed = parse(args)
      if (!parsed.ok) return parsed
      const result = await run(parsed.value, call)
      return result.ok ? ok({ ...result.value, structured: record(result.value.structured) }) : result
    },
  }
}

/** structuredContent is a JSON object: every output schema is an object schema. */
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : { value }

/** Arguments checked against the tool's own input schema, in the words the HTTP API uses. */
function bySchema<I extends TObject>(schema: I): (args: Record<string, unknown>) => Result<Static<I>> {
  const known = Object.keys(schema.properties)
  return (args) => {
    if (conforms(schema, args)) return ok(args)
    return failed(
      check(schema, args).map((issue) =>
        issue.code === 'unrecognized'
          ? { ...issue, message: `must be one of the known arguments: ${known.join(', ') || '(none)'}` }
          : issue,
      ),
    )
  }
}

/** A type guard over the schema: check() has found no issue. */
const conforms = <I extends TSchema>(schema: I, value: unknown): value is Static<I> => check(schema, value).length === 0

const REVIEW_ID_MAX = 200

export const INSIGHTS_SECTIONS = ['summary', 'aspects', 'entities', 'topics', 'faq', 'owner'] as const

/** What the model reads when a call fails: the sentence of a not-found, or every invalid argument. */
export function describeFailure(issues: Issue[]): string {
  const notFound = issues.find((i) => i.code === 'not_found')
  if (notFound) return notFound.message
  return `Invalid arguments: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`
}

const NoArguments = Type.Object({}, { additionalProperties: false })

const getBusiness = defineTool({
  name: 'get_business',
  title: 'Business profile and rating',
  description:
    'Returns the business this server publishes reviews for: name, description, contact, address, time zone, services (with ids usable in ' +
    'search_reviews.mentions_service), technicians (names usable in mentions_technician), service areas, and the aggregate rating ' +
    '(mean, count, distribution of 1-5 stars) over all verified reviews. Call it first to learn the vocabulary. Takes no arguments.',
  inputSchema: NoArguments,
  outputSchema: Type.Object({ business: PublicBusiness, aggregate_rating: AggregateRating, data_version: Type.Integer() }),
  parse: bySchema(NoArguments),
  run(_args: Static<typeof NoArguments>, { snapshot }) {
    const { business, aggregate } = snapshot
    const distribution = ([5, 4, 3, 2, 1] as const).map((s) => `${s}★ ${aggregate.distribution[String(s) as '1']}`).join(', ')
    const text = [
      `${business.name} — ${aggregate.rating_value}/5 from ${aggregate.review_count} verified reviews (${distribution}); data version ${snapshot.revision}.`,
      business.description,
      `Phone ${business.telephone} · ${business.url} · ${business.address.street_address}, ${business.address.locality}, ${business.address.region} ${business.address.postal_code} · time zone ${business.timezone}`,
      `Services (id: name): ${business.services.map((s) => `${s.id}: ${s.name}`).join('; ')}`,
      `Technicians: ${business.technicians.map((t) => t.name).join(', ')}`,
      `Service areas: ${business.service_areas.join(', ')}`,
    ].join('\n')
    return ok({
      structured: { business: publicBusiness(business), aggregate_rating: aggregate, data_version: snapshot.revision },
      text,
    })
  },
})

const NoteSchema = Type.Object({
  argument: Type.String({ description: 'The argument whose value matched nothing.' }),
  value: Type.String(),
  message: Type.String(),
  known: Type.Array(Type.String(), {
    description: 'Every known value, closest first (for a query: the closest technicians and services).',
  }),
  closest: Type.Array(Type.String(), { description: 'Known values close to the one given (possible typos).' }),
})

const ReviewPageResult = Type.Object(
  {
    ...ReviewPage.properties,
    data_version: Type.Integer({ description: 'The data revision this page was read from.' }),
    notes: Type.Optional(
      Type.Array(NoteSchema, {
        description: 'Present when a technician or service matched nothing on the roster, or a query matched no review.',
      }),
    ),
    evidence: Type.Optional(
      Type.Array(AspectEvidence, {
        description: 'With `aspect` only: for each review of the page, in the same order, the mentions that put it in the aspect’s split.',
      }),
    ),
  },
  { description: 'One page of reviews; next_cursor continues it (with the same other arguments).' },
)

/** Runs a validated search and renders the page: structuredContent mirrors the HTTP search's JSON. */
function searchPage(
  filters: SearchFilters,
  { ctx, snapshot }: ToolCall,
  what: string,
  tool: string,
  figure?: { within: PositionSet | undefined; evidence?: (reviews: Review[]) => Promise<AspectEvidence[]> },
) {
  // A figure's positions are this version's: its search reads this version.
  const search = figure ? new ReviewSearch(() => snapshot) : ctx.search
  const result = search.search(filters, PAGE_BYTES, figure?.within)
  const page = {
    count: result.reviews.length,
    total: result.total,
    reviews: result.reviews,
    next_cursor: result.next ? encodeCursor(result.next) : null,
    data_version: snapshot.revision,
  }
  const notes = [
    ...unknownValueNotes(filters, snapshot.business),
    ...(page.total === 0 ? queryNotes(filters, ctx.search, snapshot.business) : []),
  ]
  const render = (evidence?: AspectEvidence[]) => {
    const text = reviewPageText(
      page,
      what,
      tool,
      notes.map((n) => n.message),
    )
    const structured = { ...page, ...(notes.length ? { notes } : {}), ...(evidence ? { evidence } : {}) }
    return ok({ structured, text: evidence ? `${text}\n\n${evidenceText(evidence)}` : text, reviews: result.reviews })
  }
  return figure?.evidence ? figure.evidence(result.reviews).then(render) : render()
}

/** The evidence of a page as text: per review, the aspect's feeling and each mention's clause (customer text, quoted) and cues. */
function evidenceText(evidence: AspectEvidence[]): string {
  if (!evidence.length) return ''
  const lines = evidence.map(
    (e) =>
      `- [${e.review_id}] ${e.aspect}: ${e.sentiment} (${e.score}); ${e.mentions
        .map((m) => `${m.sentiment} ${quoted(m.clause)} (cues: ${m.cues.join(', ')})`)
        .join('; ')}`,
  )
  return `Why each review is counted under ${evidence[0]!.aspect} (its mentions, clause by clause):\n${lines.join('\n')}`
}

/**
 * `aspect` (+ `sentiment`) and `topic` from the insights of the call's data version, waited for (with progress)
 * while they are computed; an unknown value is the same issue the HTTP search gives.
 */
async function figureSearch(filters: SearchFilters, call: ToolCall) {
  const { snapshot, progress } = call
  const insights = (await withProgress(snapshot.insights(), progress, snapshot.reviews.length)).data
  const within = figurePositions(insights, filters)
  if (!within.ok) return within
  const { aspect } = filters
  const evidence =
    aspect === undefined
      ? undefined
      : (reviews: Review[]) => import('../insights/evidence').then((m) => m.aspectEvidence(snapshot.business, reviews, aspect))
  return searchPage(filters, call, 'matching reviews', 'search_reviews', { within: within.value, evidence })
}

const PAGING =
  `Results come in pages: limit 1-${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}); when more follow, the result has next_cursor and ` +
  'its text says how to continue: call again with the same arguments plus cursor (a cursor used with other arguments or with another ' +
  'tool is an error naming cursor; only limit may change). Every review is given whole (text and reply), customer text fenced.'

const searchReviews = defineTool({
  name: 'search_reviews',
  title: 'Search reviews',
  description:
    'Finds verified reviews. All arguments are optional and combine with AND; results are newest first with `total` = all matches. ' +
    'rating: exact stars 1-5 (integer). min_rating / max_rating: at least / at most this many stars (1-5). since/until: dates YYYY-MM-DD, inclusive. ' +
    'query: case- and accent-insensitive substring of the review text (e.g. "on time", "water heater"). ' +
    'mentions_technician: a technician\'s full, first or last name. mentions_service: a service id from get_business (e.g. "drain-cleaning"). ' +
    'has_response: true for reviews the business replied to, false for unanswered ones. ' +
    'aspect (an aspect id of get_insights, optionally with sentiment positive/negative/neutral) and topic (a topic phrase of get_insights): ' +
    'exactly the reviews that insights figure counts; with aspect each review also comes with its evidence (the clauses that mention ' +
    'the aspect, their sentiment and the cues that fired). An unknown aspect or topic is an error listing the known ones. ' +
    `${PAGING} A technician or service that matches nothing on the roster gets a note naming the known ones; a query that matches ` +
    'nothing gets a note with the closest technicians and services. To count or average, use get_stats instead of paging. ' +
    'Example: unanswered 1-2 star reviews = {max_rating: 2, has_response: false}. Same semantics as GET /api/reviews/search.',
  inputSchema: SearchQuery,
  outputSchema: ReviewPageResult,
  parse: (args) => validateSearch(args),
  run: (filters, call) =>
    filters.aspect === undefined && filters.topic === undefined
      ? searchPage(filters, call, 'matching reviews', 'search_reviews')
      : figureSearch(filters, call),
})

const SinceInput = Type.Object(
  {
    date: Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First day included, YYYY-MM-DD.' }),
    // The filters that make sense for catching up, as on GET /api/reviews/since/{date}.
    language: SearchQuery.properties.language,
    service_area: SearchQuery.properties.service_area,
    limit: SearchQuery.properties.limit,
    cursor: SearchQuery.properties.cursor,
  },
  { additionalProperties: false },
)

const getReviewsSince = defineTool({
  name: 'get_reviews_since',
  title: 'Reviews since a date',
  description:
    'Returns the verified reviews dated on or after `date` (YYYY-MM-DD), newest first: use it to catch up on what is new since a ' +
    `previous visit; \`language\` and \`service_area\` narrow it as in search_reviews. ${PAGING} For other filters use search_reviews with \`since\`.`,
  inputSchema: SinceInput,
  outputSchema: ReviewPageResult,
  parse(args) {
    const checked = bySchema(SinceInput)(args)
    if (!checked.ok) return checked
    const { date, language, service_area, limit, cursor } = checked.value
    const parsed = validateSearch({ since: date, language, service_area, limit, cursor }, 'since')
    if (parsed.ok) return ok({ date, filters: parsed.value })
    return failed(parsed.issues.map((i) => (i.path[0] === 'since' ? { ...i, path: ['date', ...i.path.slice(1)] } : i)))
  },
  run: ({ date, filters }, call) => searchPage(filters, call, `reviews since ${date}`, 'get_reviews_since'),
})

const ReviewInput = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: REVIEW_ID_MAX, description: 'Review id, e.g. "rv-000123".' }) },
  { additionalProperties: false },
)

const getReview = defineTool({
  name: 'get_review',
  title: 'One review',
  description: 'Returns one verified review by its id (as found in search results), with the business’s reply if any.',
  inputSchema: ReviewInput,
  outputSchema: Review,
  parse: bySchema(ReviewInput),
  run({ id }: Static<typeof ReviewInput>, { snapshot }) {
    const json = snapshot.reviewJson(id)
    if (json === undefined) {
      return failed([
        { path: ['id'], code: 'not_found', message: `No published review has the id "${id}". Use search_reviews to find ids.` },
      ])
    }
    const review: Review = JSON.parse(json)
    const fence = newFence()
    return ok({ structured: review, text: `${fenceNote(fence)}\n${reviewLine(review, fence)}`, reviews: [review] })
  },
})

const InsightsInput = Type.Object(
  {
    section: Type.Optional(
      Type.Union(
        INSIGHTS_SECTIONS.map((s) => Type.Literal(s)),
        { description: 'One part of the insights.' },
      ),
    ),
  },
  { additionalProperties: false },
)

const getInsights = defineTool({
  name: 'get_insights',
  title: 'Insights from the reviews',
  description:
    'Returns what the reviews say, computed from all verified reviews: `summary` (editorial prose), `aspects` (punctuality, price/value, ' +
    'professionalism, quality of work, communication, cleanliness, speed: mention counts, positive/negative split, score, trend, examples), ' +
    '`entities` (per technician, service and service area: mentions, average rating, sentiment), `topics` (recurring phrases) and `faq` ' +
    '(questions such as "Are they punctual?" answered from the figures, with review ids) and `owner` (the last 30 and 90 days against ' +
    'the period before, ending on the newest review date, and the unanswered 1-2 star reviews, newest first). Pass `section` to get only one part; ' +
    'omit it for everything. Every figure carries `search_url` (aspects: `search_urls` per split): the HTTP search listing exactly the ' +
    'reviews it counts; search_reviews takes the same filters (aspect, sentiment, topic, mentions_technician, mentions_service, service_area). Good for questions like "is this plumber punctual?" or "who is best for water heaters?". ' +
    'The first call after a data change can take seconds on large data: it reports progress when the client asks for it.',
  inputSchema: InsightsInput,
  // Every property optional: the whole object, or {section: value} when a section is asked for.
  outputSchema: Type.Partial(Insights, { description: 'The insights object, or only the requested section.' }),
  parse: bySchema(InsightsInput),
  async run({ section }: Static<typeof InsightsInput>, { snapshot, progress }) {
    const insights = (await withProgress(snapshot.insights(), progress, snapshot.reviews.length)).data
    // Every figure carries its search_url (search_reviews takes the same filters); which reviews they count is the server's own business.
    const { counted_reviews: _counted, ...figures } = insights
    const structured: Partial<Insights> = section ? pick(insights, section) : figures
    return ok({ structured, text: insightsText(insights, section) })
  },
})

function pick<K extends keyof Insights>(insights: Insights, key: K): Partial<Insights> {
  const part: Partial<Insights> = {}
  part[key] = insights[key]
  return part
}

/** Progress every second while `work` runs, once it has run for a quarter of a second. */
async function withProgress<T>(work: Promise<T>, progress: (message: string) => void, reviews: number): Promise<T> {
  let settled = false
  const settle = () => {
    settled = true
  }
  work.then(settle, settle)
  await Promise.race([work, Bun.sleep(250)])
  if (settled) return work
  const started = Date.now()
  progress(`Computing insights from ${reviews} reviews (the first call after a data change)…`)
  const timer = setInterval(() => progress(`Still computing insights (${Math.round((Date.now() - started) / 1000)} s)…`), 1000)
  try {
    return await work
  } finally {
    clearInterval(timer)
    progress('Insights computed.')
  }
}

const getStats = defineTool({
  name: 'get_stats',
  title: 'Review statistics',
  description:
    'Counts, average rating and 1-5 distribution of the reviews matching any search_reviews filters (rating, min_rating, max_rating, ' +
    'since, until, query, mentions_technician, mentions_service, has_response, ...), optionally grouped by `group_by`: month, quarter, ' +
    'service, technician, area, language or rating. Also how many matches were answered, and the unanswered low ratings (1-2 stars) ' +
    'with their ids. Use it instead of paging through reviews to count or average, e.g. "average rating per month for drain cleaning" ' +
    '= {mentions_service: "drain-cleaning", group_by: "month"}. Same semantics as GET /api/reviews/stats.',
  inputSchema: StatsQuery,
  outputSchema: Stats,
  parse: (args) => validateStats(args),
  run(filters: StatsFilters, { ctx, snapshot }) {
    const stats = reviewStats(ctx.search, filters, snapshot.business, snapshot.revision)
    const notes = [
      ...unknownValueNotes(filters, snapshot.business),
      ...(stats.count === 0 ? queryNotes(filters, ctx.search, snapshot.business) : []),
    ]
    return ok({
      structured: stats,
      text: statsText(
        stats,
        notes.map((n) => n.message),
      ),
    })
  },
})

/** The registry: tools/list answers them in this order. */
export const TOOLS: readonly Tool[] = [getBusiness, searchReviews, getReviewsSince, getReview, getInsights, getStats]

export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name)
