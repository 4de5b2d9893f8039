/** `/`: the business's public review page. */
import type { AggregateRating, Business } from '../reviews/schema'
import { esc, formatNumber, jsonForScript, page } from './html'
import { businessJsonLd } from './jsonld'
import { businessCard, listHref, reviewArticle, serviceName, type PageReview, type ReviewFilters } from './parts'
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
  /** The insights are still being computed: the page says so (and is not kept in any cache). */
  insightsPending?: boolean
}

export function renderHomePage(data: HomeData): string {
  resetSvgIds()
  const { business, aggregate, filters } = data
  const filtered = Object.values(filters).some((v) => v !== undefined)
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize))
  const first = (data.page - 1) * data.pageSize + 1
  const pageSuffix = data.page > 1 ? ` (page ${data.page})` : ''
  const title =
    (filtered ? `Reviews of ${business.name}: ${describeFilters(filters, business)}` : `${business.name}: verified customer reviews`) +
    pageSuffix
  const description = `${formatNumber(aggregate.review_count)} verified reviews of ${business.name}, rated ${formatNumber(aggregate.rating_value, 2)} out of 5.`
  // Shoppers first: the business and its rating, then the reviews; the figures beside them (below on a phone).
  const main = `${businessCard(business, aggregate, 'h1', true)}
<div class="layout">
<section id="reviews" aria-labelledby="reviews-h">
<h2 id="reviews-h">${filtered ? 'Matching reviews' : 'Newest reviews'}</h2>
${filterNav(business, filters, filtered)}
<p class="muted" role="status">${
    data.total
      ? `Showing ${formatNumber(first)}–${formatNumber(first + data.reviews.length - 1)} of ${formatNumber(data.total)}${filtered ? ` · ${esc(describeFilters(filters, business))} · <a href="/">Clear filters</a>` : ''}`
      : `No review matches ${esc(describeFilters(filters, business))}. <a href="/">Show all reviews</a>`
  }</p>
${data.reviews.map((r) => reviewArticle(r, business)).join('\n')}
${pager(filters, data.page, lastPage)}
</section>
<aside aria-label="About the business and its ratings">
${distribution(aggregate, filters)}
${data.insightsPending ? '<p class="note" role="status">The summary of the review texts is still being computed; reload in a moment to see it.</p>' : aspectSummary(data.aspects)}
<section aria-labelledby="about-h"><h2 id="about-h">About ${esc(business.name)}</h2><p>${esc(business.description)}</p>${business.service_areas.length ? `<p class="muted">Serving ${esc(business.service_areas.join(', '))}</p>` : ''}</section>
</aside>
</div>`
  const jsonLd = businessJsonLd(business, aggregate, data.reviews, data.baseUrl)
  return page({
    title,
    description,
    baseUrl: data.baseUrl,
    canonicalPath: filtered || data.page > 1 ? undefined : '/',
    current: 'reviews',
    businessName: business.name,
    // Filtered lists are views of the same reviews: crawlers follow their links but index the unfiltered pages.
    head: `${filtered ? '<meta name="robots" content="noindex, follow">\n' : ''}<script type="application/ld+json">${jsonForScript(jsonLd)}</script>\n`,
    main,
  })
}

function describeFilters(filters: ReviewFilters, business: Business): string {
  const parts: string[] = []
  if (filters.rating !== undefined) parts.push(`${filters.rating} star${filters.rating === 1 ? '' : 's'}`)
  if (filters.min_rating !== undefined) parts.push(`at least ${filters.min_rating} stars`)
  if (filters.service !== undefined) parts.push(serviceName(business, filters.service))
  if (filters.technician !== undefined) parts.push(`mentions ${filters.technician}`)
  if (filters.query !== undefined) parts.push(`“${filters.query}”`)
  if (filters.since !== undefined) parts.push(`from ${filters.since}`)
  if (filters.until !== undefined) parts.push(`until ${filters.until}`)
  return parts.join(', ')
}

function distribution(aggregate: AggregateRating, filters: ReviewFilters): string {
  const total = aggregate.review_count || 1
  const rows = [5, 4, 3, 2, 1].map((stars) => {
    const count = aggregate.distribution[String(stars) as '1']
    const share = count / total
    const current = filters.rating === stars ? ' aria-current="true"' : ''
    return `<li><a href="${esc(listHref({ ...filters, rating: stars }))}"${current}><span class="lbl">${stars} star${stars === 1 ? '' : 's'}<span class="sr">:</span></span>${meterBar(share)}<span class="num">${formatNumber(count)}<span class="sr"> reviews (${Math.round(share * 100)}%)</span></span></a></li>`
  })
  return `<section class="dist" aria-labelledby="dist-h"><h2 id="dist-h">Ratings</h2><ul class="plain">${rows.join('')}</ul></section>`
}

function aspectSummary(aspects: AspectRow[]): string {
  if (!aspects.length) return ''
  return `<section aria-labelledby="aspects-h"><h2 id="aspects-h">What customers mention</h2>
${aspectChart(aspects, 'Share of positive and negative mentions per aspect')}
<ul class="legend"><li><span class="key p"></span>positive</li><li><span class="key n"></span>negative</li></ul>
<p><a href="/insights#aspects">All insights, with examples and trends</a></p></section>`
}

/** The filters behind one control, open while any is active. */
function filterNav(business: Business, filters: ReviewFilters, filtered: boolean): string {
  const chip = (label: string, href: string, current: boolean) =>
    `<li><a href="${esc(href)}"${current ? ' aria-current="true"' : ''}>${label}</a></li>`
  const ratings = [
    chip(
      'All',
      listHref({ ...filters, rating: undefined, min_rating: undefined }),
      filters.rating === undefined && filters.min_rating === undefined,
    ),
    ...[5, 4, 3, 2, 1].map((r) =>
      chip(
        `${r}<span aria-hidden="true"> ★</span><span class="sr"> stars</span>`,
        listHref({ ...filters, rating: r, min_rating: undefined }),
        filters.rating === r,
      ),
    ),
  ]
  const activeService = filters.service?.toLowerCase()
  const services = [
    chip('All', listHref({ ...filters, service: undefined }), filters.service === undefined),
    ...business.services.map((s) => chip(esc(s.name), listHref({ ...filters, service: s.id }), s.id.toLowerCase() === activeService)),
  ]
  const activeTechnician = filters.technician?.toLowerCase()
  const technicians = [
    chip('All', listHref({ ...filters, technician: undefined }), filters.technician === undefined),
    ...business.technicians.map((t) =>
      chip(
        esc(t.name),
        listHref({ ...filters, technician: t.name }),
        activeTechnician === t.name.toLowerCase() || activeTechnician === t.name.split(/\s+/)[0]!.toLowerCase(),
      ),
    ),
  ]
  // The text search keeps the other filters as hidden fields, so it narrows what is shown.
  const hidden = (['rating', 'min_rating', 'service', 'technician', 'since', 'until'] as const)
    .filter((k) => filters[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(filters[k])}">`)
    .join('')
  return `<details class="filters"${filtered ? ' open' : ''}><summary>Filter and search${filtered ? ' (active)' : ''}</summary><nav aria-labelledby="filters-h"><h3 class="sr" id="filters-h">Filter reviews</h3>
<h4 id="f-rating">Rating</h4><ul class="chips" aria-labelledby="f-rating">${ratings.join('')}</ul>
${business.services.length ? `<h4 id="f-service">Service</h4><ul class="chips" aria-labelledby="f-service">${services.join('')}</ul>` : ''}
${business.technicians.length ? `<h4 id="f-tech">Technician</h4><ul class="chips" aria-labelledby="f-tech">${technicians.join('')}</ul>` : ''}
<form class="search" role="search" method="get" action="/">${hidden}<label class="sr" for="q">Search review text</label><input id="q" name="query" type="search" maxlength="200" placeholder="Search review text" value="${esc(filters.query ?? '')}"><button type="submit">Search</button></form>
</nav></details>`
}

function pager(filters: ReviewFilters, current: number, last: number): string {
  if (last <= 1) return ''
  const newer = current > 1 ? `<a rel="prev" href="${esc(listHref(filters, current - 1))}">← Newer</a>` : '<span></span>'
  const older = current < last ? `<a rel="next" href="${esc(listHref(filters, current + 1))}">Older →</a>` : '<span></span>'
  return `<nav class="pager" aria-label="Pages of reviews">${newer}<span class="muted">Page ${formatNumber(current)} of ${formatNumber(last)}</span>${older}</nav>`
}
