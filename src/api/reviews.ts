/** The reads of reviews: GET /reviews.json, the search, the since-listing and review permalinks. */
import { t } from 'elysia'
import { VersionCache } from '../catalog/version-cache'
import { isCalendarDate } from '../core/dates'
import type { Issue } from '../core/issues'
import type { CachedRepresentation } from '../http/representation'
import { queryOf } from '../http/query-string'
import { ReviewList, Review, ReviewsDataset } from '../reviews/schema'
import type { Snapshot } from '../catalog/snapshot'
import { Type } from '@sinclair/typebox'
import { AspectEvidence } from '../insights/schema'
import { figurePositions, figureValues } from '../insights/links'
import type { PositionSet } from '../reviews/ngram-index'
import { PAGE_BYTES, ReviewSearch, type SearchResult } from '../reviews/search'
import {
  checkFigureValues,
  encodeCursor,
  parseSearchParams,
  parseSinceParams,
  ReviewPage,
  SearchQuery,
  type SearchFilters,
  SinceQuery,
} from '../reviews/search-query'
import { HttpError } from './errors'
import { errorResponses, jsonResponse, searchParameters } from './openapi-parts'
import { READ_METHODS, type ReadContext, type ReadRoute } from './read-route'

/** One memo key per distinct search, the cursor's position included. */
export const searchKey = (filters: SearchFilters) =>
  `search:${JSON.stringify(filters, Object.keys(filters).sort())}:${JSON.stringify(filters.after ?? null)}`

/** The page as JSON text, from the canonical JSON of each review (no re-serialisation); `within`: an insights figure's reviews. */
export function renderPage(search: ReviewSearch, filters: SearchFilters, within?: PositionSet): string {
  return pageJson(search.search(filters, PAGE_BYTES, within))
}

function pageJson(result: SearchResult, evidence?: AspectEvidence[]): string {
  const next = result.next ? JSON.stringify(encodeCursor(result.next)) : 'null'
  const more = evidence ? `,"evidence":${JSON.stringify(evidence)}` : ''
  return `{"count":${result.reviewsJson.length},"total":${result.total},"reviews":[${result.reviewsJson.join(',')}],"next_cursor":${next}${more}}`
}

/** A page of the search; with `aspect`, the evidence of each of its reviews. */
export const SearchPage = Type.Object(
  {
    ...ReviewPage.properties,
    evidence: Type.Optional(
      Type.Array(AspectEvidence, {
        description: 'With `aspect` only: for each review of the page, in the same order, the mentions that put it in the aspect’s split.',
      }),
    ),
  },
  { $id: 'SearchPage' },
)

/** Seconds a client waits before asking again while the insights of the current data are computed. */
export const INSIGHTS_RETRY_AFTER_S = 5

/** Every match, unpaged (a filtered since-listing): `{count, total, reviews}` like the complete listing. */
function renderListing(search: ReviewSearch, filters: SearchFilters): string {
  const result = search.search({ ...filters, limit: Number.MAX_SAFE_INTEGER })
  return `{"count":${result.reviewsJson.length},"total":${result.total},"reviews":[${result.reviewsJson.join(',')}]}`
}

/**
 * Representations per raw query string and data version: a repeated search skips parsing and
 * validation. Small bodies only (they are in the snapshot's own cache too), bounded.
 */
const QUERY_CACHE = {
  entries: 512,
  bytes: 32 * 1024 * 1024,
  largeFrom: 64 * 1024,
  sizeOf: (rep: CachedRepresentation) => rep.byteLength,
}

const QUERY_400 = 'Invalid query parameters are `error` `invalid_query`, with one issue per bad parameter.'

const invalidQuery = (issues: Issue[]) =>
  new HttpError(
    400,
    'invalid_query',
    issues.length === 1 ? 'One query parameter is invalid.' : `${issues.length} query parameters are invalid.`,
    issues,
  )

/** The search and the since-listing share one cache of representations per raw query string. */
type QueryReads = {
  queries: VersionCache<CachedRepresentation>
  /** One page of a search, memoised in the current data version. */
  page: (filters: SearchFilters) => CachedRepresentation
}

export function reviewsReads(context: ReadContext): ReadRoute[] {
  const { catalog, search } = context
  const queries = new VersionCache<CachedRepresentation>(QUERY_CACHE)
  const page = (filters: SearchFilters) => catalog.current.memo(searchKey(filters), () => renderPage(search, filters))
  const reads: QueryReads = { queries, page }
  return [datasetRoute(context), searchRoute(context, reads), sinceRoute(context, reads), permalinkRoute(context)]
}

function datasetRoute({ catalog }: ReadContext): ReadRoute {
  return {
    path: '/reviews.json',
    methods: READ_METHODS,
    // Large: a coding not built yet (a new version's, before its compression) is made off the event loop.
    cache: { topic: 'reviews.json', large: true },
    read: () => catalog.current.representations['reviews.json'],
    doc: {
      tags: ['Datasets'],
      operationId: 'getReviewsDataset',
      summary: 'Full reviews dataset',
      description: 'Business metadata, aggregate rating and every verified review, newest first. A WebSub topic.',
      ok: jsonResponse(ReviewsDataset, 'The reviews dataset.'),
    },
  }
}

/**
 * `aspect`, `sentiment` and `topic` are answered from the current version's own insights (the reviews each figure
 * counted): while they are computed, a 503 with Retry-After; an aspect or topic they do not have, a 400 naming the
 * known ones. With `aspect`, the page carries each review's evidence (read on the analysis worker).
 */
function figureSearch(snapshot: Snapshot, filters: SearchFilters): CachedRepresentation | Promise<CachedRepresentation> {
  const insights = snapshot.readyInsights
  if (!insights) {
    snapshot.insights().catch(() => {}) // started if it was not; logged by the catalog
    throw new HttpError(
      503,
      'insights_not_ready',
      `The insights of the current data are being computed; aspect, sentiment and topic are answered from them. Try again in ${INSIGHTS_RETRY_AFTER_S} s.`,
      undefined,
      { 'retry-after': String(INSIGHTS_RETRY_AFTER_S) },
    )
  }
  const within = figurePositions(insights.data, filters)
  if (!within.ok) throw invalidQuery(within.issues)
  // This version's own search: the positions are this version's.
  const search = new ReviewSearch(() => snapshot)
  const result = search.search(filters, PAGE_BYTES, within.value)
  const { aspect } = filters
  if (aspect === undefined) return snapshot.memo(searchKey(filters), () => pageJson(result))
  return import('../insights/evidence')
    .then(({ aspectEvidence }) => aspectEvidence(snapshot.business, result.reviews, aspect))
    .then((evidence) => snapshot.memo(searchKey(filters), () => pageJson(result, evidence)))
}

/** Issues of `aspect` and `topic` beside those of other parameters: every bad parameter is named at once. */
function withFigureIssues(issues: Issue[], query: string, snapshot: Snapshot): Issue[] {
  const insights = snapshot.readyInsights
  if (!insights) return issues
  const params = new URLSearchParams(query)
  const given = (name: 'aspect' | 'topic') =>
    params.getAll(name).length === 1 && params.get(name) !== '' && !issues.some((i) => i.path[0] === name)
      ? (params.get(name) ?? undefined)
      : undefined
  const more = checkFigureValues({ aspect: given('aspect'), topic: given('topic') }, figureValues(insights.data))
  if (!more.length) return issues
  const order = Object.keys(SearchQuery.properties)
  const rank = (i: Issue) => (order.indexOf(String(i.path[0])) + order.length + 1) % (order.length + 1)
  return [...issues, ...more].sort((a, b) => rank(a) - rank(b))
}

function searchRoute({ catalog }: ReadContext, { queries, page }: QueryReads): ReadRoute {
  return {
    path: '/api/reviews/search',
    methods: READ_METHODS,
    cache: { slow: true },
    read: (request) => {
      const query = queryOf(request.url)
      const snapshot = catalog.current
      const key = `search?${query}`
      const hit = queries.get(snapshot, key)
      if (hit) return hit
      const parsed = parseSearchParams(query)
      if (!parsed.ok) throw invalidQuery(withFigureIssues(parsed.issues, query, snapshot))
      const filters = parsed.value
      if (filters.aspect === undefined && filters.topic === undefined) return queries.set(snapshot, key, page(filters))
      const found = figureSearch(snapshot, filters)
      return found instanceof Promise ? found.then((rep) => queries.set(snapshot, key, rep)) : queries.set(snapshot, key, found)
    },
    doc: {
      tags: ['Reviews'],
      operationId: 'searchReviews',
      summary: 'Search reviews',
      description:
        'Filters combine with AND; results are newest first (date desc, then id desc) unless `sort` says otherwise ' +
        '(oldest, highest or lowest; ties newest first). `total` counts every match; results come ' +
        'in pages of `limit` (default 20, at most 100, and about 400 KB of reviews at most): pass `next_cursor` back as `cursor` ' +
        'for the next page (with the same other parameters; a cursor continues the `sort` it was given for). ' +
        '`aspect` (with `sentiment`) and `topic` list exactly the reviews an insights figure counts (each figure of GET /insights.json links ' +
        'its search); with `aspect` the page also carries `evidence`: per review, the mentions behind it (clause, sentiment, cues). ' +
        'The HTTP twin of the MCP tool search_reviews. Unknown or repeated parameters, a numeric parameter that is not a plain decimal ' +
        'numeral, `since` after `until`, `sentiment` without `aspect`, and an aspect or topic the current insights do not have are a 400 ' +
        'naming every bad parameter. While the insights of the current data are computed, a search by aspect or topic is a 503 ' +
        '`insights_not_ready` with Retry-After.',
      query: searchParameters(SearchQuery),
      ok: jsonResponse(SearchPage, 'One page of matching reviews (with `evidence` when `aspect` is given).'),
      more: {
        400: errorResponses.invalidQuery,
        503: errorResponses.rateLimited(
          '`insights_not_ready`: a search by aspect, sentiment or topic while the insights of the current data are computed. Try again after `Retry-After` seconds.',
        ),
      },
    },
  }
}

function assertCalendarDate(date: string | undefined): asserts date is string {
  if (date === undefined || !isCalendarDate(date)) {
    throw new HttpError(400, 'invalid_date', `"${date}" is not a real calendar date in YYYY-MM-DD form.`, [
      { path: ['date'], code: 'invalid_date', message: 'must be a real calendar date in YYYY-MM-DD form' },
    ])
  }
}

function sinceRoute({ catalog, search }: ReadContext, { queries, page }: QueryReads): ReadRoute {
  return {
    path: '/api/reviews/since/:date',
    methods: READ_METHODS,
    params: t.Object({ date: t.String() }),
    // A large listing is compressed once per coding, on the thread pool, when a request first needs that coding.
    cache: { large: true },
    read: (request, { date }) => {
      assertCalendarDate(date)
      const query = queryOf(request.url)
      const snapshot = catalog.current
      if (query === '') return snapshot.since(date)
      return queries.memo(snapshot, `since:${date}?${query}`, () => {
        const parsed = parseSinceParams(date, query)
        if (!parsed.ok) throw invalidQuery(parsed.issues)
        if (!parsed.value) return snapshot.since(date)
        const { filters, page: paged } = parsed.value
        return paged ? page(filters) : snapshot.memo(`all:${searchKey(filters)}`, () => renderListing(search, filters))
      })
    },
    doc: {
      tags: ['Reviews'],
      operationId: 'getReviewsSince',
      summary: 'Reviews on or after a date',
      description:
        'Every published review dated on or after `date`, newest first: the complete listing, for incremental sync. `language` and ' +
        '`service_area` narrow it (same rules as the search). With `limit` and/or `cursor` (limit 1-100; cursor = a next_cursor) it ' +
        'answers pages instead, exactly like the search with `since` (`next_cursor`, null on the last page); other query parameters ' +
        'are a 400 `invalid_query`. Conditional GET with ETag and Last-Modified.',
      // The read checks the date itself (400 invalid_date); the document states the rule.
      path: {
        date: {
          description: 'Reviews dated on or after this date: a real calendar date, YYYY-MM-DD (2024-02-30 is a 400).',
          schema: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', examples: ['2025-01-01'] },
        },
      },
      query: searchParameters(SinceQuery),
      ok: jsonResponse(
        { anyOf: [ReviewList, ReviewPage] },
        'Reviews since the date: the complete listing, or one page when `limit` or `cursor` is given.',
      ),
      more: { 400: { ...errorResponses.invalidDate, description: `${errorResponses.invalidDate.description} ${QUERY_400}` } },
    },
  }
}

function permalinkRoute({ catalog }: ReadContext): ReadRoute {
  return {
    path: '/api/reviews/:id',
    methods: READ_METHODS,
    params: t.Object({ id: t.String() }),
    cache: {},
    read: (_request, { id }) => {
      const rep = id === undefined ? undefined : catalog.current.review(id)
      if (!rep) throw new HttpError(404, 'not_found', `No published review has the id "${id}".`)
      return rep
    },
    doc: {
      tags: ['Reviews'],
      operationId: 'getReview',
      summary: 'One review (permalink)',
      description: 'The review record itself, no wrapper. The feeds link here.',
      path: { id: { description: 'Review id, as in the datasets and feeds.', schema: { type: 'string', minLength: 1 } } },
      ok: jsonResponse(Review, 'The review.'),
      more: { 404: errorResponses.notFound },
    },
  }
}
