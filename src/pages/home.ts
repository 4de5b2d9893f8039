/** `/`: the business's public review page. */
import type { AggregateRating, Business } from '../reviews/schema'
import { esc, formatNumber, jsonForScript, page } from './html'
import { businessJsonLd } from './jsonld'
import { businessCard, listHref, reviewArticle, serviceName, type PageReview, type ReviewFilters } from './parts'
import { aspectChart, meterBar, resetSvgIds, type AspectRow } from './svg'
import { TOOL_NAMES } from '../mcp/tools'

export type HomeData = {
  baseUrl: string
  business: Business
  aggregate: AggregateRating
  /** The aspect summary of the insights, most mentioned first. */
  aspects: AspectRow[]
  filters: ReviewFilters
  page: number
  pageSize: number
  /** Reviews matching the filters, all pages. */
  total: number
  reviews: PageReview[]
}

export function renderHomePage(data: HomeData): string {
  resetSvgIds()
  const { business, aggregate, filters } = data
  const filtered = Object.values(filters).some((v) => v !== undefined)
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize))
  const first = (data.page - 1) * data.pageSize + 1
  const pageSuffix = data.page > 1 ? ` (page ${data.page})` : ''
  const title =
    (filtered ? `Reviews of ${business.name}: ${describeFilters(filters, business)}` : `${business.name}: verified customer reviews`) +
    pageSuffix
  const description = `${formatNumber(aggregate.review_count)} verified reviews of ${business.name}, rated ${formatNumber(aggregate.rating_value, 2)} out of 5.`
  const main = `${businessCard(business, aggregate)}
<div class="layout">
<div>
${distribution(aggregate, filters)}
${aspectSummary(data.aspects)}
${filterNav(business, filters)}
</div>
<section id="reviews" aria-labelledby="reviews-h">
<h2 id="reviews-h">${filtered ? 'Matching reviews' : 'Newest reviews'}</h2>
<p class="muted" role="status">${
    data.total
      ? `Showing ${formatNumber(first)}–${formatNumber(first + data.reviews.length - 1)} of ${formatNumber(data.total)}${filtered ? ` · ${esc(describeFilters(filters, business))} · <a href="/">Clear filters</a>` : ''}`
      : `No review matches ${esc(describeFilters(filters, business))}. <a href="/">Show all reviews</a>`
  }</p>
${data.reviews.map((r) => reviewArticle(r, business)).join('\n')}
${pager(filters, data.page, lastPage)}
</section>
</div>
${embedSection(data.baseUrl)}
${feedsSection(data.baseUrl)}
${mcpSection(data.baseUrl)}`
  const jsonLd = businessJsonLd(business, aggregate, data.reviews, data.baseUrl)
  return page({
    title,
    description,
    baseUrl: data.baseUrl,
    canonicalPath: filtered || data.page > 1 ? undefined : '/',
    current: 'reviews',
    businessName: business.name,
    // Filtered lists are views of the same reviews: crawlers follow their links but index the unfiltered pages.
    head: `${filtered ? '<meta name="robots" content="noindex, follow">\n' : ''}<script type="application/ld+json">${jsonForScript(jsonLd)}</script>\n`,
    main,
  })
}

function describeFilters(filters: ReviewFilters, business: Business): string {
  const parts: string[] = []
  if (filters.rating !== undefined) parts.push(`${filters.rating} star${filters.rating === 1 ? '' : 's'}`)
  if (filters.min_rating !== undefined) parts.push(`at least ${filters.min_rating} stars`)
  if (filters.service !== undefined) parts.push(serviceName(business, filters.service))
  if (filters.technician !== undefined) parts.push(`mentions ${filters.technician}`)
  if (filters.query !== undefined) parts.push(`“${filters.query}”`)
  if (filters.since !== undefined) parts.push(`from ${filters.since}`)
  if (filters.until !== undefined) parts.push(`until ${filters.until}`)
  return parts.join(', ')
}

function distribution(aggregate: AggregateRating, filters: ReviewFilters): string {
  const total = aggregate.review_count || 1
  const rows = [5, 4, 3, 2, 1].map((stars) => {
    const count = aggregate.distribution[String(stars) as '1']
    const share = count / total
    const current = filters.rating === stars ? ' aria-current="true"' : ''
    return `<li><a href="${esc(listHref({ ...filters, rating: stars }))}"${current}><span class="lbl">${stars} star${stars === 1 ? '' : 's'}<span class="sr">:</span></span>${meterBar(share)}<span class="num">${formatNumber(count)}<span class="sr"> reviews (${Math.round(share * 100)}%)</span></span></a></li>`
  })
  return `<section class="dist" aria-labelledby="dist-h"><h2 id="dist-h">Ratings</h2><ul class="plain">${rows.join('')}</ul></section>`
}

function aspectSummary(aspects: AspectRow[]): string {
  if (!aspects.length) return ''
  return `<section aria-labelledby="aspects-h"><h2 id="aspects-h">What customers mention</h2>
${aspectChart(aspects, 'Share of positive and negative mentions per aspect')}
<ul class="legend"><li><span class="key p"></span>positive</li><li><span class="key n"></span>negative</li></ul>
<p><a href="/insights#aspects">All insights, with examples and trends</a></p></section>`
}

function filterNav(business: Business, filters: ReviewFilters): string {
  const chip = (label: string, href: string, current: boolean) =>
    `<li><a href="${esc(href)}"${current ? ' aria-current="true"' : ''}>${label}</a></li>`
  const ratings = [
    chip(
      'All',
      listHref({ ...filters, rating: undefined, min_rating: undefined }),
      filters.rating === undefined && filters.min_rating === undefined,
    ),
    ...[5, 4, 3, 2, 1].map((r) =>
      chip(
        `${r}<span aria-hidden="true"> ★</span><span class="sr"> stars</span>`,
        listHref({ ...filters, rating: r, min_rating: undefined }),
        filters.rating === r,
      ),
    ),
  ]
  const activeService = filters.service?.toLowerCase()
  const services = [
    chip('All', listHref({ ...filters, service: undefined }), filters.service === undefined),
    ...business.services.map((s) => chip(esc(s.name), listHref({ ...filters, service: s.id }), s.id.toLowerCase() === activeService)),
  ]
  const activeTechnician = filters.technician?.toLowerCase()
  const technicians = [
    chip('All', listHref({ ...filters, technician: undefined }), filters.technician === undefined),
    ...business.technicians.map((t) =>
      chip(
        esc(t.name),
        listHref({ ...filters, technician: t.name }),
        activeTechnician === t.name.toLowerCase() || activeTechnician === t.name.split(/\s+/)[0]!.toLowerCase(),
      ),
    ),
  ]
  // The text search keeps the other filters as hidden fields, so it narrows what is shown.
  const hidden = (['rating', 'min_rating', 'service', 'technician', 'since', 'until'] as const)
    .filter((k) => filters[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(filters[k])}">`)
    .join('')
  return `<nav class="filters" aria-labelledby="filters-h"><h2 id="filters-h">Filter reviews</h2>
<h3 id="f-rating">Rating</h3><ul class="chips" aria-labelledby="f-rating">${ratings.join('')}</ul>
${business.services.length ? `<h3 id="f-service">Service</h3><ul class="chips" aria-labelledby="f-service">${services.join('')}</ul>` : ''}
${business.technicians.length ? `<h3 id="f-tech">Technician</h3><ul class="chips" aria-labelledby="f-tech">${technicians.join('')}</ul>` : ''}
<form class="search" role="search" method="get" action="/">${hidden}<label class="sr" for="q">Search review text</label><input id="q" name="query" type="search" maxlength="200" placeholder="Search review text" value="${esc(filters.query ?? '')}"><button type="submit">Search</button></form>
</nav>`
}

function pager(filters: ReviewFilters, current: number, last: number): string {
  if (last <= 1) return ''
  const newer = current > 1 ? `<a rel="prev" href="${esc(listHref(filters, current - 1))}">← Newer</a>` : '<span></span>'
  const older = current < last ? `<a rel="next" href="${esc(listHref(filters, current + 1))}">Older →</a>` : '<span></span>'
  return `<nav class="pager" aria-label="Pages of reviews">${newer}<span class="muted">Page ${formatNumber(current)} of ${formatNumber(last)}</span>${older}</nav>`
}

function embedSection(baseUrl: string): string {
  const iframe = `<iframe src="${baseUrl}/embed?count=3" title="Customer reviews" width="100%" height="460" style="border:0" loading="lazy"></iframe>\n<script src="${baseUrl}/embed.js" async></script>`
  const script = `<div data-reviews-widget data-count="3" data-min-rating="4" data-theme="light" data-lang="en"></div>\n<script src="${baseUrl}/embed.js" async></script>`
  return `<section id="embed" aria-labelledby="embed-h"><h2 id="embed-h">Show these reviews on your website</h2>
<p>Either an iframe (works without JavaScript; the script only sizes it to its content):</p>
<pre><code>${esc(iframe)}</code></pre>
<p>or the script alone, which renders inside a Shadow DOM so neither page's styles reach the other:</p>
<pre><code>${esc(script)}</code></pre>
<p class="muted">Options (query parameters of <code>/embed</code>, or <code>data-</code> attributes): <code>min_rating</code> 1-5, <code>count</code> 1-20, <code>service</code> (a service id), <code>theme</code> light or dark, <code>lang</code> en or de. <a href="/embed?count=3">Preview the widget</a></p>
</section>`
}

function feedsSection(baseUrl: string): string {
  return `<section id="feeds" aria-labelledby="feeds-h"><h2 id="feeds-h">Feeds and data</h2>
<ul>
<li><a href="/feed.xml">Atom feed</a> and <a href="/api/feed.json">JSON Feed</a> of the 50 newest reviews; both are WebSub topics of the hub at <code>${esc(baseUrl)}/api/websub/hub</code>, so a subscriber is pushed every change.</li>
<li><a href="/reviews.json">reviews.json</a>: every verified review with the business and its rating; <a href="/insights.json">insights.json</a>: what the reviews say (<a href="/insights">as pictures</a>).</li>
<li><a href="/docs">API documentation</a> (search, since-listing, permalinks) and its <a href="/.well-known/openapi.json">OpenAPI document</a>.</li>
</ul></section>`
}

/** "6 tools <code>get_business</code>, … and <code>get_stats</code>", from the MCP tool registry. */
function mcpToolList(): string {
  const names = TOOL_NAMES.map((name) => `<code>${esc(name)}</code>`)
  return `${names.length} tools ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('')}`
}

function mcpSection(baseUrl: string): string {
  const config = JSON.stringify({ mcpServers: { reviews: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2)
  const stdio = JSON.stringify(
    { mcpServers: { reviews: { command: 'reviews-service', args: ['mcp'], env: { DATA_DIR: '/path/to/data' } } } },
    null,
    2,
  )
  return `<section id="mcp" aria-labelledby="mcp-h"><h2 id="mcp-h">MCP setup</h2>
<p>AI assistants can read these reviews through the Model Context Protocol: ${mcpToolList()}, all read-only. Point a client at the streamable HTTP endpoint:</p>
<pre><code>${esc(config)}</code></pre>
<p>For example <code>claude mcp add --transport http reviews ${esc(baseUrl)}/mcp</code>. A desktop client on the same machine can run the server over stdio instead:</p>
<pre><code>${esc(stdio)}</code></pre>
</section>`
}
