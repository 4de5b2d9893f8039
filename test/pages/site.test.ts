/**
 * The site around the pages: robots.txt and sitemap.xml list the pages, /embed/fragment and /docs carry
 * their own CSP and cannot be framed, and the aspect chart shows its counts and mutes thin evidence.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, reviews } from '../support/dataset'
import { aspectChart, ASPECT_SUPPORT_MIN } from '../../src/pages/svg'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: { business, reviews } })
})
afterAll(() => server.stop())
const get = (path: string) => fetch(server.url + path)
const published = reviews.filter((r) => r.verified)

describe('crawlers', () => {
  test('robots.txt lets the pages and the widget be crawled, keeps the API and MCP out, and names the sitemap', async () => {
    const response = await get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    expect(text).toContain('User-agent: *')
    for (const path of ['/api/', '/mcp']) expect(text).toContain(`Disallow: ${path}`)
    expect(text).not.toContain('Disallow: /embed')
    expect(text).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`)
  })

  test('sitemap.xml lists the pages and every published review page, and nothing else', async () => {
    const response = await get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^"/)
    const xml = await response.text()
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    const expected = [...['/', '/insights', '/developers', '/docs'], ...published.map((r) => `/reviews/${encodeURIComponent(r.id)}`)].map(
      (path) => TEST_BASE_URL + path,
    )
    expect(locs.sort()).toEqual(expected.sort())
    // Every listed page answers.
    for (const loc of locs) expect((await get(loc.slice(TEST_BASE_URL.length))).status).toBe(200)
  })
})

describe('framing and CSP', () => {
  test('/embed/fragment opened on its own runs nothing, allows only its stylesheet and cannot be framed', async () => {
    const response = await get('/embed/fragment?count=2')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
  })

  test('/docs cannot be framed', async () => {
    const response = await get('/docs')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  test('/embed itself stays frameable by any site', async () => {
    expect((await get('/embed')).headers.get('content-security-policy')).toContain('frame-ancestors *')
  })
})

describe('aspect chart', () => {
  const row = (id: string, positive: number, negative: number) => ({
    id,
    label: id,
    short: id,
    sentiment: { positive, negative, neutral: 0 },
    mentions: positive + negative,
  })

  test('every bar carries its count, so one complaint out of one mention reads as one', () => {
    const svg = aspectChart([row('quality', 40, 3), row('price', 0, 1)], 'Aspects')
    const counts = [...svg.matchAll(/<text class="count"[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]))
    expect(counts).toEqual([3, 40, 1, 0])
  })

  test(`an aspect with fewer than ${ASPECT_SUPPORT_MIN} mentions is drawn muted and said to be too few to judge`, () => {
    const svg = aspectChart([row('quality', 40, 3), row('price', 0, 1)], 'Aspects')
    const groups = [...svg.matchAll(/<g( class="low")?>/g)].map((m) => Boolean(m[1]))
    expect(groups).toEqual([false, true])
    expect(svg).toContain('price: 0 positive, 0 neutral, 1 negative of 1 mention (too few to judge)')
    expect(svg).not.toContain('quality: 40 positive, 0 neutral, 3 negative of 43 mentions (too few')
  })
})
