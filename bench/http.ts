/**
 * HTTP throughput and latency on loopback with wrk, in one run, the service against two references
 * serving the very same bytes: nginx with its fast static configuration (sendfile, tcp_nopush,
 * open_file_cache, one worker, no access log, gzip_static and brotli_static) and a bare Bun.serve
 * with static routes. Every server runs on SERVER_CPU, wrk on CLIENT_CPU (taskset), `wrk -t1 -c32`.
 * Data: the embedded sample (default, BENCH_HTTP_DATA=sample) or bench/out/data-<N> (BENCH_HTTP_DATA=N).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLIENT_CPU, median, OUT, pinned, rssMb, saveResult, SERVER_CPU, startBinary, track } from './lib'

const dataset = process.env.BENCH_HTTP_DATA ?? 'sample'
const duration = process.env.BENCH_WRK_SECONDS ?? '3'
const repeats = Number(process.env.BENCH_REPEATS ?? 5)
const connections = process.env.BENCH_WRK_CONNECTIONS ?? '32'
const ROOT_DIR = join(OUT, 'http-root')
const TMP = join(OUT, 'nginx-tmp')

const scratch = dataset === 'sample' ? mkdtempSync(join(tmpdir(), 'bench-http-')) : undefined
const dataDir = scratch ? join(scratch, 'data') : join(OUT, `data-${dataset}`)
if (!scratch && !existsSync(dataDir)) throw new Error(`${dataDir} is missing: run bun bench/datasets.ts first`)

const { proc: service, url } = await startBinary({ DATA_DIR: dataDir, LOG_REQUESTS: '0' }, true)
const idleRss = rssMb(service.pid)

// What to request: a review id and a since-date that exist in this data.
const sample = (await (await fetch(`${url}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] }
const sinceDate = sample.reviews[Math.min(99, sample.reviews.length - 1)]!.date

type Endpoint = { name: string; path: string; encoding?: 'br' | 'gzip'; conditional?: boolean }
const endpoints: Endpoint[] = [
  { name: '/reviews.json', path: '/reviews.json' },
  { name: '/reviews.json (br)', path: '/reviews.json', encoding: 'br' },
  { name: '/api/feed.json', path: '/api/feed.json' },
  { name: '/api/feed.json (gzip)', path: '/api/feed.json', encoding: 'gzip' },
  { name: '/feed.xml', path: '/feed.xml' },
  { name: '304 of /reviews.json', path: '/reviews.json', conditional: true },
  { name: '304 of /api/feed.json', path: '/api/feed.json', conditional: true },
  { name: 'cached search', path: '/api/reviews/search?query=water%20heater&min_rating=4' },
  { name: 'since-listing', path: `/api/reviews/since/${sinceDate}` },
  { name: 'one review', path: `/api/reviews/${encodeURIComponent(sample.reviews[0]!.id)}` },
]

/** Status, headers and raw (still encoded) body, with curl: fetch would decode. */
function get(target: string, headers: Record<string, string> = {}): { status: number; headers: Record<string, string>; body: Uint8Array } {
  const head = join(OUT, 'curl-head.txt')
  const body = join(OUT, 'curl-body.bin')
  const args = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const run = Bun.spawnSync(['curl', '-s', '-D', head, '-o', body, ...args, target])
  if (run.exitCode !== 0) throw new Error(`curl ${target} failed: ${run.stderr}`)
  const lines = readFileSync(head, 'utf8').trim().split(/\r?\n/) as string[]
  const status = Number(lines[0]!.split(' ')[1])
  const parsed: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const at = line.indexOf(':')
    if (at > 0) parsed[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim()
  }
  return { status, headers: parsed, body: new Uint8Array(readFileSync(body)) }
}

// The references' files: the service's bytes, byte for byte, with its headers (nginx adds its own ETag).
rmSync(ROOT_DIR, { recursive: true, force: true })
mkdirSync(ROOT_DIR, { recursive: true })
mkdirSync(TMP, { recursive: true })
const manifest: { path: string; file: string; headers: Record<string, string> }[] = []
const files = new Map<string, { file: string; bytes: number; etag: string }>()
for (const [i, e] of endpoints.entries()) {
  const key = `${e.path} ${e.encoding ?? ''}`
  if (files.has(key)) continue
  const response = get(url + e.path, e.encoding ? { 'Accept-Encoding': e.encoding } : {})
  if (response.status !== 200) throw new Error(`${e.path}: ${response.status}`)
  if (e.encoding && response.headers['content-encoding'] !== e.encoding) throw new Error(`${e.path}: not ${e.encoding}`)
  const ext = (response.headers['content-type'] ?? '').includes('xml') ? 'xml' : 'json'
  const base = `/e${i}.${ext}`
  const file = base + (e.encoding === 'br' ? '.br' : e.encoding === 'gzip' ? '.gz' : '')
  writeFileSync(join(ROOT_DIR, file), response.body)
  // nginx serves a .gz/.br only next to the plain file.
  if (e.encoding) writeFileSync(join(ROOT_DIR, base), get(url + e.path).body)
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([k]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(k)),
  )
  manifest.push({ path: file, file: join(ROOT_DIR, file), headers })
  files.set(key, { file, bytes: response.body.byteLength, etag: response.headers.etag ?? '' })
}
writeFileSync(join(OUT, 'bare-bun-manifest.json'), JSON.stringify(manifest))

// Reference 1: nginx, fast static configuration.
const port = 20000 + Math.floor(Math.random() * 20000)
const brotli = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const hasBrotli = existsSync(brotli)
const conf = join(OUT, 'nginx.conf')
writeFileSync(
  conf,
  `${hasBrotli ? `load_module ${brotli};\n` : ''}worker_processes 1;
daemon off;
pid ${join(OUT, 'nginx.pid')};
error_log ${join(OUT, 'nginx-error.log')};
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  open_file_cache_min_uses 1;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  etag on;
  gzip_static on;
  gzip_vary on;
  ${hasBrotli ? 'brotli_static on;' : ''}
  types { application/json json; application/atom+xml xml; }
  client_body_temp_path ${TMP}; proxy_temp_path ${TMP}; fastcgi_temp_path ${TMP}; uwsgi_temp_path ${TMP}; scgi_temp_path ${TMP};
  server {
    listen 127.0.0.1:${port};
    root ${ROOT_DIR};
    location / {
      add_header Cache-Control "public, max-age=60";
      add_header Access-Control-Allow-Origin "*";
    }
  }
}
`,
)
const nginx = track(
  Bun.spawn(pinned(SERVER_CPU, ['nginx', '-e', join(OUT, 'nginx-error.log'), '-c', conf]), { stdout: 'ignore', stderr: 'inherit' }),
)
const nginxUrl = `http://127.0.0.1:${port}`

// Reference 2: bare Bun.serve with static routes; beside it (not a target), the same bytes from a minimal JavaScript handler.
const startBare = (...flags: string[]) =>
  track(
    Bun.spawn(pinned(SERVER_CPU, [process.execPath, join(import.meta.dir, 'bare-bun.ts'), join(OUT, 'bare-bun-manifest.json'), ...flags]), {
      stdout: 'pipe',
      stderr: 'inherit',
    }),
  )
const bare = startBare()
const bareUrl = await firstLine(bare.stdout)
const bareJs = startBare('--handler')
const bareJsUrl = await firstLine(bareJs.stdout)

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error('bare Bun reference did not start')
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return text.trim()
}

for (let i = 0; i < 200; i++) {
  try {
    await fetch(`${nginxUrl}${manifest[0]!.path}`, { method: 'HEAD' })
    break
  } catch {
    await Bun.sleep(25)
  }
}

/** Whether nginx can serve this endpoint's coding: br needs the brotli_static module, which a machine may not have. */
const nginxServes = (e: { encoding?: string }) => hasBrotli || e.encoding !== 'br'

// Same bytes, same status from all three, or the comparison means nothing.
for (const e of endpoints) {
  const { file, etag } = files.get(`${e.path} ${e.encoding ?? ''}`)!
  const base = file.replace(/\.(br|gz)$/, '')
  const accept: Record<string, string> = e.encoding ? { 'Accept-Encoding': e.encoding } : {}
  const expected = new Uint8Array(readFileSync(join(ROOT_DIR, file)))
  const nginxEtag = get(nginxUrl + base).headers.etag ?? ''
  const answers = {
    service: get(url + e.path, { ...accept, ...(e.conditional ? { 'If-None-Match': etag } : {}) }),
    ...(nginxServes(e) ? { nginx: get(nginxUrl + base, { ...accept, ...(e.conditional ? { 'If-None-Match': nginxEtag } : {}) }) } : {}),
    bun: get(bareUrl + file, e.conditional ? { 'If-None-Match': etag } : {}),
    bunJs: get(bareJsUrl + file, e.conditional ? { 'If-None-Match': etag } : {}),
  }
  for (const [who, answer] of Object.entries(answers)) {
    const ok = e.conditional ? answer.status === 304 : answer.status === 200 && Buffer.from(answer.body).equals(Buffer.from(expected))
    const encoding = answer.headers['content-encoding']
    if (!ok || (!e.conditional && encoding !== e.encoding))
      throw new Error(`${who} ${e.name}: status ${answer.status}, encoding ${encoding}, ${answer.body.byteLength} bytes`)
  }
}

/** CPU time (user + system, clock ticks) of a process and its children (nginx's worker). */
function cpuTicks(pid: number): number {
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    } catch {
      return []
    }
  })()
  return [pid, ...children].reduce((sum, p) => {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return sum + Number(fields[11]) + Number(fields[12])
  }, 0)
}
const TICK_US = 1e6 / Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim() || 100)

type Run = { rps: number; p50: string; p99: string; errors: number; cpuUs: number }
/**
 * wrk pinned to CLIENT_CPU; the server's CPU time per request (robust where req/s is not: on a shared
 * machine the server waits for its core, but the work per request stays the same) and, for the service,
 * its peak RSS sampled while it runs.
 */
async function wrk(target: string, headers: Record<string, string>, serverPid: number, sampleRss = false): Promise<Run & { rss: number }> {
  const script = join(OUT, 'wrk-headers.lua')
  writeFileSync(
    script,
    Object.entries(headers)
      .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
      .join('\n') + '\n',
  )
  let rss = 0
  const sampler = sampleRss ? setInterval(() => (rss = Math.max(rss, rssMb(serverPid))), 100) : undefined
  const cpuBefore = cpuTicks(serverPid)
  const run = Bun.spawn(pinned(CLIENT_CPU, ['wrk', '-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, target]), {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const out = await new Response(run.stdout).text()
  await run.exited
  clearInterval(sampler)
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  return {
    cpuUs: requests ? ((cpuTicks(serverPid) - cpuBefore) * TICK_US) / requests : NaN,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: /\s50%\s+(\S+)/.exec(out)?.[1] ?? '?',
    p99: /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?',
    errors: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0),
    rss,
  }
}

let loadedRss = 0
const rows: Record<string, unknown>[] = []
for (const e of endpoints) {
  const { file, bytes, etag } = files.get(`${e.path} ${e.encoding ?? ''}`)!
  const base = file.replace(/\.(br|gz)$/, '')
  const accept: Record<string, string> = e.encoding ? { 'Accept-Encoding': e.encoding } : {}
  const nginxEtag = e.conditional ? (get(nginxUrl + base).headers.etag ?? '') : ''
  const runs = { service: [] as Run[], nginx: [] as Run[], bun: [] as Run[], bunJs: [] as Run[] }
  const conditional: Record<string, string> = e.conditional ? { 'If-None-Match': etag } : {}
  const measure = {
    service: async () => {
      const s = await wrk(url + e.path, { ...accept, ...conditional }, service.pid, true)
      loadedRss = Math.max(loadedRss, s.rss)
      runs.service.push(s)
    },
    nginx: async () =>
      void runs.nginx.push(await wrk(nginxUrl + base, { ...accept, ...(e.conditional ? { 'If-None-Match': nginxEtag } : {}) }, nginx.pid)),
    bun: async () => void runs.bun.push(await wrk(bareUrl + file, conditional, bare.pid)),
    bunJs: async () => void runs.bunJs.push(await wrk(bareJsUrl + file, conditional, bareJs.pid)),
  }
  // Back to back, in a rotating order: each repeat is a fair pair even when the machine's load drifts.
  const order = (['service', 'nginx', 'bun', 'bunJs'] as const).filter((who) => who !== 'nginx' || nginxServes(e))
  for (let r = 0; r < repeats; r++) for (let k = 0; k < order.length; k++) await measure[order[(r + k) % order.length]!]()
  const pick = (list: Run[]) => {
    const rps = median(list.map((x) => x.rps))
    return list.find((x) => x.rps === rps)!
  }
  const pairedRatio = (reference: Run[]) => median(runs.service.map((s, i) => s.rps / reference[i]!.rps))
  // Capacity from CPU time: how many of the service's requests fit in the CPU time of one of the reference's.
  const cpuRatio = (reference: Run[]) => median(reference.map((x) => x.cpuUs)) / median(runs.service.map((x) => x.cpuUs))
  const [s, n, b] = [pick(runs.service), runs.nginx.length ? pick(runs.nginx) : undefined, pick(runs.bun)]
  const cpu = (list: Run[]) => Number(median(list.map((x) => x.cpuUs)).toFixed(1))
  // Without nginx's answer (a coding it cannot serve here) its figures are null.
  const ifNginx = <T>(value: () => T): T | null => (n ? value() : null)
  rows.push({
    endpoint: e.name,
    bytes: e.conditional ? 0 : bytes,
    service_rps: Math.round(s.rps),
    nginx_rps: ifNginx(() => Math.round(n!.rps)),
    bun_rps: Math.round(b.rps),
    vs_nginx: ifNginx(() => Number(pairedRatio(runs.nginx).toFixed(2))),
    vs_bun: Number(pairedRatio(runs.bun).toFixed(2)),
    bun_js_rps: Math.round(median(runs.bunJs.map((x) => x.rps))),
    vs_bun_js: Number(pairedRatio(runs.bunJs).toFixed(2)),
    service_cpu_us: cpu(runs.service),
    nginx_cpu_us: ifNginx(() => cpu(runs.nginx)),
    bun_cpu_us: cpu(runs.bun),
    bun_js_cpu_us: cpu(runs.bunJs),
    cpu_vs_nginx: ifNginx(() => Number(cpuRatio(runs.nginx).toFixed(2))),
    cpu_vs_bun: Number(cpuRatio(runs.bun).toFixed(2)),
    service_p50: s.p50,
    service_p99: s.p99,
    nginx_p99: ifNginx(() => n!.p99),
    bun_p99: b.p99,
    errors: [runs.service, runs.nginx, runs.bun, runs.bunJs].map((list) => list.reduce((sum, x) => sum + x.errors, 0)).join('/'),
  })
  console.log(JSON.stringify(rows.at(-1)))
}
const afterRss = rssMb(service.pid)
service.kill('SIGTERM')
nginx.kill('SIGTERM')
bare.kill('SIGTERM')
bareJs.kill('SIGTERM')
await Promise.all([service.exited, nginx.exited, bare.exited, bareJs.exited])
if (scratch) rmSync(scratch, { recursive: true, force: true })
await saveResult('http', {
  data: dataset === 'sample' ? 'embedded sample (750 reviews)' : `${dataset} reviews`,
  wrk: `taskset -c ${CLIENT_CPU} wrk -t1 -c${connections} -d${duration}s --latency; servers on CPU ${SERVER_CPU}; ${repeats} rounds of the three back to back in rotating order: req/s are medians, ratios the median of the rounds' paired ratios`,
  nginx_brotli_static: hasBrotli,
  idle_rss_mb: Math.round(idleRss),
  peak_rss_under_load_mb: Math.round(loadedRss),
  rss_after_load_mb: Math.round(afterRss),
  rows,
})
