/**
 * Malformed requests against the compiled binary: no Host, an invalid Host, CONNECT, absolute-form.
 * Each gets the JSON error shape with a 4xx, never the runtime's HTML error page; the request log
 * does not throw on them; the process keeps serving. The binary carries no source map.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary } from '../support/binary'
import { rawRequest } from '../support/raw-http'
import { eventsOf, startListening, waitForEvent, type Running } from '../support/spawn'

let workDir: string
let running: Running
let port: number

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'reviews-requests-'))
  running = await startListening([compiledBinary(), 'serve'], {
    DATA_DIR: join(workDir, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_REQUESTS: '1',
    PATH: '/usr/bin:/bin',
  })
  port = Number(new URL(running.url).port)
}, 60_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
  rmSync(workDir, { recursive: true, force: true })
})

describe('a malformed request gets JSON, never the runtime error page', () => {
  const cases: [string, string, number][] = [
    ['no Host (HTTP/1.0)', 'GET /x HTTP/1.0\r\n\r\n', 400],
    ['no Host on a known path', 'GET /reviews.json HTTP/1.0\r\n\r\n', 400],
    ['a Host with a space', 'GET /x HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
    ['a Host with a space on the search', 'GET /api/reviews/search?query=x HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
    ['a port out of range', 'GET /x HTTP/1.1\r\nHost: a:99999\r\n\r\n', 400],
    ['an unclosed IPv6 literal', 'GET /healthz HTTP/1.1\r\nHost: [::1\r\n\r\n', 400],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
    ['absolute-form to an unknown path', 'GET http://elsewhere.example/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 404],
  ]
  test.each(cases)('%s', async (_name, request, status) => {
    const response = await rawRequest(port, request)
    expect(response.status).toBe(status)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.body).not.toContain('<html')
    expect(response.body.length).toBeLessThan(400)
    expect(typeof (JSON.parse(response.body) as { error: string }).error).toBe('string')
  })

  test('absolute-form to a known path is served', async () => {
    const response = await rawRequest(port, 'GET http://elsewhere.example/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(response.status).toBe(200)
  })

  test('the process kept serving, and the request log logged them without an internal error', async () => {
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200)
    await waitForEvent(running, (e) => e.event === 'request' && e.status === 400 && e.path === '/x')
    await waitForEvent(running, (e) => e.event === 'request' && e.path === '/healthz')
    expect(eventsOf(running).filter((e) => e.event === 'internal_error')).toEqual([])
  })
})

/**
 * Sends the head and part of a body, then stops writing (the socket stays open for writing): returns what
 * the server answered and how the connection ended.
 */
function stalledUpload(head: string, body: string, waitMs = 5000) {
  return new Promise<{ raw: string; ended: boolean; error?: string }>((resolve) => {
    const chunks: Buffer[] = []
    let ended = false
    let error: string | undefined
    const socket = connect(port, '127.0.0.1', () => socket.write(head + body))
    const timer = setTimeout(() => socket.destroy(), waitMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => {
      ended = true
    })
    socket.on('error', (e) => {
      error = String(e)
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ raw: Buffer.concat(chunks).toString('utf8'), ended, error })
    })
  })
}

describe('a body over the cap from a client that stops writing', () => {
  const form = 'Content-Type: application/x-www-form-urlencoded'
  test.each([
    [
      'declared over the cap',
      `POST /api/websub/hub HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}\r\nContent-Length: 200000\r\n\r\n`,
      'a'.repeat(100_000),
    ],
    [
      'chunked, past the cap',
      `POST /api/websub/hub HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      `${(100_000).toString(16)}\r\n${'a'.repeat(100_000)}\r\n`,
    ],
  ])('%s: 413 in the JSON shape, then the server closes the connection cleanly (FIN, no reset)', async (_, head, body) => {
    const started = Date.now()
    const result = await stalledUpload(head, body)
    expect(result.raw).toStartWith('HTTP/1.1 413 ')
    expect(result.raw.toLowerCase()).toContain('\r\nconnection: close\r\n')
    const payload = JSON.parse(result.raw.slice(result.raw.indexOf('\r\n\r\n') + 4)) as { error: string; message: string }
    expect(payload.error).toBe('payload_too_large')
    expect(result.error).toBeUndefined()
    expect(result.ended).toBe(true)
    expect(Date.now() - started).toBeLessThan(4000)
  })
})

describe('the release binary', () => {
  test('carries no source map: no source file names in it, no .map beside it', () => {
    const binary = readFileSync(compiledBinary())
    expect(binary.includes('src/api/lifecycle.ts')).toBe(false)
    expect(existsSync(`${compiledBinary()}.map`)).toBe(false)
  })
})
