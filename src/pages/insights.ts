/**
 * `/insights`: the owner's view of insights.json as pictures. Every figure links to the reviews
 * behind it: periods and entities to the filtered list on `/`, aspects, topics and FAQ answers to
 * their example reviews.
 */
import { isCalendarDate, quarterOf, quarterRange } from '../core/dates'
import type { Insights } from '../insights/schema'
import type { Business, Review } from '../reviews/schema'
import { ReviewTable } from '../reviews/columns'
import { esc, page } from './html'
import { aspectName, type Locale } from './i18n'
import { listHref, pageLocale, ratingStars, type ReviewFilters } from './parts'
import { ratingOverTime, resetSvgIds, sentimentBar, sparkline, type PeriodPoint, type Split } from './svg'

export type InsightsPageData = {
  baseUrl: string
  business: Business
  insights: Insights
  /** Every published review, newest first (a version's table: read by column and parsed by id): the rating over time, and names for example links. */
  reviews: Review[] | ReviewTable
}

const QUARTERS_SHOWN = 16

/** Review count and mean rating per calendar quarter, oldest first, gaps filled, the last QUARTERS_SHOWN. */
export function ratingByQuarter(reviews: Review[] | ReviewTable): PeriodPoint[] {
  if (!reviews.length) return []
  const dateAt = reviews instanceof ReviewTable ? (p: number) => reviews.date(p) : (p: number) => reviews[p]!.date
  const ratingAt = reviews instanceof ReviewTable ? (p: number) => reviews.rating(p) : (p: number) => reviews[p]!.rating
  const buckets = new Map<string, { count: number; sum: number }>()
  // A date's quarter, worked out once per date (a day has many reviews).
  let lastDate = ''
  let key = ''
  for (let p = 0; p < reviews.length; p++) {
    const date = dateAt(p)
    if (date !== lastDate) {
      lastDate = date
      key = quarterOf(date)
    }
    const bucket = buckets.get(key) ?? { count: 0, sum: 0 }
    bucket.count++
    bucket.sum += ratingAt(p)
    buckets.set(key, bucket)
  }
  // Reviews are newest first: the last is the oldest.
  let [year, quarter] = quarterParts(quarterOf(dateAt(reviews.length - 1)))
  const [lastYear, lastQuarter] = quarterParts(quarterOf(dateAt(0)))
  const points: PeriodPoint[] = []
  while (year < lastYear || (year === lastYear && quarter <= lastQuarter)) {
    const label = `${year}-Q${quarter}`
    const bucket = buckets.get(label)
    points.push({
      label,
      count: bucket?.count ?? 0,
      average: bucket ? Math.round((bucket.sum / bucket.count) * 100) / 100 : null,
      href: listHref(quarterRange(label)),
    })
    quarter++
    if (quarter > 4) {
      quarter = 1
      year++
    }
  }
  return points.slice(-QUARTERS_SHOWN)
}

const quarterParts = (label: string): [number, number] => [Number(label.slice(0, 4)), Number(label.slice(6))]

export function renderInsightsPage(data: InsightsPageData): string {
  resetSvgIds()
  const { business, insights } = data
  const locale = pageLocale(business)
  const { t } = locale
  const reviews = data.reviews
  const byId =
    reviews instanceof ReviewTable
      ? {
          has: (id: string) => reviews.positionOf(id) !== undefined,
          get: (id: string) => {
            const p = reviews.positionOf(id)
            return p === undefined ? undefined : reviews.at(p)
          },
        }
      : new Map(reviews.map((r) => [r.id, r]))
  const reviewLinks = (ids: string[], label = t('navReviews')) => {
    const links = ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const r = byId.get(id)!
        return `<a href="/reviews/${esc(encodeURIComponent(id))}" aria-label="${esc(t('reviewLink', { rating: r.rating, author: r.author, date: locale.date(r.date) }))}">${esc(r.author)}</a>`
      })
    return links.length ? `<span class="muted">${esc(label)}:</span> ${links.join(', ')}` : ''
  }
  const points = ratingByQuarter(data.reviews)
  const main = `<h1>${esc(t('insightsTitle', { name: business.name }))}</h1>
<section class="card" aria-labelledby="summary-h"><h2 id="summary-h">${esc(t('summary'))}</h2>
<p>${esc(insights.summary)}</p>
<p class="muted"><a href="/">${esc(t('fromReviews', { n: insights.review_count }))}</a> · ${esc(t('computedAt', { time: insights.generated_at.slice(0, 16).replace('T', ' ') }))} · <a href="/insights.json">insights.json</a></p></section>

${ownerPeriods(insights.owner, locale)}
${unansweredReviews(insights.owner, locale, (id) => byId.get(id)?.language ?? null)}

<section aria-labelledby="time-h"><h2 id="time-h">${esc(t('ratingOverTime'))}</h2>
<ul class="legend"><li><span class="key u"></span>${esc(t('reviewsPerQuarter'))}</li><li><span class="key s"></span>${esc(t('averageRating'))}</li></ul>
${points.length ? `<div class="scroll">${ratingOverTime(points, t('timeChartTitle'), locale)}</div>` : `<p>${esc(t('noReviewsYet'))}</p>`}
</section>

<section id="aspects" aria-labelledby="aspects-h"><h2 id="aspects-h">${esc(t('aspectsHeading'))}</h2>
<ul class="legend"><li><span class="key p"></span>${esc(t('positive'))}</li><li><span class="key u"></span>${esc(t('neutral'))}</li><li><span class="key n"></span>${esc(t('negative'))}</li></ul>
<div class="aspects">${insights.aspects.map((a) => aspectCard(a, reviewLinks, locale)).join('\n')}</div>
</section>

<section aria-labelledby="people-h"><h2 id="people-h">${esc(t('peopleHeading'))}</h2>
<div class="cols">
<div><h3 id="tech-h">${esc(t('technicians'))}</h3>${entityRows(
    insights.entities.technicians.map((tech) => ({ ...tech, filters: { technician: tech.name } })),
    'tech-h',
    locale,
  )}</div>
<div><h3 id="svc-h">${esc(t('services'))}</h3>${entityRows(
    insights.entities.services.map((s) => ({ ...s, filters: { service: s.id } })),
    'svc-h',
    locale,
  )}</div>
</div>
${
  insights.entities.service_areas.length
    ? `<h3 id="area-h">${esc(t('serviceAreas'))}</h3>${entityRows(
        insights.entities.service_areas.map((a) => ({ ...a, filters: { area: a.name }, examples: reviewLinks(a.review_ids, t('latest')) })),
        'area-h',
        locale,
      )}`
    : ''
}
</section>

<section aria-labelledby="topics-h"><h2 id="topics-h">${esc(t('topics'))}</h2>
<p class="muted">${esc(t('topicsNote'))}</p>
${
  insights.topics.length
    ? `<ul class="plain rows">${insights.topics
        .map(
          (topic) =>
            `<li><span><b>${esc(topic.phrase)}</b> <a class="muted" href="${esc(listHref({ topic: topic.phrase }))}">${esc(t('mentions', { n: topic.mention_count }))}</a></span><span class="figs"><span class="bar">${sentimentBar(topic.sentiment)}</span>${splitText(topic.sentiment, locale, topicSplitHrefs(topic.phrase))}<br>${reviewLinks(topic.review_ids)}</span></li>`,
        )
        .join('')}</ul>`
    : `<p>${esc(t('noTopics'))}</p>`
}
</section>

<section aria-labelledby="faq-h"><h2 id="faq-h">${esc(t('faqHeading'))}</h2>
${insights.faq.map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p><p>${reviewLinks(f.review_ids, t('basedOn'))}</p></details>`).join('\n')}
</section>`
  return page({
    title: t('insightsTitle', { name: business.name }),
    description: t('insightsDescription', { n: insights.review_count, name: business.name }),
    locale,
    baseUrl: data.baseUrl,
    canonicalPath: '/insights',
    current: 'insights',
    businessName: business.name,
    main,
  })
}

/**
 * The positive, neutral and negative counts in the page's words; with `hrefs`, each number links to the
 * reviews behind it (the sentence is translated whole, the numbers are put back as links).
 */
/** A topic's split, each number a link to the reviews it counts (`/` with the topic and that sentiment). */
const topicSplitHrefs = (topic: string): Record<keyof Split, string> => ({
  positive: listHref({ topic, sentiment: 'positive' }),
  neutral: listHref({ topic, sentiment: 'neutral' }),
  negative: listHref({ topic, sentiment: 'negative' }),
})

function splitText(split: Split, locale: Locale, hrefs?: Record<keyof Split, string>): string {
  const mark = (key: keyof Split) => `\u0001${key}\u0001`
  const sentence = esc(
    locale.t('sentimentSplit', hrefs ? { positive: mark('positive'), neutral: mark('neutral'), negative: mark('negative') } : { ...split }),
  )
  const linked = hrefs
    ? sentence.replace(
        /\u0001(positive|neutral|negative)\u0001/g,
        (_whole, key: keyof Split) => `<a href="${esc(hrefs[key])}">${locale.number(split[key])}</a>`,
      )
    : sentence
  return `<span class="sr">${esc(locale.t('sentiment'))} </span>${linked}`
}

/** The reviews behind each split of an entity (by star rating: 4-5 positive, 3 neutral, 1-2 negative). */
const ratingSplitHrefs = (filters: ReviewFilters): Record<keyof Split, string> => ({
  positive: listHref({ ...filters, min_rating: 4 }),
  neutral: listHref({ ...filters, rating: 3 }),
  negative: listHref({ ...filters, max_rating: 2 }),
})

function aspectCard(aspect: Insights['aspects'][number], reviewLinks: (ids: string[], label?: string) => string, locale: Locale): string {
  const { t } = locale
  const label = aspectName(locale, aspect.id, aspect.label)
  const examples = aspect.examples
    .map(
      (e) =>
        `<blockquote><p>${esc(t('quoted', { text: e.excerpt }))} <span class="muted">(${esc(sentimentWord(e.sentiment, locale))})</span> ${reviewLinks([e.review_id], t('review'))}</p></blockquote>`,
    )
    .join('')
  const trend = aspect.trend.map((p) => ({ label: p.period, value: p.score }))
  return `<article class="card aspect" aria-labelledby="aspect-${esc(aspect.id)}">
<h3 id="aspect-${esc(aspect.id)}"><span>${esc(label)}</span><a class="muted" href="${esc(listHref({ aspect: aspect.id }))}">${esc(t('mentions', { n: aspect.mention_count }))}</a></h3>
<div class="bar">${sentimentBar(aspect.sentiment)}</div>
<p class="figs">${splitText(aspect.sentiment, locale, {
    positive: listHref({ aspect: aspect.id, sentiment: 'positive' }),
    neutral: listHref({ aspect: aspect.id, sentiment: 'neutral' }),
    negative: listHref({ aspect: aspect.id, sentiment: 'negative' }),
  })} · ${esc(t('score', { score: locale.number(aspect.score, 2) }))}</p>
${trend.length ? `<p class="muted">${esc(t('scorePerQuarter'))}</p>${sparkline(trend, t('sparkTitle', { aspect: label }), locale)}` : ''}
${examples}
</article>`
}

const sentimentWord = (sentiment: string, locale: Locale) =>
  sentiment === 'positive' || sentiment === 'negative' || sentiment === 'neutral' ? locale.t(sentiment) : sentiment

type EntityRow = {
  name: string
  /** The filters of `/` that list exactly the reviews it counts. */
  filters: ReviewFilters
  mention_count: number
  average_rating: number | null
  sentiment: Split
  examples?: string
}

function entityRows(rows: EntityRow[], labelledBy: string, locale: Locale): string {
  const { t } = locale
  if (!rows.length) return `<p>${esc(t('noneMentioned'))}</p>`
  return `<ul class="plain rows" aria-labelledby="${labelledBy}">${rows
    .map((row) => {
      const name = `<a href="${esc(listHref(row.filters))}">${esc(row.name)}</a>`
      const average =
        row.average_rating === null
          ? ''
          : ` · <span aria-hidden="true">${locale.number(row.average_rating, 2)} ★</span><span class="sr">${esc(t('averageStars', { avg: locale.number(row.average_rating, 2) }))}</span>`
      return `<li><span>${name}<br><a class="muted" href="${esc(listHref(row.filters))}">${esc(t('reviewsCount', { n: row.mention_count }))}</a><span class="muted">${average}</span></span><span class="figs"><span class="bar">${sentimentBar(row.sentiment)}</span>${splitText(row.sentiment, locale, ratingSplitHrefs(row.filters))}${row.examples ? `<br>${row.examples}` : ''}</span></li>`
    })
    .join('')}</ul>`
}

/** Unanswered low ratings shown on the page: 10 keep /insights light on a phone (insights.json lists 50; its search link lists every one). */
const UNANSWERED_SHOWN = 10

type OwnerView = Insights['owner']

/** A calendar day in the page's words; anything else (never from the computation) as it is, escaped by the caller. */
const day = (date: string, locale: Locale) => (isCalendarDate(date) ? locale.date(date) : date)
type OwnerPeriod = OwnerView['periods'][number]['current']

/**
 * The last 30 and 90 days, each a table against the period before: reviews (linking to their list), average
 * rating, share of 1-2 stars, and the aspects with support. Nothing when there are no reviews (or insights
 * stored before the owner view existed).
 */
export function ownerPeriods(owner: OwnerView | undefined, locale: Locale): string {
  if (!owner?.as_of || !owner.periods.length) return ''
  const { t } = locale
  const range = (p: OwnerPeriod) => `${day(p.since, locale)} – ${day(p.until, locale)}`
  const cells = (value: (p: OwnerPeriod) => string, w: OwnerView['periods'][number]) =>
    `<td class="num">${value(w.current)}</td><td class="num">${value(w.previous)}</td>`
  const none = esc(t('noReviewsShort'))
  const tables = owner.periods.map((w) => {
    const aspectRows = w.aspects
      .map(
        (a) =>
          `<tr><th scope="row">${esc(aspectName(locale, a.id, a.label))}</th><td class="num">${esc(t('sidedSplit', { ...a.current }))}</td><td class="num">${esc(t('sidedSplit', { ...a.previous }))}</td></tr>`,
      )
      .join('')
    return `<div class="card tablewrap"><table id="period-${w.days}">
<caption><b>${esc(t('lastDays', { n: w.days }))}</b></caption>
<thead><tr><td></td><th scope="col">${esc(range(w.current))}</th><th scope="col">${esc(t('daysBefore', { n: w.days }))}<br><span class="muted">${esc(range(w.previous))}</span></th></tr></thead>
<tbody>
<tr><th scope="row">${esc(t('periodReviews'))}</th>${cells((p) => `<a href="${esc(listHref({ since: p.since, until: p.until }))}">${esc(locale.number(p.review_count))}</a>`, w)}</tr>
<tr><th scope="row">${esc(t('periodAverage'))}</th>${cells((p) => (p.average_rating === null ? none : `${esc(locale.number(p.average_rating, 2))} ★`), w)}</tr>
<tr><th scope="row">${esc(t('periodLow'))}</th>${cells((p) => (p.low_rating_share === null ? none : esc(locale.percent(p.low_rating_share))), w)}</tr>
${aspectRows}
</tbody></table></div>`
  })
  return `<section id="recent" aria-labelledby="recent-h"><h2 id="recent-h">${esc(t('recentHeading'))}</h2>
<p class="muted">${esc(t('recentNote', { date: day(owner.as_of, locale) }))}</p>
<div class="cols">${tables.join('\n')}</div>
</section>`
}

/** The unanswered reviews of 1-2 stars, newest first: stars, date, author, an excerpt, the review page and its JSON record. */
export function unansweredReviews(
  owner: OwnerView | undefined,
  locale: Locale,
  languageOf: (id: string) => string | null = () => null,
): string {
  if (!owner?.as_of) return ''
  const { t } = locale
  const { unanswered } = owner
  const items = unanswered.reviews
    .slice(0, UNANSWERED_SHOWN)
    .map((r) => {
      const language = languageOf(r.id)
      const text = r.excerpt ? esc(t('quoted', { text: r.excerpt })) : `<span class="muted">${esc(t('ratingOnly'))}</span>`
      // The excerpt keeps its own language (an English review on a German page is marked English).
      const lang = r.excerpt && language ? ` lang="${esc(language)}"` : ''
      return `<li class="review">${ratingStars(r.rating, locale)} <time datetime="${esc(r.date)}">${esc(day(r.date, locale))}</time> · ${esc(r.author)}
<p class="text" dir="auto"${lang}>${text}</p>
<p><a href="${esc(r.page)}" aria-label="${esc(t('reviewLink', { rating: r.rating, author: r.author, date: day(r.date, locale) }))}">${esc(t('review'))}</a> · <a href="${esc(r.permalink)}">${esc(t('reviewRecord'))}</a></p></li>`
    })
    .join('\n')
  const body = unanswered.count
    ? `<p>${esc(t('unansweredNote', { n: unanswered.count }))}</p>
<ol class="plain">${items}</ol>
<p><a href="${esc(unanswered.search)}">${esc(t('unansweredAll'))}</a></p>`
    : `<p>${esc(t('unansweredNone'))}</p>`
  return `<section id="unanswered" aria-labelledby="unanswered-h"><h2 id="unanswered-h">${esc(t('unansweredHeading'))}</h2>
${body}
</section>`
}
