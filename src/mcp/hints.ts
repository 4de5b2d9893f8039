/**
 * Notes for values that match nothing the business knows: a technician or service not on the roster
 * gets a sentence naming the known values, the closest first, so a model can correct itself.
 */
import { foldForSearch } from '../core/text'
import type { Business } from '../reviews/schema'
import type { ReviewSearch } from '../reviews/search'

/** Edit distance (Levenshtein), for "closest known value" suggestions on short names. */
function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!
    previous[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return previous[b.length]!
}

/** Known values ordered by how close any of their spellings is to `given`; close ones are flagged. */
function closest<T>(given: string, known: T[], spellings: (value: T) => string[]): { value: T; near: boolean }[] {
  const key = foldForSearch(given.trim())
  const scored = known.map((value) => {
    const distances = spellings(value).map((s) => {
      const folded = foldForSearch(s)
      return folded.includes(key) || key.includes(folded) ? 0 : editDistance(key, folded)
    })
    return { value, distance: Math.min(...distances) }
  })
  scored.sort((a, b) => a.distance - b.distance)
  return scored.map(({ value, distance }) => ({ value, near: distance <= Math.max(2, Math.floor(key.length / 3)) }))
}

const nameParts = (name: string) => [name, ...name.split(/\s+/)]

/** True when `given` names a roster technician by full, first or last name. */
function isKnownTechnician(given: string, business: Business): boolean {
  const key = foldForSearch(given.trim())
  return business.technicians.some((t) => nameParts(t.name).some((part) => foldForSearch(part) === key))
}

function isKnownService(given: string, business: Business): boolean {
  const key = given.trim().toLowerCase()
  return business.services.some((s) => s.id === key)
}

export type Note = { argument: string; value: string; message: string; known: string[]; closest: string[] }

/** One note per argument whose value the business does not know (mentions_technician, mentions_service). */
export function unknownValueNotes(args: { mentions_technician?: string; mentions_service?: string }, business: Business): Note[] {
  const notes: Note[] = []
  const technician = args.mentions_technician
  if (technician !== undefined && !isKnownTechnician(technician, business)) {
    const ranked = closest(technician, business.technicians, (t) => nameParts(t.name))
    const known = ranked.map((r) => r.value.name)
    const near = ranked.filter((r) => r.near).map((r) => r.value.name)
    const suggestion = near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''
    notes.push({
      argument: 'mentions_technician',
      value: technician,
      known,
      closest: near,
      message: `No technician named "${technician}" is on the roster.${suggestion} Technicians (full, first or last name): ${known.join(', ') || '(none)'}.`,
    })
  }
  const service = args.mentions_service
  if (service !== undefined && !isKnownService(service, business)) {
    const ranked = closest(service, business.services, (s) => [s.id, s.name, ...(s.aliases ?? [])])
    const known = ranked.map((r) => r.value.id)
    const near = ranked.filter((r) => r.near).map((r) => r.value.id)
    const suggestion = near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''
    notes.push({
      argument: 'mentions_service',
      value: service,
      known,
      closest: near,
      message: `No service has the id "${service}".${suggestion} Service ids: ${ranked.map((r) => `${r.value.id} (${r.value.name})`).join(', ') || '(none)'}.`,
    })
  }
  return notes
}

/**
 * A note for a free-text `query` that matches no review at all: the technicians and services whose
 * names are close to its words (they are filters of their own), and which of its words match on their
 * own ("try fewer words"). Nothing when the query matches reviews and other filters exclude them.
 */
export function queryNotes(args: { query?: string }, search: ReviewSearch, business: Business): Note[] {
  const query = args.query
  if (query === undefined) return []
  const matches = (q: string) => search.search({ query: q, limit: 1 }).total
  if (matches(query) > 0) return []
  const words = query.split(/\s+/).filter((w) => w.length >= 4)
  const technicians = business.technicians.filter((t) => words.some((w) => closest(w, [t], (x) => nameParts(x.name)).some((r) => r.near)))
  const services = business.services.filter((s) =>
    words.some((w) => closest(w, [s], (x) => [x.id, x.name, ...(x.aliases ?? []), ...x.name.split(/\s+/)]).some((r) => r.near)),
  )
  const alone = words.length > 1 ? words.filter((w) => matches(w) > 0) : []
  const near = [...technicians.map((t) => t.name), ...services.map((s) => s.id)]
  const hints = [
    technicians.length ? `technicians ${technicians.map((t) => `"${t.name}"`).join(', ')} (mentions_technician)` : '',
    services.length ? `services ${services.map((s) => `"${s.id}"`).join(', ')} (mentions_service)` : '',
  ].filter(Boolean)
  const message = [
    `No review text contains "${query}".`,
    hints.length ? `Close to its words: ${hints.join('; ')}.` : '',
    alone.length
      ? `Try fewer words: ${alone.map((w) => `"${w}"`).join(', ')} alone ${alone.length === 1 ? 'matches' : 'match'} reviews.`
      : 'Try fewer or other words (the query is a substring of the review text, not a set of keywords).',
  ]
    .filter(Boolean)
    .join(' ')
  return [{ argument: 'query', value: query, message, known: near, closest: near }]
}
