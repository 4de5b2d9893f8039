/**
 * The one query-string parser: the search, the since-listing, the pages' filters and the widget's
 * options all read their parameters here, against a TypeBox object schema, with one set of rules and
 * one message table:
 * - a numeric parameter is a plain decimal numeral (NUMERAL), a boolean is `true` or `false`, a string
 *   is taken as written; the schema's bounds are then checked like any other input (core/issues.ts);
 * - a parameter given twice is an issue (`repeated`), whatever its values;
 * - a name the schema does not know is an issue (`unrecognized`) on the JSON API, and skipped on the
 *   pages for people (links carry tracking parameters such as utm_source): the policy says which;
 * - an empty value (`query=`) is checked like any other on the API, and means "not given" on the pages
 *   (a form submits its empty fields); the OpenAPI document states both.
 * Every issue names its parameter; a parameter has at most one issue.
 */
import type { TObject, TSchema } from '@sinclair/typebox'
import { failed, type Issue, type Result } from '../core/issues'

/**
 * The one rule for every numeric parameter written in a query string: a plain decimal numeral (ASCII
 * digits, optionally a point and more digits; no sign, leading zero, exponent or spaces). Its value is
 * then checked exactly as an MCP argument is: MCP arguments are JSON numbers (JSON's own grammar has no
 * sign or leading zero either), integer parameters take whole values (5 and 5.0 are the same number in
 * both) and the bounds are the same.
 */
export const NUMERAL = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/

/** How the rule reads in a parameter's description. */
export const NUMERAL_RULE =
  'In a query string: a plain decimal numeral (digits, optionally a point and digits; no sign, leading zero, exponent or spaces). As an MCP argument: a JSON number.'

/** What the parser says itself (bounds, dates and enums are worded by core/issues.ts's table). */
export const QUERY_MESSAGES = {
  repeated: { code: 'repeated', message: 'must be given at most once' },
  unrecognized: (known: string[]) => ({ code: 'unrecognized', message: `must be one of the known parameters: ${known.join(', ')}` }),
  integer: {
    code: 'invalid_type',
    message: 'must be a whole number in plain decimal digits, e.g. 20 (no sign, leading zero, exponent or spaces)',
  },
  number: {
    code: 'invalid_type',
    message: 'must be a number in plain decimal digits, e.g. 4 or 3.5 (no sign, leading zero, exponent or spaces)',
  },
  boolean: { code: 'invalid_type', message: 'must be true or false' },
} as const

export type QueryPolicy = {
  /** A name the schema does not know: an issue, or skipped. */
  unknown: 'reject' | 'ignore'
  /** An empty value: checked like any other, or the same as not given. */
  empty: 'value' | 'absent'
}
/** The JSON API: every parameter must be known and valid. */
export const API_QUERY: QueryPolicy = { unknown: 'reject', empty: 'value' }
/** Pages for people: unknown names (tracking) are skipped, empty form fields are not given. */
export const PAGE_QUERY: QueryPolicy = { unknown: 'ignore', empty: 'absent' }

/** The query string of a URL without its `?` ('' when there is none). */
export function queryOf(url: string): string {
  const mark = url.indexOf('?')
  if (mark === -1) return ''
  const hash = url.indexOf('#', mark)
  return hash === -1 ? url.slice(mark + 1) : url.slice(mark + 1, hash)
}

type Read = { values: Record<string, unknown>; issues: Issue[] }

/** The typed values of the known parameters and the issues found reading them (bounds are not checked yet). */
export function readQuery(query: string | URLSearchParams, schema: TObject, policy: QueryPolicy): Read {
  const fields = schema.properties as Record<string, TSchema>
  const params = typeof query === 'string' ? new URLSearchParams(query) : query
  const given = new Map<string, string[]>()
  const unknown: string[] = []
  for (const [name, value] of params) {
    if (!Object.hasOwn(fields, name)) {
      if (policy.unknown === 'reject' && !unknown.includes(name)) unknown.push(name)
    } else if (value !== '' || policy.empty === 'value') {
      const list = given.get(name)
      if (list) list.push(value)
      else given.set(name, [value])
    }
  }
  const values: Record<string, unknown> = {}
  const issues: Issue[] = []
  for (const [name, list] of given) {
    // A repeat is the issue to report, whatever the values.
    const coerced = list.length > 1 ? { issue: QUERY_MESSAGES.repeated } : coerce(fields[name]!, list[0]!)
    if ('issue' in coerced) issues.push({ path: [name], ...coerced.issue })
    else values[name] = coerced.value
  }
  for (const name of unknown) issues.push({ path: [name], ...QUERY_MESSAGES.unrecognized(Object.keys(fields)) })
  return { values, issues }
}

/**
 * `readQuery`, then `validate` on the values read (the schema's bounds and any rule across parameters):
 * one issue per parameter, the reading's first, in the schema's order with unknown names last.
 */
export function parseQuery<T>(
  query: string | URLSearchParams,
  schema: TObject,
  policy: QueryPolicy,
  validate: (values: Record<string, unknown>) => Result<T>,
): Result<T> {
  const read = readQuery(query, schema, policy)
  const validated = validate(read.values)
  if (!read.issues.length) return validated
  const issues = [...read.issues]
  if (!validated.ok) issues.push(...validated.issues.filter((i) => !issues.some((j) => j.path[0] === i.path[0])))
  return failed(orderIssues(issues, Object.keys(schema.properties)))
}

/** Issues in the order of the parameters' names (unknown names last, in the order given). */
export function orderIssues(issues: Issue[], order: string[]): Issue[] {
  const rank = (i: Issue) => {
    const r = order.indexOf(String(i.path[0]))
    return r === -1 ? order.length : r
  }
  return issues.sort((a, b) => rank(a) - rank(b))
}

/** The strict string-to-value step: a number by NUMERAL, a boolean by its two words, anything else as written. */
function coerce(schema: TSchema, value: string): { value: unknown } | { issue: { code: string; message: string } } {
  if (schema.type === 'boolean') {
    if (value === 'true' || value === 'false') return { value: value === 'true' }
    return { issue: QUERY_MESSAGES.boolean }
  }
  if (schema.type !== 'integer' && schema.type !== 'number') return { value }
  if (NUMERAL.test(value)) return { value: Number(value) }
  return { issue: schema.type === 'integer' ? QUERY_MESSAGES.integer : QUERY_MESSAGES.number }
}
