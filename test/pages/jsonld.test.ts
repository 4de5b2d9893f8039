/**
 * schema.org JSON-LD of the pages: the properties Google's review-snippet rules require, and a real
 * JSON-LD processor (jsonld) expands it and turns it into RDF without dropping a single property.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import jsonld from 'jsonld'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, reviews } from '../support/dataset'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const published = reviews.filter((r) => r.verified)

async function jsonLdOf(path: string): Promise<any> {
  const html = await (await fetch(server.url + path)).text()
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0]![1]!)
}

/**
 * The tests cannot reach schema.org, so the remote context is answered locally with its core: every
 * term in the schema.org vocabulary, `url` and `@id`-valued terms as IRIs. Any other URL fails.
 */
const SCHEMA_ORG_CONTEXT = { '@context': { '@vocab': 'https://schema.org/', url: { '@id': 'https://schema.org/url', '@type': '@id' } } }
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`unexpected remote context ${url}`)
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT }
}
// `safe` mode makes the processor throw on anything it would otherwise drop silently.
const options = { documentLoader, safe: true }
const expand = (doc: unknown) => (jsonld.expand as any)(doc, options) as Promise<any[]>
const toNQuads = (doc: unknown) => (jsonld.toRDF as any)(doc, { ...options, format: 'application/n-quads' }) as Promise<string>

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)

function expectGoogleReview(node: any) {
  expect(node['@type']).toBe('Review')
  expect(node.author['@type']).toBe('Person')
  expect(typeof node.author.name).toBe('string')
  expect(node.author.name.length).toBeGreaterThan(0)
  expect(node.author.name.length).toBeLessThanOrEqual(100)
  expect(isDate(node.datePublished)).toBe(true)
  expect(typeof node.reviewBody).toBe('string')
  expect(node.reviewRating['@type']).toBe('Rating')
  expect(node.reviewRating.bestRating).toBe(5)
  expect(node.reviewRating.worstRating).toBe(1)
  expect(Number.isInteger(node.reviewRating.ratingValue)).toBe(true)
  expect(node.reviewRating.ratingValue).toBeGreaterThanOrEqual(1)
  expect(node.reviewRating.ratingValue).toBeLessThanOrEqual(5)
}

describe('/ : LocalBusiness with aggregateRating and review', () => {
  test('the properties Google requires for review snippets, with the dataset values', async () => {
    const doc = await jsonLdOf('/')
    const dataset = (await (await fetch(server.url + '/reviews.json')).json()) as any
    expect(doc['@context']).toBe('https://schema.org')
    expect(doc['@type']).toBe('LocalBusiness')
    expect(doc.name).toBe(business.name)
    expect(doc.address['@type']).toBe('PostalAddress')
    expect(doc.address.streetAddress).toBe(business.address.street_address)
    expect(doc.telephone).toBe(business.telephone)
    const rating = doc.aggregateRating
    expect(rating['@type']).toBe('AggregateRating')
    expect(rating.ratingValue).toBe(dataset.aggregate_rating.rating_value)
    expect(rating.reviewCount).toBe(published.length)
    expect(rating.bestRating).toBe(5)
    expect(rating.worstRating).toBe(1)
    expect(rating.ratingValue).toBeGreaterThanOrEqual(rating.worstRating)
    expect(rating.ratingValue).toBeLessThanOrEqual(rating.bestRating)
    // The reviews are the ones on the page, newest first, each complete.
    expect(doc.review.map((r: any) => r.url)).toEqual(dataset.reviews.slice(0, 10).map((r: any) => `${TEST_BASE_URL}/reviews/${r.id}`))
    for (const node of doc.review) expectGoogleReview(node)
    const first = doc.review[0]
    const record = dataset.reviews[0]
    expect([first.author.name, first.datePublished, first.reviewBody, first.reviewRating.ratingValue]).toEqual([
      record.author,
      record.date,
      record.text,
      record.rating,
    ])
  })

  test('valid JSON-LD: expands and converts to RDF with nothing dropped', async () => {
    const doc = await jsonLdOf('/')
    const expanded = await expand(doc)
    expect(expanded).toHaveLength(1)
    const node = expanded[0] as any
    expect(node['@type']).toEqual(['https://schema.org/LocalBusiness'])
    expect(node['https://schema.org/aggregateRating'][0]['https://schema.org/reviewCount'][0]['@value']).toBe(published.length)
    const nquads = await toNQuads(doc)
    expect(nquads).toContain(
      `<${TEST_BASE_URL}/#business> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://schema.org/LocalBusiness>`,
    )
    expect(nquads).toContain(`<https://schema.org/ratingValue> "5"^^<http://www.w3.org/2001/XMLSchema#integer>`)
    expect(nquads).toContain(`<https://schema.org/author>`)
    expect(nquads.split('\n').filter((l) => l.includes('<https://schema.org/reviewBody>'))).toHaveLength(published.slice(0, 10).length)
  })

  test('the processor really rejects broken JSON-LD (the check above can fail)', async () => {
    await expect(expand({ '@context': 'https://schema.org', '@id': 42 })).rejects.toThrow()
    await expect(expand({ '@context': { '@vocab': 42 } })).rejects.toThrow()
  })
})

describe('/reviews/{id}: a Review of the LocalBusiness', () => {
  test('hostile text stays inside the script element and round-trips exactly', async () => {
    const html = await (await fetch(server.url + '/reviews/r-005')).text()
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>')
    const doc = await jsonLdOf('/reviews/r-005')
    expect(doc.reviewBody).toBe(published.find((r) => r.id === 'r-005')!.text)
    expect(doc.author.name).toBe('Zoë <b>')
  })

  test('Review with author, date, body, rating and itemReviewed; valid JSON-LD', async () => {
    const doc = await jsonLdOf('/reviews/r-002')
    expect(doc['@context']).toBe('https://schema.org')
    expectGoogleReview(doc)
    expect(doc.itemReviewed['@type']).toBe('LocalBusiness')
    expect(doc.itemReviewed.name).toBe(business.name)
    expect(doc.itemReviewed.address['@type']).toBe('PostalAddress')
    const nquads = await toNQuads(doc)
    expect(nquads).toContain(`<${TEST_BASE_URL}/reviews/r-002> <https://schema.org/itemReviewed> <${TEST_BASE_URL}/#business>`)
  })
})
