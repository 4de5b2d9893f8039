/**
 * Fills a review's technicians, services and service area from its text against the business roster.
 * Mentions given explicitly in the record are kept. (Placeholder: exact full-name matching only,
 * replaced by the insights work.)
 */
import type { Business, StoredReview } from '../reviews/schema'

export function createEnricher(business: Business): (review: StoredReview) => StoredReview {
  const names = business.technicians.map((t) => [t.name, t.name.toLowerCase()] as const)
  return (review) => {
    const text = review.text.toLowerCase()
    const technicians = new Set(review.technicians)
    for (const [name, lower] of names) if (text.includes(lower)) technicians.add(name)
    return { ...review, technicians: [...technicians] }
  }
}

export function enrichReview(review: StoredReview, business: Business): StoredReview {
  return createEnricher(business)(review)
}
