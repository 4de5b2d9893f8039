/**
 * The second reference: a bare Bun.serve whose static `routes` hold the very bytes and headers the
 * service sends (Bun answers If-None-Match on static routes itself). Compressed variants live at
 * their own paths (`<path>.br`, `<path>.gz`): a static route cannot negotiate. Prints its URL.
 * Usage: bun bench/bare-bun.ts <manifest.json>
 */
import { readFileSync } from 'node:fs'

type Entry = { path: string; file: string; headers: Record<string, string> }
const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Entry[]
const routes: Record<string, Response> = {}
for (const entry of manifest) routes[entry.path] = new Response(readFileSync(entry.file), { headers: entry.headers })
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, routes, fetch: () => new Response('not found', { status: 404 }) })
console.log(`http://127.0.0.1:${server.port}`)
