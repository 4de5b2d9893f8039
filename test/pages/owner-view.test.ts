/**
 * The owner view on /insights: the period tables and the unanswered low ratings, in each of the eleven
 * languages the pages speak, with every count linking to its reviews; and on the running service, the
 * page shows the figures of /insights.json.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { computeInsights } from '../../src/insights/compute'
import type { Insights } from '../../src/insights/schema'
import { localeFor, MESSAGES, PAGE_LANGUAGES } from '../../src/pages/i18n'
import { ownerPeriods, renderInsightsPage, unansweredReviews } from '../../src/pages/insights'
import type { Review, StoredReview } from '../../src/reviews/schema'
import { business, review } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'

const reviews: StoredReview[] = [
  review({ id: 'p-01', rating: 5, date: '2026-03-31', text: 'Right on time, fair price.' }),
  review({ id: 'p-02', rating: 1, date: '2026-03-20', text: 'Late & rude <b>really</b>.', language: 'en' }),
  review({ id: 'p-03', rating: 2, date: '2026-03-10', text: '', language: null }),
  review({
    id: 'p-04',
    rating: 2,
    date: '2026-02-10',
    text: 'Zu teuer.',
    language: 'de',
    response: { date: '2026-02-11', text: 'Danke.' },
  }),
  review({ id: 'p-05', rating: 4, date: '2026-01-15', text: 'Good work.' }),
]
const published = reviews as Review[]
const insights = computeInsights(business, published, '2026-04-01T00:00:00.000Z')
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

describe('the owner view in every language', () => {
  test.each([...PAGE_LANGUAGES])('%s: headings, period tables and the unanswered list in its words', (language) => {
    const locale = localeFor(language)
    const table = MESSAGES[language]
    const html = renderInsightsPage({
      baseUrl: 'https://x.test',
      business: { ...business, locale: language },
      insights,
      reviews: published,
    })
    expect(html).toContain(`<h2 id="recent-h">${esc(table.recentHeading)}</h2>`)
    expect(html).toContain(`<h2 id="unanswered-h">${esc(table.unansweredHeading)}</h2>`)
    expect(html).toContain(esc(locale.t('recentNote', { date: locale.date('2026-03-31') })))
    for (const days of [30, 90]) expect(html).toContain(`<caption><b>${esc(locale.t('lastDays', { n: days }))}</b></caption>`)
    expect(html).toContain(esc(locale.t('daysBefore', { n: 30 })))
    expect(html).toContain(`<th scope="row">${esc(table.periodReviews)}</th>`)
    expect(html).toContain(esc(locale.t('unansweredNote', { n: 2 })))
    expect(html).toContain(esc(table.ratingOnly))
    expect(html).toContain(`>${esc(table.reviewRecord)}</a>`)
  })
})

describe('the owner sections', () => {
  const locale = localeFor('en')
  const periods = ownerPeriods(insights.owner, locale)
  const unanswered = unansweredReviews(insights.owner, locale, (id) => published.find((r) => r.id === id)?.language ?? null)

  test('each period count links to the list of its reviews; average and share of 1-2 stars beside it', () => {
    const [w30] = insights.owner.periods
    expect(w30!.current).toMatchObject({ since: '2026-03-02', until: '2026-03-31', review_count: 3 })
    expect(periods).toContain('<td class="num"><a href="/?since=2026-03-02&amp;until=2026-03-31">3</a></td>')
    expect(periods).toContain('<td class="num"><a href="/?since=2026-01-31&amp;until=2026-03-01">1</a></td>')
    expect(periods).toContain('<th scope="row">Average rating</th><td class="num">2.67 ★</td><td class="num">2.00 ★</td>')
    expect(periods).toContain('<th scope="row">Share of 1-2 stars</th><td class="num">67%</td><td class="num">100%</td>')
    // A period without reviews says so rather than showing a number.
    const ninety = periods.slice(periods.indexOf('id="period-90"'))
    expect(ninety).toContain('<th scope="row">Average rating</th><td class="num">2.80 ★</td><td class="num">no reviews</td>')
  })

  test('unanswered: newest first, escaped excerpts in their own language, the review page and its record', () => {
    expect(unanswered.indexOf('/reviews/p-02')).toBeLessThan(unanswered.indexOf('/reviews/p-03'))
    expect(unanswered).not.toContain('/reviews/p-04') // answered
    expect(unanswered).toContain('<p class="text" dir="auto" lang="en">“Late &amp; rude &lt;b&gt;really&lt;/b&gt;.”</p>')
    expect(unanswered).toContain('<p class="text" dir="auto"><span class="muted">Rating without text</span></p>')
    expect(unanswered).toContain('<a href="/api/reviews/p-02">JSON record</a>')
    expect(unanswered).toContain('<a href="/api/reviews/search?max_rating=2&amp;has_response=false">All of them as JSON</a>')
  })

  test('no reviews, or insights stored before the owner view: no sections', () => {
    const empty = computeInsights(business, [], '2026-04-01T00:00:00.000Z')
    expect(ownerPeriods(empty.owner, locale)).toBe('')
    expect(unansweredReviews(empty.owner, locale)).toBe('')
    expect(ownerPeriods(undefined, locale)).toBe('')
  })

  test('every low rating answered: said in words', () => {
    const answered = computeInsights(
      business,
      published.map((r) => ({ ...r, response: { date: '2026-04-01', text: 'Thanks.' } })),
      '2026-04-01T00:00:00.000Z',
    )
    expect(unansweredReviews(answered.owner, locale)).toContain('<p>Every review of 1 or 2 stars has a public reply.</p>')
  })
})

describe('/insights on the running service', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ seed: { business, reviews } })
  })
  afterAll(() => server.stop())

  test('shows the owner view of /insights.json, and every link in it answers', async () => {
    const served = (await (await fetch(`${server.url}/insights.json`)).json()) as Insights
    const html = await (await fetch(`${server.url}/insights`)).text()
    for (const w of served.owner.periods)
      for (const p of [w.current, w.previous]) {
        const href = `/?since=${p.since}&amp;until=${p.until}`
        expect(html).toContain(`<a href="${href}">${p.review_count}</a>`)
        expect((await fetch(`${server.url}${href.replace('&amp;', '&')}`)).status).toBe(200)
      }
    expect(html).toContain(`${served.owner.unanswered.count} reviews of 1 or 2 stars have no public reply yet.`)
    for (const r of served.owner.unanswered.reviews) {
      expect(html).toContain(`href="${r.page}"`)
      expect(html).toContain(`href="${r.permalink}"`)
      expect((await fetch(`${server.url}${r.page}`)).status).toBe(200)
    }
  }, 30_000)
})
