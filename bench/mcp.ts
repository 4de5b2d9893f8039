/**
 * MCP tools/call throughput over streamable HTTP, against the same searches over plain HTTP; one session whose
 * requests alternate between two processes on one DATA_DIR; and what checking a session costs per request, for
 * the two ways a session can be known to every process: a row in SQLite (what the service does) or a signed id
 * (HMAC, no state).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionStore } from '../src/api/mcp-session-store'
import { MIGRATIONS } from '../src/service'
import { openDatabase } from '../src/db/database'
import { OUT, saveResult, startBinary } from './lib'

const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 1000)
const CLIENTS = 8
// Absent (no dataset imported by bench/datasets.ts), the server seeds the embedded sample there.
const DATA_DIR = join(OUT, `data-${process.env.BENCH_HTTP_SIZE ?? 10000}`)
const { proc, url } = await startBinary({ DATA_DIR })
const args = (i: number) => ({ rating: (i % 5) + 1, limit: 5 })

async function connect(fetchVia?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>) {
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), fetchVia ? { fetch: fetchVia } : {}))
  return client
}

const single = await connect()
let t = performance.now()
for (let i = 0; i < CALLS; i++) await single.callTool({ name: 'search_reviews', arguments: args(i) })
const sequential = CALLS / ((performance.now() - t) / 1000)

const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connect()))
t = performance.now()
await Promise.all(
  clients.map(async (client, c) => {
    for (let i = 0; i < CALLS / CLIENTS; i++) await client.callTool({ name: 'search_reviews', arguments: args(i + c) })
  }),
)
const concurrent = CALLS / ((performance.now() - t) / 1000)

t = performance.now()
for (let i = 0; i < CALLS; i++) await (await fetch(`${url}/api/reviews/search?rating=${(i % 5) + 1}&limit=5`)).arrayBuffer()
const httpSequential = CALLS / ((performance.now() - t) / 1000)

// One session, every request to the other process in turn (what round-robin in front of several does). A
// binary whose sessions live in one process fails here: the figure is then null.
const second = await startBinary({ DATA_DIR })
let turn = 0
let acrossProcesses: number | null = null
try {
  const alternating = await connect((input, init) => {
    const target = turn++ % 2 === 0 ? url : second.url
    const path = new URL(input instanceof Request ? input.url : String(input))
    return fetch(`${target}${path.pathname}${path.search}`, init)
  })
  await alternating.callTool({ name: 'search_reviews', arguments: args(0) }) // both processes have taken the session up
  t = performance.now()
  for (let i = 0; i < CALLS; i++) await alternating.callTool({ name: 'search_reviews', arguments: args(i) })
  acrossProcesses = CALLS / ((performance.now() - t) / 1000)
  await alternating.close()
} catch (error) {
  console.error(`one session across two processes failed: ${error}`)
}

for (const client of [single, ...clients]) await client.close()
proc.kill('SIGTERM')
second.proc.kill('SIGTERM')

/**
 * The per-request session check of each design, alone, over a table of 1,000 sessions: a signed id (HMAC-SHA256
 * of id and issue time, compared in constant time) against the row read the service does (and, for reference,
 * that read plus the write of the last use, which the service does at most once a second per session).
 */
function sessionCheckCosts(rounds = 200_000) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sessions-'))
  const db = openDatabase(join(dir, 'reviews.db'), MIGRATIONS)
  const store = new SessionStore(db)
  const ids = Array.from({ length: 1000 }, () => crypto.randomUUID())
  for (const id of ids) store.insert(id, '127.0.0.1', '{"jsonrpc":"2.0","id":1,"method":"initialize"}', Date.now())
  const key = randomBytes(32)
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  const signed = ids.map((id) => {
    const payload = `${id}.${Date.now()}`
    return `${payload}.${sign(payload)}`
  })
  const perCheck = (check: (i: number) => boolean) => {
    for (let i = 0; i < 1000; i++) check(i % 1000) // warm
    const started = Bun.nanoseconds()
    let ok = 0
    for (let i = 0; i < rounds; i++) if (check(i % 1000)) ok++
    if (ok !== rounds) throw new Error('a check failed')
    return Math.round((Bun.nanoseconds() - started) / rounds)
  }
  const hmac = perCheck((i) => {
    const token = signed[i]!
    const dot = token.lastIndexOf('.')
    const expected = Buffer.from(sign(token.slice(0, dot)))
    const given = Buffer.from(token.slice(dot + 1))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  const read = perCheck((i) => store.get(ids[i]!) !== null)
  const readWrite = perCheck((i) => store.get(ids[i]!) !== null && store.touch(ids[i]!, Date.now()))
  store.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return { hmac, read, readWrite }
}
const check = sessionCheckCosts(Number(process.env.BENCH_SESSION_CHECKS ?? 200_000))
const perCallUs = 1e6 / sequential

await saveResult('mcp', {
  calls: CALLS,
  mcp_sequential_calls_per_s: Math.round(sequential),
  [`mcp_${CLIENTS}_sessions_calls_per_s`]: Math.round(concurrent),
  mcp_one_session_alternating_2_processes_calls_per_s: acrossProcesses === null ? null : Math.round(acrossProcesses),
  http_search_sequential_requests_per_s_reference: Math.round(httpSequential),
  ratio_sequential_mcp_to_http: Number((sequential / httpSequential).toFixed(2)),
  session_check_ns_signed_id_hmac: check.hmac,
  session_check_ns_sqlite_row_read: check.read,
  session_check_ns_sqlite_read_and_write_each_request: check.readWrite,
  sqlite_check_share_of_a_call_percent: Number(((check.read / 1000 / perCallUs) * 100).toFixed(2)),
})
