/**
 * The pages over HTTP: the same filters and results as the search API, friendly 400/404 pages,
 * the HTTP behaviour of every GET (ETag, 304, br/gzip, HEAD), strict CSP, framing rules, escaping,
 * per-data-version rendering, and feed entries linking to the review pages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createHash } from 'node:crypto'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { business, review, reviews as smallReviews } from '../support/dataset'
import { generateDataset } from '../../src/sample/generate'
import { entryUrn } from '../../src/feeds/entry-ids'

// 45 generated reviews (several pages of 10, every rating, services and technicians) plus the
// hand-written ones with hostile text.
const generated = generateDataset({ count: 45, seed: 7, endDate: '2025-06-30', years: 2, business })
const dataset = { business, reviews: [...smallReviews, ...generated.reviews] }
const published = dataset.reviews.filter((r) => r.verified)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: dataset })
})
afterAll(() => server.stop())

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(server.url + path, { headers, method })
const idsOnPage = (html: string) =>
  [...html.matchAll(/<p class="meta muted"><a href="\/reviews\/([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!))
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
const apiIds = async (query: string) => {
  const body = (await (await get(`/api/reviews/search?${query}`)).json()) as { total: number; reviews: { id: string }[] }
  return { total: body.total, ids: body.reviews.map((r) => r.id) }
}
const styleHash = (html: string) =>
  `'sha256-${createHash('sha256')
    .update(html.match(/<style>([\s\S]*?)<\/style>/)![1]!)
    .digest('base64')}'`

describe('/', () => {
  test('HTML with a strict CSP that allows exactly its own stylesheet, no script, not frameable', async () => {
    const response = await get('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain(`style-src ${styleHash(html)}`)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    // Nothing is loaded from elsewhere: no src=, no stylesheet links, no absolute URL to fetch.
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/)
    expect(html).not.toMatch(/<[^>]+\ssrc=/)
    expect(html).not.toMatch(/rel="stylesheet"/)
  })

  test('feed autodiscovery, the hub, and a footer link to the developers page; nothing for developers on the page itself', async () => {
    const html = await (await get('/')).text()
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${business.name} reviews (Atom)" href="${TEST_BASE_URL}/feed.xml">`,
    )
    expect(html).toContain(
      `<link rel="alternate" type="application/feed+json" title="${business.name} reviews (JSON Feed)" href="${TEST_BASE_URL}/api/feed.json">`,
    )
    expect(html).toContain(`<link rel="hub" href="${TEST_BASE_URL}/api/websub/hub">`)
    for (const href of ['/developers', '/feed.xml', '/api/feed.json', '/insights']) expect(html).toContain(`href="${href}"`)
    for (const developerThing of ['id="mcp"', 'id="embed"', '/mcp', 'embed.js', 'href="/docs"']) expect(html).not.toContain(developerThing)
  })

  test('/developers: the embed code with live previews, the feeds, the API docs and the MCP setup', async () => {
    const response = await get('/developers')
    expect(response.status).toBe(200)
    const html = await response.text()
    for (const href of ['/docs', '/feed.xml', '/api/feed.json', '/reviews.json', '/insights.json', '/.well-known/openapi.json'])
      expect(html).toContain(`href="${href}"`)
    expect(html).toContain('id="mcp"')
    expect(html).toContain(`&quot;url&quot;: &quot;${TEST_BASE_URL}/mcp&quot;`)
    // Live previews: the iframe form and the script form, allowed by the page's CSP (own origin only), not frameable itself.
    expect(html).toContain('<iframe src="/embed?count=3"')
    expect(html).toContain('<script src="/embed.js" async></script>')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("frame-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    // Each directive once (a browser ignores, and reports, a repeated one).
    const directives = csp.split(';').map((d) => d.trim().split(' ')[0])
    expect(directives.length).toBe(new Set(directives).size)
  })

  test('business card, rating and distribution equal the dataset', async () => {
    const html = await (await get('/')).text()
    const aggregate = ((await (await get('/reviews.json')).json()) as any).aggregate_rating
    expect(html).toContain(`<h1 id="business-name">${business.name}</h1>`)
    expect(html).toContain(`${aggregate.rating_value.toFixed(2)}</span>`)
    expect(html).toContain(`${aggregate.review_count} verified reviews`)
    for (const stars of [1, 2, 3, 4, 5]) {
      const count = published.filter((r) => r.rating === stars).length
      expect(html).toMatch(
        new RegExp(
          `href="/\\?rating=${stars}"><span class="lbl">${stars} stars?<span class="sr">:</span></span><svg[^]*?</svg><span class="num">${count}<span class="sr"> reviews`,
        ),
      )
    }
  })

  test('the first page shows the 10 newest reviews, like the search API', async () => {
    const html = await (await get('/')).text()
    const api = await apiIds('limit=10')
    expect(idsOnPage(html)).toEqual(api.ids)
    expect(html).toContain(`Showing 1–10 of ${published.length}`)
  })

  test.each([
    ['rating=1', 'rating=1'],
    ['rating=5', 'rating=5'],
    ['min_rating=4', 'min_rating=4'],
    ['service=drain-cleaning', 'mentions_service=drain-cleaning'],
    ['service=WATER-HEATER-REPAIR', 'mentions_service=WATER-HEATER-REPAIR'],
    ['technician=Mike%20Alvarez', 'mentions_technician=Mike%20Alvarez'],
    ['technician=jos%C3%A9', 'mentions_technician=jos%C3%A9'],
    ['query=caf%C3%A9', 'query=caf%C3%A9'],
    ['since=2025-01-01&until=2025-03-31', 'since=2025-01-01&until=2025-03-31'],
    ['rating=4&service=ac-repair&technician=sarah', 'rating=4&mentions_service=ac-repair&mentions_technician=sarah'],
  ])('filter %s lists what GET /api/reviews/search?%s finds', async (pageQuery, apiQuery) => {
    const html = await (await get(`/?${pageQuery}`)).text()
    const api = await apiIds(`${apiQuery}&limit=10`)
    expect(idsOnPage(html)).toEqual(api.ids)
    if (api.total) expect(html).toContain(` of ${api.total}`)
    else expect(html).toContain('No review matches')
  })

  test('the filters exercise real differences (the comparison above can fail)', async () => {
    const all = idsOnPage(await (await get('/')).text())
    const ones = idsOnPage(await (await get('/?rating=1')).text())
    expect(ones.length).toBeGreaterThan(0)
    expect(ones).not.toEqual(all)
    for (const id of ones) expect(published.find((r) => r.id === id)!.rating).toBe(1)
  })

  test('paging: page 2 continues where page 1 stopped, with prev/next links; past the end is a 404 page', async () => {
    const api = await apiIds('limit=30')
    const page2 = await (await get('/?page=2')).text()
    expect(idsOnPage(page2)).toEqual(api.ids.slice(10, 20))
    expect(page2).toContain('rel="prev" href="/"')
    expect(page2).toContain('rel="next" href="/?page=3"')
    expect(page2).toContain(`<title>${business.name}: verified customer reviews (page 2)</title>`)
    expect(page2).not.toContain('noindex')
    expect(await (await get('/?rating=5')).text()).toContain('<meta name="robots" content="noindex, follow">')
    const filtered = await (await get('/?rating=5')).text()
    if ((await apiIds('rating=5')).total > 10) expect(filtered).toContain('rel="next" href="/?rating=5&amp;page=2"')
    const last = Math.ceil(published.length / 10)
    const past = await get(`/?page=${last + 1}`)
    expect(past.status).toBe(404)
    expect(past.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  test.each([
    ['/?rating=9', ['rating']],
    ['/?rating=1&rating=2', ['rating']],
    ['/?since=2024-02-30', ['since']],
    ['/?since=2025-02-01&until=2025-01-01', ['since']],
    ['/?page=0&min_rating=abc', ['min_rating', 'page']],
    ['/?query=' + 'x'.repeat(201), ['query']],
  ])('%s is a friendly 400 page naming %p', async (path, names) => {
    const response = await get(path)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('<h1>These filters do not work</h1>')
    for (const name of names) expect(html).toContain(`<code>${name}</code>`)
    expect(html).toContain('href="/"')
  })

  test('unknown parameters (tracking) and empty values (an empty search box) are ignored', async () => {
    expect((await get('/?utm_source=newsletter&fbclid=x')).status).toBe(200)
    const html = await (await get('/?query=&rating=')).text()
    expect(idsOnPage(html)).toEqual((await apiIds('limit=10')).ids)
  })

  test('hostile review text and author names are escaped', async () => {
    const html = await (await get('/reviews/r-005')).text()
    expect(html).toContain('Hostile: &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &amp; &quot;quotes&quot;')
    expect(html).toContain('Zoë &lt;b&gt;')
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('Zoë <b>')
  })
})

describe('HTTP behaviour of the pages', () => {
  test.each(['/', '/?rating=5', '/insights', '/reviews/r-001', '/embed?count=2', '/embed/fragment', '/embed.js'])(
    '%s: strong ETag, 304, br and gzip of the same bytes, HEAD',
    async (path) => {
      const plain = await get(path)
      expect(plain.status).toBe(200)
      const body = new Uint8Array(await plain.arrayBuffer())
      const etag = plain.headers.get('etag')!
      expect(etag).toMatch(/^"[^"]+"$/)
      expect(plain.headers.get('last-modified')).not.toBeNull()
      expect(plain.headers.get('cache-control')).toBe('public, max-age=60')
      const again = await get(path, { 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      if (body.byteLength > 1024) {
        const br = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit)
        expect(br.headers.get('content-encoding')).toBe('br')
        expect(new Uint8Array(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toEqual(body)
        const gz = await fetch(server.url + path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
        expect(gz.headers.get('content-encoding')).toBe('gzip')
        expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(body)
        expect(br.headers.get('vary')).toBe('Accept-Encoding')
      }
      const head = await get(path, {}, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers.get('etag')).toBe(etag)
      expect(await head.text()).toBe('')
    },
  )

  test('a page is rendered once per data version: same bytes and ETag until the data changes, then new ones', async () => {
    const before = await get('/')
    const etag = before.headers.get('etag')
    expect((await get('/')).headers.get('etag')).toBe(etag)
    const insightsBefore = (await get('/insights')).headers.get('etag')
    server.service.reviews.write({
      reviews: [review({ id: 'fresh-1', date: '2025-07-01', rating: 2, text: 'Brand new: the water heater leaks again.' })],
    })
    server.service.catalog.refresh()
    const after = await get('/')
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(idsOnPage(await after.text())[0]).toBe('fresh-1')
    expect((await get('/insights')).headers.get('etag')).not.toBe(insightsBefore)
    expect((await get('/reviews/fresh-1')).status).toBe(200)
  })

  test('unknown paths elsewhere keep the JSON 404 of the API', async () => {
    const response = await get('/nope')
    expect(response.status).toBe(404)
    expect(((await response.json()) as any).error).toBe('not_found')
  })
})

describe('/reviews/{id}', () => {
  test('one review as a page, with its owner reply and links to the filters and its JSON', async () => {
    const response = await get('/reviews/r-002')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('José was late and the drain still clogs.')
    expect(html).toContain('We are sorry; we will make it right.')
    expect(html).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/reviews/r-002">`)
    expect(html).toContain('href="/api/reviews/r-002"')
    expect(html).toContain('href="/?technician=Jos%C3%A9+Ram%C3%ADrez"')
    expect(html).toContain('href="/?service=drain-cleaning"')
  })

  test.each(['/reviews/nope', '/reviews/r-007', '/reviews/r-001%00', '/reviews/' + encodeURIComponent('<b>x</b>')])(
    '%s (unknown or unverified) is a 404 page',
    async (path) => {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await response.text()).toContain('<h1>Review not found</h1>')
    },
  )
})

describe('/insights', () => {
  test('every link to reviews leads to reviews: entity filters find some, review links resolve, quarters match their counts', async () => {
    const html = await (await get('/insights')).text()
    const technicians = [...html.matchAll(/href="\/\?technician=([^"&]+)"/g)].map((m) => m[1]!)
    const services = [...html.matchAll(/href="\/\?service=([^"&]+)"/g)].map((m) => m[1]!)
    const reviewIds = [...new Set([...html.matchAll(/href="\/reviews\/([^"]+)"/g)].map((m) => m[1]!))]
    expect(technicians.length).toBeGreaterThan(0)
    expect(services.length).toBeGreaterThan(0)
    expect(reviewIds.length).toBeGreaterThan(0)
    for (const t of technicians) expect((await apiIds(`mentions_technician=${t}`)).total).toBeGreaterThan(0)
    for (const s of services) expect((await apiIds(`mentions_service=${s}`)).total).toBeGreaterThan(0)
    for (const id of reviewIds) expect((await get(`/reviews/${id}`)).status).toBe(200)
    const quarters = [...html.matchAll(/<a href="\/\?since=([\d-]+)&amp;until=([\d-]+)" aria-label="[^:]+: (\d+) reviews?/g)]
    expect(quarters.length).toBeGreaterThan(3)
    for (const [, since, until, count] of quarters) expect((await apiIds(`since=${since}&until=${until}`)).total).toBe(Number(count))
  })

  test('the figures are the insights dataset', async () => {
    const html = await (await get('/insights')).text()
    const insights = (await (await get('/insights.json')).json()) as any
    expect(html).toContain(insights.summary.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'))
    // The figures as read (each number is a link: the text without the links' tags).
    const text = html.replace(/<a [^>]*>|<\/a>/g, '')
    for (const aspect of insights.aspects) {
      expect(text).toContain(
        `${aspect.sentiment.positive} positive · ${aspect.sentiment.neutral} neutral · ${aspect.sentiment.negative} negative · score ${aspect.score.toFixed(2)}`,
      )
    }
    for (const f of insights.faq) expect(html).toContain(`<summary>${f.question.replace(/'/g, '&#39;')}</summary>`)
    // Charts are inline SVG with a name.
    expect(html).toMatch(/<svg class="chart"[^>]*aria-labelledby="time-\d+-t"><title id="time-\d+-t">/)
    expect(html).toMatch(/<svg class="spark"[^>]*role="img"/)
  })

  test('every number is a link to exactly the reviews behind it: the list on / and the search count them alike', async () => {
    const html = await (await get('/insights')).text()
    // Links whose text is a count: "12", "12 mentions", "3 reviews", "From 50 verified reviews".
    const links = [...html.matchAll(/<a (?:class="muted" )?href="(\/(?:\?[^"]*)?)">(?:From )?([\d,]+)(?: [a-z ]+)?<\/a>/g)].map((m) => ({
      href: m[1]!.replace(/&amp;/g, '&'),
      count: Number(m[2]!.replace(/,/g, '')),
    }))
    const insights = (await (await get('/insights.json')).json()) as any
    const figures =
      1 +
      insights.aspects.length * 4 +
      insights.topics.length * 4 +
      4 * (insights.entities.technicians.length + insights.entities.services.length + insights.entities.service_areas.length) +
      // The owner view: each period's review count (the last 30 and 90 days, and the periods before them).
      2 * insights.owner.periods.length
    expect(links.length).toBe(figures)
    const API_NAMES: Record<string, string> = { service: 'mentions_service', technician: 'mentions_technician', area: 'service_area' }
    // In parallel: the searches by aspect read their evidence on one analysis worker.
    const checked = await Promise.all(
      links.map(async ({ href, count }) => {
        const params = new URLSearchParams(href.slice(2))
        const api = new URLSearchParams([...params].map(([name, value]) => [API_NAMES[name] ?? name, value] as [string, string]))
        api.set('limit', '1')
        const total = (await apiIds(api.toString())).total
        const page = await (await get(href)).text()
        const listed =
          count === 0
            ? page.includes('No review matches')
            : page.includes(`of ${count.toLocaleString('en')}</p>`) || page.includes(`of ${count.toLocaleString('en')} `)
        return { href, total, listed }
      }),
    )
    expect(checked).toEqual(links.map(({ href, count }) => ({ href, total: count, listed: true })))
  }, 120_000)
})

describe('/ by an insights figure', () => {
  test('an aspect split lists its reviews, each with the mentions behind it; a topic its reviews', async () => {
    const insights = (await (await get('/insights.json')).json()) as any
    const aspect = insights.aspects.find((a: any) => a.sentiment.negative > 0)
    const html = await (await get(`/?aspect=${aspect.id}&sentiment=negative`)).text()
    const api = (await (await get(`${aspect.search_urls.negative}&limit=10`)).json()) as any
    expect(idsOnPage(html)).toEqual(api.reviews.map((r: any) => r.id))
    // One note per review, quoting each of its mentions as the API's evidence gives them.
    expect(html.match(/<div class="note"><p>Why it counts for /g)?.length).toBe(api.reviews.length)
    for (const e of api.evidence) for (const m of e.mentions) expect(html).toContain(`“${esc(m.clause)}”`)
    expect(html).toContain(`of ${aspect.sentiment.negative} · `)
    expect(html).toMatch(/<title>[^<]*negative about /)
    const topic = insights.topics[0]
    const topicPage = await (await get(`/?topic=${encodeURIComponent(topic.phrase)}`)).text()
    expect(topicPage).toContain(`topic “${esc(topic.phrase)}”`)
    expect(topicPage).not.toContain('<div class="note"><p>Why it counts')
  }, 60_000)

  test('bad values are the page’s 400 naming them: sentiment without aspect, an unknown aspect', async () => {
    const lonely = await get('/?sentiment=negative')
    expect(lonely.status).toBe(400)
    expect(await lonely.text()).toContain('sentiment')
    const unknown = await get('/?aspect=parking')
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('punctuality')
  })
})

describe('feeds link to the pages', () => {
  test('Atom entries: alternate text/html is the review page, related application/json the record', async () => {
    const xml = await (await get('/feed.xml')).text()
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${TEST_BASE_URL}/reviews/fresh-1"/>`)
    expect(xml).toContain(`<link rel="related" type="application/json" href="${TEST_BASE_URL}/api/reviews/fresh-1"/>`)
    expect(xml).toContain(`<id>${entryUrn(business.id, 'fresh-1')}</id>`)
  })

  test('JSON Feed items: url is the review page, external_url the record', async () => {
    const feed = (await (await get('/api/feed.json')).json()) as any
    for (const item of feed.items) {
      expect(item.url).toBe(`${TEST_BASE_URL}/reviews/${encodeURIComponent(item.id)}`)
      expect(item.external_url).toBe(`${TEST_BASE_URL}/api/reviews/${encodeURIComponent(item.id)}`)
    }
  })
})
