/**
 * Review statistics for any search filter set: how many reviews match, their average rating and 1-5
 * distribution, optionally grouped (month, quarter, service, technician, area, language, rating), and
 * the unanswered low ratings among them. The one implementation behind GET /api/reviews/stats and the
 * MCP tool get_stats: an agent counts without paging through reviews.
 */
import { Type, type Static } from '@sinclair/typebox'
import { quarterOf } from '../core/dates'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import type { Business } from './schema'
import { parseSearchParams, SearchQuery, validateSearch, type SearchFilters } from './search-query'
import type { ReviewSearch } from './search'
import type { ReviewColumns } from './columns'

export const GROUP_BY = ['month', 'quarter', 'service', 'technician', 'area', 'language', 'rating'] as const
export type GroupBy = (typeof GROUP_BY)[number]

/** At most, rating that counts as low for `unanswered_low_ratings`. */
export const LOW_RATING_MAX = 2
/** Ids of unanswered low ratings listed (their count is always complete). */
const LOW_RATING_IDS_MAX = 50

/**
 * Every search filter (limit and cursor left out: statistics count every match; the insights figures'
 * aspect, sentiment and topic too: they are answered from the insights, which the statistics do not read).
 */
const {
  limit: _limit,
  cursor: _cursor,
  aspect: _aspect,
  sentiment: _sentiment,
  topic: _topic,
  ...filterProperties
} = SearchQuery.properties
/** Search parameters the statistics do not take. */
const NOT_STATS = ['limit', 'cursor', 'aspect', 'sentiment', 'topic']

export const StatsQuery = Type.Object(
  {
    ...filterProperties,
    group_by: Type.Optional(
      Type.Union(
        GROUP_BY.map((g) => Type.Literal(g)),
        {
          description:
            'Groups the figures: month (YYYY-MM, oldest first, months without reviews included), quarter (YYYY-Qn), service (id), ' +
            'technician, area (service area), language (BCP 47 tag) or rating (5 to 1). A review mentioning two technicians counts ' +
            'in both groups; reviews mentioning none are the group with key null.',
        },
      ),
    ),
  },
  { $id: 'StatsQuery', additionalProperties: false },
)
export type StatsQuery = Static<typeof StatsQuery>
export type StatsFilters = Omit<SearchFilters, 'limit' | 'after' | 'listing'> & { group_by?: GroupBy }

const Distribution = Type.Object(
  { '1': Type.Integer(), '2': Type.Integer(), '3': Type.Integer(), '4': Type.Integer(), '5': Type.Integer() },
  { description: 'Reviews per star rating.' },
)

const Figures = {
  count: Type.Integer({ minimum: 0, description: 'Matching reviews.' }),
  average_rating: Type.Union([Type.Number(), Type.Null()], { description: 'Mean star rating, 2 decimals; null when nothing matches.' }),
  distribution: Distribution,
}

export const StatsGroup = Type.Object(
  {
    key: Type.Union([Type.String(), Type.Null()], {
      description: 'The month, quarter, service id, technician, area, language or rating; null for reviews with none.',
    }),
    label: Type.Optional(Type.String({ description: 'The service name, for service groups.' })),
    ...Figures,
  },
  { $id: 'StatsGroup' },
)

export const Stats = Type.Object(
  {
    data_version: Type.Integer({ description: 'The data revision these figures were computed from.' }),
    ...Figures,
    answered: Type.Integer({ minimum: 0, description: 'Matching reviews the business replied to.' }),
    unanswered_low_ratings: Type.Object(
      {
        max_rating: Type.Integer({ description: `Ratings up to this count as low (${LOW_RATING_MAX}).` }),
        count: Type.Integer({ minimum: 0 }),
        review_ids: Type.Array(Type.String(), { description: `Newest first, at most ${LOW_RATING_IDS_MAX}.` }),
      },
      { description: `Matching reviews rated ${LOW_RATING_MAX} stars or less that have no reply.` },
    ),
    group_by: Type.Union([Type.Union(GROUP_BY.map((g) => Type.Literal(g))), Type.Null()]),
    groups: Type.Array(StatsGroup, { description: 'One entry per group (empty without group_by).' }),
  },
  { $id: 'Stats' },
)
export type Stats = Static<typeof Stats>
type Distribution = Stats['distribution']

const STATS_KEYS = Object.keys(StatsQuery.properties)

const unknownParameter = (name: string): Issue => ({
  path: [name],
  code: 'unrecognized',
  message: `must be one of the known parameters: ${STATS_KEYS.join(', ')}`,
})

/** From typed arguments (MCP): the search's own checks for the filters, plus group_by. */
export function validateStats(input: Record<string, unknown>): Result<StatsFilters> {
  const { group_by: groupBy, ...filters } = input
  const issues: Issue[] = []
  for (const name of NOT_STATS) if (filters[name] !== undefined) issues.push(unknownParameter(name))
  const groupIssues = groupBy === undefined ? [] : check(StatsQuery.properties.group_by, groupBy)
  issues.push(...groupIssues.map((i) => ({ ...i, path: ['group_by', ...i.path] })))
  const searched = validateSearch(filters)
  if (!searched.ok) issues.push(...searched.issues.filter((i) => !NOT_STATS.includes(String(i.path[0]))).map(renameUnknown))
  if (issues.length || !searched.ok) return failed(issues)
  const { limit: _l, after: _a, ...rest } = searched.value
  const group = GROUP_BY.find((g) => g === groupBy)
  return ok(group ? { ...rest, group_by: group } : rest)
}

const renameUnknown = (issue: Issue): Issue => (issue.code === 'unrecognized' ? unknownParameter(String(issue.path[0])) : issue)

/** From a query string (GET /api/reviews/stats): the search's parsing rules, plus group_by. */
export function parseStatsParams(params: URLSearchParams): Result<StatsFilters> {
  const rest = new URLSearchParams()
  const issues: Issue[] = []
  const groups: string[] = []
  for (const [name, value] of params) {
    if (name === 'group_by') groups.push(value)
    else if (NOT_STATS.includes(name)) {
      if (!issues.some((i) => i.path[0] === name)) issues.push(unknownParameter(name))
    } else rest.append(name, value)
  }
  if (groups.length > 1) issues.push({ path: ['group_by'], code: 'repeated', message: 'must be given at most once' })
  const group = groups.length === 1 ? groups[0] : undefined
  if (group !== undefined) issues.push(...check(StatsQuery.properties.group_by, group).map((i) => ({ ...i, path: ['group_by'] })))
  const searched = parseSearchParams(rest)
  if (!searched.ok) issues.push(...searched.issues.map(renameUnknown))
  if (issues.length || !searched.ok) return failed(issues)
  const { limit: _l, after: _a, ...filters } = searched.value
  const groupBy = GROUP_BY.find((g) => g === group)
  return ok(groupBy ? { ...filters, group_by: groupBy } : filters)
}

const emptyDistribution = (): Distribution => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 })

class Tally {
  count = 0
  sum = 0
  readonly distribution = emptyDistribution()
  add(rating: number): void {
    this.count++
    this.sum += rating
    const star = String(rating)
    if (star === '1' || star === '2' || star === '3' || star === '4' || star === '5') this.distribution[star]++
  }
  figures() {
    return {
      count: this.count,
      average_rating: this.count ? Math.round((this.sum / this.count) * 100) / 100 : null,
      distribution: this.distribution,
    }
  }
}

/**
 * The keys a review counts under for one grouping (a review may mention several technicians or services), read from the
 * columns; a key made of a dictionary word (a date's month, a language's primary tag) is made once per word.
 */
function keysOf(columns: ReviewColumns, groupBy: GroupBy): (position: number) => readonly (string | null)[] {
  const perWord = (make: (word: string) => string) => {
    const made = new Map<number, (string | null)[]>()
    return (id: number) => {
      if (id === 0) return [null]
      let keys = made.get(id)
      if (!keys) made.set(id, (keys = [make(columns.words[id]!)]))
      return keys
    }
  }
  const { dates, languages, areas, ratings } = columns.parts
  switch (groupBy) {
    case 'month': {
      const month = perWord((date) => date.slice(0, 7))
      return (p) => month(dates[p]!)
    }
    case 'quarter': {
      const quarter = perWord(quarterOf)
      return (p) => quarter(dates[p]!)
    }
    case 'service':
      return (p) => (columns.serviceIds(p).length ? columns.services(p) : [null])
    case 'technician':
      return (p) => (columns.technicianIds(p).length ? columns.technicians(p) : [null])
    case 'area': {
      const area = perWord((word) => word)
      return (p) => area(areas[p]!)
    }
    case 'language': {
      const language = perWord((tag) => (tag.split('-')[0] ?? tag).toLowerCase())
      return (p) => language(languages[p]!)
    }
    case 'rating': {
      const stars = ['0', '1', '2', '3', '4', '5'].map((star) => [star])
      return (p) => stars[ratings[p]!] ?? [String(ratings[p])]
    }
  }
}

/** Every period from the first to the last key, so a trend has its empty months (or quarters) too. */
function periodsBetween(first: string, last: string, groupBy: 'month' | 'quarter'): string[] {
  const periods: string[] = []
  let year = Number(first.slice(0, 4))
  let step = groupBy === 'month' ? Number(first.slice(5, 7)) : Number(first.slice(6))
  const steps = groupBy === 'month' ? 12 : 4
  for (let guard = 0; guard < 12 * 200; guard++) {
    const key = groupBy === 'month' ? `${year}-${String(step).padStart(2, '0')}` : `${year}-Q${step}`
    periods.push(key)
    if (key >= last) break
    step++
    if (step > steps) {
      step = 1
      year++
    }
  }
  return periods
}

function groupsOf(columns: ReviewColumns, positions: number[], groupBy: GroupBy, business: Business): Stats['groups'] {
  const tallies = new Map<string | null, Tally>()
  const tallyOf = (key: string | null) => {
    let tally = tallies.get(key)
    if (!tally) tallies.set(key, (tally = new Tally()))
    return tally
  }
  if (groupBy === 'rating') for (const star of ['5', '4', '3', '2', '1']) tallyOf(star)
  const keys = keysOf(columns, groupBy)
  for (const p of positions) for (const key of keys(p)) tallyOf(key).add(columns.rating(p))
  let grouped = [...tallies.keys()]
  if (groupBy === 'month' || groupBy === 'quarter') {
    const present = grouped.filter((k): k is string => k !== null).sort()
    grouped = present.length ? periodsBetween(present[0]!, present.at(-1)!, groupBy) : []
  } else if (groupBy !== 'rating') {
    grouped.sort((a, b) => {
      if (a === null || b === null) return a === null ? 1 : -1
      return tallyOf(b).count - tallyOf(a).count || (a < b ? -1 : 1)
    })
  }
  const serviceNames = new Map(business.services.map((s) => [s.id, s.name]))
  return grouped.map((key) => {
    const label = groupBy === 'service' && key !== null ? serviceNames.get(key) : undefined
    return { key, ...(label ? { label } : {}), ...tallyOf(key).figures() }
  })
}

/** Figures for every review the filters match; `dataVersion` says which data they describe. Read from the columns. */
export function reviewStats(search: ReviewSearch, filters: StatsFilters, business: Business, dataVersion: number): Stats {
  const { group_by: groupBy, ...searchFilters } = filters
  const { positions, columns, snapshot } = search.matches({ ...searchFilters, limit: Number.MAX_SAFE_INTEGER })
  const all = new Tally()
  let answered = 0
  let lowUnanswered = 0
  const lowUnansweredIds: string[] = []
  for (const p of positions) {
    const rating = columns.rating(p)
    all.add(rating)
    if (columns.hasResponse(p)) answered++
    else if (rating <= LOW_RATING_MAX) {
      if (lowUnanswered++ < LOW_RATING_IDS_MAX) lowUnansweredIds.push(snapshot.idAt(p))
    }
  }
  return {
    data_version: dataVersion,
    ...all.figures(),
    answered,
    unanswered_low_ratings: {
      max_rating: LOW_RATING_MAX,
      count: lowUnanswered,
      review_ids: lowUnansweredIds,
    },
    group_by: groupBy ?? null,
    groups: groupBy ? groupsOf(columns, positions, groupBy, business) : [],
  }
}
