/** Import from the CLI while the server runs: the new review is served and the ETags move within 2 s. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'
import { MAIN } from '../support/spawn'
import { review } from '../support/dataset'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

test('a CLI import in another process is served within 2 s', async () => {
  const etag = (await fetch(`${server.url}/reviews.json`)).headers.get('etag')
  const changed = new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no change seen within 2 s')), 2000)
    const off = server.service.catalog.onTopicsChanged((topics) => {
      clearTimeout(timer)
      off()
      resolve(topics)
    })
  })
  const path = join(server.dataDir, 'new.jsonl')
  writeFileSync(path, JSON.stringify(review({ id: 'cli-1', date: '2026-05-05', text: 'Imported while the server was running.' })))
  const child = Bun.spawnSync(['bun', MAIN, 'import', path], { env: { ...process.env, DATA_DIR: server.dataDir } })
  expect(child.stdout.toString()).toContain('1 inserted')
  expect((await changed).sort()).toEqual(['api/feed.json', 'feed.xml', 'reviews.json'])
  const response = await fetch(`${server.url}/reviews.json`)
  expect(response.headers.get('etag')).not.toBe(etag)
  expect(((await response.json()) as { reviews: { id: string }[] }).reviews[0]!.id).toBe('cli-1')

  // The same file again changes nothing and emits nothing.
  const again = Bun.spawnSync(['bun', MAIN, 'import', path], { env: { ...process.env, DATA_DIR: server.dataDir } })
  expect(again.stdout.toString()).toContain('1 unchanged')
  expect(server.service.catalog.refresh()).toEqual([])
})
