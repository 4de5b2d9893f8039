/**
 * schema.org JSON-LD for the pages, shaped by Google's review-snippet rules: a LocalBusiness with an
 * AggregateRating (ratingValue, reviewCount, bestRating, worstRating) and Reviews, each with a
 * Person author, datePublished, reviewBody and a Rating. Typed with schema-dts, so a misspelt
 * property does not compile.
 */
import type { LocalBusiness, Review as SchemaReview, WithContext } from 'schema-dts'
import type { AggregateRating, Business, Review } from '../reviews/schema'

const businessId = (baseUrl: string) => `${baseUrl}/#business`
const reviewPageUrl = (baseUrl: string, id: string) => `${baseUrl}/reviews/${encodeURIComponent(id)}`

type LocalBusinessNode = Exclude<LocalBusiness, string>

function businessCore(business: Business, baseUrl: string): LocalBusinessNode {
  const a = business.address
  return {
    '@type': 'LocalBusiness',
    '@id': businessId(baseUrl),
    name: business.name,
    description: business.description,
    url: business.url,
    telephone: business.telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street_address,
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postal_code,
      addressCountry: a.country,
    },
    areaServed: business.service_areas.map((name) => ({ '@type': 'Place' as const, name })),
  }
}

/** `inLanguage`: the review's own language when known, else the page's. */
function reviewNode(review: Review, baseUrl: string, pageLanguage: string): Exclude<SchemaReview, string> {
  return {
    '@type': 'Review',
    '@id': reviewPageUrl(baseUrl, review.id),
    url: reviewPageUrl(baseUrl, review.id),
    author: { '@type': 'Person', name: review.author.slice(0, 100) },
    datePublished: review.date,
    reviewBody: review.text,
    inLanguage: review.language ?? pageLanguage,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  }
}

/** The home page: the business, its aggregate rating over every published review, and the reviews on the page. */
export function businessJsonLd(
  business: Business,
  aggregate: AggregateRating,
  reviews: Review[],
  baseUrl: string,
  /** The page's BCP 47 tag: the business's language, and each review's unless it names its own. */
  pageLanguage = 'en',
): WithContext<LocalBusiness> {
  const node: WithContext<LocalBusiness> = {
    '@context': 'https://schema.org',
    ...businessCore(business, baseUrl),
    knowsLanguage: pageLanguage,
  } as WithContext<LocalBusiness>
  // Google refuses an aggregateRating over zero reviews.
  if (aggregate.review_count > 0) {
    Object.assign(node, {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: aggregate.rating_value,
        reviewCount: aggregate.review_count,
        bestRating: 5,
        worstRating: 1,
      },
      review: reviews.map((r) => reviewNode(r, baseUrl, pageLanguage)),
    })
  }
  return node
}

/** A review page: the Review, with the business it is about as itemReviewed. */
export function reviewJsonLd(review: Review, business: Business, baseUrl: string, pageLanguage = 'en'): WithContext<SchemaReview> {
  return {
    '@context': 'https://schema.org',
    ...reviewNode(review, baseUrl, pageLanguage),
    itemReviewed: businessCore(business, baseUrl),
  } as WithContext<SchemaReview>
}
