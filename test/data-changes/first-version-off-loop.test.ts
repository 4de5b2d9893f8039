/**
 * A start that builds its first version beside the event loop (serve): the stored insights and /healthz answer before
 * that version exists, the other reads wait for it, and the version then served is the one a start on the loop
 * builds. A restart at 100k reviews served /insights.json only after the whole version was built on the loop (2.1 s
 * on a quiet machine, all of it before the server listened).
 */
import { afterEach, expect, test } from 'bun:test'
import { loadConfig } from '../../src/core/config'
import { createService } from '../../src/service'
import { catalogOnFile } from '../support/catalog-on-file'
import { reviews } from '../support/dataset'

const cleanup: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

function setup() {
  const { dir, store, open, computed } = catalogOnFile(reviews, cleanup, { prefix: 'reviews-first-' })
  return { dir, store, open: (firstVersionOffLoop: boolean) => open({ firstVersionOffLoop }), computed }
}

test('the stored insights and the head are served before the first version is built, and match it once it is', async () => {
  const { store, open, computed } = setup()
  const before = open(false)
  const stored = await before.current.insights()
  const onLoop = before.current
  before.stop()
  expect(computed()).toBe(1)

  const catalog = open(true)
  expect(catalog.hasVersion).toBe(false)
  const early = catalog.insightsBeforeFirstVersion()
  expect(early && text(early.body)).toBe(text(stored.representation.body))
  expect(catalog.head).toEqual({ revision: store.state().revision, reviewCount: onLoop.reviews.length, updatedAt: onLoop.updatedAt })
  // Nothing of the version was built to answer those.
  expect(catalog.hasVersion).toBe(false)

  catalog.start()
  await catalog.whenServing()
  expect(catalog.hasVersion).toBe(true)
  const built = catalog.current
  expect(built.revision).toBe(onLoop.revision)
  expect(text(built.representations['reviews.json'].body)).toBe(text(onLoop.representations['reviews.json'].body))
  expect(built.hasSearchIndex).toBe(true)
  expect(catalog.head).toEqual({ revision: onLoop.revision, reviewCount: onLoop.reviews.length, updatedAt: onLoop.updatedAt })
  // The same stored insights, the same ETag: nothing computed again.
  expect((await built.latestInsights()).representation.etag).toBe(early!.etag)
  expect(catalog.insightsBeforeFirstVersion()).toBeUndefined()
  expect(computed()).toBe(1)
})

test('a read that cannot wait builds the first version on the event loop, and the index still comes from the worker', async () => {
  const { open } = setup()
  const catalog = open(true)
  catalog.start()
  const waiting = catalog.whenServing()
  const current = catalog.current
  expect(catalog.hasVersion).toBe(true)
  await waiting
  expect(catalog.current).toBe(current)
  for (let waited = 0; !current.hasSearchIndex && waited < 20_000; waited += 10) await Bun.sleep(10)
  expect(current.hasSearchIndex).toBe(true)
})

test('a server starting with the first version off the loop answers every read, the version-bound ones once it is built', async () => {
  const { dir, open } = setup()
  const before = open(false)
  await before.current.insights()
  const expected = text(before.current.representations['reviews.json'].body)
  before.stop()

  const service = createService(loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'https://x.test' }), {
    log: () => {},
    firstVersionOffLoop: true,
  })
  cleanup.push(() => service.stop())
  service.listen()
  const url = `http://127.0.0.1:${service.port}`
  const [insights, health, dataset] = await Promise.all([
    fetch(`${url}/insights.json`),
    fetch(`${url}/healthz`),
    fetch(`${url}/reviews.json`, { headers: { 'accept-encoding': 'identity' } }),
  ])
  expect(insights.status).toBe(200)
  expect(health.status).toBe(200)
  expect(((await health.json()) as { review_count: number }).review_count).toBe(before.current.reviews.length)
  expect(dataset.status).toBe(200)
  expect(await dataset.text()).toBe(expected)
})
