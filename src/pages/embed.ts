/**
 * The embeddable widget. One fragment (a <style> and the markup) is rendered per option set; it is
 * the body of the iframe-able `/embed` page and what `/embed.js` draws into the shadow root of a
 * `<reviews-widget>` element on a host page (the script drops the <style> and adopts the same rules
 * as a constructable stylesheet, so a host's strict CSP does not stop them). Links are absolute
 * (BASE_URL), since the fragment lives on someone else's page.
 */
import type { Issue } from '../core/issues'
import type { AggregateRating, Business } from '../reviews/schema'
import { cspHash, esc, STAR_CSS, stars } from './html'
import { localeFor, MESSAGES, PAGE_LANGUAGES, type Locale, type PageLanguage } from './i18n'
import type { PageReview } from './parts'

export const EMBED_THEMES = ['light', 'dark'] as const
/** The widget speaks every language the pages do. */
export const EMBED_LANGS = PAGE_LANGUAGES
export const EMBED_COUNT_MAX = 20
export const EMBED_COUNT_DEFAULT = 3

export type EmbedOptions = {
  min_rating?: number
  service?: string
  count: number
  theme: (typeof EMBED_THEMES)[number]
  /** Absent: the business's own locale. */
  lang?: PageLanguage
}

/**
 * Scoped to the shadow root or the iframe's own document. `all: initial` on the host and again on
 * the widget's box stops everything the host page would pass down (font, colour, letter-spacing,
 * text-align, line-height, ...) at the boundary; the host's selectors cannot reach inside.
 */
export const EMBED_CSS = `
:host{all:initial;display:block}
html,body{margin:0;padding:0;background:transparent}
.rw{all:initial;display:block;--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--link:#0a58ca;--star:#9a6700;--dim:#656d76;--bad:#cf222e;box-sizing:border-box;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:14px 16px;max-width:100%;text-align:start}
.rw.dark{--bg:#16181d;--fg:#e6edf3;--muted:#a3adb8;--line:#3d444d;--link:#8cc4ff;--star:#f0b429;--dim:#8b949e;--bad:#ff8182}
.rw *{box-sizing:border-box}
.rw p{margin:0}
.rw a{color:var(--link)}
.rw a:focus-visible{outline:3px solid var(--link);outline-offset:2px;border-radius:3px}
.rw .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 10px;margin:0 0 6px}
.rw .name{font-weight:700;font-size:16px;margin:0}
.rw .value{font-weight:700;font-size:22px}
.rw .muted{color:var(--muted)}
.rw ol,.rw ul{list-style:none;margin:0;padding:0}
.rw li{border-top:1px solid var(--line);padding:10px 0}
.rw .who{display:flex;flex-wrap:wrap;gap:2px 8px;align-items:baseline;margin:0}
.rw .author{font-weight:600}
.rw .text{margin:4px 0 0;white-space:pre-line;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:5;-webkit-box-orient:vertical;overflow:hidden}
.rw .reply{margin:6px 0 0;padding-left:10px;border-left:3px solid var(--line);font-size:14px}
.rw .reply p{margin:2px 0;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.rw .foot{margin:8px 0 0;font-size:14px}
.rw.problem{border-left:4px solid var(--bad)}
.rw .issues li{border:0;padding:2px 0;font-size:14px}
.rw code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
${STAR_CSS}
`.trim()

/**
 * The iframe's half of the sizing handshake: it reports its height when it starts, on load, on every
 * resize, and whenever the embedding page asks (`reviews-widget:measure`), so /embed.js sizes it
 * whichever of the two arrives first. It also sets the stars' exact widths through the CSSOM.
 */
const FRAME_SCRIPT =
  "(function(){var last=-1;function post(force){if(window.parent===window)return;var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(force||h!==last){last=h;window.parent.postMessage({type:'reviews-widget:height',height:h},'*')}}document.querySelectorAll('[data-pct]').forEach(function(el){el.style.width=el.getAttribute('data-pct')+'%'});window.addEventListener('message',function(e){if(e.source===window.parent&&e.data&&e.data.type==='reviews-widget:measure')post(true)});if(window.ResizeObserver)new ResizeObserver(function(){post(false)}).observe(document.documentElement);window.addEventListener('load',function(){post(true)});post(true)})()"

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

/** The widget's locale: its `lang` option, else the business's own. */
const embedLocale = (business: Business, lang?: PageLanguage): Locale => localeFor(lang ?? business.locale)

export function renderEmbedFragment({ baseUrl, business, aggregate, reviews, options }: EmbedData): string {
  const locale = embedLocale(business, options.lang)
  const { t } = locale
  const rated = (rating: number, digits: number) => stars(rating, t('rated', { rating: locale.number(rating, digits) }), true)
  const items = reviews.map((r) => {
    const lang = r.language ? ` lang="${esc(r.language)}"` : ''
    const href = `${baseUrl}/reviews/${encodeURIComponent(r.id)}`
    const date = locale.date(r.date)
    const reply = r.response
      ? `<div class="reply"><p class="muted">${esc(t('responseFrom', { name: business.name }))}</p><p>${esc(r.response.text)}</p></div>`
      : ''
    return `<li><p class="who">${rated(r.rating, 0)} <bdi class="author">${esc(r.author)}</bdi> <a class="muted" href="${esc(href)}" target="_blank" rel="noopener" aria-label="${esc(`${t('readWhole')}: ${r.author}, ${date}`)}"><time datetime="${esc(r.date)}">${esc(date)}</time></a></p><p class="text" dir="auto"${lang}>${esc(r.text)}</p>${reply}</li>`
  })
  return `<style>${EMBED_CSS}</style>
<section class="rw${options.theme === 'dark' ? ' dark' : ''}" lang="${esc(locale.tag)}" aria-label="${esc(`${t('widgetTitle')}: ${business.name}`)}">
<div class="head"><p class="name">${esc(business.name)}</p>${
    aggregate.review_count
      ? `${rated(aggregate.rating_value, 1)}<span class="value">${esc(locale.number(aggregate.rating_value, 1))}</span><span class="muted">${esc(t('outOf'))} · ${esc(t('verifiedReviews', { n: aggregate.review_count }))}</span>`
      : ''
  }</div>
${items.length ? `<ol>${items.join('')}</ol>` : `<p>${esc(t('noneToShow'))}</p>`}
<p class="foot"><a href="${esc(baseUrl)}/" target="_blank" rel="noopener">${esc(t('readAll'))}</a></p>
</section>`
}

export type EmbedErrorData = {
  baseUrl: string
  business: Business
  issues: Issue[]
  /** The options that could be read (a valid lang and theme still apply to the message). */
  lang?: PageLanguage
  theme?: EmbedOptions['theme']
}

/**
 * Options the widget cannot show: a small message in the widget's own style (not the site's error
 * page), naming each bad option for the site owner, with the way to the reviews for visitors.
 */
export function renderEmbedErrorFragment({ baseUrl, business, issues, lang, theme }: EmbedErrorData): string {
  const locale = embedLocale(business, lang)
  const { t } = locale
  const list = issues.map((i) => `<li><code>${esc(i.path.join('.'))}</code> ${esc(i.message)}</li>`).join('')
  return `<style>${EMBED_CSS}</style>
<section class="rw problem${theme === 'dark' ? ' dark' : ''}" lang="${esc(locale.tag)}" aria-label="${esc(`${t('widgetTitle')}: ${business.name}`)}">
<p class="name">${esc(business.name)}</p>
<p>${esc(t('widgetInvalid'))}</p>
<p class="muted">${esc(t('widgetInvalidHint'))}</p>
<ul class="issues" lang="en">${list}</ul>
<p class="foot"><a href="${esc(baseUrl)}/" target="_blank" rel="noopener">${esc(t('readAll'))}</a></p>
</section>`
}

/** The iframe document around a fragment, with the script that reports its height (nothing breaks without it). */
function embedDocument(fragment: string, title: string, tag: string, baseUrl: string): string {
  return `<!doctype html>
<html lang="${esc(tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${esc(title)}">
<link rel="canonical" href="${esc(baseUrl)}/embed">
</head>
<body>
<main>
${fragment}
</main>
<script>${FRAME_SCRIPT}</script>
</body>
</html>
`
}

/** The iframe document: the fragment, and the sizing script. */
export function renderEmbedPage(data: EmbedData): string {
  const locale = embedLocale(data.business, data.options.lang)
  return embedDocument(renderEmbedFragment(data), `${locale.t('widgetTitle')}: ${data.business.name}`, locale.tag, data.baseUrl)
}

/** /embed with options it cannot show: the small message, as a document that still sizes itself. */
export function renderEmbedErrorPage(data: EmbedErrorData): string {
  const locale = embedLocale(data.business, data.lang)
  return embedDocument(renderEmbedErrorFragment(data), `${locale.t('widgetTitle')}: ${data.business.name}`, locale.tag, data.baseUrl)
}

/** What the script shows when the service cannot be reached, per language: it cannot ask the service for the words. */
const OFFLINE = Object.fromEntries(
  PAGE_LANGUAGES.map((lang) => [lang, { down: MESSAGES[lang].widgetDown, link: MESSAGES[lang].fallbackLink }]),
)

/**
 * /embed.js: defines the `<reviews-widget>` element (attributes min-rating, count, service, theme,
 * lang), which draws itself into its own shadow root whenever it is added to the page, by any
 * framework, before or after the script; mounts the older `<div data-reviews-widget data-...>` form
 * the same way; and sizes /embed iframes by asking each for its height (the iframe also reports on
 * its own), so the order in which the two load does not matter. Styles are a constructable
 * stylesheet and star widths are set through the CSSOM: nothing needs 'unsafe-inline' on the host.
 * It finds the service through its own src, so it works from any host page.
 */
export const EMBED_SCRIPT = `/* Reviews widget of reviews-service: see /developers on the service for the options. */
(function () {
  'use strict'
  var script = document.currentScript
  if (!script || !script.src) return
  var origin = new URL(script.src, location.href).origin
  // Loaded twice (two snippets on one page): the first copy does the work.
  var loaded = '__reviewsWidget:' + origin
  if (window[loaded]) return
  window[loaded] = true
  var CSS = ${JSON.stringify(EMBED_CSS)}
  var OFFLINE = ${JSON.stringify(OFFLINE)}
  var OPTIONS = ['min-rating', 'count', 'service', 'theme', 'lang']
  var sheet = null

  function warn(message) {
    if (window.console) console.warn('Reviews widget: ' + message)
  }

  function query(el, prefix) {
    var q = new URLSearchParams()
    OPTIONS.forEach(function (name) {
      var value = el.getAttribute(prefix + name)
      if (value) q.set(name.replace('-', '_'), value)
    })
    var text = q.toString()
    return text ? '?' + text : ''
  }

  function shadow(el) {
    var root = el.shadowRoot
    if (!root) {
      if (!el.attachShadow) return null
      root = el.attachShadow({ mode: 'open' })
      if ('adoptedStyleSheets' in root && window.CSSStyleSheet) {
        if (!sheet) {
          sheet = new CSSStyleSheet()
          sheet.replaceSync(CSS)
        }
        root.adoptedStyleSheets = [sheet]
      } else {
        var style = document.createElement('style')
        style.textContent = CSS
        root.appendChild(style)
      }
    }
    return root
  }

  function clear(root) {
    Array.prototype.slice.call(root.childNodes).forEach(function (node) {
      if (node.nodeName !== 'STYLE') root.removeChild(node)
    })
  }

  // The service's markup, without its <style> (the sheet above holds the same rules); exact star widths by CSSOM.
  function show(root, html) {
    var template = document.createElement('template')
    template.innerHTML = html
    Array.prototype.slice.call(template.content.querySelectorAll('style, script')).forEach(function (node) {
      node.parentNode.removeChild(node)
    })
    clear(root)
    root.appendChild(template.content)
    Array.prototype.slice.call(root.querySelectorAll('[data-pct]')).forEach(function (node) {
      node.style.width = Math.max(0, Math.min(100, Number(node.getAttribute('data-pct')) || 0)) + '%'
    })
  }

  // The service cannot be reached: say so, and link to the reviews.
  function offline(root, el, prefix) {
    var lang = String(el.getAttribute(prefix + 'lang') || document.documentElement.lang || 'en').toLowerCase().split('-')[0]
    // Only the table's own languages: "constructor" is no language.
    var known = Object.prototype.hasOwnProperty.call(OFFLINE, lang)
    var words = known ? OFFLINE[lang] : OFFLINE.en
    var box = document.createElement('p')
    box.className = 'rw problem' + (el.getAttribute(prefix + 'theme') === 'dark' ? ' dark' : '')
    box.setAttribute('lang', known ? lang : 'en')
    box.setAttribute('role', 'status')
    box.appendChild(document.createTextNode(words.down + ' '))
    var link = document.createElement('a')
    link.href = origin + '/'
    link.target = '_blank'
    link.rel = 'noopener'
    link.textContent = words.link
    box.appendChild(link)
    clear(root)
    root.appendChild(box)
  }

  function render(el, prefix) {
    var root = shadow(el)
    if (!root) return
    var q = query(el, prefix)
    if (el.__reviewsWidgetQuery === q) return
    el.__reviewsWidgetQuery = q
    var url = origin + '/embed/fragment' + q
    fetch(url, { credentials: 'omit' })
      .then(function (response) {
        return response.text().then(function (html) {
          // 400: the service's own message about the options, drawn in the widget.
          if (response.status === 400) warn('HTTP 400 for ' + url + ': check the options')
          else if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url)
          return html
        })
      })
      .then(function (html) {
        if (el.__reviewsWidgetQuery === q) show(root, html)
      })
      .catch(function (error) {
        warn(error.message)
        if (el.__reviewsWidgetQuery === q) offline(root, el, prefix)
      })
  }

  if (window.customElements && !window.customElements.get('reviews-widget')) {
    window.customElements.define(
      'reviews-widget',
      class extends HTMLElement {
        static get observedAttributes() {
          return OPTIONS
        }
        connectedCallback() {
          render(this, '')
        }
        attributeChangedCallback() {
          if (this.isConnected) render(this, '')
        }
      },
    )
  }

  // The older form: <div data-reviews-widget data-count="3" ...>, present at load or added later.
  function scan(node) {
    if (node.nodeType !== 1) return
    if (node.hasAttribute('data-reviews-widget')) render(node, 'data-')
    Array.prototype.slice.call(node.querySelectorAll('[data-reviews-widget]')).forEach(function (el) {
      render(el, 'data-')
    })
  }
  scan(document.documentElement)
  if (window.MutationObserver) {
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        Array.prototype.slice.call(record.addedNodes).forEach(scan)
      })
    }).observe(document.documentElement, { childList: true, subtree: true })
  }

  // Iframes of /embed: each reports its height; asking covers the ones that reported before this script ran.
  window.addEventListener('message', function (event) {
    var data = event.data
    if (event.origin !== origin || !data || data.type !== 'reviews-widget:height' || typeof data.height !== 'number') return
    var frames = document.getElementsByTagName('iframe')
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.max(0, Math.min(20000, data.height)) + 'px'
    }
  })
  Array.prototype.slice.call(document.getElementsByTagName('iframe')).forEach(function (frame) {
    var url = null
    try {
      url = new URL(frame.getAttribute('src') || '', location.href)
    } catch (error) {
      return
    }
    if (url.origin === origin && url.pathname === '/embed' && frame.contentWindow) {
      frame.contentWindow.postMessage({ type: 'reviews-widget:measure' }, origin)
    }
  })
})()
`
