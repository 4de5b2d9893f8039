/** MCP tools/call throughput over streamable HTTP, against the same searches over plain HTTP. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { join } from 'node:path'
import { OUT, saveResult, startBinary } from './lib'

const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 1000)
const CLIENTS = 8
const { proc, url } = await startBinary({ DATA_DIR: join(OUT, `data-${process.env.BENCH_HTTP_SIZE ?? 10000}`) })
const args = (i: number) => ({ rating: (i % 5) + 1, limit: 5 })

async function connect() {
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
  return client
}

const single = await connect()
let t = performance.now()
for (let i = 0; i < CALLS; i++) await single.callTool({ name: 'search_reviews', arguments: args(i) })
const sequential = CALLS / ((performance.now() - t) / 1000)

const clients = await Promise.all(Array.from({ length: CLIENTS }, connect))
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

for (const client of [single, ...clients]) await client.close()
proc.kill('SIGTERM')
await saveResult('mcp', {
  calls: CALLS,
  mcp_sequential_calls_per_s: Math.round(sequential),
  [`mcp_${CLIENTS}_sessions_calls_per_s`]: Math.round(concurrent),
  http_search_sequential_requests_per_s_reference: Math.round(httpSequential),
  ratio_sequential_mcp_to_http: Number((sequential / httpSequential).toFixed(2)),
})
