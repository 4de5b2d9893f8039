/** The widget over HTTP: options, the same search as the API, framing allowed only here, hashes that match, friendly 400s. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, reviews as smallReviews } from '../support/dataset'
import { generateDataset } from '../../src/sample/generate'

const generated = generateDataset({ count: 30, seed: 11, endDate: '2025-06-30', years: 1, business })
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews: [...smallReviews, ...generated.reviews] } })
})
afterAll(() => server.stop())

const get = (path: string) => fetch(server.url + path)
const itemIds = (html: string) =>
  [...html.matchAll(/href="https:\/\/reviews\.example\.test\/reviews\/([^"]+)" target="_blank"/g)].map((m) => m[1]!)
const apiIds = async (query: string) =>
  ((await (await get(`/api/reviews/search?${query}`)).json()) as any).reviews.map((r: any) => r.id) as string[]
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('/embed', () => {
  test('frameable by any site (frame-ancestors *, no X-Frame-Options), and its CSP allows exactly its inline style and script', async () => {
    const response = await get('/embed')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-frame-options')).toBeNull()
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain('frame-ancestors *')
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    const html = await response.text()
    expect(csp).toContain(`style-src ${sha(html.match(/<style>([\s\S]*?)<\/style>/)![1]!)}`)
    expect(csp).toContain(`script-src ${sha(html.match(/<script>([\s\S]*?)<\/script>/)![1]!)}`)
    // The rest of the site stays unframeable.
    expect((await get('/')).headers.get('x-frame-options')).toBe('DENY')
  })

  test('defaults: the 3 newest reviews, light, English, links to the review pages on BASE_URL', async () => {
    const html = await (await get('/embed')).text()
    expect(itemIds(html)).toEqual(await apiIds('limit=3'))
    expect(html).toContain('<section class="rw" lang="en"')
    expect(html).toContain(`href="${TEST_BASE_URL}/" target="_blank" rel="noopener">Read all reviews</a>`)
  })

  test.each([
    ['count=5', 'limit=5'],
    ['count=2&min_rating=4', 'limit=2&min_rating=4'],
    ['service=drain-cleaning&count=4', 'mentions_service=drain-cleaning&limit=4'],
    ['service=AC-REPAIR&min_rating=3.5&count=20', 'mentions_service=AC-REPAIR&min_rating=3.5&limit=20'],
  ])('%s shows what the search API finds for %s', async (query, apiQuery) => {
    const ids = itemIds(await (await get(`/embed?${query}`)).text())
    expect(ids).toEqual(await apiIds(apiQuery))
    expect(ids.length).toBeGreaterThan(0)
  })

  test('theme=dark and lang=de: dark class, German strings and dates', async () => {
    const html = await (await get('/embed?theme=dark&lang=de&count=1')).text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('<section class="rw dark" lang="de"')
    expect(html).toContain('Alle Bewertungen lesen')
    expect(html).toContain('verifizierte Bewertungen')
    expect(html).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}">\d{1,2}\. [A-Za-zä]+ \d{4}<\/time>/)
  })

  test.each([
    ['count=0', ['count']],
    ['count=21', ['count']],
    ['count=2&count=3', ['count']],
    ['theme=blue&lang=ja', ['theme', 'lang']],
    ['min_rating=6&service=', ['min_rating']],
  ])('/embed?%s is a friendly 400 page naming %p, still frameable', async (query, names) => {
    const response = await get(`/embed?${query}`)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *')
    const html = await response.text()
    for (const name of names) expect(html).toContain(`<code>${name}</code>`)
    // The fragment's errors are readable by /embed.js on other origins.
    const fragment = await get(`/embed/fragment?${query}`)
    expect(fragment.status).toBe(400)
    expect(fragment.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('/embed/fragment and /embed.js', () => {
  test('the fragment is the page’s widget, readable cross-origin', async () => {
    const fragment = await get('/embed/fragment?count=2&theme=dark')
    expect(fragment.headers.get('access-control-allow-origin')).toBe('*')
    const text = await fragment.text()
    expect(text.startsWith('<style>')).toBe(true)
    const page = await (await get('/embed?count=2&theme=dark')).text()
    expect(page).toContain(text)
  })

  test('the script is JavaScript, cacheable, readable cross-origin, and fetches the fragment from its own origin', async () => {
    const response = await get('/embed.js')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const source = await response.text()
    expect(source).toContain("attachShadow({ mode: 'open' })")
    expect(source).toContain("origin + '/embed/fragment'")
    // It parses as a script.
    expect(() => new Function(source)).not.toThrow()
  })
})
