/**
 * The search parameters of GET /api/reviews/search and the MCP tool search_reviews: one TypeBox schema,
 * one validator, one set of error messages for both.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import { IsoDate } from './schema'

export const SEARCH_LIMIT_DEFAULT = 20

/**
 * The one rule for every numeric parameter written in a query string: a plain decimal numeral (ASCII
 * digits, optionally a point and more digits; no sign, leading zero, exponent or spaces). Its value is
 * then checked exactly as an MCP argument is: MCP arguments are JSON numbers (JSON's own grammar has no
 * sign or leading zero either), integer parameters take whole values (5 and 5.0 are the same number in
 * both) and the bounds are the same.
 */
export const NUMERAL = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/
const NUMERAL_RULE = 'In a query string: a plain decimal numeral (digits, optionally a point and digits; no sign, leading zero, exponent or spaces). As an MCP argument: a JSON number.'

export const SearchQuery = Type.Object(
  {
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: `Exact star rating: a whole number from 1 to 5. ${NUMERAL_RULE}` })),
    min_rating: Type.Optional(Type.Number({ minimum: 1, maximum: 5, description: `Minimum star rating, inclusive, from 1 to 5 (e.g. 3.5). ${NUMERAL_RULE}` })),
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
      Type.String({ minLength: 1, maxLength: 100, description: 'Technician mentioned, by full name or first name, any case.' }),
    ),
    mentions_service: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'Service id mentioned, e.g. water-heater-repair; any case.' }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: SEARCH_LIMIT_DEFAULT,
        description: `Maximum number of reviews returned: a whole number from 1 to 100. ${NUMERAL_RULE}`,
      }),
    ),
  },
  { $id: 'SearchQuery', additionalProperties: false },
)
export type SearchQuery = Static<typeof SearchQuery>
export type SearchFilters = SearchQuery & { limit: number }

const FIELDS = SearchQuery.properties as Record<keyof SearchQuery, TSchema>
const ORDER = Object.keys(FIELDS)

/** The strict string-to-number step for query strings (see NUMERAL): a number, or the issue naming the rule. */
function coerce(name: string, schema: TSchema, value: string): { value: unknown } | { issue: Issue } {
  if (schema.type !== 'integer' && schema.type !== 'number') return { value }
  if (NUMERAL.test(value)) return { value: Number(value) }
  const example = schema.type === 'integer' ? 'e.g. 20' : 'e.g. 4 or 3.5'
  return { issue: { path: [name], code: 'invalid_type', message: `must be a ${schema.type === 'integer' ? 'whole number' : 'number'} in plain decimal digits, ${example} (no sign, leading zero, exponent or spaces)` } }
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
export function validateSearch(input: Record<string, unknown>): Result<SearchFilters> {
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
  if (issues.length || !valid) return failed(sortIssues(issues))
  return ok({ ...valid, limit: valid.limit ?? SEARCH_LIMIT_DEFAULT })
}

function sortIssues(issues: Issue[]): Issue[] {
  const rank = (i: Issue) => {
    const r = ORDER.indexOf(String(i.path[0]))
    return r === -1 ? ORDER.length : r
  }
  return issues.sort((a, b) => rank(a) - rank(b))
}
