/** `/reviews/{id}`: one review as a page, and the friendly error pages. */
import type { AggregateRating, Business } from '../reviews/schema'
import type { Issue } from '../core/issues'
import { esc, jsonForScript, page } from './html'
import { reviewJsonLd } from './jsonld'
import { localeFor } from './i18n'
import { businessCard, pageLocale, reviewArticle, type PageReview } from './parts'
import { resetSvgIds } from './svg'

export function renderReviewPage(review: PageReview, business: Business, aggregate: AggregateRating, baseUrl: string): string {
  resetSvgIds()
  const locale = pageLocale(business)
  const { t } = locale
  const path = `/reviews/${encodeURIComponent(review.id)}`
  const excerpt = review.text.length > 150 ? `${review.text.slice(0, 149)}…` : review.text
  const main = `<h1>${esc(t('reviewOf', { name: business.name }))}</h1>
${reviewArticle(review, business, { headingLevel: 2, permalink: false })}
<p><a href="/">${esc(t('allReviewsOf', { name: business.name }))}</a> · <a href="/api/reviews/${esc(encodeURIComponent(review.id))}" type="application/json">${esc(t('asJson'))}</a></p>
${businessCard(business, aggregate, 'p')}`
  return page({
    title: t('reviewTitle', { rating: review.rating, author: review.author, name: business.name }),
    locale,
    description: excerpt,
    baseUrl,
    canonicalPath: path,
    businessName: business.name,
    head:
      `<link rel="alternate" type="application/json" href="${esc(baseUrl)}/api/reviews/${esc(encodeURIComponent(review.id))}">\n` +
      `<script type="application/ld+json">${jsonForScript(reviewJsonLd(review, business, baseUrl, locale.tag))}</script>\n`,
    main,
  })
}

export type ErrorPage = { status: 400 | 404; title: string; message: string; issues?: Issue[] }

/**
 * 400 and 404 for people: what went wrong, in words, and the way back. The page's chrome speaks the
 * business's language (`locale`, the business file's tag); the title and message are the caller's.
 */
export function renderErrorPage(error: ErrorPage, businessName: string, baseUrl: string, localeTag?: string): string {
  resetSvgIds()
  const locale = localeFor(localeTag)
  const issues = error.issues?.length
    ? `<ul>${error.issues.map((i) => `<li><code>${esc(i.path.join('.'))}</code> ${esc(i.message)}</li>`).join('')}</ul>`
    : ''
  return page({
    title: `${error.title} · ${businessName}`,
    description: error.message,
    baseUrl,
    businessName,
    locale,
    main: `<h1>${esc(error.title)}</h1>\n<p>${esc(error.message)}</p>\n${issues}\n<p><a href="/">${esc(locale.t('seeAllReviews'))}</a> · <a href="/docs">${esc(locale.t('apiDocs'))}</a></p>`,
  })
}
