/** Two `serve` processes on one DATA_DIR, each on its own port (0): what a proxy or `--workers` puts side by side. */
import { rmSync } from 'node:fs'
import { dataDirWith } from '../support/data-dir'
export { readUntil } from '../support/event-stream'
import { MAIN, type Running, startListening } from '../support/spawn'

export type Pair = { a: Running; b: Running; dataDir: string; stop: () => Promise<void> }

export async function startPair(env: Record<string, string> = {}): Promise<Pair> {
  const dataDir = dataDirWith(undefined, 'reviews-pair-')
  const start = () =>
    startListening(['bun', MAIN, 'serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATA_POLL_MS: '100', ...env })
  const [a, b] = await Promise.all([start(), start()])
  return {
    a,
    b,
    dataDir,
    stop: async () => {
      for (const running of [a, b]) running.proc.kill('SIGTERM')
      await Promise.all([a.proc.exited, b.proc.exited])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The first JSON event of either process, logged after this call, that satisfies `test` (polls the lines drained so far). */
export async function eventOnEither(
  pair: Pair,
  test: (event: Record<string, unknown>) => boolean,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const from = [pair.a.stderrLines.length, pair.b.stderrLines.length] as const
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const [i, running] of [pair.a, pair.b].entries()) {
      for (const line of running.stderrLines.slice(from[i])) {
        try {
          const event = JSON.parse(line) as Record<string, unknown>
          if (test(event)) return event
        } catch {
          // Not a JSON line.
        }
      }
    }
    await Bun.sleep(20)
  }
  throw new Error(`no matching event within ${timeoutMs} ms`)
}

export const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cross-process-test', version: '1' } },
}

export const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/mcp`, { method: 'POST', headers: { ...JSON_AND_SSE, ...headers }, body: JSON.stringify(body) })

/** Opens a session on `url`; the headers every later request of it carries. */
export async function openSession(url: string): Promise<Record<string, string>> {
  const response = await post(url, INITIALIZE)
  if (response.status !== 200) throw new Error(`initialize answered ${response.status}: ${await response.text()}`)
  await response.text()
  return { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' }
}
