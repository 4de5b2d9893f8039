/**
 * The search parameters of GET /api/reviews/search and the MCP tool search_reviews: one TypeBox schema,
 * one validator, one set of error messages for both.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { Issue } from '../api/errors'
import { IsoDate } from './schema'
import { isCalendarDate } from '../core/dates'

export const SEARCH_LIMIT_DEFAULT = 20

export const SearchQuery = Type.Object(
  {
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Exact star rating.' })),
    min_rating: Type.Optional(Type.Number({ minimum: 1, maximum: 5, description: 'Minimum star rating, inclusive.' })),
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
      Type.Integer({ minimum: 1, maximum: 100, default: SEARCH_LIMIT_DEFAULT, description: 'Maximum number of reviews returned.' }),
    ),
  },
  { $id: 'SearchQuery', additionalProperties: false },
)
export type SearchQuery = Static<typeof SearchQuery>
export type SearchFilters = SearchQuery & { limit: number }

type Kind = 'integer' | 'number' | 'string'
const FIELDS = SearchQuery.properties as Record<keyof SearchQuery, TSchema>

function kindOf(schema: TSchema): Kind {
  return schema.type === 'integer' ? 'integer' : schema.type === 'number' ? 'number' : 'string'
}

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] }

/** From a query string: strings are coerced by the schema's declared type; repeats are an error. */
export function parseSearchParams(params: URLSearchParams): Validation<SearchFilters> {
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
    if (!schema) {
      raw[name] = value
      continue
    }
    const kind = kindOf(schema)
    if (kind === 'integer') raw[name] = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value
    else if (kind === 'number') raw[name] = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? Number(value) : value
    else raw[name] = value
  }
  const result = validateSearch(raw)
  if (!result.ok) issues.push(...result.issues.filter((i) => !issues.some((j) => j.path[0] === i.path[0])))
  return issues.length ? { ok: false, issues: sortIssues(issues) } : result
}

/** From typed arguments (MCP): no coercion, the same bounds and messages. */
export function validateSearch(input: Record<string, unknown>): Validation<SearchFilters> {
  const issues: Issue[] = []
  const value: Record<string, unknown> = {}
  for (const [name, given] of Object.entries(input)) {
    if (given === undefined) continue
    const schema = FIELDS[name as keyof SearchQuery]
    if (!schema) {
      issues.push({ path: [name], code: 'unrecognized', message: `must be one of the known parameters: ${Object.keys(FIELDS).join(', ')}` })
      continue
    }
    const issue = checkField(name, schema, given)
    if (issue) issues.push(issue)
    else value[name] = given
  }
  if (typeof value.since === 'string' && typeof value.until === 'string' && value.since > value.until) {
    issues.push({ path: ['since'], code: 'invalid_range', message: `must not be after until (${value.until})` })
  }
  if (issues.length) return { ok: false, issues: sortIssues(issues) }
  return { ok: true, value: { ...(value as SearchQuery), limit: (value.limit as number | undefined) ?? SEARCH_LIMIT_DEFAULT } }
}

function checkField(name: string, schema: TSchema, given: unknown): Issue | null {
  const path = [name]
  switch (kindOf(schema)) {
    case 'integer':
    case 'number': {
      const integer = schema.type === 'integer'
      if (typeof given !== 'number' || !Number.isFinite(given)) {
        return { path, code: 'invalid_type', message: integer ? 'must be an integer' : 'must be a number' }
      }
      if (integer && !Number.isInteger(given)) return { path, code: 'invalid_type', message: 'must be an integer' }
      if (given < schema.minimum) return { path, code: 'too_small', message: `must be at least ${schema.minimum}` }
      if (given > schema.maximum) return { path, code: 'too_big', message: `must be at most ${schema.maximum}` }
      return null
    }
    case 'string': {
      if (typeof given !== 'string') return { path, code: 'invalid_type', message: 'must be a string' }
      if (schema.format === 'date') {
        return isCalendarDate(given) ? null : { path, code: 'invalid_date', message: 'must be a real calendar date in YYYY-MM-DD form' }
      }
      const length = [...given].length
      if (length < (schema.minLength ?? 0)) return { path, code: 'too_small', message: 'must not be empty' }
      if (length > (schema.maxLength ?? Infinity)) return { path, code: 'too_big', message: `must be at most ${schema.maxLength} characters` }
      return null
    }
  }
}

const ORDER = Object.keys(FIELDS)
function sortIssues(issues: Issue[]): Issue[] {
  const rank = (i: Issue) => {
    const r = ORDER.indexOf(String(i.path[0]))
    return r === -1 ? ORDER.length : r
  }
  return issues.sort((a, b) => rank(a) - rank(b))
}
