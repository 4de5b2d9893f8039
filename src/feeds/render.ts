/**
 * JSON Feed 1.1 and Atom (RFC 4287) renderings of the newest reviews. Pure functions of the data,
 * so the same reviews always give the same bytes (the hub pushes only topics whose bytes changed).
 */
import type { Business, Review } from '../reviews/schema'
import { topicHubs } from './websub-topics'
import { startOfLocalDay } from '../core/dates'
import { entryUrn, feedUrn, secondsIntoDay } from './entry-ids'

export const FEED_SIZE = 50
/** The language of the feeds' own words (titles, descriptions); each review carries its own. */
const FEED_LANGUAGE = 'en-US'

/** `externalHubs`: outside WebSub hubs (HUB_EXTERNAL_URLS), listed after ours. */
export type FeedContext = { business: Business; reviews: Review[]; baseUrl: string; updatedAt: Date; externalHubs?: readonly string[] }

const feedUrls = (baseUrl: string, externalHubs?: readonly string[]) => ({
  hubs: topicHubs(baseUrl, externalHubs),
  /** The service's own review page: what readers show as the feed's home. */
  home: `${baseUrl}/`,
  jsonFeed: `${baseUrl}/api/feed.json`,
  atom: `${baseUrl}/feed.xml`,
  /** The review record as JSON: the entry id, and the `related` link / `external_url`. */
  permalink: (id: string) => `${baseUrl}/api/reviews/${encodeURIComponent(id)}`,
  /** The review as a page for people: the `alternate` link / `url`. */
  page: (id: string) => `${baseUrl}/reviews/${encodeURIComponent(id)}`,
})

function reviewTitle(review: Review): string {
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)
  return `${stars} ${review.rating}/5 from ${review.author}`
}

/**
 * A review's date is a local calendar day; feeds need instants, and readers sort by them, so within one
 * day the instants follow the feed's order (newest first: date desc, then id desc). The reviews of a day
 * are stamped within its first hour where the business is, `spacing` apart by their rank from the bottom
 * of that day (the lowest id at the day's start), so a review never moves when another day changes, and
 * the same data always gives the same instants.
 */
type EntryTimes = { published: string; updated: string }

/** Times for the first `count` reviews of `all` (sorted newest first); `all` gives each day's full membership. */
function entryTimes(all: Review[], count: number, business: Business): EntryTimes[] {
  const times: EntryTimes[] = []
  const taken = new Set<number>()
  let dayStart = 0
  while (dayStart < count) {
    let dayEnd = dayStart
    while (dayEnd < all.length && all[dayEnd]!.date === all[dayStart]!.date) dayEnd++
    const size = dayEnd - dayStart
    const spacingMs = Math.max(1, Math.min(60, Math.floor(3600 / size))) * 1000
    const midnight = startOfLocalDay(all[dayStart]!.date, business.timezone).getTime()
    for (let i = dayStart; i < Math.min(dayEnd, count); i++) {
      const review = all[i]!
      const published = midnight + Math.min(dayEnd - 1 - i, 86_399) * spacingMs
      // Distinct, as feed validators expect: a second later on a clash (in feed order).
      let updated = updatedAt(review, business, published, spacingMs)
      while (taken.has(updated)) updated += 1000
      taken.add(updated)
      times.push({ published: instantOf(published), updated: instantOf(updated) })
    }
    dayStart = dayEnd
  }
  return times
}

/**
 * When the entry last changed in a way a reader cares about: its publication, or the owner's reply. A
 * reply of the review's own day lands between the entry and the next newer one of that day (so the order
 * still holds), a later reply within the first hour of its own day; either at a point derived from the
 * reply, so adding, editing or redating it moves the instant.
 */
function updatedAt(review: Review, business: Business, published: number, spacingMs: number): number {
  if (!review.response) return published
  const { date, text } = review.response
  const fingerprint = `${review.id}\n${date}\n${text}`
  if (date <= review.date) return published + 1000 + (spacingMs > 1000 ? millisInto(fingerprint, spacingMs - 1000) : 0)
  return startOfLocalDay(date, business.timezone).getTime() + secondsIntoDay(fingerprint) * 1000
}

/** A point in [0, range) ms derived from `fingerprint`. */
const millisInto = (fingerprint: string, range: number) =>
  (secondsIntoDay(fingerprint) * 1000 + secondsIntoDay(`ms\n${fingerprint}`)) % range

/** RFC 3339 UTC, with milliseconds only when there are any. */
const instantOf = (at: number) => new Date(at).toISOString().replace(/\.000Z$/, 'Z')

const SUMMARY_CHARS = 200

/** What readers show in a list: the start of the review, cut at a word, and the stars when there is no text. */
function reviewSummary(review: Review): string {
  const text = review.text.replace(/\s+/g, ' ').trim()
  if (!text) return reviewTitle(review)
  if (text.length <= SUMMARY_CHARS) return text
  const cut = text.slice(0, SUMMARY_CHARS)
  const atWord = cut.slice(0, cut.lastIndexOf(' ') > SUMMARY_CHARS / 2 ? cut.lastIndexOf(' ') : SUMMARY_CHARS)
  return `${atWord.toWellFormed().replace(/[\s,;:.]+$/, '')}…`
}

function contentText(review: Review, business: Business): string {
  return review.response
    ? `${review.text}\n\nResponse from ${business.name} (${review.response.date}):\n${review.response.text}`
    : review.text
}

export function renderJsonFeed({ business, reviews, baseUrl, externalHubs }: FeedContext): string {
  const urls = feedUrls(baseUrl, externalHubs)
  const newest = reviews.slice(0, FEED_SIZE)
  const times = entryTimes(reviews, newest.length, business)
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${business.name}: verified customer reviews`,
    home_page_url: business.url,
    feed_url: urls.jsonFeed,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    language: FEED_LANGUAGE,
    authors: [{ name: business.name, url: business.url }],
    hubs: urls.hubs.map((url) => ({ type: 'WebSub', url })),
    items: newest.map((review, i) => ({
      id: review.id,
      url: urls.page(review.id),
      external_url: urls.permalink(review.id),
      title: reviewTitle(review),
      summary: reviewSummary(review),
      content_text: contentText(review, business),
      date_published: times[i]!.published,
      date_modified: times[i]!.updated,
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

function escapeXml(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function renderAtom({ business, reviews, baseUrl, updatedAt, externalHubs }: FeedContext): string {
  const urls = feedUrls(baseUrl, externalHubs)
  const x = escapeXml
  const newest = reviews.slice(0, FEED_SIZE)
  const times = entryTimes(reviews, newest.length, business)
  const feedUpdated = times.reduce(
    (latest, { updated }) => (Date.parse(updated) > Date.parse(latest) ? updated : latest),
    times[0]?.updated ?? '',
  )
  const entries = newest.map((review, i) => {
    const { published, updated } = times[i]!
    const categories = review.services.map((s) => `\n    <category term="${x(s)}"/>`).join('')
    // The entry is in the review's language; its generated title stays in the feed's.
    const lang = review.language ? ` xml:lang="${x(review.language)}"` : ''
    const titleLang = lang ? ` xml:lang="${FEED_LANGUAGE}"` : ''
    return `  <entry${lang}>
    <id>${entryUrn(business.id, review.id)}</id>
    <title${titleLang}>${x(reviewTitle(review))}</title>
    <summary type="text">${x(reviewSummary(review))}</summary>
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
  <id>${feedUrn(business.id)}</id>
  <title>${x(`${business.name}: verified customer reviews`)}</title>
  <subtitle>${x(`The ${FEED_SIZE} newest verified reviews of ${business.name}.`)}</subtitle>
  <updated>${feedUpdated || instantOf(updatedAt.getTime())}</updated>
  <author><name>${x(business.name)}</name><uri>${x(business.url)}</uri></author>
  <generator>reviews-service</generator>
  <link rel="alternate" type="text/html" href="${x(urls.home)}"/>
  <link rel="self" type="application/atom+xml" href="${x(urls.atom)}"/>
${urls.hubs.map((hub) => `  <link rel="hub" href="${x(hub)}"/>\n`).join('')}${entries.join('\n')}
</feed>
`
}
