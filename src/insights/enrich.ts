/**
 * Fills a review's technicians, services and service area from its text against the business roster.
 * Mentions given explicitly in the record are kept. (Placeholder: exact full-name matching only,
 * replaced by the insights work.)
 */
import type { Business, StoredReview } from '../reviews/schema'

export function enrichReview(review: StoredReview, business: Business): StoredReview {
  const text = review.text.toLowerCase()
  const technicians = new Set(review.technicians)
  for (const t of business.technicians) if (text.includes(t.name.toLowerCase())) technicians.add(t.name)
  return { ...review, technicians: [...technicians] }
}
