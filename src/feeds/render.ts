/**
 * JSON Feed 1.1 and Atom (RFC 4287) renderings of the newest reviews. Pure functions of the data,
 * so the same reviews always give the same bytes (the hub pushes only topics whose bytes changed).
 */
import type { Business, Review } from '../reviews/schema'
import { hubUrl } from './websub-topics'
import { startOfLocalDay } from '../core/dates'

export const FEED_SIZE = 50
/** The language of the feeds' own words (titles, descriptions); each review carries its own. */
export const FEED_LANGUAGE = 'en-US'

export type FeedContext = { business: Business; reviews: Review[]; baseUrl: string; updatedAt: Date }

export const feedUrls = (baseUrl: string) => ({
  hub: hubUrl(baseUrl),
  jsonFeed: `${baseUrl}/api/feed.json`,
  atom: `${baseUrl}/feed.xml`,
  /** The review record as JSON: the entry id, and the `related` link / `external_url`. */
  permalink: (id: string) => `${baseUrl}/api/reviews/${encodeURIComponent(id)}`,
  /** The review as a page for people: the `alternate` link / `url`. */
  page: (id: string) => `${baseUrl}/reviews/${encodeURIComponent(id)}`,
})

export function reviewTitle(review: Review): string {
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)
  return `${stars} ${review.rating}/5 from ${review.author}`
}

/** A review's date is a local calendar day; feeds need an instant: the start of that day where the business is. */
export function publishedAt(review: Review, business: Business): string {
  return instant(review.date, business)
}

const instant = (date: string, business: Business) => instantOf(startOfLocalDay(date, business.timezone))
const instantOf = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z')

function contentText(review: Review, business: Business): string {
  return review.response ? `${review.text}\n\nResponse from ${business.name} (${review.response.date}):\n${review.response.text}` : review.text
}

export function renderJsonFeed({ business, reviews, baseUrl }: FeedContext): string {
  const urls = feedUrls(baseUrl)
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${business.name}: verified customer reviews`,
    home_page_url: business.url,
    feed_url: urls.jsonFeed,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    language: FEED_LANGUAGE,
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: 'WebSub', url: urls.hub }],
    items: reviews.slice(0, FEED_SIZE).map((review) => ({
      id: review.id,
      url: urls.page(review.id),
      external_url: urls.permalink(review.id),
      title: reviewTitle(review),
      content_text: contentText(review, business),
      date_published: publishedAt(review, business),
      authors: [{ name: review.author }],
      tags: review.services,
      // JSON Feed 1.1's item-level language: the review text's, when known.
      ...(review.language ? { language: review.language } : {}),
      _review: review,
    })),
  }
  return JSON.stringify(feed)
}

// Characters XML 1.0 cannot carry at all, even escaped.
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

export function escapeXml(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function renderAtom({ business, reviews, baseUrl, updatedAt }: FeedContext): string {
  const urls = feedUrls(baseUrl)
  const x = escapeXml
  let feedUpdated = ''
  const entries = reviews.slice(0, FEED_SIZE).map((review) => {
    const published = publishedAt(review, business)
    const updated = review.response && review.response.date > review.date ? instant(review.response.date, business) : published
    if (updated > feedUpdated) feedUpdated = updated
    const categories = review.services.map((s) => `\n    <category term="${x(s)}"/>`).join('')
    // The entry is in the review's language; its generated title stays in the feed's.
    const lang = review.language ? ` xml:lang="${x(review.language)}"` : ''
    const titleLang = lang ? ` xml:lang="${FEED_LANGUAGE}"` : ''
    return `  <entry${lang}>
    <id>${x(urls.permalink(review.id))}</id>
    <title${titleLang}>${x(reviewTitle(review))}</title>
    <link rel="alternate" type="text/html" href="${x(urls.page(review.id))}"/>
    <link rel="related" type="application/json" href="${x(urls.permalink(review.id))}"/>
    <published>${published}</published>
    <updated>${updated}</updated>
    <author><name>${x(review.author)}</name></author>${categories}
    <content type="text">${x(contentText(review, business))}</content>
  </entry>`
  })
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${FEED_LANGUAGE}">
  <id>${x(urls.atom)}</id>
  <title>${x(`${business.name}: verified customer reviews`)}</title>
  <subtitle>${x(`The ${FEED_SIZE} newest verified reviews of ${business.name}.`)}</subtitle>
  <updated>${feedUpdated || instantOf(updatedAt)}</updated>
  <author><name>${x(business.name)}</name><uri>${x(business.url)}</uri></author>
  <generator>reviews-service</generator>
  <link rel="self" type="application/atom+xml" href="${x(urls.atom)}"/>
  <link rel="hub" href="${x(urls.hub)}"/>
  <link rel="alternate" type="text/html" href="${x(business.url)}"/>
${entries.join('\n')}
</feed>
`
}
