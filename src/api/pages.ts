/**
 * Pages for people: `/` (the public review page), `/reviews/{id}`, `/insights`, and the widget
 * (`/embed`, `/embed/fragment`, `/embed.js`). Each page is rendered once per data version and option
 * set into a CachedRepresentation (ETag, br/gzip, 304), like every JSON response. The filters of
 * `/` and `/embed` go through the same parser and search as GET /api/reviews/search.
 */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import type { Snapshot } from '../catalog/snapshot'
import { VersionCache } from '../catalog/version-cache'
import type { ReadRouteOptions } from './read-options'
import { CORS_HEADERS } from '../http/cors'
import { CachedRepresentation, serveOptions, serveRepresentation } from '../http/representation'
import { lazyCodeRendering } from './code-rendering'
import type { Insights } from '../insights/schema'
import {
  EMBED_COUNT_DEFAULT,
  EMBED_COUNT_MAX,
  EMBED_CSP,
  EMBED_LANGS,
  EMBED_SCRIPT,
  EMBED_THEMES,
  FRAGMENT_CSP,
  renderEmbedErrorFragment,
  renderEmbedErrorPage,
  renderEmbedFragment,
  renderEmbedPage,
  type EmbedOptions,
} from '../pages/embed'
import { PAGE_CSP } from '../pages/html'
import { renderHomePage } from '../pages/home'
import { renderInsightsPage } from '../pages/insights'
import { listHref, type PageReview, type ReviewFilters } from '../pages/parts'
import { renderErrorPage, renderReviewPage, type ErrorPage } from '../pages/review'
import { ReviewSearch } from '../reviews/search'
import { figurePositions } from '../insights/links'
import { SearchQuery, validateSearch, type SearchFilters } from '../reviews/search-query'
import { NUMERAL_RULE, orderIssues, PAGE_QUERY, parseQuery } from '../http/query-string'
import { check, failed, ok, type Issue, type Result } from '../core/issues'
import { settledWithin } from '../core/settled-within'
import { type Static, type TLiteral, type TObject, Type } from '@sinclair/typebox'
import { readResponses, searchParameters } from './openapi-parts'

const HTML = 'text/html; charset=utf-8'
const PAGE_SIZE = 10
const MAX_PAGE = 10_000
/** Rendered pages kept per data version (filter combinations, pages of the list, review pages). */
const PAGE_CACHE = { entries: 300, bytes: 64 * 1024 * 1024, largeEntries: 3, sizeOf: (rep: CachedRepresentation) => rep.byteLength }

/**
 * How long `/` waits for insights still being computed (large datasets take seconds): the reviews are
 * the point of the page, the aspect summary can come with a later request.
 */
const INSIGHTS_WAIT_MS = 250

/** The snapshot's insights if they arrive within `ms`; null if they failed, undefined if still computing. */
async function insightsWithin(snapshot: Snapshot, ms: number): Promise<Insights | null | undefined> {
  const settled = await settledWithin(snapshot.insights(), ms)
  return settled && ('value' in settled ? settled.value.data : null)
}

/** Page parameter -> search parameter: the same names people see in the URL, the same semantics as the API. */
const SEARCH_NAMES = {
  rating: 'rating',
  min_rating: 'min_rating',
  service: 'mentions_service',
  technician: 'mentions_technician',
  query: 'query',
  since: 'since',
  until: 'until',
  max_rating: 'max_rating',
  area: 'service_area',
  aspect: 'aspect',
  sentiment: 'sentiment',
  topic: 'topic',
} as const
type FilterName = keyof typeof SEARCH_NAMES
const SEARCH = SearchQuery.properties
const choice = <T extends string>(choices: readonly [T, ...T[]], description: string) =>
  Type.Optional(Type.Union(choices.map((c) => Type.Literal(c)) as TLiteral<T>[], { default: choices[0], description }))

/** The query of `/`: the search's filters under the page's names, and the page of the list. */
const ListQuery = Type.Object({
  rating: SEARCH.rating,
  min_rating: SEARCH.min_rating,
  service: SEARCH.mentions_service,
  technician: SEARCH.mentions_technician,
  query: SEARCH.query,
  since: SEARCH.since,
  until: SEARCH.until,
  max_rating: SEARCH.max_rating,
  area: SEARCH.service_area,
  aspect: SEARCH.aspect,
  sentiment: SEARCH.sentiment,
  topic: SEARCH.topic,
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page of the list, 10 reviews each. ${NUMERAL_RULE}` }),
  ),
})
/** The options of the widget (`/embed`, `/embed/fragment`). */
const EmbedQuery = Type.Object({
  min_rating: SEARCH.min_rating,
  service: SEARCH.mentions_service,
  count: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: EMBED_COUNT_MAX,
      default: EMBED_COUNT_DEFAULT,
      description: `How many of the newest matching reviews to show. ${NUMERAL_RULE}`,
    }),
  ),
  theme: choice(EMBED_THEMES, 'Colour theme.'),
  // No default in the schema: without `lang` the widget speaks the business's `locale`.
  lang: Type.Optional(
    Type.Union(EMBED_LANGS.map((c) => Type.Literal(c)) as TLiteral<(typeof EMBED_LANGS)[number]>[], {
      description: 'Language of the widget’s own words and dates (review texts stay as written); by default the business’s `locale`.',
    }),
  ),
})

type PageQuery<T extends TObject> = { values: Static<T>; filters: ReviewFilters; search: SearchFilters }

/**
 * A page's query string through the one parser (http/query-string.ts) with the pages' policy: empty
 * values count as absent (an empty search box submits `query=`), parameters a page does not know are
 * ignored (links carry tracking parameters); every other rule (numerals, bounds, dates, repeats, since
 * after until) is the search API's own, named by the page's parameter names.
 */
function parsePageQuery<T extends TObject>(params: URLSearchParams, schema: T): Result<PageQuery<T>> {
  const names = Object.keys(schema.properties)
  return parseQuery(params, schema, PAGE_QUERY, (values) => {
    const issues = check(schema, values)
    const filters: Record<string, unknown> = {}
    const searchValues: Record<string, unknown> = {}
    for (const name of names) {
      if (!(name in SEARCH_NAMES) || values[name] === undefined) continue
      filters[name] = values[name]
      searchValues[SEARCH_NAMES[name as FilterName]] = values[name]
    }
    const search = validateSearch(searchValues)
    if (!search.ok) {
      const pageName = (searchName: unknown) => names.find((n) => SEARCH_NAMES[n as FilterName] === searchName) ?? String(searchName)
      for (const issue of search.issues) {
        const renamed = { ...issue, path: [pageName(issue.path[0]), ...issue.path.slice(1)] }
        if (!issues.some((i) => i.path[0] === renamed.path[0])) issues.push(renamed)
      }
    }
    if (issues.length || !search.ok) return failed(orderIssues(issues, names))
    return ok({ values: values as Static<T>, filters: filters as ReviewFilters, search: search.value })
  })
}

function parseEmbedOptions(params: URLSearchParams): Result<{ options: EmbedOptions; search: SearchFilters }> {
  const parsed = parsePageQuery(params, EmbedQuery)
  if (!parsed.ok) return parsed
  const { values, filters, search } = parsed.value
  const count = values.count ?? EMBED_COUNT_DEFAULT
  return ok({
    options: {
      min_rating: filters.min_rating,
      service: filters.service,
      count,
      theme: (values.theme as EmbedOptions['theme'] | undefined) ?? EMBED_THEMES[0],
      // No lang: the business's own locale.
      lang: values.lang as EmbedOptions['lang'] | undefined,
    },
    search: { ...search, limit: count },
  })
}

// The OpenAPI description of the pages, from the same schemas: an empty value is allowed (the same as not given).
const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } })
const pageParameters = (schema: TObject) =>
  searchParameters(schema).map((parameter) => ({
    ...parameter,
    schema: { anyOf: [parameter.schema, { const: '', description: 'Empty: the same as not given (an empty form field).' }] },
  }))
const LIST_PARAMETERS = pageParameters(ListQuery)
const EMBED_PARAMETERS = pageParameters(EmbedQuery)
const invalidPage = htmlResponse('Invalid parameters: a page for people naming each bad parameter.')
const invalidWidgetResponse = htmlResponse('Invalid options: a small message in the widget’s own style naming each bad option.')

/** The headers of each kind of page, and the few helpers every page route shares. */
function pageKit(catalog: Catalog, search: ReviewSearch, options: ReadRouteOptions) {
  const baseUrl = options.baseUrl
  const pageOptionsHeaders = {
    'content-security-policy': PAGE_CSP,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  }
  const pageOptions = serveOptions(options.cacheControl, pageOptionsHeaders)
  const cache = new VersionCache<CachedRepresentation>(PAGE_CACHE)
  const errorPage = (request: Request, snapshot: Snapshot, error: ErrorPage, headers = pageOptions.headers) =>
    new Response(request.method === 'HEAD' ? null : renderErrorPage(error, snapshot.business.name, baseUrl, snapshot.business.locale), {
      status: error.status,
      // CORS like every response: /embed.js reads the fragment's errors from other origins.
      headers: { ...CORS_HEADERS, ...headers, 'content-type': HTML, 'cache-control': 'no-store' },
    })
  return {
    catalog,
    search,
    baseUrl,
    cache,
    pageOptions,
    // A page rendered before the insights exist is complete a moment later: no cache may keep it.
    pendingOptions: serveOptions('no-store', pageOptionsHeaders),
    embedOptions: serveOptions(options.cacheControl, { 'content-security-policy': EMBED_CSP, 'x-content-type-options': 'nosniff' }),
    fragmentOptions: serveOptions(options.cacheControl, { 'content-security-policy': FRAGMENT_CSP, 'x-content-type-options': 'nosniff' }),
    scriptOptions: serveOptions(options.cacheControl, { 'x-content-type-options': 'nosniff' }),
    html: (snapshot: Snapshot, key: string, render: () => string) =>
      cache.get(snapshot, key) ?? cache.set(snapshot, key, CachedRepresentation.text(render(), HTML, snapshot.updatedAt)),
    errorPage,
    invalid: (request: Request, snapshot: Snapshot, issues: Issue[]) =>
      errorPage(request, snapshot, {
        status: 400,
        title: 'These filters do not work',
        message:
          issues.length === 1 ? 'One parameter in the address is invalid:' : `${issues.length} parameters in the address are invalid:`,
        issues,
      }),
    embedData: (snapshot: Snapshot, parsed: { options: EmbedOptions; search: SearchFilters }) => ({
      baseUrl,
      business: snapshot.business,
      aggregate: snapshot.aggregate,
      reviews: search.search(parsed.search).reviewsJson.map((json) => JSON.parse(json) as PageReview),
      options: parsed.options,
    }),
  }
}
type PageKit = ReturnType<typeof pageKit>

/** Bad widget options: a small message inside the widget (still frameable, readable cross-origin), in its language if that option was valid. */
function invalidWidget(
  kit: PageKit,
  request: Request,
  issues: Issue[],
  headers: Readonly<Record<string, string>> | undefined,
  render: typeof renderEmbedErrorFragment,
): Response {
  const params = new URL(request.url).searchParams
  const pick = <T extends string>(name: string, choices: readonly T[]) => {
    const value = params.get(name)?.toLowerCase()
    return choices.find((c) => c === value)
  }
  const body = render({
    baseUrl: kit.baseUrl,
    business: kit.catalog.current.business,
    issues,
    lang: pick('lang', EMBED_LANGS),
    theme: pick('theme', EMBED_THEMES),
  })
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 400,
    headers: { ...CORS_HEADERS, ...headers, 'content-type': HTML, 'cache-control': 'no-store' },
  })
}

const aspectRows = (insights: Insights) =>
  insights.aspects.map((a) => ({
    id: a.id,
    label: a.label,
    short: a.id.charAt(0).toUpperCase() + a.id.slice(1),
    sentiment: a.sentiment,
    mentions: a.mention_count,
  }))

/** `/`: the reviews with the filters and page of the address; without insights yet, said so and not kept. */
async function homePage(kit: PageKit, request: Request): Promise<Response> {
  const snapshot = kit.catalog.current
  const parsed = parsePageQuery(new URL(request.url).searchParams, ListQuery)
  if (!parsed.ok) return kit.invalid(request, snapshot, parsed.issues)
  const { filters } = parsed.value
  const pageNumber = parsed.value.values.page ?? 1
  const key = `home:${listHref(filters, pageNumber)}`
  const cached = kit.cache.get(snapshot, key)
  if (cached) return serveRepresentation(request, cached, kit.pageOptions)
  const search = parsed.value.search
  const figure = search.aspect !== undefined || search.topic !== undefined
  // An aspect or topic is answered from this version's insights (the links of /insights lead here): waited for.
  const insights = figure ? (await snapshot.insights()).data : await insightsWithin(snapshot, INSIGHTS_WAIT_MS)
  const within = insights ? figurePositions(insights, search) : ok(undefined)
  if (!within.ok) return kit.invalid(request, snapshot, within.issues)
  const searcher = figure ? new ReviewSearch(() => snapshot) : kit.search
  const result = searcher.search({ ...search, limit: pageNumber * PAGE_SIZE }, Number.POSITIVE_INFINITY, within.value)
  const onPage = result.reviewsJson.slice((pageNumber - 1) * PAGE_SIZE)
  if (pageNumber > 1 && !onPage.length) {
    return kit.errorPage(request, snapshot, {
      status: 404,
      title: 'No such page',
      message: `There are ${result.total} matching reviews; page ${pageNumber} is past the last one.`,
    })
  }
  // Filtered by an aspect: the mentions behind each review of the page, for the owner to audit.
  const aspect = search.aspect
  const evidence =
    aspect === undefined
      ? undefined
      : new Map(
          (
            await import('../insights/evidence').then((m) =>
              m.aspectEvidence(
                snapshot.business,
                onPage.map((json) => JSON.parse(json) as PageReview),
                aspect,
              ),
            )
          ).map((e) => [e.review_id, e]),
        )
  const render = () =>
    renderHomePage({
      evidence,
      baseUrl: kit.baseUrl,
      business: snapshot.business,
      aggregate: snapshot.aggregate,
      aspects: insights ? aspectRows(insights) : [],
      filters,
      page: pageNumber,
      pageSize: PAGE_SIZE,
      total: result.total,
      reviews: onPage.map((json) => JSON.parse(json) as PageReview),
      insightsPending: insights === undefined,
    })
  if (insights === undefined)
    return serveRepresentation(request, CachedRepresentation.text(render(), HTML, snapshot.updatedAt), kit.pendingOptions)
  return serveRepresentation(request, kit.html(snapshot, key, render), kit.pageOptions)
}

function reviewPage(kit: PageKit, request: Request, id: string): Response {
  const snapshot = kit.catalog.current
  const json = snapshot.reviewJson(id)
  if (json === undefined) {
    return kit.errorPage(request, snapshot, { status: 404, title: 'Review not found', message: `No published review has the id “${id}”.` })
  }
  const rep = kit.html(snapshot, `review:${id}`, () =>
    renderReviewPage(JSON.parse(json) as PageReview, snapshot.business, snapshot.aggregate, kit.baseUrl),
  )
  return serveRepresentation(request, rep, kit.pageOptions)
}

/** `/insights`: waits for the insights of this version (the first computation can take minutes at a million reviews). */
async function insightsPage(kit: PageKit, request: Request, server: unknown): Promise<Response> {
  const snapshot = kit.catalog.current
  let rep = kit.cache.get(snapshot, 'insights')
  if (!rep) {
    // Waiting with nothing to send: not cut by HTTP_IDLE_TIMEOUT_S (the runtime's longest idle timeout instead).
    ;(server as { timeout?: (request: Request, seconds: number) => void } | null)?.timeout?.(request, 255)
    const insights = (await snapshot.insights()).data
    rep = kit.html(snapshot, 'insights', () =>
      renderInsightsPage({ baseUrl: kit.baseUrl, business: snapshot.business, insights, reviews: snapshot.reviews }),
    )
  }
  return serveRepresentation(request, rep, kit.pageOptions)
}

/** `/embed` and `/embed/fragment`: the widget with the options of the address. */
function widget(kit: PageKit, request: Request, form: 'page' | 'fragment'): Response {
  const snapshot = kit.catalog.current
  const serving = form === 'page' ? kit.embedOptions : kit.fragmentOptions
  const parsed = parseEmbedOptions(new URL(request.url).searchParams)
  if (!parsed.ok)
    return invalidWidget(kit, request, parsed.issues, serving.headers, form === 'page' ? renderEmbedErrorPage : renderEmbedErrorFragment)
  const data = () => kit.embedData(snapshot, parsed.value)
  const rep = kit.html(snapshot, `${form === 'page' ? 'embed' : 'fragment'}:${JSON.stringify(parsed.value.options)}`, () =>
    form === 'page' ? renderEmbedPage(data()) : renderEmbedFragment(data()),
  )
  return serveRepresentation(request, rep, serving)
}

/** The OpenAPI text of the pages for people. */
function pageDetails(cacheControl: string) {
  return {
    home: {
      tags: ['Pages'],
      operationId: 'getReviewsPage',
      summary: 'The business’s review page (HTML)',
      description:
        'Business card, rating distribution, aspect summary, the newest reviews with owner replies, 10 per page. ' +
        'Filters are the search API’s parameters under short names (`service` = `mentions_service`, `technician` = `mentions_technician`), ' +
        'with its rules (plain decimal numerals, bounds, real dates, no repeats). An empty value is the same as not given (a form’s empty ' +
        'field) and parameters the page does not know are ignored (tracking parameters in links). Carries schema.org JSON-LD and feed autodiscovery links.',
      parameters: LIST_PARAMETERS,
      responses: {
        ...readResponses(htmlResponse('The page.'), { cacheControl }),
        400: invalidPage,
        404: htmlResponse('A page past the last one.'),
      },
    },
    review: {
      tags: ['Pages'],
      operationId: 'getReviewPage',
      summary: 'One review as a page (HTML)',
      description:
        'The `alternate` link of each Atom entry and the `url` of each JSON Feed item. The record as JSON is GET /api/reviews/{id}.',
      parameters: [{ name: 'id', in: 'path' as const, required: true, description: 'Review id.', schema: { type: 'string' as const } }],
      responses: {
        ...readResponses(htmlResponse('The review page.'), { cacheControl }),
        404: htmlResponse('No published review has this id.'),
      },
    },
    insights: {
      tags: ['Pages'],
      operationId: 'getInsightsPage',
      summary: 'Insights as pictures (HTML)',
      description:
        'Rating over time, aspects with trends and examples, technicians and services, topics and FAQ; every figure links to the reviews behind it.',
      responses: { ...readResponses(htmlResponse('The insights page.'), { cacheControl }) },
    },
  }
}

/** The OpenAPI text of the widget's three forms. */
function widgetDetails(cacheControl: string) {
  return {
    page: {
      tags: ['Pages'],
      operationId: 'getWidgetPage',
      summary: 'The review widget as a page to put in an iframe (HTML)',
      description:
        'Any site may frame it (`frame-ancestors *`); it works without JavaScript, and with /embed.js on the host page the iframe takes the height of its content.',
      parameters: EMBED_PARAMETERS,
      responses: { ...readResponses(htmlResponse('The widget page.'), { cacheControl }), 400: invalidWidgetResponse },
    },
    fragment: {
      tags: ['Pages'],
      operationId: 'getWidgetFragment',
      summary: 'The review widget as an HTML fragment',
      description:
        'What /embed.js puts into a Shadow DOM: a <style> scoped to the shadow root and the widget’s markup. Same options as /embed.',
      parameters: EMBED_PARAMETERS,
      responses: { ...readResponses(htmlResponse('The widget fragment.'), { cacheControl }), 400: invalidWidgetResponse },
    },
    script: {
      tags: ['Pages'],
      operationId: 'getWidgetScript',
      summary: 'The widget script',
      description:
        'Defines the `<reviews-widget>` element (attributes `min-rating`, `count`, `service`, `theme`, `lang`), drawn into its own shadow root whenever it is added; ' +
        'mounts elements with `data-reviews-widget` (options as `data-` attributes) the same way, and sizes /embed iframes on the page to their content.',
      responses: {
        ...readResponses(
          { description: 'JavaScript.', content: { 'text/javascript': { schema: { type: 'string' as const } } } },
          { cacheControl },
        ),
      },
    },
  }
}

export function pagesRoutes(catalog: Catalog, search: ReviewSearch, options: ReadRouteOptions) {
  const kit = pageKit(catalog, search, options)
  const pages = pageDetails(options.cacheControl)
  const widgets = widgetDetails(options.cacheControl)
  const embedScript = lazyCodeRendering(catalog, 'embed.js', () => EMBED_SCRIPT, 'text/javascript; charset=utf-8')
  return new Elysia({ name: 'pages' })
    .get('/', ({ request }) => homePage(kit, request), { detail: pages.home })
    .get('/reviews/:id', ({ request, params }) => reviewPage(kit, request, params.id), { detail: pages.review })
    .get('/insights', ({ request, server }) => insightsPage(kit, request, server), { detail: pages.insights })
    .get('/embed', ({ request }) => widget(kit, request, 'page'), { detail: widgets.page })
    .get('/embed/fragment', ({ request }) => widget(kit, request, 'fragment'), { detail: widgets.fragment })
    .get('/embed.js', ({ request }) => serveRepresentation(request, embedScript(), kit.scriptOptions), { detail: widgets.script })
}
