import { describe, expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { check, parseWith } from './issues'

const Schema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    name: Type.String({ minLength: 1, maxLength: 5 }),
    day: Type.Optional(Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    section: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
    nested: Type.Optional(Type.Object({ tags: Type.Array(Type.String()) })),
  },
  { additionalProperties: false },
)

describe('check: TypeBox errors in the words of the API', () => {
  test('a valid value has no issues, and parseWith hands it back typed', () => {
    expect(check(Schema, { name: 'ab', limit: 5 })).toEqual([])
    expect(parseWith(Schema, { name: 'ab' })).toEqual({ ok: true, value: { name: 'ab' } })
  })

  test.each([
    [{}, ['name'], 'required', 'is required'],
    [{ name: '' }, ['name'], 'too_small', 'must not be empty'],
    [{ name: 'abcdef' }, ['name'], 'too_big', 'must be at most 5 characters'],
    [{ name: 'a', limit: 0 }, ['limit'], 'too_small', 'must be at least 1'],
    [{ name: 'a', limit: 101 }, ['limit'], 'too_big', 'must be at most 100'],
    [{ name: 'a', limit: 2.5 }, ['limit'], 'invalid_type', 'must be an integer'],
    [{ name: 'a', limit: '5' }, ['limit'], 'invalid_type', 'must be an integer'],
    [{ name: 'a', day: '2024-02-30' }, ['day'], 'invalid_date', 'must be a real calendar date in YYYY-MM-DD form'],
    [{ name: 'a', day: 'yesterday' }, ['day'], 'invalid_date', 'must be a real calendar date in YYYY-MM-DD form'],
    [{ name: 'a', section: 'c' }, ['section'], 'invalid_enum', 'must be one of a, b'],
    [{ name: 'a', extra: 1 }, ['extra'], 'unrecognized', 'is not a known field'],
    [{ name: 'a', nested: { tags: ['x', 3] } }, ['nested', 'tags', 1], 'invalid_type', 'must be a string'],
  ] as [Record<string, unknown>, (string | number)[], string, string][])('%j -> %j %s', (value, path, code, message) => {
    expect(check(Schema, value)).toEqual([{ path, code, message }])
  })

  test('every bad field is named once, and a failed parse carries them all', () => {
    const result = parseWith(Schema, { name: '', limit: 0, extra: true })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues.map((i) => i.path[0]).sort()).toEqual(['extra', 'limit', 'name'])
  })
})
