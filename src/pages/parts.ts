/** Parts shared by the pages: a review as an article, the business card, the filter links. */
import type { AggregateRating, Business, Review } from '../reviews/schema'
import { esc, formatDate, formatNumber, queryString, stars } from './html'

/** A review as the pages see it: the published record. */
export type PageReview = Review

/** The filters of `/`, named for people; each maps onto one parameter of GET /api/reviews/search. */
export type ReviewFilters = {
  rating?: number
  min_rating?: number
  service?: string
  technician?: string
  query?: string
  since?: string
  until?: string
}

const FILTER_KEYS = ['rating', 'min_rating', 'service', 'technician', 'query', 'since', 'until'] as const

/** The URL of `/` with these filters (and page), parameters always in the same order. */
export function listHref(filters: ReviewFilters, page = 1): string {
  const params: Record<string, string | number | undefined> = {}
  for (const key of FILTER_KEYS) params[key] = filters[key]
  params.page = page > 1 ? page : undefined
  return `/${queryString(params)}`
}

export const serviceName = (business: Business, id: string) =>
  business.services.find((s) => s.id.toLowerCase() === id.toLowerCase())?.name ?? id

const SOURCES: Record<string, string> = { google: 'Google', direct: 'Direct', yelp: 'Yelp', facebook: 'Facebook' }

/** One review: rating, author, date (the permalink), text, what it mentions (filter links) and the owner's reply. */
export function reviewArticle(review: PageReview, business: Business, options: { headingLevel?: 2 | 3; permalink?: boolean } = {}): string {
  const h = options.headingLevel ?? 3
  const headingId = `review-${review.id.replace(/[^A-Za-z0-9_-]/g, '_')}`
  const date = `<time datetime="${esc(review.date)}">${esc(formatDate(review.date))}</time>`
  const meta = [
    options.permalink === false ? date : `<a href="/reviews/${esc(encodeURIComponent(review.id))}">${date}</a>`,
    review.service_area ? esc(review.service_area) : '',
    `via ${esc(SOURCES[review.source] ?? review.source)}`,
  ].filter(Boolean)
  const lang = review.language ? ` lang="${esc(review.language)}"` : ''
  const tags = [
    ...review.services.map((id) => `<li><a href="${esc(listHref({ service: id }))}">${esc(serviceName(business, id))}</a></li>`),
    ...review.technicians.map((name) => `<li><a href="${esc(listHref({ technician: name }))}">${esc(name)}</a></li>`),
  ]
  const translated = review.translation
  const translation = translated
    ? `<details><summary>Translation${translated.language ? ` (${esc(translated.language)})` : ''} supplied by ${esc(SOURCES[review.source] ?? review.source)}</summary><p class="text" dir="auto"${translated.language ? ` lang="${esc(translated.language)}"` : ''}>${esc(translated.text)}</p></details>`
    : ''
  const reply = review.response
    ? `<div class="reply"><p class="who">Response from ${esc(business.name)} · <time datetime="${esc(review.response.date)}">${esc(formatDate(review.response.date))}</time></p><p>${esc(review.response.text)}</p></div>`
    : ''
  return `<article class="review" aria-labelledby="${headingId}">
<h${h} id="${headingId}">${stars(review.rating)} <bdi>${esc(review.author)}</bdi></h${h}>
<p class="meta muted">${meta.join(' · ')}</p>
<p class="text" dir="auto"${lang}>${esc(review.text)}</p>${translation}
${tags.length ? `<ul class="tags" aria-label="Mentions">${tags.join('')}</ul>` : ''}${reply}
</article>`
}

/** Name, description, overall rating, address and contact; `compact` (the shoppers' page) leaves out the description and areas. */
export function businessCard(business: Business, aggregate: AggregateRating, headingTag: 'h1' | 'p' = 'h1', compact = false): string {
  const a = business.address
  const rating = aggregate.review_count
    ? `<div class="score">${stars(aggregate.rating_value, `Rated ${formatNumber(aggregate.rating_value, 1)} out of 5`)}<span class="big">${esc(formatNumber(aggregate.rating_value, 2))}</span><span class="muted">out of 5 · ${esc(formatNumber(aggregate.review_count))} verified review${aggregate.review_count === 1 ? '' : 's'}</span></div>`
    : '<p>No reviews yet.</p>'
  const name =
    headingTag === 'h1'
      ? `<h1 id="business-name">${esc(business.name)}</h1>`
      : `<p class="brand" id="business-name">${esc(business.name)}</p>`
  const contact = `<address>${esc(a.street_address)}, ${esc(a.locality)}, ${esc(a.region)} ${esc(a.postal_code)} · <a href="tel:${esc(business.telephone.replace(/[^+\d]/g, ''))}">${esc(business.telephone)}</a> · <a href="${esc(business.url)}" rel="noopener">Website</a></address>`
  if (compact) return `<section class="card compact" aria-labelledby="business-name">\n${name}\n${rating}\n${contact}\n</section>`
  return `<section class="card" aria-labelledby="business-name">
${name}
<p>${esc(business.description)}</p>
${rating}
${contact}
${business.service_areas.length ? `<p class="muted">Serving ${esc(business.service_areas.join(', '))}</p>` : ''}
</section>`
}
