/** One canonical URL per resource: a trailing slash or an empty path segment is a 404 that names the canonical path. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { nonCanonicalPath } from '../../src/api/lifecycle'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

/** A raw HTTP/1.1 request: fetch would clean up `//` in the path before sending it. */
async function raw(method: string, target: string): Promise<{ status: number; body: string }> {
  const port = Number(new URL(server.url).port)
  const chunks: Buffer[] = []
  const { promise, resolve } = Promise.withResolvers<void>()
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data: (_, data) => void chunks.push(Buffer.from(data)),
      close: () => resolve(),
      error: () => resolve(),
    },
  })
  socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  await promise
  const text = Buffer.concat(chunks).toString()
  return { status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) }
}

const CANONICAL = [
  '/reviews.json',
  '/insights.json',
  '/api/feed.json',
  '/feed.xml',
  '/api/reviews/search',
  '/api/reviews/since/2025-01-01',
  '/api/reviews/r-001',
  '/healthz',
  '/metrics',
  '/docs',
  '/.well-known/openapi.json',
]

describe('trailing slashes and empty segments', () => {
  test.each(CANONICAL)('%s/ is 404 not_found naming %s; the canonical URL serves 200', async (path) => {
    expect((await fetch(server.url + path)).status).toBe(200)
    const response = await fetch(`${server.url}${path}/?limit=5`, { redirect: 'manual' })
    expect(response.status).toBe(404)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual({ error: 'not_found', message: `Nothing is served at ${path}/; the resource is at ${path}.` })
  })

  test('HEAD and POST get the same answer: /mcp/ and the hub with a slash are not the endpoints', async () => {
    expect((await fetch(`${server.url}/reviews.json/`, { method: 'HEAD' })).status).toBe(404)
    for (const path of ['/mcp/', '/api/websub/hub/']) {
      const response = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'hub.mode=subscribe',
      })
      expect(response.status).toBe(404)
      expect(((await response.json()) as { message: string }).message).toBe(
        `Nothing is served at ${path}; the resource is at ${path.slice(0, -1)}.`,
      )
    }
  })

  test('doubled slashes are not the resource either', async () => {
    for (const target of ['//reviews.json', '/api//feed.json', '/api/reviews//r-001', '/reviews.json//']) {
      const { status, body } = await raw('GET', target)
      expect({ target, status }).toEqual({ target, status: 404 })
      expect(JSON.parse(body).error).toBe('not_found')
    }
    expect((await raw('GET', '/reviews.json')).status).toBe(200)
  })

  test('a slash after a path that is not a resource is a plain 404', async () => {
    const response = await fetch(`${server.url}/nowhere/`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'not_found', message: 'Nothing is served at /nowhere/.' })
  })

  test('nonCanonicalPath reads only the path: queries may hold slashes, the root is canonical', () => {
    expect(nonCanonicalPath('http://h/reviews.json?x=a//b/')).toBeUndefined()
    expect(nonCanonicalPath('http://h/')).toBeUndefined()
    expect(nonCanonicalPath('http://h')).toBeUndefined()
    expect(nonCanonicalPath('http://h/a/?q')).toBe('/a/')
    expect(nonCanonicalPath('https://h:8443//a')).toBe('//a')
  })
})
