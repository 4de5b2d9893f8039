/** `/developers`: everything for people who build on the reviews (feeds, API, MCP set-up, the widget), kept off the shoppers' page. */
import type { AggregateRating, Business } from '../reviews/schema'
import { EMBED_COUNT_MAX, EMBED_LANGS, EMBED_STYLE_HASH } from './embed'
import { esc, page } from './html'
import type { Locale, MessageKey } from './i18n'
import { pageLocale } from './parts'

export type DevelopersData = { baseUrl: string; business: Business; aggregate: AggregateRating; toolNames: readonly string[] }

/** The page's own CSP: the pages' rules plus the live previews (the widget's iframe, script and stylesheet, from this origin only). */
export const developersCsp = (pageCsp: string) =>
  pageCsp.replace("script-src 'none'", "script-src 'self'; frame-src 'self'").replace('style-src ', `style-src ${EMBED_STYLE_HASH} `)

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

/** A sentence of the table with links or code in its placeholders: the words escaped, the pieces as given. */
const sentence = (locale: Locale, key: MessageKey, pieces: Record<string, string>) =>
  esc(locale.t(key)).replace(/\{(\w+)\}/g, (whole, name: string) => pieces[name] ?? whole)

function feedsSection(baseUrl: string, locale: Locale): string {
  const { t } = locale
  return `<section id="feeds" aria-labelledby="feeds-h"><h2 id="feeds-h">${esc(t('feedsHeading'))}</h2>
<ul>
<li>${sentence(locale, 'feedsFeeds', {
    atom: `<a href="/feed.xml">${esc(t('atomFeed'))}</a>`,
    json: '<a href="/api/feed.json">JSON Feed</a>',
    hub: `<code>${esc(baseUrl)}/api/websub/hub</code>`,
  })}</li>
<li>${sentence(locale, 'feedsData', {
    reviews: '<a href="/reviews.json">reviews.json</a>',
    insights: '<a href="/insights.json">insights.json</a>',
    pictures: `<a href="/insights">${esc(t('asPictures'))}</a>`,
  })}</li>
<li>${sentence(locale, 'feedsApi', {
    docs: `<a href="/docs">${esc(t('apiDocs'))}</a>`,
    openapi: `<a href="/.well-known/openapi.json">${esc(t('openapiDocument'))}</a>`,
  })}</li>
</ul></section>`
}

function mcpSection(baseUrl: string, toolNames: readonly string[], locale: Locale): string {
  const config = JSON.stringify({ mcpServers: { reviews: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2)
  const stdio = JSON.stringify(
    { mcpServers: { reviews: { command: 'reviews-service', args: ['mcp'], env: { DATA_DIR: '/path/to/data' } } } },
    null,
    2,
  )
  const tools = new Intl.ListFormat(locale.tag, { type: 'conjunction' }).format(toolNames.map((name) => `<code>${esc(name)}</code>`))
  return `<section id="mcp" aria-labelledby="mcp-h"><h2 id="mcp-h">${esc(locale.t('mcpHeading'))}</h2>
<p>${sentence(locale, 'mcpIntro', { tools })}</p>
<pre><code>${esc(config)}</code></pre>
<p>${sentence(locale, 'mcpExample', { command: `<code>claude mcp add --transport http reviews ${esc(baseUrl)}/mcp</code>` })}</p>
<pre><code>${esc(stdio)}</code></pre>
</section>`
}
