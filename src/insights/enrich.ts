/**
 * Fills a review's technicians, services and service area from its text, against the business's
 * roster, service aliases and areas. Matching is on whole words of the folded text (any case, with
 * or without accents), so "JOSE'S", "José" and "jose ramirez" all find José Ramírez. A first name
 * two technicians share names neither unless a surname follows. Mentions given explicitly in the
 * record are kept. The original text and the translation its source supplied are both read (each on its
 * own, so no name is matched across the two), so a German review's English translation names its service too.
 */
import type { Business, StoredReview } from '../reviews/schema'
import { foldForSearch } from '../core/text'

type Matcher = { value: string; pattern: RegExp }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A whole-word, possessive-tolerant pattern over folded text. */
function wordPattern(phrase: string): RegExp {
  const words = foldForSearch(phrase).trim().split(/\s+/).map(escapeRegExp).join('[\\s-]+')
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?:['’]s)?(?![\\p{L}\\p{N}])`, 'u')
}

export function createEnricher(business: Business): (review: StoredReview) => StoredReview {
  const firstNameCounts = new Map<string, number>()
  for (const { name } of business.technicians) {
    const first = foldForSearch(name.split(/\s+/)[0]!)
    firstNameCounts.set(first, (firstNameCounts.get(first) ?? 0) + 1)
  }
  const technicians: Matcher[][] = business.technicians.map(({ name }) => {
    const first = name.split(/\s+/)[0]!
    const patterns = [wordPattern(name)]
    if (firstNameCounts.get(foldForSearch(first)) === 1 && first !== name) patterns.push(wordPattern(first))
    return patterns.map((pattern) => ({ value: name, pattern }))
  })
  const services: Matcher[] = business.services.flatMap((service) =>
    [service.name, ...(service.aliases ?? [])].map((phrase) => ({ value: service.id, pattern: wordPattern(phrase) })),
  )
  const areas: Matcher[] = business.service_areas.map((area) => ({ value: area, pattern: wordPattern(area) }))

  return (review) => {
    const texts = [review.text, review.translation?.text ?? ''].filter(Boolean).map(foldForSearch)
    const found = (m: Matcher) => texts.some((text) => m.pattern.test(text))
    const foundTechnicians = new Set(review.technicians)
    for (const matchers of technicians) if (matchers.some(found)) foundTechnicians.add(matchers[0]!.value)
    const foundServices = new Set(review.services)
    for (const m of services) if (found(m)) foundServices.add(m.value)
    const area = review.service_area ?? areas.find(found)?.value ?? null
    return { ...review, technicians: [...foundTechnicians], services: [...foundServices], service_area: area }
  }
}
