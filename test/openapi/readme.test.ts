/** The README's "API at a glance" table and the OpenAPI document list the same operations. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

test('every documented operation is in the README table, and every row of it is documented', async () => {
  const doc = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> }
  const documented = Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort()
  const readme = await Bun.file(join(import.meta.dir, '..', '..', 'README.md')).text()
  const table = readme.slice(readme.indexOf('## API at a glance'))
  const listed = [...table.matchAll(/^\| ([A-Z, ]+) \| `([^`]+)` \|/gm)]
    .flatMap(([, methods, path]) => methods!.split(',').map((m) => `${m.trim()} ${path}`))
    .sort()
  expect(listed.length).toBeGreaterThan(10)
  expect(listed).toEqual(documented)
})
