/** `/`: the business's public review page. */
import type { AspectEvidence } from '../insights/schema'
import type { AggregateRating, Business } from '../reviews/schema'
import { esc, jsonForScript, page } from './html'
import { aspectName, type Locale } from './i18n'
import { businessJsonLd } from './jsonld'
import { businessCard, listHref, pageLocale, reviewArticle, serviceName, type PageReview, type ReviewFilters } from './parts'
import { aspectChart, meterBar, resetSvgIds, type AspectRow } from './svg'

export type HomeData = {
  baseUrl: string
  business: Business
  aggregate: AggregateRating
  /** The aspect summary of the insights, most mentioned first. */
  aspects: AspectRow[]
  filters: ReviewFilters
  page: number
  pageSize: number
  /** Reviews matching the filters, all pages. */
  total: number
  reviews: PageReview[]
  /** With an aspect filter: per review id, the mentions that put it under the aspect (insights/evidence.ts). */
  evidence?: Map<string, AspectEvidence>
  /** The insights are still being computed: the page says so (and is not kept in any cache). */
  insightsPending?: boolean
}

export function renderHomePage(data: HomeData): string {
  resetSvgIds()
  const { business, aggregate, filters } = data
  const locale = pageLocale(business)
  const { t } = locale
  const filtered = Object.values(filters).some((v) => v !== undefined)
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize))
  const first = (data.page - 1) * data.pageSize + 1
  const pageSuffix = data.page > 1 ? ` (${t('pageN', { n: data.page })})` : ''
  const title =
    (filtered
      ? t('filteredTitle', { name: business.name, filters: describeFilters(filters, business, locale, data.aspects) })
      : t('homeTitle', { name: business.name })) + pageSuffix
  const description = t('homeDescription', {
    n: aggregate.review_count,
    name: business.name,
    rating: locale.number(aggregate.rating_value, 2),
  })
  // Shoppers first: the business and its rating, then the reviews; the figures beside them (below on a phone).
  const main = `${businessCard(business, aggregate, 'h1', true)}
<div class="layout">
<section id="reviews" aria-labelledby="reviews-h">
<h2 id="reviews-h">${esc(t(filtered ? 'matchingReviews' : 'newestReviews'))}</h2>
${filterNav(business, filters, filtered, locale)}
<p class="muted" role="status">${
    data.total
      ? `${esc(t('showing', { from: first, to: first + data.reviews.length - 1, total: data.total }))}${filtered ? ` · ${esc(describeFilters(filters, business, locale, data.aspects))} · <a href="/">${esc(t('clearFilters'))}</a>` : ''}`
      : `${esc(t('noMatch', { filters: describeFilters(filters, business, locale, data.aspects) }))} <a href="/">${esc(t('showAll'))}</a>`
  }</p>
${data.reviews.map((r) => reviewArticle(r, business) + evidenceNote(data.evidence?.get(r.id), data.aspects, locale)).join('\n')}
${pager(filters, data.page, lastPage, locale)}
</section>
<aside aria-label="${esc(t('asideLabel'))}">
${distribution(aggregate, filters, locale)}
${data.insightsPending ? `<p class="note" role="status">${esc(t('insightsPending'))}</p>` : aspectSummary(data.aspects, locale)}
<section aria-labelledby="about-h"><h2 id="about-h">${esc(t('about', { name: business.name }))}</h2><p>${esc(business.description)}</p>${business.service_areas.length ? `<p class="muted">${esc(t('serving', { areas: business.service_areas.join(', ') }))}</p>` : ''}</section>
</aside>
</div>`
  const jsonLd = businessJsonLd(business, aggregate, data.reviews, data.baseUrl, locale.tag)
  return page({
    title,
    description,
    baseUrl: data.baseUrl,
    canonicalPath: filtered || data.page > 1 ? undefined : '/',
    current: 'reviews',
    businessName: business.name,
    // Filtered lists are views of the same reviews: crawlers follow their links but index the unfiltered pages.
    locale,
    head: `${filtered ? '<meta name="robots" content="noindex, follow">\n' : ''}<script type="application/ld+json">${jsonForScript(jsonLd)}</script>\n`,
    main,
  })
}

/** Why a review is listed under the aspect filter: each mention's clause, its sentiment and the cues that fired. */
function evidenceNote(evidence: AspectEvidence | undefined, aspects: AspectRow[], locale: Locale): string {
  if (!evidence?.mentions.length) return ''
  const { t } = locale
  const aspect = aspectName(locale, evidence.aspect, aspects.find((a) => a.id === evidence.aspect)?.label ?? evidence.aspect)
  const mentions = evidence.mentions
    .map(
      (m) =>
        `<li>${esc(t('quoted', { text: m.clause }))} <span class="muted">(${esc(t(m.sentiment))}; ${esc(t('cuesLabel'))}: ${esc(m.cues.join(', '))})</span></li>`,
    )
    .join('')
  return `<div class="note"><p>${esc(t('evidenceLabel', { aspect }))}: ${esc(t(evidence.sentiment))}</p><ul>${mentions}</ul></div>`
}

/** A calendar day in the page's words; anything else (a timestamp) as given. */
const day = (value: string, locale: Locale) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? locale.date(value) : value)

function describeFilters(filters: ReviewFilters, business: Business, locale: Locale, aspects: AspectRow[] = []): string {
  const { t } = locale
  const parts: string[] = []
  if (filters.rating !== undefined) parts.push(t('stars', { n: filters.rating }))
  if (filters.min_rating !== undefined) parts.push(t('atLeastStars', { n: filters.min_rating }))
  if (filters.service !== undefined) parts.push(serviceName(business, filters.service))
  if (filters.technician !== undefined) parts.push(t('mentionsName', { name: filters.technician }))
  if (filters.query !== undefined) parts.push(t('quoted', { text: filters.query }))
  if (filters.since !== undefined) parts.push(t('fromDate', { date: day(filters.since, locale) }))
  if (filters.until !== undefined) parts.push(t('untilDate', { date: day(filters.until, locale) }))
  if (filters.max_rating !== undefined) parts.push(t('atMostStars', { n: filters.max_rating }))
  if (filters.area !== undefined) parts.push(filters.area)
  if (filters.aspect !== undefined) {
    const aspect = aspectName(locale, filters.aspect, aspects.find((a) => a.id === filters.aspect)?.label ?? filters.aspect)
    parts.push(
      filters.sentiment === undefined
        ? t('aspectFilter', { aspect })
        : t('aspectSentimentFilter', { aspect, sentiment: t(filters.sentiment) }),
    )
  }
  if (filters.topic !== undefined) parts.push(t('topicFilter', { topic: filters.topic }))
  return parts.join(', ')
}

function distribution(aggregate: AggregateRating, filters: ReviewFilters, locale: Locale): string {
  const { t } = locale
  const total = aggregate.review_count || 1
  const rows = [5, 4, 3, 2, 1].map((stars) => {
    const count = aggregate.distribution[String(stars) as '1']
    const share = count / total
    const current = filters.rating === stars ? ' aria-current="true"' : ''
    return `<li><a href="${esc(listHref({ ...filters, rating: stars }))}"${current}><span class="lbl">${esc(t('stars', { n: stars }))}<span class="sr">:</span></span>${meterBar(share)}<span class="num">${locale.number(count)}<span class="sr"> ${esc(t('reviewsPercent', { n: count, percent: locale.percent(share) }))}</span></span></a></li>`
  })
  return `<section class="dist" aria-labelledby="dist-h"><h2 id="dist-h">${esc(t('ratings'))}</h2><ul class="plain">${rows.join('')}</ul></section>`
}

function aspectSummary(aspects: AspectRow[], locale: Locale): string {
  if (!aspects.length) return ''
  const { t } = locale
  return `<section aria-labelledby="aspects-h"><h2 id="aspects-h">${esc(t('whatCustomersMention'))}</h2>
${aspectChart(
  aspects.map((a) => ({ ...a, label: aspectName(locale, a.id, a.label), short: aspectName(locale, a.id, a.short, true) })),
  t('aspectChartTitle'),
  locale,
)}
<ul class="legend"><li><span class="key p"></span>${esc(t('positive'))}</li><li><span class="key n"></span>${esc(t('negative'))}</li></ul>
<p><a href="/insights#aspects">${esc(t('allInsights'))}</a></p></section>`
}

/** The filters behind one control, open while any is active. */
function filterNav(business: Business, filters: ReviewFilters, filtered: boolean, locale: Locale): string {
  const { t } = locale
  const chip = (label: string, href: string, current: boolean) =>
    `<li><a href="${esc(href)}"${current ? ' aria-current="true"' : ''}>${label}</a></li>`
  const all = esc(t('all'))
  const ratings = [
    chip(
      all,
      listHref({ ...filters, rating: undefined, min_rating: undefined }),
      filters.rating === undefined && filters.min_rating === undefined,
    ),
    ...[5, 4, 3, 2, 1].map((r) =>
      chip(
        `<span aria-hidden="true">${r} ★</span><span class="sr">${esc(t('stars', { n: r }))}</span>`,
        listHref({ ...filters, rating: r, min_rating: undefined }),
        filters.rating === r,
      ),
    ),
  ]
  const activeService = filters.service?.toLowerCase()
  const services = [
    chip(all, listHref({ ...filters, service: undefined }), filters.service === undefined),
    ...business.services.map((s) => chip(esc(s.name), listHref({ ...filters, service: s.id }), s.id.toLowerCase() === activeService)),
  ]
  const activeTechnician = filters.technician?.toLowerCase()
  const technicians = [
    chip(all, listHref({ ...filters, technician: undefined }), filters.technician === undefined),
    ...business.technicians.map((tech) =>
      chip(
        esc(tech.name),
        listHref({ ...filters, technician: tech.name }),
        activeTechnician === tech.name.toLowerCase() || activeTechnician === tech.name.split(/\s+/)[0]!.toLowerCase(),
      ),
    ),
  ]
  // The text search keeps the other filters as hidden fields, so it narrows what is shown.
  const hidden = (
    ['rating', 'min_rating', 'service', 'technician', 'since', 'until', 'max_rating', 'area', 'aspect', 'sentiment', 'topic'] as const
  )
    .filter((k) => filters[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(filters[k])}">`)
    .join('')
  return `<details class="filters"${filtered ? ' open' : ''}><summary>${esc(t(filtered ? 'filterActive' : 'filterAndSearch'))}</summary><nav aria-labelledby="filters-h"><h3 class="sr" id="filters-h">${esc(t('filterReviews'))}</h3>
<h4 id="f-rating">${esc(t('rating'))}</h4><ul class="chips" aria-labelledby="f-rating">${ratings.join('')}</ul>
${business.services.length ? `<h4 id="f-service">${esc(t('service'))}</h4><ul class="chips" aria-labelledby="f-service">${services.join('')}</ul>` : ''}
${business.technicians.length ? `<h4 id="f-tech">${esc(t('technician'))}</h4><ul class="chips" aria-labelledby="f-tech">${technicians.join('')}</ul>` : ''}
<form class="search" role="search" method="get" action="/">${hidden}<label class="sr" for="q">${esc(t('searchLabel'))}</label><input id="q" name="query" type="search" maxlength="200" placeholder="${esc(t('searchLabel'))}" value="${esc(filters.query ?? '')}"><button type="submit">${esc(t('searchButton'))}</button></form>
</nav></details>`
}

function pager(filters: ReviewFilters, current: number, last: number, locale: Locale): string {
  if (last <= 1) return ''
  const { t } = locale
  const newer = current > 1 ? `<a rel="prev" href="${esc(listHref(filters, current - 1))}">← ${esc(t('newer'))}</a>` : '<span></span>'
  const older = current < last ? `<a rel="next" href="${esc(listHref(filters, current + 1))}">${esc(t('older'))} →</a>` : '<span></span>'
  return `<nav class="pager" aria-label="${esc(t('pagesLabel'))}">${newer}<span class="muted">${esc(t('pageOf', { n: current, last }))}</span>${older}</nav>`
}
