/**
 * The widget on real websites, in Chromium, on host pages of a second origin: hostile host CSS and a
 * strict host CSP (`style-src 'self'; script-src <service>`) at once, elements added after load, the
 * script arriving after the iframe, partial stars, bad options and the service down.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { business, review } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'
import { artifactPath, chromiumAvailable, launchChromium, watchPage } from './browser'

const RED = 'rgb(255, 0, 0)'
// Runs inside the page (evaluate callbacks); the project's TypeScript has no DOM lib.
declare const getComputedStyle: (element: unknown) => Record<string, string>
declare const document: any
declare const window: any

// 5 + 5 + 4 + 4 + 3 = 21 over 5 reviews: the business is rated 4.2.
const REVIEWS = [5, 5, 4, 4, 3].map((rating, i) =>
  review({ id: `w-${i + 1}`, rating, date: `2025-0${i + 1}-10`, author: `Author ${i + 1}`, text: `Review number ${i + 1}.` }),
)

/** Everything the host does to text: if any of it reached into the widget, the measurements would show it. */
const HOSTILE_CSS = `
body { letter-spacing: 6px; text-align: center; line-height: 4; font-family: serif; word-spacing: 12px }
* { color: ${RED} !important }
reviews-widget, [data-reviews-widget] { letter-spacing: 9px; text-align: right; font-style: italic; text-transform: uppercase }
section, .rw, li, p { border: 7px dashed blue !important; margin-left: 40px !important }
`

const strictCsp = (service: string) => `style-src 'self'; script-src ${service}`

function hostilePage(service: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A strict, hostile host</title>
<link rel="stylesheet" href="/host.css"></head>
<body>
<h1>A plumber's own website</h1>
<p id="host-text">Host text.</p>
<reviews-widget id="element" count="2" lang="de"></reviews-widget>
<div id="old-form" data-reviews-widget data-count="1" data-theme="dark"></div>
<iframe id="frame" src="${service}/embed?count=2" title="Customer reviews" width="100%" height="60"></iframe>
<script src="${service}/embed.js" async></script>
</body></html>`
}

/** A site owner's typos, on the same strict and hostile host. */
const badPage = (service: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bad options</title><link rel="stylesheet" href="/host.css"></head>
<body>
<reviews-widget id="bad" count="99" theme="purple"></reviews-widget>
<iframe id="bad-frame" src="${service}/embed?count=0&amp;lang=xx" title="Customer reviews" width="100%" height="60"></iframe>
<script src="${service}/embed.js" async></script>
</body></html>`

/** The script is on the page from the start; the widgets arrive later, the way a framework adds them. */
const latePage = (service: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Late widgets</title><link rel="stylesheet" href="/host.css"></head>
<body><h1>A single-page app</h1><div id="app"></div>
<script src="${service}/embed.js"></script>
</body></html>`

/** The iframe first; /embed.js is added 300 ms after the iframe has loaded (and reported its height to nobody). */
const delayedPage = (service: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Delayed script</title></head>
<body>
<iframe id="frame" src="${service}/embed?count=3" title="Customer reviews" width="100%" height="60" style="border:0"></iframe>
<script>
var frame = document.getElementById('frame')
frame.addEventListener('load', function () {
  window.frameLoadedAt = performance.now()
  setTimeout(function () {
    var script = document.createElement('script')
    script.src = ${JSON.stringify(`${service}/embed.js`)}
    script.onload = function () { window.scriptLoadedAt = performance.now() }
    document.body.appendChild(script)
  }, 300)
})
</script>
</body></html>`

describe.skipIf(!chromiumAvailable)('<reviews-widget> on real websites', () => {
  let server: TestServer
  let host: ReturnType<typeof Bun.serve>
  let hostUrl: string
  let browser: Browser
  beforeAll(async () => {
    server = await startTestServer({ seed: { business, reviews: REVIEWS } })
    await server.service.catalog.current.insights()
    const pages: Record<string, () => string> = {
      '/hostile': () => hostilePage(server.url),
      '/late': () => latePage(server.url),
      '/bad': () => badPage(server.url),
      '/delayed': () => delayedPage(server.url),
    }
    host = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) => {
        const path = new URL(request.url).pathname
        if (path === '/favicon.ico') return new Response(null, { status: 204 })
        if (path === '/host.css') return new Response(HOSTILE_CSS, { headers: { 'content-type': 'text/css' } })
        const render = pages[path]
        if (!render) return new Response('not found', { status: 404 })
        const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }
        // The delayed page runs its own inline script; the others allow scripts from the service only.
        if (path !== '/delayed') headers['content-security-policy'] = strictCsp(server.url)
        return new Response(render(), { headers })
      },
    })
    hostUrl = `http://127.0.0.1:${host.port}`
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    host?.stop(true)
    await server?.stop()
  })

  /** A page that records every CSP violation (the init script is injected by the browser, outside the host's CSP). */
  async function openPage(viewport = { width: 1024, height: 900 }): Promise<Page> {
    const page = await browser.newPage({ viewport })
    page.setDefaultTimeout(45_000)
    await page.addInitScript(() => {
      window.violations = []
      document.addEventListener('securitypolicyviolation', (e: any) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    return page
  }

  test('the host page is another origin', () => {
    expect(new URL(hostUrl).origin).not.toBe(new URL(server.url).origin)
  })

  test('hostile CSS and a strict CSP: the element renders styled, nothing of the host reaches inside, no violation', async () => {
    const page = await openPage()
    const watch = watchPage(page, [hostUrl, server.url])
    await page.goto(`${hostUrl}/hostile`)
    await page.locator('#element .rw li').first().waitFor()
    expect(await page.locator('#element .rw li').count()).toBe(2)
    // Its options arrived: German words.
    expect(await page.locator('#element .rw').getAttribute('lang')).toBe('de')
    expect(await page.locator('#element .foot a').textContent()).toBe('Alle Bewertungen lesen')
    // Styled from a constructable stylesheet, with no <style> in the shadow root (the CSP would have blocked it).
    const sheets = await page.evaluate(() => {
      const root = document.getElementById('element').shadowRoot
      return { adopted: root.adoptedStyleSheets.length, styleElements: root.querySelectorAll('style').length }
    })
    expect(sheets).toEqual({ adopted: 1, styleElements: 0 })
    const box = await page.locator('#element .rw').evaluate((el: any) => {
      const s = getComputedStyle(el)
      return { border: s.borderTopStyle, radius: s.borderTopLeftRadius, background: s.backgroundColor, margin: s.marginLeft }
    })
    expect(box).toEqual({ border: 'solid', radius: '10px', background: 'rgb(255, 255, 255)', margin: '0px' })
    // Inherited properties stop at the host: letter-spacing, text-align, line-height, font, colour, case.
    for (const selector of ['#element .author', '#element .text', '#element .foot a', '#old-form .author']) {
      const inside = await page
        .locator(selector)
        .first()
        .evaluate((el: any) => {
          const s = getComputedStyle(el)
          return {
            letterSpacing: s.letterSpacing,
            wordSpacing: s.wordSpacing,
            textAlign: s.textAlign,
            lineHeight: s.lineHeight,
            font: s.fontFamily,
            style: s.fontStyle,
            transform: s.textTransform,
            color: s.color,
          }
        })
      expect(inside.letterSpacing).toBe('normal')
      expect(inside.wordSpacing).toBe('0px')
      expect(['start', 'left']).toContain(String(inside.textAlign))
      expect(Number.parseFloat(inside.lineHeight ?? '')).toBeLessThan(30)
      expect(inside.font).not.toBe('serif')
      expect(inside.style).toBe('normal')
      expect(inside.transform).toBe('none')
      expect(inside.color).not.toBe(RED)
    }
    // The older div form renders too, dark.
    expect(await page.locator('#old-form .rw.dark li').count()).toBe(1)
    // The host keeps its own look.
    expect(await page.locator('#host-text').evaluate((el: any) => getComputedStyle(el).color)).toBe(RED)
    expect(await page.evaluate(() => window.violations)).toEqual([])
    expect(watch.errors).toEqual([])
    expect(watch.foreignRequests).toEqual([])
    await page.screenshot({ path: artifactPath('screenshots', 'widget-element-hostile.png'), fullPage: true })
    await page.close()
  })

  test('partial stars: the 4.2 rating shows four full stars and a fifth partly filled, in the element and the iframe', async () => {
    const page = await openPage()
    await page.goto(`${hostUrl}/hostile`)
    await page.locator('#element .head .stars').waitFor()
    const measure = (el: any) => {
      const full = el.querySelector('.full').getBoundingClientRect().width
      const all = el.querySelector('.dim').getBoundingClientRect().width
      return { share: full / all, label: el.getAttribute('aria-label') }
    }
    const inElement = await page.locator('#element .head .stars').evaluate(measure)
    expect(inElement.label).toBe('Mit 4,2 von 5 Sternen bewertet')
    // Exactly 84 % of the row (set through the CSSOM): four stars (80 %) and a fifth of the fifth.
    expect(inElement.share).toBeGreaterThan(0.82)
    expect(inElement.share).toBeLessThan(0.86)
    const frame = page.frames().find((f) => f.url().startsWith(`${server.url}/embed?count=2`))!
    await frame.locator('.head .stars').waitFor()
    const inFrame = await frame.locator('.head .stars').evaluate(measure)
    expect(inFrame.label).toBe('Rated 4.2 out of 5')
    expect(inFrame.share).toBeGreaterThan(0.82)
    expect(inFrame.share).toBeLessThan(0.86)
    // A single review's whole stars stay whole: a 3 fills 60 %.
    const three = await page.locator('#element li .stars').evaluateAll((nodes: any[]) =>
      nodes.map((el) => ({
        share: el.querySelector('.full').getBoundingClientRect().width / el.querySelector('.dim').getBoundingClientRect().width,
      })),
    )
    for (const s of three) expect([0.6, 0.8, 1].some((v) => Math.abs(s.share - v) < 0.02)).toBe(true)
    await page.close()
  })

  test('invalid options: a small message inside the widget naming each option, in the element and the iframe', async () => {
    const page = await openPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`${hostUrl}/bad`)
    const problem = page.locator('#bad .rw.problem')
    await problem.waitFor()
    expect(await problem.locator('code').allTextContents()).toEqual(['count', 'theme'])
    expect(await problem.textContent()).toContain('The review widget cannot be shown with these options.')
    expect(await problem.locator('.foot a').getAttribute('href')).toBe('https://reviews.example.test/')
    // Small, and in the widget's own style.
    const size = await problem.evaluate((el: any) => ({
      height: el.getBoundingClientRect().height,
      border: getComputedStyle(el).borderTopStyle,
      font: getComputedStyle(el).fontFamily,
    }))
    expect(size.height).toBeLessThan(260)
    expect(size.border).toBe('solid')
    expect(size.font).not.toBe('serif')
    expect(warnings.some((w) => w.startsWith('Reviews widget: HTTP 400') && w.includes('check the options'))).toBe(true)

    // The iframe: the same message, not the site's page, sized to it.
    await page.waitForFunction(() => document.getElementById('bad-frame').style.height !== '')
    const frame = page.frames().find((f) => f.url().includes('/embed?count=0'))!
    expect(await frame.locator('.rw.problem code').allTextContents()).toEqual(['count', 'lang'])
    expect(await frame.locator('header, footer, nav').count()).toBe(0)
    const frameHeight = await page.locator('#bad-frame').evaluate((el: any) => el.getBoundingClientRect().height)
    expect(frameHeight).toBeGreaterThan(60)
    expect(frameHeight).toBeLessThan(260)
    expect(await page.evaluate(() => window.violations)).toEqual([])
    await page.close()
  })

  test('late insertion: elements added a second after load mount (element and div form), and a late iframe is sized', async () => {
    const page = await openPage()
    const watch = watchPage(page, [hostUrl, server.url])
    await page.goto(`${hostUrl}/late`)
    await page.waitForLoadState('load')
    // What a framework does after its data arrives: create the elements, set attributes, append.
    await page.evaluate(
      (service: string) =>
        new Promise<void>((resolve) =>
          window.setTimeout(() => {
            const app = document.getElementById('app')
            const element = document.createElement('reviews-widget')
            element.id = 'late-element'
            element.setAttribute('count', '1')
            element.setAttribute('lang', 'fr')
            app.appendChild(element)
            const div = document.createElement('div')
            div.id = 'late-div'
            div.setAttribute('data-reviews-widget', '')
            div.setAttribute('data-count', '2')
            app.appendChild(div)
            const frame = document.createElement('iframe')
            frame.id = 'late-frame'
            frame.title = 'Customer reviews'
            frame.height = '40'
            frame.src = `${service}/embed?count=1`
            app.appendChild(frame)
            resolve()
          }, 1000),
        ),
      server.url,
    )
    await page.locator('#late-element .rw li').waitFor()
    expect(await page.locator('#late-element .foot a').textContent()).toBe('Lire tous les avis')
    await page.locator('#late-div .rw li').first().waitFor()
    expect(await page.locator('#late-div .rw li').count()).toBe(2)
    await page.waitForFunction(() => document.getElementById('late-frame').style.height !== '')
    const frame = page.frames().find((f) => f.url().startsWith(`${server.url}/embed?count=1`))!
    const content = Math.ceil(Number(await frame.evaluate('document.documentElement.getBoundingClientRect().height')))
    const height = await page.locator('#late-frame').evaluate((el: any) => el.clientHeight)
    expect(Math.abs(height - content)).toBeLessThanOrEqual(1)
    // Changing an attribute re-renders with the new options.
    await page.evaluate(() => document.getElementById('late-element').setAttribute('count', '3'))
    await page.waitForFunction(() => document.getElementById('late-element').shadowRoot.querySelectorAll('li').length === 3)
    expect(await page.evaluate(() => window.violations)).toEqual([])
    expect(watch.errors).toEqual([])
    await page.close()
  })

  test('a delayed script: /embed.js arriving 300 ms after the iframe loaded still sizes it, and again on every resize', async () => {
    const page = await openPage({ width: 1024, height: 900 })
    const watch = watchPage(page, [hostUrl, server.url])
    await page.goto(`${hostUrl}/delayed`)
    await page.waitForFunction(() => document.getElementById('frame').style.height !== '')
    const order = await page.evaluate(() => ({ frame: window.frameLoadedAt, script: window.scriptLoadedAt }))
    expect(order.script - order.frame).toBeGreaterThanOrEqual(300)
    const frame = page.frames().find((f) => f.url().startsWith(`${server.url}/embed?count=3`))!
    const fits = async () => {
      const content = Math.ceil(Number(await frame.evaluate('document.documentElement.getBoundingClientRect().height')))
      const height = await page.locator('#frame').evaluate((el: any) => el.getBoundingClientRect().height)
      return { content, height }
    }
    const wide = await fits()
    expect(wide.content).toBeGreaterThan(150)
    expect(Math.abs(wide.height - wide.content)).toBeLessThanOrEqual(1)
    // A phone: the text wraps, the frame grows with it.
    await page.setViewportSize({ width: 320, height: 800 })
    await page.waitForFunction(
      (before: number) => Number.parseFloat(document.getElementById('frame').style.height) > before + 20,
      wide.height,
    )
    const narrow = await fits()
    expect(Math.abs(narrow.height - narrow.content)).toBeLessThanOrEqual(1)
    expect(Number(await frame.evaluate('document.documentElement.scrollHeight - window.innerHeight'))).toBeLessThanOrEqual(1)
    expect(watch.errors).toEqual([])
    await page.close()
  })

  test('the service down: the widget says so and links to the reviews', async () => {
    const page = await openPage()
    // The old form asks for a language named like a member of Object.prototype: set before the script can read it.
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        const old = document.getElementById('old-form')
        if (!old) return
        old.setAttribute('data-lang', 'constructor')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    `)
    // The script came from the cache; the service stopped answering since.
    await page.route(`${server.url}/embed/fragment**`, (route) => route.abort('connectionrefused'))
    await page.goto(`${hostUrl}/hostile`)
    const fallback = page.locator('#element .rw.problem')
    await fallback.waitFor()
    expect(await fallback.textContent()).toBe('Die Bewertungen können gerade nicht geladen werden. Zu den Kundenbewertungen')
    expect(await fallback.locator('a').getAttribute('href')).toBe(`${server.url}/`)
    expect(await fallback.evaluate((el: any) => getComputedStyle(el).borderTopStyle)).toBe('solid')
    expect(await page.locator('#old-form').getAttribute('data-lang')).toBe('constructor')
    expect(await page.locator('#old-form .rw.problem a').textContent()).toBe('Read the customer reviews')
    expect(await page.locator('#old-form .rw.problem').getAttribute('lang')).toBe('en')
    expect(await page.evaluate(() => window.violations)).toEqual([])
    await page.close()
  })
})
