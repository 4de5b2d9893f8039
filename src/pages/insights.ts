/**
 * `/insights`: the owner's view of insights.json as pictures. Every figure links to the reviews
 * behind it: periods and entities to the filtered list on `/`, aspects, topics and FAQ answers to
 * their example reviews.
 */
import type { Insights } from '../insights/schema'
import type { Business, Review } from '../reviews/schema'
import { esc, formatDate, formatNumber, page } from './html'
import { listHref } from './parts'
import { ratingOverTime, resetSvgIds, sentimentBar, sparkline, type PeriodPoint, type Split } from './svg'

export type InsightsPageData = {
  baseUrl: string
  business: Business
  insights: Insights
  /** Every published review, newest first: the rating over time, and names for example links. */
  reviews: Review[]
}

const QUARTERS_SHOWN = 16

/** Review count and mean rating per calendar quarter, oldest first, gaps filled, the last QUARTERS_SHOWN. */
export function ratingByQuarter(reviews: Review[]): PeriodPoint[] {
  if (!reviews.length) return []
  const buckets = new Map<string, { count: number; sum: number }>()
  for (const r of reviews) {
    const key = quarterOf(r.date)
    const bucket = buckets.get(key) ?? { count: 0, sum: 0 }
    bucket.count++
    bucket.sum += r.rating
    buckets.set(key, bucket)
  }
  // Reviews are newest first: the last is the oldest.
  let [year, quarter] = quarterParts(quarterOf(reviews.at(-1)!.date))
  const [lastYear, lastQuarter] = quarterParts(quarterOf(reviews[0]!.date))
  const points: PeriodPoint[] = []
  while (year < lastYear || (year === lastYear && quarter <= lastQuarter)) {
    const label = `${year}-Q${quarter}`
    const bucket = buckets.get(label)
    const startMonth = (quarter - 1) * 3 + 1
    const since = `${year}-${String(startMonth).padStart(2, '0')}-01`
    const endMonth = startMonth + 2
    const until = `${year}-${String(endMonth).padStart(2, '0')}-${endMonth === 3 || endMonth === 12 ? 31 : 30}`
    points.push({
      label,
      count: bucket?.count ?? 0,
      average: bucket ? Math.round((bucket.sum / bucket.count) * 100) / 100 : null,
      href: listHref({ since, until }),
    })
    quarter++
    if (quarter > 4) {
      quarter = 1
      year++
    }
  }
  return points.slice(-QUARTERS_SHOWN)
}

const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`
const quarterParts = (label: string): [number, number] => [Number(label.slice(0, 4)), Number(label.slice(6))]

export function renderInsightsPage(data: InsightsPageData): string {
  resetSvgIds()
  const { business, insights } = data
  const byId = new Map(data.reviews.map((r) => [r.id, r]))
  const reviewLinks = (ids: string[], label = 'Reviews') => {
    const links = ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const r = byId.get(id)!
        return `<a href="/reviews/${esc(encodeURIComponent(id))}" aria-label="${esc(`${r.rating}-star review by ${r.author}, ${formatDate(r.date)}`)}">${esc(r.author)}</a>`
      })
    return links.length ? `<span class="muted">${label}:</span> ${links.join(', ')}` : ''
  }
  const points = ratingByQuarter(data.reviews)
  const main = `<h1>Insights: ${esc(business.name)}</h1>
<section class="card" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<p>${esc(insights.summary)}</p>
<p class="muted">From ${formatNumber(insights.review_count)} verified reviews · computed ${esc(insights.generated_at.slice(0, 16).replace('T', ' '))} UTC · <a href="/insights.json">insights.json</a></p></section>

<section aria-labelledby="time-h"><h2 id="time-h">Rating over time</h2>
<ul class="legend"><li><span class="key u"></span>reviews per quarter</li><li><span class="key s"></span>average rating (1-5 stars)</li></ul>
${points.length ? `<div class="scroll">${ratingOverTime(points, 'Reviews per quarter and their average rating; each quarter links to its reviews')}</div>` : '<p>No reviews yet.</p>'}
</section>

<section id="aspects" aria-labelledby="aspects-h"><h2 id="aspects-h">Aspects: what customers praise and criticise</h2>
<ul class="legend"><li><span class="key p"></span>positive</li><li><span class="key u"></span>neutral</li><li><span class="key n"></span>negative</li></ul>
<div class="aspects">${insights.aspects.map((a) => aspectCard(a, reviewLinks)).join('\n')}</div>
</section>

<section aria-labelledby="people-h"><h2 id="people-h">Technicians and services</h2>
<div class="cols">
<div><h3 id="tech-h">Technicians</h3>${entityRows(
    insights.entities.technicians.map((t) => ({ ...t, href: listHref({ technician: t.name }) })),
    'tech-h',
  )}</div>
<div><h3 id="svc-h">Services</h3>${entityRows(
    insights.entities.services.map((s) => ({ ...s, href: listHref({ service: s.id }) })),
    'svc-h',
  )}</div>
</div>
${
  insights.entities.service_areas.length
    ? `<h3 id="area-h">Service areas</h3>${entityRows(
        insights.entities.service_areas.map((a) => ({ ...a, href: undefined, examples: reviewLinks(a.review_ids, 'Latest') })),
        'area-h',
      )}`
    : ''
}
</section>

<section aria-labelledby="topics-h"><h2 id="topics-h">Topics</h2>
<p class="muted">Recurring phrases beyond the fixed aspects, with the sentiment of the sentences they appear in.</p>
${
  insights.topics.length
    ? `<ul class="plain rows">${insights.topics
        .map(
          (t) =>
            `<li><span><b>${esc(t.phrase)}</b> <span class="muted">${formatNumber(t.mention_count)} mention${t.mention_count === 1 ? '' : 's'}</span></span><span class="figs"><span class="bar">${sentimentBar(t.sentiment)}</span>${splitText(t.sentiment)}<br>${reviewLinks(t.review_ids)}</span></li>`,
        )
        .join('')}</ul>`
    : '<p>No recurring topics yet.</p>'
}
</section>

<section aria-labelledby="faq-h"><h2 id="faq-h">Questions customers ask, answered from the reviews</h2>
${insights.faq.map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p><p>${reviewLinks(f.review_ids, 'Based on')}</p></details>`).join('\n')}
</section>`
  return page({
    title: `Insights: ${business.name}`,
    description: `What ${formatNumber(insights.review_count)} verified reviews of ${business.name} say: aspects, technicians, services, topics and trends.`,
    baseUrl: data.baseUrl,
    canonicalPath: '/insights',
    current: 'insights',
    businessName: business.name,
    main,
  })
}

function splitText(split: Split): string {
  return `<span class="sr">Sentiment: </span>${formatNumber(split.positive)} positive · ${formatNumber(split.neutral)} neutral · ${formatNumber(split.negative)} negative`
}

function aspectCard(aspect: Insights['aspects'][number], reviewLinks: (ids: string[], label?: string) => string): string {
  const examples = aspect.examples
    .map(
      (e) =>
        `<blockquote><p>“${esc(e.excerpt)}” <span class="muted">(${esc(e.sentiment)})</span> ${reviewLinks([e.review_id], 'Review')}</p></blockquote>`,
    )
    .join('')
  const trend = aspect.trend.map((t) => ({ label: t.period, value: t.score }))
  return `<article class="card aspect" aria-labelledby="aspect-${esc(aspect.id)}">
<h3 id="aspect-${esc(aspect.id)}"><span>${esc(aspect.label)}</span><span class="muted">${formatNumber(aspect.mention_count)} mentions</span></h3>
<div class="bar">${sentimentBar(aspect.sentiment)}</div>
<p class="figs">${splitText(aspect.sentiment)} · score ${aspect.score.toFixed(2)} (-1 to 1)</p>
${trend.length ? `<p class="muted">Score per quarter</p>${sparkline(trend, `${aspect.label}: sentiment score per quarter, oldest first`)}` : ''}
${examples}
</article>`
}

type EntityRow = {
  name: string
  href?: string
  mention_count: number
  average_rating: number | null
  sentiment: Split
  examples?: string
}

function entityRows(rows: EntityRow[], labelledBy: string): string {
  if (!rows.length) return '<p>None mentioned yet.</p>'
  return `<ul class="plain rows" aria-labelledby="${labelledBy}">${rows
    .map((row) => {
      const name = row.href ? `<a href="${esc(row.href)}">${esc(row.name)}</a>` : `<b>${esc(row.name)}</b>`
      const average =
        row.average_rating === null
          ? ''
          : ` · ${row.average_rating.toFixed(2)} <span aria-hidden="true">★</span><span class="sr">stars</span> average`
      return `<li><span>${name}<br><span class="muted">${formatNumber(row.mention_count)} review${row.mention_count === 1 ? '' : 's'}${average}</span></span><span class="figs"><span class="bar">${sentimentBar(row.sentiment)}</span>${splitText(row.sentiment)}${row.examples ? `<br>${row.examples}` : ''}</span></li>`
    })
    .join('')}</ul>`
}
