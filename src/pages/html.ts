/**
 * The pieces every page shares: escaping, the document shell, the site stylesheet and the CSP that
 * allows exactly that stylesheet (by hash). Pure functions of plain data; nothing here knows HTTP.
 */
import { localeFor, type Locale } from './i18n'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or attribute value: every character that could open markup is escaped. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!)

/** A query string from the non-empty entries, in the given order ('' when none). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

// The runtime's own hasher: node:crypto would be linked at every start for it (bench/start-ab.ts).
export const cspHash = (source: string) => `'sha256-${new Bun.CryptoHasher('sha256').update(source).digest('base64')}'`

/** JSON inside <script type="application/ld+json">: `<` escaped so no text can close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** A review date (a local calendar day, YYYY-MM-DD) for people: "March 1, 2025" / "1. März 2025". */
export const formatDate = (date: string, lang = 'en'): string => localeFor(lang).date(date)

export const formatNumber = (value: number, digits = 0, lang = 'en') => localeFor(lang).number(value, digits)

/**
 * Five stars drawn for the eye only, the accessible name says the rating in words. A second row of
 * filled stars lies over five dim ones, clipped to the rating's share by a class (steps of 5 %), so
 * a 4.2 shows four full stars and a fifth a fifth filled, with no style attribute and no script.
 */
export function stars(rating: number, label: string, exact = false): string {
  // `exact`: the widget's scripts set the precise width through the CSSOM (data-pct), which a strict CSP allows.
  const pct = exact ? ` data-pct="${Math.round(Math.min(5, Math.max(0, rating)) * 20)}"` : ''
  return `<span class="stars" role="img" aria-label="${esc(label)}"><span class="dim">★★★★★</span><span class="full ${starClass(rating)}"${pct}>★★★★★</span></span>`
}

/** The class clipping the filled row: `s84`-like names in steps of 5 (s0 … s100). */
export const starClass = (rating: number) => `s${Math.round(Math.min(5, Math.max(0, rating)) * 4) * 5}`

/** The rules behind starClass, for every stylesheet that draws stars. */
export const STAR_CSS =
  '.stars{position:relative;display:inline-block;white-space:nowrap;line-height:1;letter-spacing:.05em;color:var(--star)}' +
  '.stars .dim{color:var(--dim,#656d76)}' +
  '.stars .full{position:absolute;left:0;top:0;overflow:hidden;white-space:nowrap}' +
  Array.from({ length: 21 }, (_, i) => `.stars .s${i * 5}{width:${i * 5}%}`).join('')

// A star on the brand colour: the tab icon without a request for /favicon.ico.
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%239a6700' d='M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.8 5.5 21l2-7.5L2 9h7z'/%3E%3C/svg%3E"

const SITE_CSS = `
:root{--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--card:#f6f8fa;--link:#0a58ca;--star:#9a6700;--pos:#1a7f37;--neg:#cf222e;--neu:#6e7781;--focus:#0a58ca}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link);text-underline-offset:.15em}
a:focus-visible,summary:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:3px}
.wrap{max-width:74rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:var(--fg);color:#fff;padding:.5rem 1rem;z-index:2}
.skip:focus{left:0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header.site{border-bottom:1px solid var(--line);background:var(--card)}
header.site .wrap{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem;align-items:center;justify-content:space-between;padding-top:.6rem;padding-bottom:.6rem}
.brand{font-weight:700;margin:0}.brand a{color:var(--fg);text-decoration:none}
nav.top ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
nav.top a{display:inline-block;padding:.35rem 0}
nav.top a[aria-current=page]{color:var(--fg);font-weight:600;text-decoration:none}
main{padding-top:1.25rem;padding-bottom:2rem}
h1{font-size:1.7rem;line-height:1.2;margin:0 0 .35rem}
h2{font-size:1.25rem;margin:0 0 .6rem}
h3{font-size:1.05rem;margin:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem 1.1rem;margin-bottom:1.25rem}
.muted{color:var(--muted)}
.big{font-size:2.4rem;font-weight:700;line-height:1}
.score{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin:.5rem 0}
.score .stars{font-size:1.4rem}
address{font-style:normal}
.layout{display:grid;gap:1.5rem}
@media (min-width:60rem){.layout{grid-template-columns:1fr 20rem}.cols{grid-template-columns:1fr 1fr}.cols3{grid-template-columns:1fr 1fr 1fr}}
.card.compact{padding:.75rem 1rem;margin-bottom:1rem}.card.compact h1{font-size:1.45rem;margin:0}.card.compact .score{margin:.3rem 0 .1rem}
.card.compact .score .stars{font-size:1.2rem}.card.compact .big{font-size:1.6rem}
details.filters{border:1px solid var(--line);border-radius:8px;padding:.45rem .8rem;margin:.4rem 0 .6rem}
details.filters>summary{min-height:2rem;display:flex;align-items:center}
.note{border-left:3px solid var(--star);background:var(--card);padding:.4rem .8rem}
.cols,.cols3{display:grid;gap:1.25rem}
ul.plain,ol.plain{list-style:none;margin:0;padding:0}
.dist a{display:grid;grid-template-columns:auto 1fr 4.5rem;align-items:center;gap:.5rem;padding:.2rem 0;color:var(--fg);text-decoration:none}
.dist a:hover .lbl{text-decoration:underline}.dist .lbl{white-space:nowrap;min-width:4.2rem}
.dist a[aria-current=true]{font-weight:700}
.bar{display:block}
.dist svg,.bar svg{width:100%;height:.7rem;display:block}
.num{text-align:right;font-variant-numeric:tabular-nums}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;margin:.25rem 0 .9rem;padding:0}
.chips a{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:.3rem .75rem;background:var(--bg);text-decoration:none;min-height:2rem}
.chips a[aria-current=true]{background:var(--fg);color:#fff;border-color:var(--fg)}
.filters h4{font-size:.95rem;margin:.6rem 0 0}
form.search{display:flex;gap:.4rem;margin-top:.5rem}
form.search input{flex:1;min-width:0;font:inherit;padding:.4rem .6rem;border:1px solid #6e7781;border-radius:6px}
form.search button{font:inherit;padding:.4rem .9rem;border:1px solid var(--fg);background:var(--fg);color:#fff;border-radius:6px;cursor:pointer}
.review{border-bottom:1px solid var(--line);padding:1rem 0}
.review h3{display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline}
.review .meta{margin:.15rem 0 .4rem;font-size:.92rem}
.review .text{white-space:pre-line;margin:.3rem 0;overflow-wrap:anywhere}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;margin:.4rem 0 0;padding:0;font-size:.88rem}
.tags a{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:.1rem .6rem;text-decoration:none;background:var(--bg)}
.reply{border-left:3px solid var(--line);margin:.6rem 0 0;padding:.2rem 0 .2rem .8rem}
.reply p{margin:.2rem 0;white-space:pre-line;overflow-wrap:anywhere}
.reply .who{font-weight:600;font-size:.92rem}
.pager{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem;margin-top:1rem}
.pager a{display:inline-block;padding:.45rem .9rem;border:1px solid var(--line);border-radius:6px;text-decoration:none}
pre{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.7rem;overflow:auto;font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
section{margin-bottom:1.5rem}
.chart{width:100%;height:auto;display:block}
.chart text{font:12px system-ui,sans-serif;fill:var(--fg)}
.chart .axis{stroke:#8c959f}.chart .grid{stroke:#eaeef2}
.chart a:focus-visible rect.hit,.chart a:hover rect.hit{fill:#0a58ca22;stroke:var(--focus);stroke-width:2}
/* Reversed, so a chart wider than a phone opens scrolled to its end: the newest periods are on screen first. */
.scroll{overflow-x:auto;display:flex;flex-direction:row-reverse}
.scroll svg{min-width:34rem;flex:none;width:100%}
.chart .low{opacity:.4}
.chart .count{font-size:11px;fill:var(--muted)}
.pos{fill:var(--pos)}.neg{fill:var(--neg)}.neu{fill:#afb8c1}.track{fill:#eaeef2}.fill{fill:var(--star)}
.legend{display:flex;flex-wrap:wrap;gap:.3rem 1rem;font-size:.9rem;list-style:none;padding:0;margin:.3rem 0}
.key{display:inline-block;width:.8rem;height:.8rem;border-radius:2px;margin-right:.3rem;vertical-align:-.05rem}
.key.p{background:var(--pos)}.key.n{background:var(--neg)}.key.u{background:#afb8c1}.key.s{background:var(--star)}
.rows>li{display:grid;grid-template-columns:minmax(8rem,1.2fr) 1fr;gap:.2rem .75rem;align-items:center;padding:.45rem 0;border-bottom:1px solid var(--line)}
.rows .figs{font-size:.9rem}
.aspects{display:grid;gap:1rem}
@media (min-width:48rem){.aspects{grid-template-columns:1fr 1fr}}
.aspect h3{display:flex;justify-content:space-between;gap:.5rem}
.aspect blockquote{margin:.3rem 0;padding-left:.7rem;border-left:3px solid var(--line)}
.aspect .spark{width:100%;max-width:16rem;height:2.5rem;display:block}
.tablewrap{overflow-x:auto}.tablewrap table{width:100%;border-collapse:collapse}.tablewrap th[scope=row]{text-align:left}.tablewrap td,.tablewrap th{padding:.2rem .3rem;vertical-align:top}
details{border-top:1px solid var(--line);padding:.5rem 0}
summary{cursor:pointer;font-weight:600}
footer.site{border-top:1px solid var(--line);background:var(--card);padding:1rem 0 1.5rem;font-size:.92rem}
footer.site ul{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;list-style:none;margin:0;padding:0}
footer.site a{display:inline-block;padding:.2rem 0}
${STAR_CSS}
`.trim()

const STYLE_HASH = cspHash(SITE_CSS)

/** No script at all on the pages, one stylesheet by hash, nothing from elsewhere, and not frameable. */
// connect-src 'self': no script runs, but crawlers' audit tools fetch /robots.txt from the page's own context.
export const PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src data:; script-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`

type NavItem = 'reviews' | 'insights' | 'developers'

export type PageShell = {
  title: string
  description: string
  /** Absolute URLs built from BASE_URL: canonical link and feed discovery. */
  baseUrl: string
  canonicalPath?: string
  current?: NavItem
  businessName: string
  head?: string
  main: string
  /** The business's locale: the shell's words and `lang` on the document (English when absent). */
  locale?: Locale
}

/** The whole document: head with feed autodiscovery and the hub, skip link, header, main, footer. */
export function page(shell: PageShell): string {
  const base = shell.baseUrl
  const locale = shell.locale ?? localeFor()
  const { t } = locale
  const navLink = (href: string, label: string, item?: NavItem) =>
    `<li><a href="${href}"${item && item === shell.current ? ' aria-current="page"' : ''}>${esc(label)}</a></li>`
  return `<!doctype html>
<html lang="${esc(locale.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(shell.title)}</title>
<meta name="description" content="${esc(shell.description)}">
<link rel="icon" href="${FAVICON}">
${shell.canonicalPath !== undefined ? `<link rel="canonical" href="${esc(base + shell.canonicalPath)}">\n` : ''}<link rel="alternate" type="application/atom+xml" title="${esc(t('feedTitleAtom', { name: shell.businessName }))}" href="${esc(base)}/feed.xml">
<link rel="alternate" type="application/feed+json" title="${esc(t('feedTitleJson', { name: shell.businessName }))}" href="${esc(base)}/api/feed.json">
<link rel="hub" href="${esc(base)}/api/websub/hub">
<style>${SITE_CSS}</style>
${shell.head ?? ''}</head>
<body>
<a class="skip" href="#main">${esc(t('skip'))}</a>
<header class="site"><div class="wrap">
<p class="brand"><a href="/">${esc(shell.businessName)}</a></p>
<nav class="top" aria-label="${esc(t('navLabel'))}"><ul>${navLink('/', t('navReviews'), 'reviews')}${navLink('/insights', t('navInsights'), 'insights')}</ul></nav>
</div></header>
<main id="main" class="wrap">
${shell.main}
</main>
<footer class="site"><div class="wrap">
<h2 class="sr">${esc(t('footerMore'))}</h2>
<ul>
<li><a href="/developers"${shell.current === 'developers' ? ' aria-current="page"' : ''}>${esc(t('footerDevelopers'))}</a></li><li><a href="/feed.xml">${esc(t('atomFeed'))}</a></li><li><a href="/api/feed.json">JSON Feed</a></li>
</ul>
<p class="muted">${esc(t('footerNote'))}</p>
</div></footer>
</body>
</html>
`
}
