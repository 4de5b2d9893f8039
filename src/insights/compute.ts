// Placeholder until the insights engine lands: the full shape, with only what can honestly be counted now.
import type { Business, Review } from '../reviews/schema'

export function computeInsights(business: Business, reviews: Review[], generatedAt: string): unknown {
  const count = (pick: (r: Review) => string[], names: string[]) =>
    names.map((name) => ({ name, mention_count: reviews.filter((r) => pick(r).includes(name)).length }))
  return {
    generated_at: generatedAt,
    review_count: reviews.length,
    summary: `${business.name} has ${reviews.length} verified reviews.`,
    aspects: [],
    entities: {
      technicians: count((r) => r.technicians, business.technicians.map((t) => t.name)),
      services: count((r) => r.services, business.services.map((s) => s.id)),
      service_areas: count((r) => (r.service_area ? [r.service_area] : []), business.service_areas),
    },
    topics: [],
    faq: [],
  }
}
