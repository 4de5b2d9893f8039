/**
 * Regenerates docs/screenshots/*.png (the README's pictures of the pages) from the embedded sample, once as
 * the English business it is and once with `locale: "de"` in its business file (the de-*.png pictures):
 *   bun scripts/screenshots.ts
 * Needs chromium (`apt-get install chromium`, or CHROMIUM_PATH). Starts the service on a free port over
 * a temporary data directory, with BASE_URL http://localhost:3000 as a reader would see it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/core/config'
import { createService } from '../src/service'
import { embeddedSample } from '../src/catalog/seed'
import { chromiumAvailable, launchChromium, SKIP_MESSAGE } from '../test/browser/browser'

const OUT = join(import.meta.dir, '../docs/screenshots')
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

const SHOTS: { file: string; path: string; viewport: { width: number; height: number } }[] = [
  { file: 'home-desktop.png', path: '/', viewport: DESKTOP },
  { file: 'home-phone.png', path: '/', viewport: PHONE },
  { file: 'insights-desktop.png', path: '/insights', viewport: { width: 1280, height: 1300 } },
  { file: 'insights-phone.png', path: '/insights#aspects', viewport: PHONE },
  { file: 'review-phone.png', path: '/reviews/rv-000587', viewport: PHONE },
]

/** A plain page of the business's own website with the widget in both themes and languages. */
const hostPage = (service: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<style>body{font:16px Georgia,serif;margin:24px;background:#f4efe6;color:#2b2b2b}.grid{display:grid;grid-template-columns:1fr 1fr;gap:24px;align-items:start}</style></head>
<body><h1>Our customers say</h1><div class="grid">
<div data-reviews-widget data-count="2" data-min-rating="4"></div>
<div data-reviews-widget data-count="2" data-theme="dark" data-lang="de"></div>
</div><script src="${service}/embed.js"></script></body></html>`

if (!chromiumAvailable) {
  console.error(SKIP_MESSAGE)
  process.exit(1)
}

/** The embedded sample as a German business would publish it: its business file says `locale: "de"`. */
const germanSample = {
  ...embeddedSample,
  business: {
    ...embeddedSample.business,
    locale: 'de',
    description: 'Sanitär, Heizung, Klima und Elektro: Reparaturen und Notdienst rund um die Uhr.',
  },
}
const GERMAN_SHOTS = SHOTS.filter((shot) => ['home-desktop.png', 'home-phone.png', 'insights-desktop.png'].includes(shot.file)).map(
  (shot) => ({ ...shot, file: `de-${shot.file}` }),
)

const browser = await launchChromium()
try {
  mkdirSync(OUT, { recursive: true })
  await photograph(embeddedSample, SHOTS, 'widget.png')
  await photograph(germanSample, GERMAN_SHOTS, 'de-widget.png')
} finally {
  await browser.close()
}

async function photograph(seed: typeof embeddedSample, shots: typeof SHOTS, widgetFile: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reviews-screenshots-'))
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'http://localhost:3000' })
  const service = createService(config, { seed, log: () => {} })
  service.listen()
  // The review page shows the aspect summary once the insights are computed: wait for them.
  await service.catalog.current.insights()
  const base = `http://127.0.0.1:${service.port}`
  const host = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => new Response(hostPage(base), { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  })
  try {
    for (const shot of shots) {
      const page = await browser.newPage({ viewport: shot.viewport, deviceScaleFactor: 1 })
      await page.goto(base + shot.path)
      await page.screenshot({ path: join(OUT, shot.file) })
      await page.close()
      console.log(`docs/screenshots/${shot.file}`)
    }
    const page = await browser.newPage({ viewport: { width: 1000, height: 640 }, deviceScaleFactor: 1 })
    await page.goto(`http://127.0.0.1:${host.port}/`)
    await page.locator('[data-reviews-widget] li').first().waitFor()
    await page.locator('[data-theme="dark"] li').first().waitFor()
    await page.screenshot({ path: join(OUT, widgetFile) })
    console.log(`docs/screenshots/${widgetFile}`)
  } finally {
    host.stop(true)
    await service.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
