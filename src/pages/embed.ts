/**
 * The embeddable widget. One fragment (a <style> and the markup) is rendered per option set; it is
 * the body of the iframe-able `/embed` page and what `/embed.js` puts into a Shadow DOM on a host
 * page. Links are absolute (BASE_URL), since the fragment lives on someone else's page.
 */
import type { AggregateRating, Business } from '../reviews/schema'
import { cspHash, esc, formatDate, formatNumber } from './html'
import type { PageReview } from './parts'

export const EMBED_THEMES = ['light', 'dark'] as const
export const EMBED_LANGS = ['en', 'de'] as const
export const EMBED_COUNT_MAX = 20
export const EMBED_COUNT_DEFAULT = 3

export type EmbedOptions = {
  min_rating?: number
  service?: string
  count: number
  theme: (typeof EMBED_THEMES)[number]
  lang: (typeof EMBED_LANGS)[number]
}

const STRINGS = {
  en: {
    title: 'Customer reviews',
    outOf: 'out of 5',
    reviews: (n: string) => `${n} verified reviews`,
    rated: (n: string) => `Rated ${n} out of 5`,
    readAll: 'Read all reviews',
    reply: 'Response from',
    more: 'Read the whole review',
    none: 'No reviews to show yet.',
  },
  de: {
    title: 'Kundenbewertungen',
    outOf: 'von 5',
    reviews: (n: string) => `${n} verifizierte Bewertungen`,
    rated: (n: string) => `Mit ${n} von 5 Sternen bewertet`,
    readAll: 'Alle Bewertungen lesen',
    reply: 'Antwort von',
    more: 'Ganze Bewertung lesen',
    none: 'Noch keine Bewertungen.',
  },
}

/**
 * Scoped to the shadow root (:host) or the iframe's own document. `all: initial` on the host stops
 * the host page's inherited styles (font, colour, line height) at the boundary.
 */
const EMBED_CSS = `
:host{all:initial;display:block}
html,body{margin:0;padding:0;background:transparent}
.rw{--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--link:#0a58ca;--star:#9a6700;--dim:#656d76;box-sizing:border-box;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:14px 16px;max-width:100%}
.rw.dark{--bg:#16181d;--fg:#e6edf3;--muted:#a3adb8;--line:#3d444d;--link:#8cc4ff;--star:#f0b429;--dim:#8b949e}
.rw *{box-sizing:border-box}
.rw a{color:var(--link)}
.rw a:focus-visible{outline:3px solid var(--link);outline-offset:2px;border-radius:3px}
.rw .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 10px;margin:0 0 6px}
.rw .name{font-weight:700;font-size:16px;margin:0}
.rw .value{font-weight:700;font-size:22px}
.rw .muted{color:var(--muted)}
.rw .stars{color:var(--star);letter-spacing:.05em;white-space:nowrap}
.rw .stars .dim{color:var(--dim)}
.rw ol{list-style:none;margin:0;padding:0}
.rw li{border-top:1px solid var(--line);padding:10px 0}
.rw .who{display:flex;flex-wrap:wrap;gap:2px 8px;align-items:baseline;margin:0}
.rw .author{font-weight:600}
.rw .text{margin:4px 0 0;white-space:pre-line;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:5;-webkit-box-orient:vertical;overflow:hidden}
.rw .reply{margin:6px 0 0;padding-left:10px;border-left:3px solid var(--line);font-size:14px}
.rw .reply p{margin:2px 0;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.rw .foot{margin:8px 0 0;font-size:14px}
`.trim()

/** Posts the document's height to the embedding page, which /embed.js uses to size the iframe. */
const FRAME_SCRIPT =
  "(function(){var last=-1;function post(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h!==last&&window.parent!==window){last=h;window.parent.postMessage({type:'reviews-widget:height',height:h},'*')}}if(window.ResizeObserver)new ResizeObserver(post).observe(document.documentElement);window.addEventListener('load',post)})()"

/** The widget's stylesheet by hash: a page that shows the script form of the widget allows exactly it. */
export const EMBED_STYLE_HASH = cspHash(EMBED_CSS)

/** /embed/fragment opened on its own: its stylesheet and nothing else, and no site may frame it. */
export const FRAGMENT_CSP = `default-src 'none'; style-src ${EMBED_STYLE_HASH}; img-src data:; script-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

/** /embed may be framed by any site; it runs only its own sizing script and loads nothing. */
export const EMBED_CSP = `default-src 'none'; style-src ${EMBED_STYLE_HASH}; script-src ${cspHash(FRAME_SCRIPT)}; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *`

export type EmbedData = {
  baseUrl: string
  business: Business
  aggregate: AggregateRating
  reviews: PageReview[]
  options: EmbedOptions
}

export function renderEmbedFragment({ baseUrl, business, aggregate, reviews, options }: EmbedData): string {
  const t = STRINGS[options.lang]
  const stars = (rating: number, label: string) =>
    `<span class="stars" role="img" aria-label="${esc(label)}">${'★'.repeat(Math.round(rating))}<span class="dim">${'★'.repeat(5 - Math.round(rating))}</span></span>`
  const value = formatNumber(aggregate.rating_value, 1, options.lang)
  const items = reviews.map((r) => {
    const lang = r.language ? ` lang="${esc(r.language)}"` : ''
    const href = `${baseUrl}/reviews/${encodeURIComponent(r.id)}`
    const reply = r.response
      ? `<div class="reply"><p class="muted">${esc(t.reply)} ${esc(business.name)}</p><p>${esc(r.response.text)}</p></div>`
      : ''
    return `<li><p class="who">${stars(r.rating, t.rated(String(r.rating)))} <bdi class="author">${esc(r.author)}</bdi> <a class="muted" href="${esc(href)}" target="_blank" rel="noopener" aria-label="${esc(`${t.more}: ${r.author}, ${formatDate(r.date, options.lang)}`)}"><time datetime="${esc(r.date)}">${esc(formatDate(r.date, options.lang))}</time></a></p><p class="text" dir="auto"${lang}>${esc(r.text)}</p>${reply}</li>`
  })
  return `<style>${EMBED_CSS}</style>
<section class="rw${options.theme === 'dark' ? ' dark' : ''}" lang="${options.lang}" aria-label="${esc(`${t.title}: ${business.name}`)}">
<div class="head"><p class="name">${esc(business.name)}</p>${
    aggregate.review_count
      ? `${stars(aggregate.rating_value, t.rated(value))}<span class="value">${esc(value)}</span><span class="muted">${esc(t.outOf)} · ${esc(t.reviews(formatNumber(aggregate.review_count, 0, options.lang)))}</span>`
      : ''
  }</div>
${items.length ? `<ol>${items.join('')}</ol>` : `<p>${esc(t.none)}</p>`}
<p class="foot"><a href="${esc(baseUrl)}/" target="_blank" rel="noopener">${esc(t.readAll)}</a></p>
</section>`
}

/** The iframe document: the fragment, and the script that reports its height (nothing breaks without it). */
export function renderEmbedPage(data: EmbedData): string {
  const t = STRINGS[data.options.lang]
  return `<!doctype html>
<html lang="${data.options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${t.title}: ${data.business.name}`)}</title>
<meta name="description" content="${esc(`${t.title}: ${data.business.name}`)}">
<link rel="canonical" href="${esc(data.baseUrl)}/embed">
</head>
<body>
<main>
${renderEmbedFragment(data)}
</main>
<script>${FRAME_SCRIPT}</script>
</body>
</html>
`
}

/**
 * /embed.js: mounts every element with data-reviews-widget into its own Shadow DOM (options from
 * data-min-rating, data-count, data-service, data-theme, data-lang), and sizes iframes of /embed to
 * their content. It finds the service through its own src, so it works from any host page.
 */
export const EMBED_SCRIPT = `/* Reviews widget of reviews-service: see /#embed on the service for the options. */
(function () {
  'use strict'
  var script = document.currentScript
  if (!script || !script.src) return
  var origin = new URL(script.src, location.href).origin
  var OPTIONS = ['min_rating', 'count', 'service', 'theme', 'lang']

  function query(el) {
    var q = new URLSearchParams()
    OPTIONS.forEach(function (name) {
      var value = el.getAttribute('data-' + name.replace('_', '-'))
      if (value) q.set(name, value)
    })
    var text = q.toString()
    return text ? '?' + text : ''
  }

  function mount(el) {
    if (el.shadowRoot || !el.attachShadow) return
    var root = el.attachShadow({ mode: 'open' })
    var url = origin + '/embed/fragment' + query(el)
    fetch(url, { credentials: 'omit' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url + (response.status === 400 ? ': check the data- options' : ''))
        return response.text()
      })
      .then(function (html) {
        root.innerHTML = html
      })
      .catch(function (error) {
        // The site owner sees why in the console; visitors get a plain link to the reviews.
        if (window.console) console.warn('Reviews widget: ' + error.message)
        var link = document.createElement('a')
        link.href = origin + '/'
        link.textContent = 'Customer reviews'
        root.replaceChildren(link)
      })
  }

  window.addEventListener('message', function (event) {
    var data = event.data
    if (event.origin !== origin || !data || data.type !== 'reviews-widget:height' || typeof data.height !== 'number') return
    var frames = document.getElementsByTagName('iframe')
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.max(0, Math.min(20000, data.height)) + 'px'
    }
  })

  function scan() {
    document.querySelectorAll('[data-reviews-widget]').forEach(mount)
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan)
  else scan()
})()
`
