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

function reviewNode(review: Review, baseUrl: string): Exclude<SchemaReview, string> {
  return {
    '@type': 'Review',
    '@id': reviewPageUrl(baseUrl, review.id),
    url: reviewPageUrl(baseUrl, review.id),
    author: { '@type': 'Person', name: review.author.slice(0, 100) },
    datePublished: review.date,
    reviewBody: review.text,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  }
}

/** The home page: the business, its aggregate rating over every published review, and the reviews on the page. */
export function businessJsonLd(
  business: Business,
  aggregate: AggregateRating,
  reviews: Review[],
  baseUrl: string,
): WithContext<LocalBusiness> {
  const node: WithContext<LocalBusiness> = {
    '@context': 'https://schema.org',
    ...businessCore(business, baseUrl),
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
      review: reviews.map((r) => reviewNode(r, baseUrl)),
    })
  }
  return node
}

/** A review page: the Review, with the business it is about as itemReviewed. */
export function reviewJsonLd(review: Review, business: Business, baseUrl: string): WithContext<SchemaReview> {
  return {
    '@context': 'https://schema.org',
    ...reviewNode(review, baseUrl),
    itemReviewed: businessCore(business, baseUrl),
  } as WithContext<SchemaReview>
}
