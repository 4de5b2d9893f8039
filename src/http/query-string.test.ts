import { describe, expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { check, ok } from '../core/issues'
import { API_QUERY, PAGE_QUERY, parseQuery, queryOf, readQuery } from './query-string'

const Schema = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  ratio: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ minLength: 1 })),
})
const validate = (values: Record<string, unknown>) => {
  const issues = check(Schema, values)
  return issues.length ? { ok: false as const, issues } : ok(values)
}
const codes = (query: string, policy = API_QUERY) => {
  const result = parseQuery(query, Schema, policy, validate)
  return result.ok ? result.value : result.issues.map((i) => [i.path[0], i.code])
}

describe('readQuery and parseQuery', () => {
  test('numbers by the plain-numeral rule, booleans by their two words, strings as written', () => {
    expect(readQuery('count=5&ratio=3.50&flag=false&name=a+b', Schema, API_QUERY)).toEqual({
      values: { count: 5, ratio: 3.5, flag: false, name: 'a b' },
      issues: [],
    })
    for (const bad of ['05', '+5', '1e0', ' 5', '5.', '.5', '-1'])
      expect(codes(`count=${encodeURIComponent(bad)}`)).toEqual([['count', 'invalid_type']])
    expect(codes('flag=yes')).toEqual([['flag', 'invalid_type']])
  })

  test('bounds come from the schema, through the one message table', () => {
    const result = parseQuery('count=11', Schema, API_QUERY, validate)
    expect(result).toEqual({ ok: false, issues: [{ path: ['count'], code: 'too_big', message: 'must be at most 10' }] })
    expect(codes('count=2.5')).toEqual([['count', 'invalid_type']])
  })

  test('a repeat is one issue, whatever its values', () => {
    expect(codes('count=1&count=2')).toEqual([['count', 'repeated']])
    expect(codes('count=abc&count=2&count=3')).toEqual([['count', 'repeated']])
  })

  test('API: unknown names are refused naming the known ones, empty values are checked', () => {
    const result = parseQuery('other=1&name=', Schema, API_QUERY, validate)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual([
      { path: ['name'], code: 'too_small', message: 'must not be empty' },
      { path: ['other'], code: 'unrecognized', message: 'must be one of the known parameters: count, ratio, flag, name' },
    ])
  })

  test('pages: unknown names are skipped, an empty value is not given (and no repeat)', () => {
    expect(codes('utm_source=x&name=&count=', PAGE_QUERY)).toEqual({})
    expect(codes('count=&count=3', PAGE_QUERY)).toEqual({ count: 3 })
    expect(codes('count=1&count=3', PAGE_QUERY)).toEqual([['count', 'repeated']])
  })

  test('issues come in the schema’s order, unknown names last', () => {
    expect(codes('zzz=1&name=&flag=x&count=0')).toEqual([
      ['count', 'too_small'],
      ['flag', 'invalid_type'],
      ['name', 'too_small'],
      ['zzz', 'unrecognized'],
    ])
  })

  test('queryOf: the part after ?, without a fragment', () => {
    expect(queryOf('http://h/p')).toBe('')
    expect(queryOf('http://h/p?')).toBe('')
    expect(queryOf('http://h/p?a=1&b=2')).toBe('a=1&b=2')
    expect(queryOf('http://h/p?a=1#x')).toBe('a=1')
  })
})
