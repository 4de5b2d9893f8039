/** A running server follows data written by another process: new bytes, new ETags, one topics-changed event naming only what changed. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'
import { business, review } from '../support/dataset'
import type { TopicPath } from '../../src/feeds/websub-topics'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const etags = async () =>
  Object.fromEntries(
    await Promise.all(
      ['/reviews.json', '/api/feed.json', '/feed.xml', '/insights.json'].map(async (p) => [
        p,
        (await fetch(server.url + p)).headers.get('etag'),
      ]),
    ),
  )

function nextTopicsChanged(timeoutMs = 2000): Promise<TopicPath[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no topics-changed event within ${timeoutMs} ms`)), timeoutMs)
    const off = server.service.catalog.onTopicsChanged((topics) => {
      clearTimeout(timer)
      off()
      resolve(topics)
    })
  })
}

/** Writes through a separate process, as the CLI import does. */
function writeFromAnotherProcess(payload: unknown): void {
  const script = `
    import { openDatabase } from ${JSON.stringify(join(import.meta.dir, '../../src/db/database'))}
    import { MIGRATIONS } from ${JSON.stringify(join(import.meta.dir, '../../src/service'))}
    import { ReviewRepository } from ${JSON.stringify(join(import.meta.dir, '../../src/reviews/repository'))}
    const store = new ReviewRepository(openDatabase(process.env.REVIEWS_DB!, MIGRATIONS))
    store.write(JSON.parse(await Bun.stdin.text()))
  `
  const result = Bun.spawnSync(['bun', '-e', script], {
    stdin: Buffer.from(JSON.stringify(payload)),
    env: { ...process.env, REVIEWS_DB: join(server.dataDir, 'reviews.db') },
  })
  if (result.exitCode !== 0) throw new Error(result.stderr.toString())
}

describe('live updates', () => {
  test('a new review committed by another process is served within 2 s, with new ETags', async () => {
    const before = await etags()
    const changed = nextTopicsChanged()
    writeFromAnotherProcess({
      reviews: [review({ id: 'live-1', date: '2026-01-01', text: 'Brand new review about the tankless heater.' })],
    })
    expect((await changed).sort()).toEqual(['api/feed.json', 'feed.xml', 'reviews.json'])
    // The last insights are served while the new version's are computed (CONTRACT.md, Data changes): generated_at
    // says which version they describe. Wait for the new version's, then every ETag has moved.
    const { updated_at } = (await (await fetch(`${server.url}/reviews.json`)).json()) as { updated_at: string }
    for (let waited = 0; waited < 10_000; waited += 20) {
      const insights = (await (await fetch(`${server.url}/insights.json`)).json()) as { generated_at: string }
      if (insights.generated_at === updated_at) break
      await Bun.sleep(20)
    }
    const after = await etags()
    for (const path of Object.keys(before)) expect(after[path]).not.toBe(before[path])
    const newest = (await (await fetch(`${server.url}/api/reviews/search?limit=1`)).json()) as { reviews: { id: string }[] }
    expect(newest.reviews[0]!.id).toBe('live-1')
    expect((await fetch(`${server.url}/api/reviews/live-1`)).status).toBe(200)
  })

  test('a write that changes no published byte emits nothing and keeps every ETag', async () => {
    const before = await etags()
    let events = 0
    const off = server.service.catalog.onTopicsChanged(() => events++)
    writeFromAnotherProcess({ reviews: [review({ id: 'hidden-1', date: '2026-02-01', verified: false })] })
    expect(server.service.catalog.refresh()).toEqual([])
    off()
    expect(events).toBe(0)
    expect(await etags()).toEqual(before)
  })

  test('an old review edited outside the feed window changes only reviews.json', async () => {
    // Push 50 newer reviews so r-006 (2024-02-29) falls out of both feeds.
    const newer = Array.from({ length: 50 }, (_, i) => review({ id: `n-${i}`, date: '2026-03-01' }))
    const settled = nextTopicsChanged()
    writeFromAnotherProcess({ reviews: newer })
    await settled
    const changed = nextTopicsChanged()
    writeFromAnotherProcess({
      reviews: [review({ id: 'r-006', rating: 2, date: '2024-02-29', text: 'Edited text.', technicians: ['Mike Alvarez'] })],
    })
    expect(await changed).toEqual(['reviews.json'])
  })

  test('editing DATA_DIR/business.json updates every topic; an invalid file changes nothing', async () => {
    const changed = nextTopicsChanged()
    writeFileSync(join(server.dataDir, 'business.json'), JSON.stringify({ ...business, name: 'Acme Renamed' }))
    expect((await changed).sort()).toEqual(['api/feed.json', 'feed.xml', 'reviews.json'])
    const dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as { business: { name: string } }
    expect(dataset.business.name).toBe('Acme Renamed')

    const before = await etags()
    writeFileSync(join(server.dataDir, 'business.json'), '{"name": 42')
    expect(server.service.catalog.refresh()).toEqual([])
    expect(await etags()).toEqual(before)
  })
})
