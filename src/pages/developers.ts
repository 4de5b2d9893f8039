/** `/developers`: everything for people who build on the reviews (feeds, API, MCP set-up, the widget), kept off the shoppers' page. */
import type { AggregateRating, Business } from '../reviews/schema'
import { EMBED_COUNT_MAX, EMBED_LANGS, EMBED_STYLE_HASH } from './embed'
import { esc, page } from './html'
import type { Locale } from './i18n'
import { pageLocale } from './parts'

export type DevelopersData = { baseUrl: string; business: Business; aggregate: AggregateRating; toolNames: readonly string[] }

/** The page's own CSP: the pages' rules plus the live previews (the widget's iframe, script and stylesheet, from this origin only). */
export const developersCsp = (pageCsp: string) =>
  pageCsp
    .replace("script-src 'none'", "script-src 'self'; connect-src 'self'; frame-src 'self'")
    .replace('style-src ', `style-src ${EMBED_STYLE_HASH} `)

export function renderDevelopersPage(data: DevelopersData): string {
  const locale = pageLocale(data.business)
  const { t } = locale
  const main = `<h1>${esc(t('devHeading'))}</h1>
<p>${esc(t('devIntro', { name: data.business.name }))}</p>
${embedSection(data.baseUrl, locale)}
${feedsSection(data.baseUrl, locale)}
${mcpSection(data.baseUrl, data.toolNames, locale)}`
  return page({
    title: t('devTitle', { name: data.business.name }),
    description: t('devDescription', { name: data.business.name }),
    locale,
    baseUrl: data.baseUrl,
    canonicalPath: '/developers',
    current: 'developers',
    businessName: data.business.name,
    main,
  })
}

function embedSection(baseUrl: string, locale: Locale): string {
  const { t } = locale
  const element = `<reviews-widget count="3" min-rating="4" theme="light" lang="${locale.language}">\n  <a href="${baseUrl}/">${t('widgetTitle')}</a>\n</reviews-widget>\n<script src="${baseUrl}/embed.js" async></script>`
  const iframe = `<iframe src="${baseUrl}/embed?count=3" title="${t('widgetTitle')}" width="100%" height="460" style="border:0" loading="lazy"></iframe>\n<script src="${baseUrl}/embed.js" async></script>`
  return `<section id="embed" aria-labelledby="embed-h"><h2 id="embed-h">${esc(t('embedHeading'))}</h2>
<p>${esc(t('embedElement'))}</p>
<pre><code>${esc(element)}</code></pre>
<p>${esc(t('embedIframe'))}</p>
<pre><code>${esc(iframe)}</code></pre>
<p class="muted">${esc(t('embedOptions'))} <code>min-rating</code> (<code>min_rating</code>) 1-5, <code>count</code> 1-${EMBED_COUNT_MAX}, <code>service</code>, <code>theme</code> light | dark, <code>lang</code> ${EMBED_LANGS.join(' | ')}.</p>
<h3 id="preview-h">${esc(t('livePreview'))}</h3>
<div class="cols" aria-labelledby="preview-h">
<iframe src="/embed?count=3" title="${esc(t('previewFrame'))}" width="100%" height="460" loading="lazy"></iframe>
<reviews-widget count="3" min-rating="4"></reviews-widget>
</div>
<script src="/embed.js" async></script>
</section>`
}

function feedsSection(baseUrl: string, locale: Locale): string {
  return `<section id="feeds" aria-labelledby="feeds-h"><h2 id="feeds-h">${esc(locale.t('feedsHeading'))}</h2>
<ul>
<li><a href="/feed.xml">Atom feed</a> and <a href="/api/feed.json">JSON Feed</a> of the 50 newest reviews; both are WebSub topics of the hub at <code>${esc(baseUrl)}/api/websub/hub</code>, so a subscriber is pushed every change.</li>
<li><a href="/reviews.json">reviews.json</a>: every verified review with the business and its rating; <a href="/insights.json">insights.json</a>: what the reviews say (<a href="/insights">as pictures</a>).</li>
<li><a href="/docs">API documentation</a> (search, since-listing, permalinks) and its <a href="/.well-known/openapi.json">OpenAPI document</a>.</li>
</ul></section>`
}

function mcpSection(baseUrl: string, toolNames: readonly string[], locale: Locale): string {
  const config = JSON.stringify({ mcpServers: { reviews: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2)
  const stdio = JSON.stringify(
    { mcpServers: { reviews: { command: 'reviews-service', args: ['mcp'], env: { DATA_DIR: '/path/to/data' } } } },
    null,
    2,
  )
  const tools = toolNames.map((name) => `<code>${esc(name)}</code>`)
  const listed = tools.length > 1 ? `${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}` : tools.join('')
  return `<section id="mcp" aria-labelledby="mcp-h"><h2 id="mcp-h">${esc(locale.t('mcpHeading'))}</h2>
<p>AI assistants can read these reviews through the Model Context Protocol: tools ${listed}, all read-only. Point a client at the streamable HTTP endpoint:</p>
<pre><code>${esc(config)}</code></pre>
<p>For example <code>claude mcp add --transport http reviews ${esc(baseUrl)}/mcp</code>. A desktop client on the same machine can run the server over stdio instead:</p>
<pre><code>${esc(stdio)}</code></pre>
</section>`
}
