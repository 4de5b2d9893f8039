/**
 * The renderers as pure functions: no string from the data reaches the HTML unescaped (business
 * profile, reviews, insights alike), the same data gives the same bytes, and the quarters of the
 * rating-over-time chart cover every day exactly once, gaps included.
 */
import { describe, expect, test } from 'bun:test'
import { computeInsights } from '../../src/insights/compute'
import type { Insights } from '../../src/insights/schema'
import { renderEmbedPage } from '../../src/pages/embed'
import { renderHomePage } from '../../src/pages/home'
import { renderInsightsPage, ratingByQuarter } from '../../src/pages/insights'
import { renderErrorPage, renderReviewPage } from '../../src/pages/review'
import { aggregateRating } from '../../src/catalog/snapshot'
import type { Business, Review } from '../../src/reviews/schema'
import { business, reviews } from '../support/dataset'

const EVIL = `"'><x-evil>&amp;`

/** Every string in a value, with the marker appended: object keys are left alone. */
function poison<T>(value: T): T {
  if (typeof value === 'string') return `${value}${EVIL}` as T
  if (Array.isArray(value)) return value.map(poison) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v)])) as T
  return value
}

const published = reviews.filter((r) => r.verified) as Review[]
const insights = computeInsights(business, published, '2025-03-02T00:00:00Z')

describe('escaping', () => {
  const hostileBusiness = { ...poison(business), timezone: business.timezone, url: 'https://acme.example.com/?a=1&b="2"' } as Business
  const hostileReviews = published.map((r) => ({
    ...poison(r),
    id: `${r.id}"><x-evil>`,
    date: r.date,
    rating: r.rating,
    verified: true,
    response: r.response ? { date: r.response.date, text: `${r.response.text}${EVIL}` } : null,
    language: 'en"><x-evil>',
    translation: { language: 'de', text: `Übersetzung${EVIL}` },
  })) as Review[]
  const hostileInsights = { ...poison(insights), generated_at: insights.generated_at } as Insights
  const aggregate = aggregateRating(hostileReviews)
  const pages = {
    home: renderHomePage({
      baseUrl: 'https://reviews.example.test',
      business: hostileBusiness,
      aggregate,
      aspects: hostileInsights.aspects.map((a) => ({
        id: a.id,
        label: a.label,
        short: a.id,
        sentiment: insights.aspects[0]!.sentiment,
        mentions: 3,
      })),
      filters: { service: `x${EVIL}`, technician: `y${EVIL}`, query: `z${EVIL}` },
      page: 1,
      pageSize: 10,
      total: hostileReviews.length,
      reviews: hostileReviews,
    }),
    review: renderReviewPage(hostileReviews[0]!, hostileBusiness, aggregate, 'https://reviews.example.test'),
    insights: renderInsightsPage({
      baseUrl: 'https://reviews.example.test',
      business: hostileBusiness,
      insights: hostileInsights,
      reviews: hostileReviews,
    }),
    embed: renderEmbedPage({
      baseUrl: 'https://reviews.example.test',
      business: hostileBusiness,
      aggregate,
      reviews: hostileReviews,
      options: { count: 3, theme: 'dark', lang: 'de', service: `s${EVIL}` },
    }),
    error: renderErrorPage(
      { status: 400, title: `t${EVIL}`, message: `m${EVIL}`, issues: [{ path: [`p${EVIL}`], code: 'c', message: `i${EVIL}` }] },
      `b${EVIL}`,
      'https://x.test',
    ),
  }

  test.each(Object.keys(pages))('%s: the marker never appears as markup, only escaped', (name) => {
    const html = pages[name as keyof typeof pages]
    expect(html).not.toContain('<x-evil>')
    expect(html).toContain('&lt;x-evil&gt;')
    // Every attribute value stays closed: no quote from the data ends one early (the JSON-LD block is
    // script data, where only `<` matters, and it is escaped there).
    const markup = html.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '')
    expect(markup.includes(`"'>`)).toBe(false)
  })

  test('the business description, review text, owner reply and insights summary all reached the pages', () => {
    expect(pages.home).toContain(`Plumbing, heating and electrical repairs.&quot;&#39;&gt;&lt;x-evil&gt;&amp;amp;`)
    expect(pages.review).toContain(`${published[0]!.text.replace(/'/g, '&#39;')}&quot;&#39;&gt;&lt;x-evil&gt;`)
    expect(pages.insights).toContain('&lt;x-evil&gt;&amp;amp;</p>')
  })

  test('the same data renders the same bytes (ETags change only with the data)', () => {
    const again = renderInsightsPage({
      baseUrl: 'https://reviews.example.test',
      business: hostileBusiness,
      insights: hostileInsights,
      reviews: hostileReviews,
    })
    expect(again).toBe(pages.insights)
  })
})

describe('ratingByQuarter', () => {
  const at = (date: string, rating: number) => ({ ...published[0]!, date, rating })

  test('quarters from the oldest to the newest review, empty ones included, each with its own date range', () => {
    const points = ratingByQuarter([at('2025-12-31', 5), at('2025-10-01', 3), at('2025-01-01', 4), at('2024-11-15', 1)])
    expect(points.map((p) => [p.label, p.count, p.average])).toEqual([
      ['2024-Q4', 1, 1],
      ['2025-Q1', 1, 4],
      ['2025-Q2', 0, null],
      ['2025-Q3', 0, null],
      ['2025-Q4', 2, 4],
    ])
    expect(points.map((p) => p.href)).toEqual([
      '/?since=2024-10-01&until=2024-12-31',
      '/?since=2025-01-01&until=2025-03-31',
      '/?since=2025-04-01&until=2025-06-30',
      '/?since=2025-07-01&until=2025-09-30',
      '/?since=2025-10-01&until=2025-12-31',
    ])
  })

  test('at most the last 16 quarters', () => {
    const points = ratingByQuarter([at('2025-06-01', 5), at('2015-01-01', 5)])
    expect(points).toHaveLength(16)
    expect(points.at(-1)!.label).toBe('2025-Q2')
    expect(points[0]!.label).toBe('2021-Q3')
  })
})

describe('languages', () => {
  const german = {
    ...published[0]!,
    id: 'de-1',
    text: 'Sehr schnell und sauber gearbeitet. Gerne wieder!',
    language: 'de',
    translation: { language: 'en', text: 'Worked very fast and clean. Happy to come back!' },
  } as Review
  const aggregate = aggregateRating([german])

  test('a source named like a member of Object.prototype is shown by its name', () => {
    for (const source of ['constructor', 'tostring', '__proto__']) {
      const html = renderReviewPage({ ...german, source } as Review, business, aggregate, 'https://reviews.example.test')
      expect(html).toContain(`via ${source}`)
      expect(html).not.toContain('native code')
      expect(html).not.toContain('[object Object]')
    }
  })

  test('a German review with the translation its source supplied: each text carries its language', () => {
    const html = renderReviewPage(german, business, aggregate, 'https://reviews.example.test')
    expect(html).toContain('<p class="text" dir="auto" lang="de">Sehr schnell und sauber gearbeitet. Gerne wieder!</p>')
    expect(html).toContain(
      '<summary>Translation (English) supplied by Google</summary><p class="text" dir="auto" lang="en">Worked very fast and clean. Happy to come back!</p>',
    )
    const widget = renderEmbedPage({
      baseUrl: 'https://reviews.example.test',
      business,
      aggregate,
      reviews: [german],
      options: { count: 1, theme: 'light', lang: 'en' },
    })
    expect(widget).toContain('lang="de">Sehr schnell')
  })

  test('a translation whose language is unknown is shown without a language tag', () => {
    const html = renderReviewPage(
      { ...german, translation: { language: null, text: 'Fast and clean.' } },
      business,
      aggregate,
      'https://x.test',
    )
    expect(html).toContain('<summary>Translation supplied by Google</summary><p class="text" dir="auto">Fast and clean.</p>')
  })
})
