/**
 * One rule for every numeric query parameter (rating, min_rating, limit): a plain decimal numeral, whose
 * value is then checked exactly as the MCP tool checks a JSON number argument.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { NUMERAL, parseSearchParams, validateSearch } from '../../src/reviews/search-query'
import { startTestServer, type TestServer } from '../support/server'

const NUMERIC = ['rating', 'min_rating', 'limit'] as const

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const search = async (query: string) => {
  const response = await fetch(`${server.url}/api/reviews/search?${query}`)
  return { status: response.status, body: (await response.json()) as any }
}

describe('numeric query parameters', () => {
  const refused = ['+5', '05', '1e0', '5e0', ' 5', '5 ', '-1', '0x5', '5.', '.5', 'Infinity', 'NaN', '\uFF15', '5_0', '', '1,5']

  test.each(NUMERIC)('%s refuses every numeral that is not plain decimal digits, naming the rule', async (name) => {
    for (const value of refused) {
      const { status, body } = await search(`${name}=${encodeURIComponent(value)}`)
      expect({ value, status }).toEqual({ value, status: 400 })
      expect(body.issues).toEqual([
        { path: [name], code: 'invalid_type', message: expect.stringMatching(/^must be a (whole )?number in plain decimal digits/) },
      ])
    }
  })

  test('plain numerals are accepted, whole values for integers, fractions where the parameter takes them', async () => {
    for (const query of [
      'rating=5',
      'rating=5.0',
      'limit=100',
      'limit=1',
      'min_rating=3.5',
      'min_rating=3.50',
      'min_rating=1',
      'limit=20&rating=1&min_rating=1.0',
    ]) {
      expect({ query, status: (await search(query)).status }).toEqual({ query, status: 200 })
    }
    expect((await search('limit=2.5')).body.issues).toEqual([{ path: ['limit'], code: 'invalid_type', message: 'must be an integer' }])
    expect((await search('limit=0')).body.issues[0].code).toBe('too_small')
    expect((await search('limit=99999999999999999999')).body.issues[0].code).toBe('too_big')
  })

  test('the same rule holds whatever the parameter: the wrong parameter and the wrong form are both reported', async () => {
    const { body } = await search('rating=%2B5&limit=05&min_rating=1e0')
    expect(body.issues.map((i: any) => i.path[0])).toEqual(['rating', 'min_rating', 'limit'])
  })
})

describe('the same in MCP: a query string is accepted exactly when its numeral is plain and the JSON number would be', () => {
  // Strings near the grammar's edges: digits, signs, points, exponents, spaces, letters.
  const numeralish = fc.stringMatching(/^[ +\-0-9.eE]{0,6}$/)

  test.each(NUMERIC)('%s (property)', (name) => {
    fc.assert(
      fc.property(numeralish, (text) => {
        const viaQuery = parseSearchParams(new URLSearchParams([[name, text]]))
        if (!NUMERAL.test(text)) {
          expect(viaQuery.ok).toBe(false)
          return
        }
        const viaMcp = validateSearch({ [name]: Number(text) })
        expect(viaQuery).toEqual(viaMcp)
      }),
      { numRuns: 2000, seed: 15 },
    )
  })

  test('JSON numbers the query grammar cannot write are still numbers in MCP: 1e0 is 1, 5.0 is 5', () => {
    expect(validateSearch(JSON.parse('{"min_rating": 1e0, "rating": 5.0}'))).toEqual({
      ok: true,
      value: { min_rating: 1, rating: 5, limit: 20 },
    })
    expect(validateSearch({ limit: '5' }).ok).toBe(false)
  })
})
