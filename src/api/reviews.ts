/** GET /reviews.json, the search, the since-listing and review permalinks. */
import { Elysia, t } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { HttpError } from './errors'
import type { ReadRouteOptions } from './read-options'
import { type CachedRepresentation, type ServeOptions, serveOffLoop, serveOptions, serveRepresentation } from '../http/representation'
import { topicLinkHeader } from '../feeds/websub-topics'
import { isCalendarDate } from '../core/dates'
import { ReviewList, ReviewsDataset, Review } from '../reviews/schema'
import { encodeCursor, parseSearchParams, parseSinceParams, ReviewPage, SearchQuery, type SearchFilters } from '../reviews/search-query'
import { PAGE_BYTES, type ReviewSearch } from '../reviews/search'
import { errorResponses, jsonResponse, readResponses, searchParameters, topicLinkHeaders } from './openapi-parts'

/** One memo key per distinct search, the cursor's position included. */
export const searchKey = (filters: SearchFilters) =>
  `search:${JSON.stringify(filters, Object.keys(filters).sort())}:${JSON.stringify(filters.after ?? null)}`

/** The page as JSON text, from the canonical JSON of each review (no re-serialisation). */
export function renderPage(search: ReviewSearch, filters: SearchFilters): string {
  const result = search.search(filters, PAGE_BYTES)
  const next = result.next ? JSON.stringify(encodeCursor(result.next)) : 'null'
  return `{"count":${result.reviewsJson.length},"total":${result.total},"reviews":[${result.reviewsJson.join(',')}],"next_cursor":${next}}`
}

export function reviewsRoutes(catalog: Catalog, search: ReviewSearch, options: ReadRouteOptions) {
  // One options object per kind of response: the representation builds its headers once for each.
  const plain = serveOptions(options.cacheControl)
  const datasetTopic = serveOptions(options.cacheControl, { link: topicLinkHeader(options.baseUrl, 'reviews.json', options.externalHubs) })
  const serve = (request: Request, rep: CachedRepresentation, serveOptions: ServeOptions = plain) =>
    serveRepresentation(request, rep, serveOptions)
  const cacheControl = options.cacheControl

  return new Elysia({ name: 'reviews' })
    .get('/reviews.json', ({ request }) => serve(request, catalog.current.representations['reviews.json'], datasetTopic), {
      detail: {
        tags: ['Datasets'],
        operationId: 'getReviewsDataset',
        summary: 'Full reviews dataset',
        description: 'Business metadata, aggregate rating and every verified review, newest first. A WebSub topic.',
        responses: readResponses(jsonResponse(ReviewsDataset, 'The reviews dataset.'), {
          cacheControl,
          headers: topicLinkHeaders(options.externalHubs),
        }),
      },
    })
    .get(
      '/api/reviews/search',
      ({ request }) => {
        const url = new URL(request.url)
        const parsed = parseSearchParams(url.searchParams)
        if (!parsed.ok) throw new HttpError(400, 'invalid_query', describeIssues(parsed.issues.length), parsed.issues)
        const filters = parsed.value
        return serve(
          request,
          catalog.current.memo(searchKey(filters), () => renderPage(search, filters)),
        )
      },
      {
        detail: {
          tags: ['Reviews'],
          operationId: 'searchReviews',
          summary: 'Search reviews',
          description:
            'Filters combine with AND; results are newest first (date desc, then id desc). `total` counts every match; results come ' +
            'in pages of `limit` (default 20, at most 100, and about 400 KB of reviews at most): pass `next_cursor` back as `cursor` ' +
            'for the next page. ' +
            'The HTTP twin of the MCP tool search_reviews. Unknown or repeated parameters, a numeric parameter that is not a plain decimal ' +
            'numeral, and `since` after `until` are a 400 naming every bad parameter.',
          parameters: searchParameters(SearchQuery),
          responses: readResponses(jsonResponse(ReviewPage, 'One page of matching reviews.'), {
            cacheControl,
            more: { 400: errorResponses.invalidQuery },
          }),
        },
      },
    )
    .get(
      '/api/reviews/since/:date',
      ({ request, params }) => {
        const date = params.date
        if (!isCalendarDate(date)) {
          throw new HttpError(400, 'invalid_date', `"${date}" is not a real calendar date in YYYY-MM-DD form.`, [
            { path: ['date'], code: 'invalid_date', message: 'must be a real calendar date in YYYY-MM-DD form' },
          ])
        }
        const paging = parseSinceParams(date, new URL(request.url).searchParams)
        if (!paging.ok) throw new HttpError(400, 'invalid_query', describeIssues(paging.issues.length), paging.issues)
        const filters = paging.value
        if (!filters) {
          // A large listing is compressed once per coding, on the thread pool, when a request first needs that coding.
          return serveOffLoop(request, catalog.current.since(date), plain)
        }
        return serve(
          request,
          catalog.current.memo(searchKey(filters), () => renderPage(search, filters)),
        )
      },
      {
        params: t.Object({ date: t.String() }),
        detail: {
          // The handler checks the date itself (400 invalid_date); the document states the rule.
          'x-query-parameters': searchParameters(t.Pick(SearchQuery, ['limit', 'cursor'])),
          'x-path-parameters': {
            date: {
              description: 'Reviews dated on or after this date: a real calendar date, YYYY-MM-DD (2024-02-30 is a 400).',
              schema: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', examples: ['2025-01-01'] },
            },
          },
          tags: ['Reviews'],
          operationId: 'getReviewsSince',
          summary: 'Reviews on or after a date',
          description:
            'Every published review dated on or after `date`, newest first: the complete listing, for incremental sync. With `limit` ' +
            'and/or `cursor` query parameters (limit 1-100; cursor = a next_cursor) it answers pages instead, exactly like the search ' +
            'with `since` (`next_cursor`, null on the last page); other query parameters are a 400 `invalid_query`. ' +
            'Conditional GET with ETag and Last-Modified.',
          responses: readResponses(
            jsonResponse(
              { anyOf: [ReviewList, ReviewPage] },
              'Reviews since the date: the complete listing, or one page when `limit` or `cursor` is given.',
            ),
            { cacheControl, more: { 400: errorResponses.invalidDate } },
          ),
        },
      },
    )
    .get(
      '/api/reviews/:id',
      ({ request, params }) => {
        const rep = catalog.current.review(params.id)
        if (!rep) throw new HttpError(404, 'not_found', `No published review has the id "${params.id}".`)
        return serve(request, rep)
      },
      {
        params: t.Object({ id: t.String() }),
        detail: {
          'x-path-parameters': {
            id: { description: 'Review id, as in the datasets and feeds.', schema: { type: 'string', minLength: 1 } },
          },
          tags: ['Reviews'],
          operationId: 'getReview',
          summary: 'One review (permalink)',
          description: 'The review record itself, no wrapper. The feeds link here.',
          responses: readResponses(jsonResponse(Review, 'The review.'), { cacheControl, more: { 404: errorResponses.notFound } }),
        },
      },
    )
}

function describeIssues(count: number): string {
  return count === 1 ? 'One query parameter is invalid.' : `${count} query parameters are invalid.`
}
