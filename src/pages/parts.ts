/** Parts shared by the pages: a review as an article, the business card, the filter links. */
import { lookupTable } from '../core/lookup-table'
import type { AggregateRating, Business, Review } from '../reviews/schema'
import { esc, queryString, stars } from './html'
import { localeFor, type Locale } from './i18n'

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
  max_rating?: number
  /** A service area (search: service_area). */
  area?: string
  /** An insights figure: an aspect id (with its split) or a topic phrase, as in the search. */
  aspect?: string
  sentiment?: 'positive' | 'negative' | 'neutral'
  topic?: string
}

const FILTER_KEYS = [
  'rating',
  'min_rating',
  'service',
  'technician',
  'query',
  'since',
  'until',
  'max_rating',
  'area',
  'aspect',
  'sentiment',
  'topic',
] as const

/** The URL of `/` with these filters (and page), parameters always in the same order. */
export function listHref(filters: ReviewFilters, page = 1): string {
  const params: Record<string, string | number | undefined> = {}
  for (const key of FILTER_KEYS) params[key] = filters[key]
  params.page = page > 1 ? page : undefined
  return `/${queryString(params)}`
}

export const serviceName = (business: Business, id: string) =>
  business.services.find((s) => s.id.toLowerCase() === id.toLowerCase())?.name ?? id

const SOURCES: Record<string, string> = lookupTable({ google: 'Google', yelp: 'Yelp', facebook: 'Facebook' })
const sourceName = (source: string, locale: Locale) => (source === 'direct' ? locale.t('sourceDirect') : (SOURCES[source] ?? source))

/** The page's locale: the business file's `locale`, English when it has none. */
export const pageLocale = (business: Business): Locale => localeFor(business.locale)

/** Five stars with "Rated 4.2 out of 5" (in the page's language) as their name. */
export const ratingStars = (rating: number, locale: Locale, digits = 0) =>
  stars(rating, locale.t('rated', { rating: locale.number(rating, digits) }))

/**
 * One review: rating, author, date (the permalink), text, what it mentions (filter links) and the
 * owner's reply. The text keeps its own `lang` (a German review on an English page is marked German),
 * and a translation the source supplied is one tap away.
 */
export function reviewArticle(review: PageReview, business: Business, options: { headingLevel?: 2 | 3; permalink?: boolean } = {}): string {
  const locale = pageLocale(business)
  const { t } = locale
  const h = options.headingLevel ?? 3
  const headingId = `review-${review.id.replace(/[^A-Za-z0-9_-]/g, '_')}`
  const date = `<time datetime="${esc(review.date)}">${esc(locale.date(review.date))}</time>`
  const source = sourceName(review.source, locale)
  const meta = [
    options.permalink === false ? date : `<a href="/reviews/${esc(encodeURIComponent(review.id))}">${date}</a>`,
    review.service_area ? esc(review.service_area) : '',
    esc(t('via', { source })),
  ].filter(Boolean)
  const lang = review.language ? ` lang="${esc(review.language)}"` : ''
  const tags = [
    ...review.services.map((id) => `<li><a href="${esc(listHref({ service: id }))}">${esc(serviceName(business, id))}</a></li>`),
    ...review.technicians.map((name) => `<li><a href="${esc(listHref({ technician: name }))}">${esc(name)}</a></li>`),
  ]
  const translated = review.translation
  const translation = translated
    ? `<details><summary>${esc(
        translated.language
          ? t('translation', { language: locale.languageName(translated.language), source })
          : t('translationUnknown', { source }),
      )}</summary><p class="text" dir="auto"${translated.language ? ` lang="${esc(translated.language)}"` : ''}>${esc(translated.text)}</p></details>`
    : ''
  const reply = review.response
    ? `<div class="reply"><p class="who">${esc(t('responseFrom', { name: business.name }))} · <time datetime="${esc(review.response.date)}">${esc(locale.date(review.response.date))}</time></p><p>${esc(review.response.text)}</p></div>`
    : ''
  return `<article class="review" aria-labelledby="${headingId}">
<h${h} id="${headingId}">${ratingStars(review.rating, locale)} <bdi>${esc(review.author)}</bdi></h${h}>
<p class="meta muted">${meta.join(' · ')}</p>
<p class="text" dir="auto"${lang}>${esc(review.text)}</p>${translation}
${tags.length ? `<ul class="tags" aria-label="${esc(t('mentionsLabel'))}">${tags.join('')}</ul>` : ''}${reply}
</article>`
}

/** Name, description, overall rating, address and contact; `compact` (the shoppers' page) leaves out the description and areas. */
export function businessCard(business: Business, aggregate: AggregateRating, headingTag: 'h1' | 'p' = 'h1', compact = false): string {
  const locale = pageLocale(business)
  const { t } = locale
  const a = business.address
  const rating = aggregate.review_count
    ? `<div class="score">${ratingStars(aggregate.rating_value, locale, 1)}<span class="big">${esc(locale.number(aggregate.rating_value, 2))}</span><span class="muted">${esc(t('outOf'))} · ${esc(t('verifiedReviews', { n: aggregate.review_count }))}</span></div>`
    : `<p>${esc(t('noReviewsYet'))}</p>`
  const name =
    headingTag === 'h1'
      ? `<h1 id="business-name">${esc(business.name)}</h1>`
      : `<p class="brand" id="business-name">${esc(business.name)}</p>`
  const contact = `<address>${esc(a.street_address)}, ${esc(a.locality)}, ${esc(a.region)} ${esc(a.postal_code)} · <a href="tel:${esc(business.telephone.replace(/[^+\d]/g, ''))}">${esc(business.telephone)}</a> · <a href="${esc(business.url)}" rel="noopener">${esc(t('website'))}</a></address>`
  if (compact) return `<section class="card compact" aria-labelledby="business-name">\n${name}\n${rating}\n${contact}\n</section>`
  return `<section class="card" aria-labelledby="business-name">
${name}
<p>${esc(business.description)}</p>
${rating}
${contact}
${business.service_areas.length ? `<p class="muted">${esc(t('serving', { areas: business.service_areas.join(', ') }))}</p>` : ''}
</section>`
}
