/**
 * The widget on a foreign host page: a plain HTML page served by a second server (another origin)
 * embeds /embed.js and an /embed iframe. Shadow DOM keeps styles from leaking either way, the
 * script sizes the iframe to its content, and the iframe works with JavaScript off.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { startTestServer, type TestServer } from '../support/server'
import { embeddedSample } from '../../src/catalog/seed'
import { artifactPath, chromiumAvailable, launchChromium, watchPage } from './browser'

const RED = 'rgb(255, 0, 0)'
// Runs inside the page (evaluate callbacks); the project's TypeScript has no DOM lib.
declare const getComputedStyle: (element: unknown) => Record<string, string>

function hostPage(service: string): string {
  // Hostile host styles: if any reached into the widget, the colour, font, margins and borders would show it.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<style>
  * { color: ${RED} !important; font-family: serif !important; line-height: 3 !important }
  section, .rw { border: 7px dashed blue !important }
  li { margin-left: 40px !important; list-style: square !important }
  a { text-transform: uppercase !important }
</style></head>
<body>
<h1>A plumber's own website</h1>
<p class="muted" id="host-muted">Host text that shares the widget's class names.</p>
<section class="rw dark" id="host-rw"><p class="name">A host section called .rw</p></section>
<div id="shadow-widget" data-reviews-widget data-count="2" data-theme="dark" data-lang="de" data-min-rating="4"></div>
<iframe id="frame-widget" src="${service}/embed?count=2" title="Customer reviews" width="100%" height="120" style="border:0"></iframe>
<script src="${service}/embed.js" async></script>
</body></html>`
}

/** A site owner's typo: the widget cannot be rendered with these options. */
const badHostPage = (service: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad options</title></head><body>
<div id="bad-widget" data-reviews-widget data-count="99" data-theme="purple"></div>
<script src="${service}/embed.js"></script></body></html>`

describe.skipIf(!chromiumAvailable)('the widget on a page of another origin', () => {
  let server: TestServer
  let host: ReturnType<typeof Bun.serve>
  let hostUrl: string
  let browser: Browser
  beforeAll(async () => {
    server = await startTestServer({ seed: embeddedSample })
    // Complete pages from the first request: the review page's aspect summary needs the insights.
    await server.service.catalog.current.insights()
    host = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) =>
        new Response(new URL(request.url).pathname === '/bad' ? badHostPage(server.url) : hostPage(server.url), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    })
    hostUrl = `http://127.0.0.1:${host.port}`
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    host?.stop(true)
    await server?.stop()
  })

  test('the host page is another origin', () => {
    expect(new URL(hostUrl).origin).not.toBe(new URL(server.url).origin)
  })

  test('/embed.js renders into a Shadow DOM with its options, and no style leaks in or out', async () => {
    const page = await browser.newPage()
    const watch = watchPage(page, [hostUrl, server.url])
    await page.goto(hostUrl + '/')
    const items = page.locator('#shadow-widget li')
    await items.first().waitFor()
    expect(await items.count()).toBe(2)
    expect(await page.evaluate('!!document.getElementById("shadow-widget").shadowRoot')).toBe(true)
    // Options arrived: German, dark, only 4 and 5 stars.
    expect(await page.locator('#shadow-widget section.rw.dark').getAttribute('lang')).toBe('de')
    expect(await page.locator('#shadow-widget .foot a').textContent()).toBe('Alle Bewertungen lesen')
    const ratings = await page
      .locator('#shadow-widget li .stars')
      .evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('aria-label')))
    for (const label of ratings) expect(label).toMatch(/^Mit [45] von 5 Sternen bewertet$/)

    // Nothing of the host's styles inside.
    const inside = await page
      .locator('#shadow-widget .author')
      .first()
      .evaluate((el: any) => {
        const s = getComputedStyle(el)
        return { color: s.color, font: s.fontFamily, lineHeight: s.lineHeight }
      })
    expect(inside.color).not.toBe(RED)
    expect(inside.font).not.toBe('serif')
    expect(inside.lineHeight).not.toBe('45px')
    const li = await items
      .first()
      .evaluate((el: any) => ({ margin: getComputedStyle(el).marginLeft, style: getComputedStyle(el).listStyleType }))
    expect(li).toEqual({ margin: '0px', style: 'none' })
    expect(await page.locator('#shadow-widget section.rw').evaluate((el: any) => getComputedStyle(el).borderTopStyle)).toBe('solid')
    expect(await page.locator('#shadow-widget .foot a').evaluate((el: any) => getComputedStyle(el).textTransform)).toBe('none')

    // Nothing of the widget's styles outside: the host's .rw and .muted keep the host's look.
    const outside = await page.locator('#host-rw').evaluate((el: any) => {
      const s = getComputedStyle(el)
      return { padding: s.paddingTop, radius: s.borderTopLeftRadius, border: s.borderTopStyle, background: s.backgroundColor }
    })
    expect(outside).toEqual({ padding: '0px', radius: '0px', border: 'dashed', background: 'rgba(0, 0, 0, 0)' })
    expect(await page.locator('#host-muted').evaluate((el: any) => getComputedStyle(el).color)).toBe(RED)

    // Links open the review pages on the service, in a new tab.
    const targets = await page.locator('#shadow-widget a').evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('target')))
    expect(new Set(targets)).toEqual(new Set(['_blank']))
    expect(watch.errors).toEqual([])
    expect(watch.foreignRequests).toEqual([])
    await page.screenshot({ path: artifactPath('screenshots', 'widget-host.png'), fullPage: true })
    await page.close()
  })

  test('the iframe is sized to its content by /embed.js', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } })
    const watch = watchPage(page, [hostUrl, server.url])
    await page.goto(hostUrl + '/')
    await page.waitForFunction('document.getElementById("frame-widget").style.height !== ""')
    const frame = page.frames().find((f) => f.url().startsWith(server.url + '/embed'))!
    expect(await frame.locator('li').count()).toBe(2)
    const contentHeight = Math.ceil(Number(await frame.evaluate('document.documentElement.getBoundingClientRect().height')))
    const frameHeight = await page.locator('#frame-widget').evaluate((el: any) => el.getBoundingClientRect().height)
    expect(contentHeight).toBeGreaterThan(120)
    expect(Math.abs(frameHeight - contentHeight)).toBeLessThanOrEqual(1)
    // No scrollbar left inside the frame.
    expect(Number(await frame.evaluate('document.documentElement.scrollHeight - window.innerHeight'))).toBeLessThanOrEqual(1)
    expect(watch.errors).toEqual([])
    await page.close()
  })

  test('with JavaScript off the iframe still shows the reviews', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(hostUrl + '/')
    const frame = page.frames().find((f) => f.url().startsWith(server.url + '/embed'))!
    await frame.locator('li').first().waitFor()
    expect(await frame.locator('li').count()).toBe(2)
    expect(await frame.locator('.rw .name').textContent()).toBe(embeddedSample.business.name)
    await context.close()
  })

  test('invalid options: a small message inside the widget naming each option, and the reason in the console for the site owner', async () => {
    const page = await browser.newPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(hostUrl + '/bad')
    const problem = page.locator('#bad-widget .rw.problem')
    await problem.waitFor()
    expect(await problem.locator('code').allTextContents()).toEqual(['count', 'theme'])
    const link = problem.locator('.foot a')
    expect(await link.textContent()).toBe('Read all reviews')
    expect(await link.getAttribute('href')).toBe('https://reviews.example.test/')
    expect(warnings.some((w) => w.startsWith('Reviews widget: HTTP 400') && w.includes('check the options'))).toBe(true)
    await page.close()
  })
})
