/**
 * HTTP throughput and latency on loopback with wrk: each endpoint of the service against nginx
 * serving the very same bytes as static files, in the same run, as a ratio.
 * Both get one worker: nginx worker_processes 1, the service is one Bun process.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, OUT, rssMb, saveResult, startBinary } from './lib'

const size = Number(process.env.BENCH_HTTP_SIZE ?? 10000)
const duration = process.env.BENCH_WRK_SECONDS ?? '5'
const repeats = Number(process.env.BENCH_REPEATS ?? 3)
const dataDir = join(OUT, `data-${size}`)

const endpoints: { name: string; path: string; conditional?: boolean }[] = [
  { name: '/reviews.json', path: '/reviews.json' },
  { name: '/api/feed.json', path: '/api/feed.json' },
  { name: '/feed.xml', path: '/feed.xml' },
  { name: '304 revalidation of /reviews.json', path: '/reviews.json', conditional: true },
  { name: 'search: query only', path: '/api/reviews/search?query=water%20heater' },
  { name: 'search: filters only', path: '/api/reviews/search?rating=1&since=2024-01-01&mentions_service=drain-cleaning' },
  { name: 'search: query and filters', path: '/api/reviews/search?query=on%20time&min_rating=4&mentions_technician=mike' },
  { name: 'since', path: '/api/reviews/since/2026-10-01' },
]

const { proc, url } = await startBinary({ DATA_DIR: dataDir, LOG_REQUESTS: '0' })
const idleRss = rssMb(proc.pid)

// nginx serves the same bytes, byte for byte, with the same content types.
const root = join(OUT, 'nginx-root')
rmSync(root, { recursive: true, force: true })
mkdirSync(root, { recursive: true })
const staticPaths: Record<string, string> = {}
const etags: Record<string, string> = {}
for (const [i, e] of endpoints.entries()) {
  const response = await fetch(url + e.path)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const ext = (response.headers.get('content-type') ?? '').includes('xml') ? 'xml' : 'json'
  const file = `/e${i}.${ext}`
  writeFileSync(join(root, file), bytes)
  staticPaths[e.name] = file
  etags[e.name] = response.headers.get('etag') ?? ''
}
const port = 20000 + Math.floor(Math.random() * 20000)
const conf = join(OUT, 'nginx.conf')
writeFileSync(
  conf,
  `worker_processes 1;
daemon off;
pid ${join(OUT, 'nginx.pid')};
error_log ${join(OUT, 'nginx-error.log')};
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  etag on;
  types { application/json json; application/atom+xml xml; }
  client_body_temp_path ${OUT}/nginx-tmp; proxy_temp_path ${OUT}/nginx-tmp; fastcgi_temp_path ${OUT}/nginx-tmp; uwsgi_temp_path ${OUT}/nginx-tmp; scgi_temp_path ${OUT}/nginx-tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { add_header Cache-Control "public, max-age=60"; }
  }
}
`,
)
mkdirSync(join(OUT, 'nginx-tmp'), { recursive: true })
const nginx = Bun.spawn(['nginx', '-c', conf], { stdout: 'ignore', stderr: 'inherit' })
for (let i = 0; i < 100; i++) {
  try {
    await fetch(`http://127.0.0.1:${port}/e0.json`, { method: 'HEAD' })
    break
  } catch {
    await Bun.sleep(20)
  }
}

function wrk(target: string, headers: Record<string, string> = {}): { rps: number; p50: string; p99: string } {
  const script = join(OUT, 'wrk-headers.lua')
  writeFileSync(script, Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join('\n') + '\n')
  const run = Bun.spawnSync(['wrk', '-t2', '-c50', `-d${duration}s`, '--latency', '-s', script, target])
  const out = run.stdout.toString()
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  const p50 = /\s50%\s+(\S+)/.exec(out)?.[1] ?? '?'
  const p99 = /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?'
  return { rps, p50, p99 }
}

const rows: Record<string, unknown>[] = []
for (const e of endpoints) {
  const service: ReturnType<typeof wrk>[] = []
  const reference: ReturnType<typeof wrk>[] = []
  for (let r = 0; r < repeats; r++) {
    service.push(wrk(url + e.path, e.conditional ? { 'If-None-Match': etags[e.name]! } : {}))
    let nginxEtag = ''
    if (e.conditional) nginxEtag = (await fetch(`http://127.0.0.1:${port}${staticPaths[e.name]}`, { method: 'HEAD' })).headers.get('etag') ?? ''
    reference.push(wrk(`http://127.0.0.1:${port}${staticPaths[e.name]}`, e.conditional ? { 'If-None-Match': nginxEtag } : {}))
  }
  const s = median(service.map((x) => x.rps))
  const n = median(reference.map((x) => x.rps))
  const pick = (list: ReturnType<typeof wrk>[], rps: number) => list.find((x) => x.rps === rps)!
  rows.push({
    endpoint: e.name,
    service_rps: Math.round(s),
    nginx_rps: Math.round(n),
    ratio: Number((s / n).toFixed(2)),
    service_p50: pick(service, s).p50,
    service_p99: pick(service, s).p99,
    nginx_p50: pick(reference, n).p50,
    nginx_p99: pick(reference, n).p99,
    bytes: (await Bun.file(join(root, staticPaths[e.name]!)).arrayBuffer()).byteLength,
  })
}
const loadedRss = rssMb(proc.pid)
proc.kill('SIGTERM')
nginx.kill('SIGTERM')
await saveResult('http', { reviews: size, wrk: `wrk -t2 -c50 -d${duration}s --latency, median of ${repeats}`, idle_rss_mb: Math.round(idleRss), loaded_rss_mb: Math.round(loadedRss), rows })
