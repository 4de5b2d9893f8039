/**
 * The second reference: a bare Bun.serve whose static `routes` hold the very bytes and headers the
 * service sends (Bun answers If-None-Match on static routes itself). Compressed variants live at
 * their own paths (`<path>.br`, `<path>.gz`): a static route cannot negotiate. Prints its URL.
 *
 * With `--handler`, the same bytes come from a JavaScript handler instead, the least any handler that
 * decides per request must do: read the request's headers, compare If-None-Match, build a Response
 * from bytes and headers made once. It is not a target, it shows what a JavaScript call costs in Bun.
 *
 * Usage: bun bench/bare-bun.ts <manifest.json> [--handler]
 */
import { readFileSync } from 'node:fs'

type Entry = { path: string; file: string; headers: Record<string, string> }
const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Entry[]
const handler = process.argv.includes('--handler')

function route(entry: Entry): Response | ((request: Request) => Response) {
  const body = readFileSync(entry.file)
  if (!handler) return new Response(body, { headers: entry.headers })
  const headers = new Headers(entry.headers)
  const etag = headers.get('etag')
  return (request) =>
    request.headers.get('if-none-match') === etag ? new Response(null, { status: 304, headers }) : new Response(body, { headers })
}

const routes = Object.fromEntries(manifest.map((entry) => [entry.path, route(entry)]))
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, routes, fetch: () => new Response('not found', { status: 404 }) })
console.log(`http://127.0.0.1:${server.port}`)
