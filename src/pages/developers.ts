/** `/developers`: everything for people who build on the reviews (feeds, API, MCP set-up, the widget), kept off the shoppers' page. */
import type { AggregateRating, Business } from '../reviews/schema'
import { EMBED_STYLE_HASH } from './embed'
import { esc, page } from './html'

export type DevelopersData = { baseUrl: string; business: Business; aggregate: AggregateRating; toolNames: readonly string[] }

/** The page's own CSP: the pages' rules plus the live previews (the widget's iframe, script and stylesheet, from this origin only). */
export const developersCsp = (pageCsp: string) =>
  pageCsp
    .replace("script-src 'none'", "script-src 'self'; connect-src 'self'; frame-src 'self'")
    .replace('style-src ', `style-src ${EMBED_STYLE_HASH} `)

export function renderDevelopersPage(data: DevelopersData): string {
  const main = `<h1>For developers</h1>
<p>The reviews of ${esc(data.business.name)} as data: feeds with push updates, a JSON API, tools for AI assistants and a widget for any website. Everything here is public and read-only; no key is needed.</p>
${embedSection(data.baseUrl)}
${feedsSection(data.baseUrl)}
${mcpSection(data.baseUrl, data.toolNames)}`
  return page({
    title: `${data.business.name}: reviews for developers`,
    description: `Feeds, API, MCP set-up and an embeddable widget for the verified reviews of ${data.business.name}.`,
    baseUrl: data.baseUrl,
    canonicalPath: '/developers',
    current: 'developers',
    businessName: data.business.name,
    main,
  })
}

function embedSection(baseUrl: string): string {
  const iframe = `<iframe src="${baseUrl}/embed?count=3" title="Customer reviews" width="100%" height="460" style="border:0" loading="lazy"></iframe>\n<script src="${baseUrl}/embed.js" async></script>`
  const script = `<div data-reviews-widget data-count="3" data-min-rating="4" data-theme="light" data-lang="en"></div>\n<script src="${baseUrl}/embed.js" async></script>`
  return `<section id="embed" aria-labelledby="embed-h"><h2 id="embed-h">Show these reviews on your website</h2>
<p>Either an iframe (works without JavaScript; the script only sizes it to its content):</p>
<pre><code>${esc(iframe)}</code></pre>
<p>or the script alone, which renders inside a Shadow DOM so neither page's styles reach the other:</p>
<pre><code>${esc(script)}</code></pre>
<p class="muted">Options (query parameters of <code>/embed</code>, or <code>data-</code> attributes): <code>min_rating</code> 1-5, <code>count</code> 1-20, <code>service</code> (a service id), <code>theme</code> light or dark, <code>lang</code> en or de.</p>
<h3 id="preview-h">Live preview</h3>
<div class="cols" aria-labelledby="preview-h">
<iframe src="/embed?count=3" title="Preview of the review widget in an iframe" width="100%" height="460" loading="lazy"></iframe>
<div data-reviews-widget data-count="3" data-min-rating="4"></div>
</div>
<script src="/embed.js" async></script>
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

function mcpSection(baseUrl: string, toolNames: readonly string[]): string {
  const config = JSON.stringify({ mcpServers: { reviews: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2)
  const stdio = JSON.stringify(
    { mcpServers: { reviews: { command: 'reviews-service', args: ['mcp'], env: { DATA_DIR: '/path/to/data' } } } },
    null,
    2,
  )
  const tools = toolNames.map((name) => `<code>${esc(name)}</code>`)
  const listed = tools.length > 1 ? `${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}` : tools.join('')
  return `<section id="mcp" aria-labelledby="mcp-h"><h2 id="mcp-h">MCP setup</h2>
<p>AI assistants can read these reviews through the Model Context Protocol: ${toolNames.length} tools, ${listed}, all read-only. Point a client at the streamable HTTP endpoint:</p>
<pre><code>${esc(config)}</code></pre>
<p>For example <code>claude mcp add --transport http reviews ${esc(baseUrl)}/mcp</code>. A desktop client on the same machine can run the server over stdio instead:</p>
<pre><code>${esc(stdio)}</code></pre>
</section>`
}
