/**
 * A real browser for the page tests: Debian's chromium driven by playwright-core. When chromium is
 * not installed the browser tests skip with a message saying how to get it (CI installs it).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { embeddedSample } from '../../src/catalog/seed'
import { startTestServer, type TestServer } from '../support/server'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumAvailable = existsSync(CHROMIUM_PATH)
export const SKIP_MESSAGE = `browser tests skipped: no chromium at ${CHROMIUM_PATH} (install it with \`apt-get install chromium\`, or set CHROMIUM_PATH)`

/** No GPU, no network beyond the page's own requests, no background services; a fresh profile per launch. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Screenshots and reports land here (gitignored). */
export const ARTIFACTS_DIR = join(import.meta.dir, '../../test-artifacts')

export function artifactPath(...parts: string[]): string {
  const path = join(ARTIFACTS_DIR, ...parts)
  mkdirSync(join(path, '..'), { recursive: true })
  return path
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core')
  // playwright-core gives every launch its own temporary --user-data-dir.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/**
 * The sample site and a browser for one describe block: started before its tests (with the insights
 * computed, so pages are complete from the first request), stopped after. Read the two inside tests.
 */
export function sampleSiteInChromium(): { readonly server: TestServer; readonly browser: Browser } {
  const running = {} as { server: TestServer; browser: Browser }
  beforeAll(async () => {
    running.server = await startTestServer({ seed: embeddedSample })
    await running.server.service.catalog.current.insights()
    running.browser = await launchChromium()
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.server?.stop()
  })
  return running
}

export type PageWatch = { errors: string[]; foreignRequests: string[] }

/** Console errors, uncaught exceptions, failed requests, and any request to an origin other than the allowed ones. */
export function watchPage(page: Page, allowedOrigins: string[]): PageWatch {
  const watch: PageWatch = { errors: [], foreignRequests: [] }
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`))
  page.on('requestfailed', (request) => watch.errors.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`))
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith('data:')) return
    if (!allowedOrigins.includes(new URL(url).origin)) watch.foreignRequests.push(url)
  })
  return watch
}

if (!chromiumAvailable) console.warn(SKIP_MESSAGE)
