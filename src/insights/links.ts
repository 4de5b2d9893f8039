/**
 * Every figure is a door (CONTRACT.md, Names and shapes): each aspect split, topic and entity of the insights
 * carries the search that lists exactly the reviews it counts, and the insights carry which reviews those are
 * (`counted_reviews`), so the search answers `aspect`, `sentiment` and `topic` from the very computation that
 * counted them. Entities need no such set: their counts are the search's own filters (mentions_technician,
 * mentions_service, service_area) applied to the same reviews.
 *
 * Pure: no analyser here (the HTTP and MCP layers import this module without loading the language model).
 */
import { lookupTable } from '../core/lookup-table'
import { quarterRange } from '../core/dates'
import { failed, ok, type Result } from '../core/issues'
import type { PositionSet } from '../reviews/ngram-index'
import { technicianKeys } from '../reviews/repository'
import type { Review } from '../reviews/schema'
import { checkFigureValues, type SearchFilters, type Sentiment, SENTIMENTS, topicKey } from '../reviews/search-query'
import type { CountedReviews, Insights } from './schema'

export const SEARCH_PATH = '/api/reviews/search'

/** The search URL (relative to the service) with these filters, in this order. */
export function searchUrl(filters: Record<string, string>): string {
  return `${SEARCH_PATH}?${new URLSearchParams(filters).toString()}`
}

/** technicianKeys, remembered: the same few names recur on every review (bounded: cleared when it grows large). */
const knownKeys = new Map<string, string[]>()
function keysOf(name: string): string[] {
  let keys = knownKeys.get(name)
  if (!keys) {
    if (knownKeys.size >= 10_000) knownKeys.clear()
    keys = technicianKeys(name)
    knownKeys.set(name, keys)
  }
  return keys
}

/**
 * Which reviews an entity counts: the search's own filters, so a count and its search_url cannot disagree
 * (mentions_technician by full name, any case and accents; mentions_service and service_area any case).
 */
export const mentions = {
  technician(name: string): (review: Review) => boolean {
    const key = technicianKeys(name)[0] ?? ''
    return (review) => review.technicians.some((t) => keysOf(t).includes(key))
  },
  service(id: string): (review: Review) => boolean {
    const key = id.trim().toLowerCase()
    return (review) => review.services.some((s) => s.toLowerCase() === key)
  },
  area(name: string): (review: Review) => boolean {
    const key = name.toLowerCase()
    return (review) => review.service_area !== null && review.service_area.toLowerCase() === key
  },
}

/** Positions, ascending, as gaps minus one in base 36 joined by dots (compact, and plain in JSON). */
export function encodePositions(positions: readonly number[]): string {
  let previous = -1
  const parts: string[] = []
  for (const p of positions) {
    parts.push((p - previous - 1).toString(36))
    previous = p
  }
  return parts.join('.')
}

export function decodePositions(encoded: string): Int32Array {
  if (encoded === '') return new Int32Array()
  const parts = encoded.split('.')
  const positions = new Int32Array(parts.length)
  let previous = -1
  for (let i = 0; i < parts.length; i++) {
    previous += Number.parseInt(parts[i]!, 36) + 1
    positions[i] = previous
  }
  return positions
}

/** The Insights fields this module fills in, before they are. */
type Unlinked = Omit<Insights, 'aspects' | 'entities' | 'topics' | 'counted_reviews'> & {
  aspects: (Omit<Insights['aspects'][number], 'search_urls' | 'trend'> & {
    trend: Omit<Insights['aspects'][number]['trend'][number], 'search_url'>[]
  })[]
  entities: {
    technicians: Omit<Insights['entities']['technicians'][number], 'search_url'>[]
    services: Omit<Insights['entities']['services'][number], 'search_url'>[]
    service_areas: Omit<Insights['entities']['service_areas'][number], 'search_url'>[]
  }
  topics: (Omit<Insights['topics'][number], 'search_url' | 'search_urls'> & { members?: string[]; memberSentiments?: Sentiment[] })[]
}

/**
 * The insights with their doors: `search_url(s)` on every figure and `counted_reviews`. `reviews` are the
 * reviews the figures were computed from, newest first (reviews.json's order); `feelings[i]` is review i's own
 * polarity per aspect it mentions, exactly as its aspect split counted it; topics carry their `members` (ids).
 */
export function linkFigures(insights: Unlinked, reviews: readonly Review[], feelings: readonly ReadonlyMap<string, Sentiment>[]): Insights {
  const position = new Map(reviews.map((r, i) => [r.id, i]))
  // Keyed by names from outside (a topic may be "__proto__"): own keys made, never a prototype set.
  const aspects: CountedReviews['aspects'] = lookupTable({})
  for (const { id } of insights.aspects) {
    const split: Record<Sentiment, number[]> = { positive: [], negative: [], neutral: [] }
    feelings.forEach((byAspect, i) => {
      const feeling = byAspect.get(id)
      if (feeling) split[feeling].push(i)
    })
    aspects[id] = encodeSplit(split)
  }
  const topics: CountedReviews['topics'] = lookupTable({})
  for (const topic of insights.topics) {
    const split: Record<Sentiment, number[]> = { positive: [], negative: [], neutral: [] }
    const members = topic.members ?? []
    for (let i = 0; i < members.length; i++) split[topic.memberSentiments?.[i] ?? 'neutral'].push(position.get(members[i]!)!)
    topics[topic.phrase] = encodeSplit(split)
  }
  return {
    ...insights,
    aspects: insights.aspects.map((a) => ({
      ...a,
      search_urls: {
        all: searchUrl({ aspect: a.id }),
        positive: searchUrl({ aspect: a.id, sentiment: 'positive' }),
        negative: searchUrl({ aspect: a.id, sentiment: 'negative' }),
        neutral: searchUrl({ aspect: a.id, sentiment: 'neutral' }),
      },
      trend: a.trend.map((point) => ({ ...point, search_url: searchUrl({ aspect: a.id, ...quarterRange(point.period) }) })),
    })),
    entities: {
      technicians: insights.entities.technicians.map((t) => ({ ...t, search_url: searchUrl({ mentions_technician: t.name }) })),
      services: insights.entities.services.map((s) => ({ ...s, search_url: searchUrl({ mentions_service: s.id }) })),
      service_areas: insights.entities.service_areas.map((a) => ({ ...a, search_url: searchUrl({ service_area: a.name }) })),
    },
    topics: insights.topics.map(({ members: _members, memberSentiments: _sentiments, ...t }) => ({
      ...t,
      search_url: searchUrl({ topic: t.phrase }),
      search_urls: {
        positive: searchUrl({ topic: t.phrase, sentiment: 'positive' }),
        negative: searchUrl({ topic: t.phrase, sentiment: 'negative' }),
        neutral: searchUrl({ topic: t.phrase, sentiment: 'neutral' }),
      },
    })),
    counted_reviews: { aspects, topics },
  }
}

/** The known values of `aspect` and `topic`: those of these insights. */
export function figureValues(insights: Insights) {
  return { aspects: insights.aspects.map((a) => a.id), topics: insights.topics.map((t) => t.phrase) }
}

/**
 * The positions `aspect` and `topic` (either with `sentiment`) leave, from these insights, or undefined when neither
 * is given; an unknown value is an issue naming the known ones. The insights must be the current version's own
 * (positions are in their reviews' order).
 */
export function figurePositions(insights: Insights, filters: SearchFilters): Result<PositionSet | undefined> {
  if (filters.aspect === undefined && filters.topic === undefined) return ok(undefined)
  const issues = checkFigureValues(filters, figureValues(insights))
  if (issues.length) return failed(issues)
  const counted = insights.counted_reviews
  const sets: Int32Array[] = []
  if (filters.aspect !== undefined) {
    sets.push(splitPositions(counted.aspects[filters.aspect], filters.sentiment))
  }
  if (filters.topic !== undefined) {
    // `sentiment` picks the aspect's split when an aspect is given, else the topic's.
    sets.push(splitPositions(counted.topics[topicKey(filters.topic)], filters.aspect === undefined ? filters.sentiment : undefined))
  }
  const list = sets.length === 1 ? sets[0]! : intersect(sets[0]!, sets[1]!)
  return ok({ count: list.length, list })
}

type EncodedSplit = Record<Sentiment, string>

/** A figure's split (positions per sentiment) as `counted_reviews` writes it: each list ascending, encoded. */
function encodeSplit(split: Record<Sentiment, number[]>): EncodedSplit {
  const encode = (positions: number[]) => encodePositions(positions.sort((a, b) => a - b))
  return { positive: encode(split.positive), negative: encode(split.negative), neutral: encode(split.neutral) }
}

/** The positions of one side of a split, or of all three when no sentiment is asked for. */
function splitPositions(split: EncodedSplit | undefined, sentiment: Sentiment | undefined): Int32Array {
  return union((sentiment ? [sentiment] : SENTIMENTS).map((s) => decodePositions(split?.[s] ?? '')))
}

function union(lists: Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0]!
  const all = new Int32Array(lists.reduce((n, l) => n + l.length, 0))
  let at = 0
  for (const l of lists) {
    all.set(l, at)
    at += l.length
  }
  return all.sort()
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const inB = new Set(b)
  return a.filter((p) => inB.has(p))
}
