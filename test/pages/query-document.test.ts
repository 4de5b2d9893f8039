/**
 * The pages' query parameters as the OpenAPI document states them and as the server takes them: one
 * parser (src/http/query-string.ts) and one schema per page give both. An empty value is allowed by the
 * document and taken as "not given"; any value the document's schema refuses, the server refuses (400);
 * the strict numeral rule and exact choices hold as on the API.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let doc: any
beforeAll(async () => {
  server = await startTestServer()
  doc = await (await fetch(`${server.url}/.well-known/openapi.json`)).json()
})
afterAll(() => server.stop())

const status = async (path: string) => (await fetch(server.url + path)).status
const PAGES = ['/', '/embed', '/embed/fragment']
const VALUES = [
  '',
  '1',
  '3',
  '3.5',
  '9',
  '21',
  '0',
  'abc',
  'x'.repeat(201),
  'dark',
  'DARK',
  'de',
  'xx',
  '2025-01-01',
  '2025-02-30',
  '05',
  ' 3',
]

describe('the pages’ parameters: the document and the server agree', () => {
  test.each(PAGES)('%s: an empty value is documented and taken as not given; what the schema refuses is a 400', async (page) => {
    // Query parameters are strings on the wire: a validator coerces them to the schema's types (as Prism does).
    const ajv = new Ajv2020({ coerceTypes: true, strict: false })
    addFormats(ajv)
    const parameters = (doc.paths[page].get.parameters as any[]).filter((p) => p.in === 'query')
    expect(parameters.length).toBeGreaterThan(1)
    for (const parameter of parameters) {
      const validate = ajv.compile({ type: 'object', properties: { value: parameter.schema } })
      expect({ name: parameter.name, empty: validate({ value: '' }) }).toEqual({ name: parameter.name, empty: true })
      expect({ name: parameter.name, status: await status(`${page}?${parameter.name}=`) }).toEqual({ name: parameter.name, status: 200 })
      for (const value of VALUES) {
        if (validate({ value })) continue
        const path = `${page}?${parameter.name}=${encodeURIComponent(value)}`
        expect({ path, status: await status(path) }).toEqual({ path, status: 400 })
      }
    }
  })

  test('a choice is one of the documented values exactly; numbers are plain decimal numerals', async () => {
    for (const query of ['theme=DARK', 'lang=DE', 'count=05', 'count=%203', 'count=3.0e0'])
      expect({ query, status: await status(`/embed?${query}`) }).toEqual({ query, status: 400 })
    for (const query of ['page=05', 'page=%2B1', 'rating=5e0'])
      expect({ query, status: await status(`/?${query}`) }).toEqual({ query, status: 400 })
    for (const query of ['theme=dark&lang=de&count=3', 'count=3.0', 'theme=&lang=&count='])
      expect(await status(`/embed?${query}`)).toBe(200)
  })

  test('unknown parameters are ignored on the pages, as the document says, and refused by the API', async () => {
    expect(doc.paths['/'].get.description).toContain('parameters the page does not know are ignored')
    expect(await status('/?utm_source=x&page=1')).toBe(200)
    expect(await status('/embed?utm_source=x')).toBe(200)
    expect(await status('/api/reviews/search?utm_source=x')).toBe(400)
  })
})
