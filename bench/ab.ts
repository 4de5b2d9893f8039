/**
 * A/B of two builds of the service on the hot reads, in one run: both serve the embedded sample, both
 * pinned to SERVER_CPU, wrk pinned to CLIENT_CPU, rounds alternating A and B back to back. Prints the
 * median req/s of each and the median of the rounds' paired ratios B/A (robust on a shared machine).
 *   bun bench/ab.ts <binary A> <binary B>     (BENCH_ROUNDS, default 5; BENCH_WRK_SECONDS, default 2)
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLIENT_CPU, median, pinned, SERVER_CPU, track } from './lib'

const [binaryA, binaryB] = process.argv.slice(2)
if (!binaryA || !binaryB) throw new Error('usage: bun bench/ab.ts <binary A> <binary B>')
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const seconds = process.env.BENCH_WRK_SECONDS ?? '2'

async function start(binary: string): Promise<{ url: string; proc: Bun.Subprocess }> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-ab-')), 'data')
  const proc = track(
    Bun.spawn(pinned(SERVER_CPU, [binary, 'serve']), {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0' },
      stderr: 'pipe',
      stdout: 'ignore',
    }),
  )
  const reader = proc.stderr.getReader()
  let text = ''
  while (!/"listening".*?"url":"([^"]+)"/.test(text)) {
    const chunk = await reader.read()
    if (chunk.done) throw new Error(`${binary} exited: ${text}`)
    text += new TextDecoder().decode(chunk.value)
  }
  const url = /"listening".*?"url":"([^"]+)"/.exec(text)![1]!
  // Insights computed, compression warmed: the server is in its steady state.
  await (await fetch(`${url}/insights.json`)).arrayBuffer()
  await Bun.sleep(500)
  return { url, proc }
}

const a = await start(binaryA)
const b = await start(binaryB)
const dataset = (await (await fetch(`${a.url}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] }
const etagOf = async (url: string) => (await fetch(url)).headers.get('etag')!

type Endpoint = { name: string; path: string; headers?: (url: string) => Promise<Record<string, string>> }
const endpoints: Endpoint[] = [
  { name: '/reviews.json', path: '/reviews.json' },
  { name: '/api/feed.json', path: '/api/feed.json' },
  { name: '/api/feed.json (gzip)', path: '/api/feed.json', headers: async () => ({ 'Accept-Encoding': 'gzip' }) },
  {
    name: '304 of /reviews.json',
    path: '/reviews.json',
    headers: async (url) => ({ 'If-None-Match': await etagOf(`${url}/reviews.json`) }),
  },
  { name: 'cached search', path: '/api/reviews/search?query=water%20heater&min_rating=4' },
  { name: 'since-listing', path: `/api/reviews/since/${dataset.reviews[99]!.date}` },
  { name: 'one review', path: `/api/reviews/${encodeURIComponent(dataset.reviews[0]!.id)}` },
]

function wrk(url: string, headers: Record<string, string>): number {
  const args = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const run = Bun.spawnSync(pinned(CLIENT_CPU, ['wrk', '-t1', '-c32', `-d${seconds}s`, ...args, url]))
  const out = run.stdout.toString()
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)
  if (!rps || /Non-2xx/.test(out)) throw new Error(`wrk ${url}: ${out}`)
  return Number(rps[1])
}

const rows = []
for (const endpoint of endpoints) {
  const headersA = (await endpoint.headers?.(a.url)) ?? {}
  const headersB = (await endpoint.headers?.(b.url)) ?? {}
  const rpsA: number[] = []
  const rpsB: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so a drift in the machine's load does not favour one side.
    const first = round % 2 === 0
    const ra = first ? wrk(a.url + endpoint.path, headersA) : NaN
    const rb = wrk(b.url + endpoint.path, headersB)
    const ra2 = first ? ra : wrk(a.url + endpoint.path, headersA)
    rpsA.push(ra2)
    rpsB.push(rb)
    ratios.push(rb / ra2)
  }
  const row = {
    endpoint: endpoint.name,
    a_rps: Math.round(median(rpsA)),
    b_rps: Math.round(median(rpsB)),
    b_over_a: Math.round(median(ratios) * 100) / 100,
  }
  rows.push(row)
  console.log(JSON.stringify(row))
}
for (const { proc } of [a, b]) proc.kill('SIGTERM')
console.log(`ab: ${JSON.stringify({ a: binaryA, b: binaryB, rounds, seconds, rows })}`)
