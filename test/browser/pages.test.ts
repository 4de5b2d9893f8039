/**
 * The pages in a real browser (chromium): no console errors, no request leaving the service, filters
 * that work by clicking, keyboard access, nothing wider than a phone, and screenshots at phone and
 * desktop widths saved under test-artifacts/screenshots/.
 */
import { describe, expect, test } from 'bun:test'
import { artifactPath, chromiumAvailable, sampleSiteInChromium, watchPage } from './browser'

const PAGES = [
  '/',
  '/?rating=1',
  '/insights',
  '/reviews/rv-000737',
  '/embed?count=3',
  '/embed?theme=dark&lang=de',
  '/developers',
  '/reviews/unknown',
  '/?rating=9',
]
const WIDTHS = { phone: 390, desktop: 1280 }

describe.skipIf(!chromiumAvailable)('pages in chromium', () => {
  const site = sampleSiteInChromium()

  test.each(PAGES)('%s loads without console errors, CSP violations or requests to other origins', async (path) => {
    const page = await site.browser.newPage()
    const watch = watchPage(page, [site.server.url])
    const response = await page.goto(site.server.url + path, { waitUntil: 'load' })
    expect(response!.status()).toBe(path === '/reviews/unknown' ? 404 : path === '/?rating=9' ? 400 : 200)
    // Error pages are expected to log their status; anything else is a fault.
    const errors = watch.errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|404)/.test(e))
    expect(errors).toEqual([])
    expect(watch.foreignRequests).toEqual([])
    await page.close()
  })

  test('clicking a rating filter shows only reviews with that rating, and the filter is marked current', async () => {
    const page = await site.browser.newPage()
    await page.goto(site.server.url + '/')
    // The filters sit behind one control, closed until a filter is active.
    expect(await page.getByRole('link', { name: '2 stars', exact: true }).isVisible()).toBe(false)
    await page.getByText('Filter and search').click()
    await page.getByRole('navigation', { name: 'Filter reviews' }).getByRole('link', { name: '2 stars', exact: true }).click()
    await page.waitForURL(/\?rating=2$/)
    const ratings = await page
      .locator('article.review h3 .stars')
      .evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('aria-label')))
    expect(ratings.length).toBeGreaterThan(0)
    expect(new Set(ratings)).toEqual(new Set(['Rated 2 out of 5']))
    const current = await page
      .locator('.filters a[aria-current="true"]')
      .evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('href')))
    expect(current).toContain('/?rating=2')
    // Then a service on top of it: both filters hold, and the list matches the API.
    await page.getByRole('navigation', { name: 'Filter reviews' }).getByRole('link', { name: 'Drain cleaning' }).click()
    await page.waitForURL(/rating=2&service=drain-cleaning/)
    const shown = await page.locator('article.review .meta a').evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('href')))
    const api = (await (
      await fetch(`${site.server.url}/api/reviews/search?rating=2&mentions_service=drain-cleaning&limit=10`)
    ).json()) as any
    expect(shown).toEqual(api.reviews.map((r: any) => `/reviews/${r.id}`))
    await page.close()
  })

  test('on a 390x844 phone the first review starts within the first screen, after the business and its rating', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true })
    const page = await context.newPage()
    await page.goto(site.server.url + '/')
    const rating = await page.locator('.card .score').boundingBox()
    const first = await page.locator('article.review').first().boundingBox()
    expect(rating).not.toBeNull()
    expect(first).not.toBeNull()
    expect(rating!.y).toBeLessThan(first!.y)
    expect(first!.y).toBeLessThan(844)
    await context.close()
  })

  test('on a phone the rating-over-time chart opens at its newest quarter', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const page = await context.newPage()
    await page.goto(site.server.url + '/insights')
    const scroller = page.locator('.scroll').first()
    const box = (await scroller.boundingBox())!
    // Each quarter's column is a link; the newest is the last one, and it is in view without scrolling.
    const newest = (await scroller.locator('svg a').last().boundingBox())!
    const oldest = (await scroller.locator('svg a').first().boundingBox())!
    expect(newest.x + newest.width).toBeLessThanOrEqual(box.x + box.width + 1)
    expect(newest.x).toBeGreaterThanOrEqual(box.x - 1)
    // The chart is wider than the phone: the oldest quarters are the ones out of view.
    expect(oldest.x).toBeLessThan(box.x)
    await context.close()
  })

  test('the text search form narrows the list and keeps the other filters', async () => {
    const page = await site.browser.newPage()
    await page.goto(site.server.url + '/?rating=5')
    await page.getByRole('searchbox', { name: 'Search review text' }).fill('spotless')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/query=spotless/)
    expect(page.url()).toContain('rating=5')
    const texts = await page.locator('article.review .text').allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text.toLowerCase()).toContain('spotless')
    await page.close()
  })

  test('keyboard: the first Tab reaches the skip link, which moves focus past the header', async () => {
    const page = await site.browser.newPage()
    await page.goto(site.server.url + '/insights')
    await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content')
    await page.keyboard.press('Enter')
    // Following the link is a navigation of its own: await it rather than read the address at once (a race CI lost).
    await page.waitForURL(/#main$/, { timeout: 5000 })
    expect(page.url().endsWith('#main')).toBe(true)
    // Chart columns are links a keyboard reaches, each named with its figures.
    const names = await page.locator('svg.chart a').evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('aria-label')))
    expect(names.length).toBeGreaterThan(4)
    for (const name of names) expect(name).toMatch(/^\d{4}-Q[1-4]: \d+ reviews?/)
    await page.close()
  })

  for (const [name, width] of Object.entries(WIDTHS)) {
    test(`${name} (${width}px): no horizontal scrolling outside charts, screenshots saved`, async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
      const page = await context.newPage()
      for (const [path, file] of [
        ['/', 'home'],
        ['/insights', 'insights'],
        ['/reviews/rv-000737', 'review'],
        ['/embed?count=3', 'embed'],
      ]) {
        await page.goto(site.server.url + path)
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width)
        await page.screenshot({ path: artifactPath('screenshots', `${file}-${name}.png`), fullPage: true })
      }
      await context.close()
    })
  }
})
