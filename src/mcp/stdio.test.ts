import { describe, expect, test } from 'bun:test'
import { PassThrough } from 'node:stream'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { LineTransport } from './stdio'

/** A transport on in-memory streams whose server answers each request `delayMs` after reading it. */
const slowServer = async (delayMs: number, drainTimeoutMs: number) => {
  const input = new PassThrough()
  const output = new PassThrough()
  const lines: string[] = []
  output.setEncoding('utf8')
  output.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)))
  const transport = new LineTransport(input, output, drainTimeoutMs)
  const closed = new Promise<number>((resolve) => {
    transport.onclose = () => resolve(performance.now())
  })
  transport.onmessage = (message) => {
    const id = (message as { id: number }).id
    setTimeout(() => void transport.send({ jsonrpc: '2.0', id, result: {} } as JSONRPCMessage), delayMs)
  }
  await transport.start()
  input.end(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`)
  return { lines, closed }
}

describe('stdio: stdin closing while an answer is computed', () => {
  test('an answer that takes longer than a moment is still written before the transport closes', async () => {
    const { lines, closed } = await slowServer(300, 60_000)
    await closed
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([7])
  })

  test('the drain has a bound: a request that never answers in time does not keep the process open', async () => {
    const { lines, closed } = await slowServer(2_000, 50)
    await closed
    expect(lines).toEqual([])
  })
})
