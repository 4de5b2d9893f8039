/**
 * The search parameters of GET /api/reviews/search and the MCP tool search_reviews: one TypeBox schema,
 * one validator, one set of error messages for both.
 */
import { createHash } from 'node:crypto'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import { IsoDate, Review } from './schema'

export const SEARCH_LIMIT_DEFAULT = 20
export const SEARCH_LIMIT_MAX = 100
/** Room for a 200-character review id, its date and the query scope, base64url-encoded. */
const CURSOR_MAX = 400

/**
 * The one rule for every numeric parameter written in a query string: a plain decimal numeral (ASCII
 * digits, optionally a point and more digits; no sign, leading zero, exponent or spaces). Its value is
 * then checked exactly as an MCP argument is: MCP arguments are JSON numbers (JSON's own grammar has no
 * sign or leading zero either), integer parameters take whole values (5 and 5.0 are the same number in
 * both) and the bounds are the same.
 */
export const NUMERAL = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/
const NUMERAL_RULE =
  'In a query string: a plain decimal numeral (digits, optionally a point and digits; no sign, leading zero, exponent or spaces). As an MCP argument: a JSON number.'

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
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { $id: 'SearchQuery', additionalProperties: false },
)
export type SearchQuery = Static<typeof SearchQuery>
export type SearchFilters = Omit<SearchQuery, 'cursor'> & { limit: number; after?: ReviewKey; listing?: 'since' }

/**
 * A review's place in the newest-first order; a cursor names the last review of a page, and the query
 * it belongs to (`scope`, see queryScope).
 */
export type ReviewKey = { date: string; id: string; scope?: string }

/**
 * A cursor belongs to its query: a short hash of the listing (the search, or the since-listing) and of
 * every filter but `limit` (a page size may change between pages; any other change would skip or repeat
 * reviews). The same for HTTP and MCP, which validate into the same filters.
 */
export function queryScope(filters: SearchFilters): string {
  const entries = Object.entries(filters)
    .filter(([key, value]) => key !== 'limit' && key !== 'after' && key !== 'listing' && value !== undefined)
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
 * between two pages. Base64url of a small JSON, opaque to clients.
 */
export function encodeCursor(key: ReviewKey): string {
  return Buffer.from(JSON.stringify(key.scope ? [key.date, key.id, key.scope] : [key.date, key.id])).toString('base64url')
}

function decodeCursor(cursor: string): ReviewKey | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(value[0])
    ) {
      return { date: value[0], id: value[1], scope: value[2] }
    }
  } catch {}
  return undefined
}

const badCursor: Issue = { path: ['cursor'], code: 'invalid_cursor', message: 'must be a next_cursor this server returned' }
const otherQueryCursor: Issue = {
  path: ['cursor'],
  code: 'cursor_mismatch',
  message:
    'belongs to another query: pass it with exactly the other arguments of the call that returned it (only limit may change), or leave it out to start again',
}

const FIELDS = SearchQuery.properties as Record<keyof SearchQuery, TSchema>
const ORDER = Object.keys(FIELDS)

/** The strict string-to-number step for query strings (see NUMERAL): a number, or the issue naming the rule. */
function coerce(name: string, schema: TSchema, value: string): { value: unknown } | { issue: Issue } {
  if (schema.type === 'boolean') {
    if (value === 'true' || value === 'false') return { value: value === 'true' }
    return { issue: { path: [name], code: 'invalid_type', message: 'must be true or false' } }
  }
  if (schema.type !== 'integer' && schema.type !== 'number') return { value }
  if (NUMERAL.test(value)) return { value: Number(value) }
  const example = schema.type === 'integer' ? 'e.g. 20' : 'e.g. 4 or 3.5'
  return {
    issue: {
      path: [name],
      code: 'invalid_type',
      message: `must be a ${schema.type === 'integer' ? 'whole number' : 'number'} in plain decimal digits, ${example} (no sign, leading zero, exponent or spaces)`,
    },
  }
}

/** From a query string: strings are coerced by the schema's declared type; repeats are an error. */
export function parseSearchParams(params: URLSearchParams): Result<SearchFilters> {
  const issues: Issue[] = []
  const raw: Record<string, unknown> = {}
  const seen = new Set<string>()
  for (const [name, value] of params) {
    if (seen.has(name)) {
      if (!issues.some((i) => i.path[0] === name)) issues.push({ path: [name], code: 'repeated', message: 'must be given at most once' })
      continue
    }
    seen.add(name)
    const schema = FIELDS[name as keyof SearchQuery]
    const coerced = schema ? coerce(name, schema, value) : { value }
    if ('issue' in coerced) issues.push(coerced.issue)
    else raw[name] = coerced.value
  }
  const result = validateSearch(raw)
  if (!result.ok) issues.push(...result.issues.filter((i) => !issues.some((j) => j.path[0] === i.path[0])))
  return issues.length ? failed(sortIssues(issues)) : result
}

/** From typed arguments (MCP): no coercion, the same bounds and messages. */
export function validateSearch(input: Record<string, unknown>, listing: 'search' | 'since' = 'search'): Result<SearchFilters> {
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  const issues = check(SearchQuery, given).map((issue) =>
    issue.code === 'unrecognized' ? { ...issue, message: `must be one of the known parameters: ${ORDER.join(', ')}` } : issue,
  )
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
  const after = typeof given.cursor === 'string' ? decodeCursor(given.cursor) : undefined
  if (typeof given.cursor === 'string' && !after && !issues.some((i) => i.path[0] === 'cursor')) issues.push(badCursor)
  if (issues.length || !valid) return failed(sortIssues(issues))
  const { cursor: _cursor, ...rest } = valid
  const filters: SearchFilters = { ...rest, limit: valid.limit ?? SEARCH_LIMIT_DEFAULT, ...(listing === 'since' ? { listing } : {}) }
  if (after && after.scope !== queryScope(filters)) return failed([otherQueryCursor])
  return ok(after ? { ...filters, after } : filters)
}

/** The paging parameters of the since-listing (`limit`, `cursor`); absent both, the listing is complete. */
const SinceQuery = Type.Object({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) }, { additionalProperties: false })

/** `limit`/`cursor` of GET /api/reviews/since/{date}: null when the whole listing is wanted. */
export function parseSinceParams(date: string, params: URLSearchParams): Result<SearchFilters | null> {
  const allowed = Object.keys(SinceQuery.properties)
  const issues: Issue[] = []
  const raw: Record<string, unknown> = {}
  for (const [name, value] of params) {
    if (!allowed.includes(name)) {
      if (!issues.some((i) => i.path[0] === name))
        issues.push({ path: [name], code: 'unrecognized', message: `must be one of the known parameters: ${allowed.join(', ')}` })
    } else if (name in raw || issues.some((i) => i.path[0] === name)) {
      if (!issues.some((i) => i.path[0] === name && i.code === 'repeated'))
        issues.push({ path: [name], code: 'repeated', message: 'must be given at most once' })
    } else {
      const coerced = name === 'limit' ? coerce(name, Limit, value) : { value }
      if ('issue' in coerced) issues.push(coerced.issue)
      else raw[name] = coerced.value
    }
  }
  if (issues.length) return failed(issues)
  if (Object.keys(raw).length === 0) return ok(null)
  return validateSearch({ ...raw, since: date }, 'since')
}

function sortIssues(issues: Issue[]): Issue[] {
  const rank = (i: Issue) => {
    const r = ORDER.indexOf(String(i.path[0]))
    return r === -1 ? ORDER.length : r
  }
  return issues.sort((a, b) => rank(a) - rank(b))
}
