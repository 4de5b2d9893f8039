/**
 * robots.txt, the widget script, the OpenAPI document and /docs are rendered from the code and settings alone.
 * Their Last-Modified is when those bytes were first served from this database: a restart keeps it, and it moves
 * only when the bytes change (CONTRACT.md: Last-Modified moves only when that response's bytes change).
 */
import { afterAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { startTestServer, type TestServer } from '../support/server'

const PATHS = ['/robots.txt', '/embed.js', '/.well-known/openapi.json', '/docs']
const LONG_AGO = '2020-01-02T03:04:05.000Z'
let server: TestServer | undefined
afterAll(() => server?.stop())

async function headers(path: string) {
  const response = await fetch(server!.url + path, { headers: { 'accept-encoding': 'identity' } })
  await response.arrayBuffer()
  expect(response.status, path).toBe(200)
  return { etag: response.headers.get('etag')!, lastModified: response.headers.get('last-modified')! }
}

test('a restart keeps their Last-Modified; new bytes move it', async () => {
  server = await startTestServer()
  const dataDir = server.dataDir
  const first = Object.fromEntries(await Promise.all(PATHS.map(async (path) => [path, await headers(path)])))
  await server.stop(true)

  // As if these bytes had been first served long ago: the record is what a restart reads.
  const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
  const records = db.query<{ key: string; value: string }, []>("SELECT key, value FROM meta WHERE key LIKE 'first-served:%'").all()
  expect(records.map((r) => r.key).sort()).toEqual([
    'first-served:docs',
    'first-served:embed.js',
    'first-served:openapi.json',
    'first-served:robots.txt',
  ])
  for (const record of records)
    db.query('UPDATE meta SET value = ? WHERE key = ?').run(`${record.value.split(' ')[0]} ${LONG_AGO}`, record.key)
  db.close()

  server = await startTestServer({ dataDir })
  for (const path of PATHS) {
    const again = await headers(path)
    expect(again.etag, path).toBe(first[path]!.etag)
    expect(again.lastModified, path).toBe(new Date(LONG_AGO).toUTCString())
    // And it answers If-Modified-Since by that time.
    const revalidated = await fetch(server.url + path, { headers: { 'if-modified-since': new Date(LONG_AGO).toUTCString() } })
    expect(revalidated.status, path).toBe(304)
  }
  await server.stop(true)

  // Another BASE_URL: robots.txt and the OpenAPI document (their URLs) change, and so does their Last-Modified.
  server = await startTestServer({ dataDir, env: { BASE_URL: 'https://elsewhere.example.test' } })
  for (const path of ['/robots.txt', '/.well-known/openapi.json']) {
    const moved = await headers(path)
    expect(moved.etag, path).not.toBe(first[path]!.etag)
    expect(Date.parse(moved.lastModified), path).toBeGreaterThan(Date.parse(LONG_AGO))
  }
  expect((await headers('/embed.js')).lastModified).toBe(new Date(LONG_AGO).toUTCString())
})
