/**
 * The search parameters of GET /api/reviews/search and the MCP tool search_reviews: one TypeBox schema,
 * one validator, one set of error messages for both.
 */
import { createHash } from 'node:crypto'
import { Type, type Static } from '@sinclair/typebox'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import { API_QUERY, NUMERAL_RULE, orderIssues, parseQuery, QUERY_MESSAGES } from '../http/query-string'
import { IsoDate, Review } from './schema'

export { NUMERAL } from '../http/query-string'

export const SEARCH_LIMIT_DEFAULT = 20
export const SEARCH_LIMIT_MAX = 100
/** Room for a 200-character review id, its date and the query scope, base64url-encoded. */
const CURSOR_MAX = 400

const Limit = Type.Integer({
  minimum: 1,
  maximum: SEARCH_LIMIT_MAX,
  default: SEARCH_LIMIT_DEFAULT,
  description: `Maximum number of reviews returned (one page): a whole number from 1 to ${SEARCH_LIMIT_MAX}. ${NUMERAL_RULE}`,
})
const Cursor = Type.String({
  minLength: 1,
  maxLength: CURSOR_MAX,
  description: 'Opaque: the next_cursor of the previous page, with the same other parameters.',
})

const Language = Type.String({
  pattern: '^[A-Za-z]{2,3}$',
  description:
    'Only reviews written in this language: a BCP 47 primary language subtag, 2 or 3 letters, any case (e.g. en, de; pt also matches pt-BR). ' +
    'Reviews whose language is unknown match no language.',
})
const ServiceArea = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Only reviews of jobs in this service area: one of the business’s service_areas, any case (exact otherwise).',
})
/** The splits of an aspect: a review's own feeling about it (CONTRACT.md, Names and shapes). */
export const SENTIMENTS = ['positive', 'negative', 'neutral'] as const
export type Sentiment = (typeof SENTIMENTS)[number]

export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const
export type Sort = (typeof SORTS)[number]
const Sort = Type.Union(
  SORTS.map((s) => Type.Literal(s)),
  {
    default: 'newest',
    description:
      'Order of the results: newest (date, newest first; the default), oldest (date, oldest first), highest or lowest (star rating); ' +
      'ties newest first. A cursor continues the order it was given for.',
  },
)

export const SearchQuery = Type.Object(
  {
    rating: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 5, description: `Exact star rating: a whole number from 1 to 5. ${NUMERAL_RULE}` }),
    ),
    min_rating: Type.Optional(
      Type.Number({ minimum: 1, maximum: 5, description: `Minimum star rating, inclusive, from 1 to 5 (e.g. 3.5). ${NUMERAL_RULE}` }),
    ),
    max_rating: Type.Optional(
      Type.Number({ minimum: 1, maximum: 5, description: `Maximum star rating, inclusive, from 1 to 5 (e.g. 2). ${NUMERAL_RULE}` }),
    ),
    since: Type.Optional({ ...IsoDate, description: 'Only reviews on or after this date (YYYY-MM-DD).' }),
    until: Type.Optional({ ...IsoDate, description: 'Only reviews on or before this date (YYYY-MM-DD).' }),
    query: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Case- and accent-insensitive substring of the review text, from 1 character.',
      }),
    ),
    mentions_technician: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Technician mentioned, by full, first or last name, any case and accents.',
      }),
    ),
    mentions_service: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'Service id mentioned, e.g. water-heater-repair; any case.' }),
    ),
    has_response: Type.Optional(
      Type.Boolean({
        description: 'true: only reviews the business replied to; false: only unanswered ones. In a query string: true or false.',
      }),
    ),
    language: Type.Optional(Language),
    service_area: Type.Optional(ServiceArea),
    aspect: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'Only the reviews counted under this aspect in the current insights (GET /insights.json `aspects[].id`, e.g. punctuality, ' +
          'or an aspect the business defines): each page then carries `evidence`, the mentions behind each review. ' +
          'An id the insights do not have is a 400 listing the known ones; while the insights of the current data are computed, a 503 with Retry-After.',
      }),
    ),
    sentiment: Type.Optional(
      Type.Union(
        SENTIMENTS.map((s) => Type.Literal(s)),
        {
          description:
            'With `aspect` or `topic` (alone it is a 400): the reviews counted under the positive, negative or neutral split of the ' +
            'aspect (the review’s own feeling about it, its mentions summed), or, without an aspect, of the topic (the clauses it occurs in).',
        },
      ),
    ),
    topic: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Only the reviews counted under this topic of the current insights (GET /insights.json `topics[].phrase`, any case). ' +
          'A phrase the insights do not have is a 400 listing the known ones; while the insights of the current data are computed, a 503 with Retry-After.',
      }),
    ),
    sort: Type.Optional(Sort),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { $id: 'SearchQuery', additionalProperties: false },
)
export type SearchQuery = Static<typeof SearchQuery>
export type SearchFilters = Omit<SearchQuery, 'cursor'> & { limit: number; after?: ReviewKey; listing?: 'since' }

/**
 * A review's place in a result order; a cursor names the last review of a page and the query it belongs to
 * (`scope`, see queryScope). `sort` and `rating` are there for the orders other than newest first (a cursor
 * continues the order it was given for).
 */
export type ReviewKey = { date: string; id: string; scope?: string; sort?: Sort; rating?: number }

/**
 * A cursor belongs to its query: a short hash of the listing (the search, or the since-listing) and of
 * every filter but `limit` (a page size may change between pages; any other change would skip or repeat
 * reviews). The same for HTTP and MCP, which validate into the same filters.
 */
export function queryScope(filters: SearchFilters): string {
  const entries = Object.entries(filters)
    // `sort=newest` is the default order written out: the same query as no sort.
    .filter(
      ([key, value]) =>
        key !== 'limit' && key !== 'after' && key !== 'listing' && value !== undefined && !(key === 'sort' && value === 'newest'),
    )
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return createHash('sha256')
    .update(JSON.stringify([filters.listing ?? 'search', entries]))
    .digest('base64url')
    .slice(0, 12)
}

/** One page of results: what the search and the MCP list tools answer. */
export const ReviewPage = Type.Object(
  {
    count: Type.Integer({ minimum: 0, description: 'Reviews in this page.' }),
    total: Type.Integer({ minimum: 0, description: 'Every match, across all pages.' }),
    reviews: Type.Array(Review, { description: 'Newest first (date desc, then id desc).' }),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass as `cursor` (with the same other parameters) for the next page; null on the last page.',
    }),
  },
  { $id: 'ReviewPage' },
)
export type ReviewPage = Static<typeof ReviewPage>

/**
 * Cursors are keyset positions, not offsets: "after this review" stays right when new reviews arrive
 * between two pages. Base64url of a small JSON, opaque to clients: [date, id] in the newest-first order
 * (the form every earlier release wrote), [date, id, sort, rating] in any other.
 */
export function encodeCursor(key: ReviewKey): string {
  const order = key.sort && key.sort !== 'newest' ? [key.sort, key.rating ?? 0] : []
  const value = key.scope ? [key.date, key.id, key.scope, ...order] : [key.date, key.id, ...order]
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function decodeCursor(cursor: string): ReviewKey | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value[0]))
      return undefined
    // [date, id] and [date, id, sort, rating]: cursors of earlier releases, which carried no scope.
    const [date, id] = value as [string, string]
    const scoped = typeof value[2] === 'string' && !SORTS.includes(value[2] as Sort)
    const scope = scoped ? (value[2] as string) : undefined
    const order = value.slice(scoped ? 3 : 2)
    if (order.length === 0) return scope ? { date, id, scope } : { date, id }
    const [sort, rating] = order as [unknown, unknown]
    if (order.length === 2 && SORTS.includes(sort as Sort) && sort !== 'newest' && Number.isInteger(rating))
      return { date, id, ...(scope ? { scope } : {}), sort: sort as Sort, rating: rating as number }
  } catch {}
  return undefined
}

const badCursor: Issue = { path: ['cursor'], code: 'invalid_cursor', message: 'must be a next_cursor this server returned' }
const otherSort = (sort: Sort): Issue => ({
  path: ['cursor'],
  code: 'invalid_cursor',
  message: `must be a next_cursor of the same sort (this one continues sort=${sort})`,
})
const otherQueryCursor: Issue = {
  path: ['cursor'],
  code: 'cursor_mismatch',
  message:
    'belongs to another query: pass it with exactly the other arguments of the call that returned it (only limit may change), or leave it out to start again',
}

const ORDER = Object.keys(SearchQuery.properties)

/** From a query string (the one parser, http/query-string.ts), then validateSearch. */
export function parseSearchParams(params: URLSearchParams | string): Result<SearchFilters> {
  return parseQuery(params, SearchQuery, API_QUERY, validateSearch)
}

const languageIssue: Issue = {
  path: ['language'],
  code: 'invalid_format',
  message: 'must be a primary language tag of 2 or 3 letters, e.g. en or de',
}

/** From typed arguments (MCP): no coercion, the same bounds and messages. */
export function validateSearch(input: Record<string, unknown>, listing: 'search' | 'since' = 'search'): Result<SearchFilters> {
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  const issues = check(SearchQuery, given).map((issue) => {
    if (issue.code === 'unrecognized') return { ...issue, ...QUERY_MESSAGES.unrecognized(ORDER) }
    if (issue.path[0] === 'language' && issue.code === 'invalid_format') return languageIssue
    return issue
  })
  const valid = issues.length === 0 ? (given as SearchQuery) : null
  const since = given.since
  const until = given.until
  const datesValid = !issues.some((i) => i.path[0] === 'since' || i.path[0] === 'until')
  if (datesValid && typeof since === 'string' && typeof until === 'string' && since > until) {
    issues.push({ path: ['since'], code: 'invalid_range', message: `must not be after until (${until})` })
  }
  const ratingsValid = !issues.some((i) => i.path[0] === 'min_rating' || i.path[0] === 'max_rating')
  if (ratingsValid && typeof given.min_rating === 'number' && typeof given.max_rating === 'number' && given.min_rating > given.max_rating) {
    issues.push({ path: ['min_rating'], code: 'invalid_range', message: `must not be above max_rating (${given.max_rating})` })
  }
  if (
    given.sentiment !== undefined &&
    given.aspect === undefined &&
    given.topic === undefined &&
    !issues.some((i) => i.path[0] === 'sentiment')
  ) {
    issues.push({
      path: ['sentiment'],
      code: 'missing_aspect',
      message:
        'needs aspect or topic: it picks the positive, negative or neutral reviews of one aspect or topic (e.g. aspect=punctuality&sentiment=negative)',
    })
  }
  const after = typeof given.cursor === 'string' ? decodeCursor(given.cursor) : undefined
  if (typeof given.cursor === 'string' && !issues.some((i) => i.path[0] === 'cursor')) {
    const sort = SORTS.includes(given.sort as Sort) ? (given.sort as Sort) : 'newest'
    if (!after) issues.push(badCursor)
    else if ((after.sort ?? 'newest') !== sort) issues.push(otherSort(after.sort ?? 'newest'))
  }
  if (issues.length || !valid) return failed(orderIssues(issues, ORDER))
  const { cursor: _cursor, ...rest } = valid
  const filters: SearchFilters = { ...rest, limit: valid.limit ?? SEARCH_LIMIT_DEFAULT, ...(listing === 'since' ? { listing } : {}) }
  if (after?.scope !== undefined && after.scope !== queryScope(filters)) return failed([otherQueryCursor])
  return ok(after ? { ...filters, after } : filters)
}

/** The values `aspect` and `topic` may take: those of the current insights (they follow the data and the business's own aspects). */
export type FigureValues = { aspects: readonly string[]; topics: readonly string[] }

/** A topic as the insights write it (lower case, single spaces), so any case finds it. */
export const topicKey = (topic: string) => topic.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The second step of validating `aspect` and `topic`, once the current insights are known (HTTP and MCP
 * alike): a value they do not have is an issue naming the known ones.
 */
export function checkFigureValues(filters: Pick<SearchFilters, 'aspect' | 'topic'>, known: FigureValues): Issue[] {
  const issues: Issue[] = []
  const list = (values: readonly string[]) => (values.length ? values.join(', ') : '(none yet)')
  if (filters.aspect !== undefined && !known.aspects.includes(filters.aspect))
    issues.push({
      path: ['aspect'],
      code: 'unknown_aspect',
      message: `must be an aspect id of the current insights: ${list(known.aspects)}`,
    })
  if (filters.topic !== undefined && !known.topics.includes(topicKey(filters.topic)))
    issues.push({ path: ['topic'], code: 'unknown_topic', message: `must be a topic of the current insights: ${list(known.topics)}` })
  return issues
}

/**
 * The query parameters of GET /api/reviews/since/{date}: paging (`limit`, `cursor`) and the filters that
 * make sense for a sync (`language`, `service_area`). Absent all of them, the listing is the complete one.
 */
export const SinceQuery = Type.Object(
  {
    language: Type.Optional(Language),
    service_area: Type.Optional(ServiceArea),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
)

/** What the since-listing answers: the complete listing (`page: false`, filters applied) or pages. */
export type SinceRequest = { filters: SearchFilters; page: boolean }

/** The query of GET /api/reviews/since/{date}: null when the whole, unfiltered listing is wanted. */
export function parseSinceParams(date: string, params: URLSearchParams | string): Result<SinceRequest | null> {
  return parseQuery(params, SinceQuery, API_QUERY, (values) => {
    if (Object.keys(values).length === 0) return ok(null)
    const page = values.limit !== undefined || values.cursor !== undefined
    const parsed = validateSearch({ ...values, since: date }, 'since')
    return parsed.ok ? ok({ filters: parsed.value, page }) : parsed
  })
}
