/**
 * The one vocabulary for "this input is wrong": an Issue names where (path), what kind (code) and a
 * sentence for a person. HTTP 400 bodies, MCP tool errors, the business file and import records all
 * speak it; `check` derives issues from any TypeBox schema through one message table.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors'
import './string-formats'

export const IssueSchema = Type.Object(
  {
    path: Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'Where the problem is, e.g. ["limit"].' }),
    code: Type.String({ description: 'too_small, too_big, invalid_type, invalid_date, invalid_range, repeated, unrecognized, ...' }),
    message: Type.String({ description: 'A sentence for a person, e.g. "must be at most 100".' }),
  },
  { $id: 'Issue' },
)
export type Issue = Static<typeof IssueSchema>

/** The one result shape of every check and parse: a value, or every problem found. */
export type Result<T> = { ok: true; value: T } | { ok: false; issues: Issue[] }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const failed = <T = never>(issues: Issue[]): Result<T> => ({ ok: false, issues })

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>()
const checkerOf = (schema: TSchema) => {
  let checker = compiled.get(schema)
  if (!checker) compiled.set(schema, (checker = TypeCompiler.Compile(schema)))
  return checker
}

/** Every problem of `value` against `schema`, one issue per path (the most telling one first). */
export function check(schema: TSchema, value: unknown): Issue[] {
  const checker = checkerOf(schema)
  if (checker.Check(value)) return []
  const issues: Issue[] = []
  const seen = new Set<string>()
  for (const error of checker.Errors(value)) {
    const path = pointerToPath(error.path)
    const key = JSON.stringify(path)
    if (seen.has(key)) continue
    seen.add(key)
    issues.push({ path, ...describe(error) })
  }
  return issues
}

/** A value of the schema's type, or the issues: `check` for callers that want the typed value back. */
export function parseWith<T extends TSchema>(schema: T, value: unknown): Result<Static<T>> {
  const issues = check(schema, value)
  return issues.length ? failed(issues) : ok(value as Static<T>)
}

function pointerToPath(pointer: string): Issue['path'] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/** The one message table: TypeBox's error kinds in the words our API uses (fixed wording here, bounds below). */
const MESSAGES: Partial<Record<ValueErrorType, { code: string; message: string }>> = {
  [ValueErrorType.ObjectRequiredProperty]: { code: 'required', message: 'is required' },
  [ValueErrorType.ObjectAdditionalProperties]: { code: 'unrecognized', message: 'is not a known field' },
  [ValueErrorType.Integer]: { code: 'invalid_type', message: 'must be an integer' },
  [ValueErrorType.Number]: { code: 'invalid_type', message: 'must be a number' },
  [ValueErrorType.String]: { code: 'invalid_type', message: 'must be a string' },
  [ValueErrorType.Boolean]: { code: 'invalid_type', message: 'must be true or false' },
  [ValueErrorType.Array]: { code: 'invalid_type', message: 'must be a list' },
  [ValueErrorType.Object]: { code: 'invalid_type', message: 'must be an object' },
  [ValueErrorType.Null]: { code: 'invalid_type', message: 'must be null' },
}

function describe(error: ValueError): { code: string; message: string } {
  const fixed = MESSAGES[error.type]
  if (fixed) return fixed
  const schema = error.schema as Record<string, any>
  switch (error.type) {
    case ValueErrorType.Literal:
      return { code: 'invalid_value', message: `must be ${JSON.stringify(schema.const)}` }
    case ValueErrorType.Union:
      return unionIssue(schema)
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return { code: 'too_small', message: `must be at least ${schema.minimum}` }
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return { code: 'too_big', message: `must be at most ${schema.maximum}` }
    case ValueErrorType.StringMinLength:
      return {
        code: 'too_small',
        message: schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters`,
      }
    case ValueErrorType.StringMaxLength:
      return { code: 'too_big', message: `must be at most ${schema.maxLength} characters` }
    case ValueErrorType.ArrayMaxItems:
      return { code: 'too_big', message: `must have at most ${schema.maxItems} items` }
    case ValueErrorType.StringFormat:
      return FORMAT_MESSAGES[schema.format as string] ?? { code: 'invalid_format', message: `must be a valid ${schema.format}` }
    case ValueErrorType.StringPattern:
      if (FORMAT_MESSAGES[schema.format as string]) return FORMAT_MESSAGES[schema.format as string]!
      return { code: 'invalid_format', message: schema.description ? `must match: ${schema.description}` : `must match ${schema.pattern}` }
    default:
      return { code: 'invalid', message: error.message.replace(/^Expected/, 'must be').toLowerCase() }
  }
}

const FORMAT_MESSAGES: Record<string, { code: string; message: string }> = {
  date: { code: 'invalid_date', message: 'must be a real calendar date in YYYY-MM-DD form' },
  'date-time': { code: 'invalid_date', message: 'must be an RFC 3339 timestamp' },
  uri: { code: 'invalid_url', message: 'must be an absolute URL' },
  'http-url': { code: 'invalid_url', message: 'must be an http:// or https:// URL' },
  'time-zone': { code: 'invalid_time_zone', message: 'must be an IANA time zone this runtime knows, e.g. America/Denver' },
}

function unionIssue(schema: Record<string, any>): { code: string; message: string } {
  const options = schema.anyOf as Record<string, any>[]
  if (options.every((s) => 'const' in s))
    return { code: 'invalid_enum', message: `must be one of ${options.map((s) => s.const).join(', ')}` }
  const kinds = options.map((s) => (s.type === 'null' ? 'null' : s.type === 'object' ? 'an object' : `a ${s.type}`))
  return { code: 'invalid_type', message: `must be ${kinds.join(' or ')}` }
}
