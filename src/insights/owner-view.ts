/**
 * What an owner checks first: how the last 30 and 90 days compare with the period of the same length
 * before, and which unhappy customers (1-2 stars) still have no public reply, newest first.
 *
 * "Now" is the dataset's newest review date, not the clock: insights are computed and stored once per
 * published content, so the same reviews must give the same figures tomorrow as today (a clock would
 * make a stored copy stale without any review changing, and tests depend on the day they run). The
 * date is given as `as_of`, so a reader sees which days "the last 30" are. Pure: no HTTP, no clock.
 */
import type { Review } from '../reviews/schema'
import type { Polarity } from './analyzer'
import { searchUrl } from './links'
import { MIN_SUPPORT } from './prose'
import type { OwnerPeriod, OwnerView, OwnerWindow, UnansweredReview } from './schema'

/** The compared windows, in days. */
export const OWNER_WINDOWS = [30, 90] as const
/** At most, a rating that counts as low (unhappy): the same bound as get_stats' unanswered_low_ratings. */
export const LOW_RATING_MAX = 2
/** Unanswered low ratings listed (the count is always complete; the search link lists every one). */
export const UNANSWERED_LISTED = 50
/** Characters of review text quoted per unanswered review. */
export const EXCERPT_CHARS = 160

/** How one review reads per aspect: aspect id -> the review's polarity about it (absent: not mentioned). */
export type AspectReading = ReadonlyMap<string, Polarity>

const round2 = (x: number) => Math.round(x * 100) / 100
const shiftDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString()
const reviewPath = (id: string) => encodeURIComponent(id)

/**
 * The owner view of `reviews` (any order). `aspectsOf(i)` is how reviews[i] reads per aspect; `aspects`
 * names the aspects in the order they are listed.
 */
export function ownerView(
  reviews: readonly Review[],
  aspectsOf: (index: number) => AspectReading,
  aspects: readonly { id: string; label: string }[],
): OwnerView {
  let asOf: string | null = null
  for (const r of reviews) if (asOf === null || r.date > asOf) asOf = r.date
  return {
    as_of: asOf,
    periods: asOf === null ? [] : OWNER_WINDOWS.map((days) => ownerWindow(reviews, aspectsOf, aspects, asOf, days)),
    unanswered: unanswered(reviews),
  }
}

function ownerWindow(
  reviews: readonly Review[],
  aspectsOf: (index: number) => AspectReading,
  aspects: readonly { id: string; label: string }[],
  asOf: string,
  days: number,
): OwnerWindow {
  const current = { since: shiftDays(asOf, 1 - days), until: asOf }
  const previous = { since: shiftDays(asOf, 1 - 2 * days), until: shiftDays(asOf, -days) }
  const inRange = (range: { since: string; until: string }) => (r: Review) => r.date >= range.since && r.date <= range.until
  const tally = (range: { since: string; until: string }) => {
    const within = inRange(range)
    const indices = reviews.flatMap((r, i) => (within(r) ? [i] : []))
    const perAspect = new Map<string, { positive: number; negative: number }>()
    for (const i of indices)
      for (const [aspect, polarity] of aspectsOf(i)) {
        if (polarity === 'neutral') continue
        const split = perAspect.get(aspect) ?? { positive: 0, negative: 0 }
        split[polarity]++
        perAspect.set(aspect, split)
      }
    return {
      period: period(
        range,
        indices.map((i) => reviews[i]!),
      ),
      perAspect,
    }
  }
  const now = tally(current)
  const before = tally(previous)
  const none = { positive: 0, negative: 0 }
  const sided = (s: { positive: number; negative: number }) => s.positive + s.negative
  return {
    days,
    current: now.period,
    previous: before.period,
    aspects: aspects.flatMap(({ id, label }) => {
      const a = now.perAspect.get(id) ?? none
      const b = before.perAspect.get(id) ?? none
      // Listed only where one of the two periods has the support a claim needs.
      return sided(a) >= MIN_SUPPORT || sided(b) >= MIN_SUPPORT ? [{ id, label, current: { ...a }, previous: { ...b } }] : []
    }),
  }
}

function period(range: { since: string; until: string }, reviews: Review[]): OwnerPeriod {
  const low = reviews.filter((r) => r.rating <= LOW_RATING_MAX).length
  const filters = { since: range.since, until: range.until }
  return {
    since: range.since,
    until: range.until,
    review_count: reviews.length,
    average_rating: reviews.length ? round2(reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) : null,
    low_rating_count: low,
    low_rating_share: reviews.length ? round2(low / reviews.length) : null,
    search: searchUrl(filters),
    page: `/?${new URLSearchParams(filters)}`,
  }
}

function unanswered(reviews: readonly Review[]): OwnerView['unanswered'] {
  const found = reviews
    .filter((r) => r.rating <= LOW_RATING_MAX && !r.response)
    // Newest first, ties by id descending: the order of reviews.json.
    .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.date < b.date ? 1 : -1))
  return {
    max_rating: LOW_RATING_MAX,
    count: found.length,
    search: searchUrl({ max_rating: String(LOW_RATING_MAX), has_response: 'false' }),
    reviews: found.slice(0, UNANSWERED_LISTED).map(
      (r): UnansweredReview => ({
        id: r.id,
        rating: r.rating,
        date: r.date,
        author: r.author,
        excerpt: excerpt(r.text),
        permalink: `/api/reviews/${reviewPath(r.id)}`,
        page: `/reviews/${reviewPath(r.id)}`,
      }),
    ),
  }
}

/** The text's start, whitespace collapsed, cut at a word boundary with an ellipsis when longer than EXCERPT_CHARS. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const chars = [...flat]
  if (chars.length <= max) return flat
  const cut = chars.slice(0, max).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/u, '')}…`
}
