/**
 * A real WebSub subscriber for tests: an HTTPS server on 127.0.0.1 (port 0) with a certificate from
 * a local CA made by openssl. Each callback path gets its own behaviour; every request is recorded,
 * and tests await requests as events instead of sleeping.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type Received = { method: string; path: string; query: string; rawUrl: string; headers: Headers; body: Uint8Array; at: number }
export type Behaviour = (request: Received) => Response | Promise<Response>

let authority: { dir: string; caFile: string; key: string; cert: string } | undefined

/** One CA and leaf certificate (localhost, 127.0.0.1) per test process. */
export function localCertificateAuthority() {
  if (authority) return authority
  const dir = mkdtempSync(join(tmpdir(), 'hub-ca-'))
  const run = (args: string[]) => {
    const result = Bun.spawnSync(['openssl', ...args], { cwd: dir })
    if (result.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr.toString()}`)
  }
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-subj',
    '/CN=reviews-service test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ])
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost'])
  Bun.spawnSync(
    [
      'sh',
      '-c',
      'printf "subjectAltName=DNS:localhost,IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n" > ext.cnf',
    ],
    { cwd: dir },
  )
  run([
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '3650',
    '-extfile',
    'ext.cnf',
  ])
  authority = {
    dir,
    caFile: join(dir, 'ca.pem'),
    key: readFileSync(join(dir, 'leaf.key'), 'utf8'),
    cert: readFileSync(join(dir, 'leaf.pem'), 'utf8'),
  }
  return authority
}

/** Answers a verification GET with the challenge, as a willing subscriber does. */
/**
 * The hub settings a test server runs with beside a local Subscriber: callbacks on loopback allowed, the local CA
 * trusted, quick retries, and the per-client limits out of the way (tests that check a limit set it).
 */
export const hubTestEnv = (ca: { caFile: string }, overrides: Record<string, string> = {}): Record<string, string> => ({
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  NODE_EXTRA_CA_CERTS: ca.caFile,
  HUB_RETRY_DELAYS_MS: '20,40',
  HUB_TIMEOUT_MS: '2000',
  HUB_REQUESTS_PER_MINUTE: '1000000',
  HUB_MAX_PENDING_PER_HOST: '1000000',
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: '1000000',
  ...overrides,
})

export const echoChallenge: Behaviour = (r) => {
  const challenge = new URLSearchParams(r.query).get('hub.challenge')
  return new Response(challenge ?? '', { status: challenge ? 200 : 400 })
}

export class Subscriber {
  readonly received: Received[] = []
  private readonly behaviours = new Map<string, Behaviour>()
  private waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = []
  private inFlight = 0
  maxInFlight = 0
  readonly server: ReturnType<typeof Bun.serve>

  constructor(options: { delayMs?: number } = {}) {
    const { key, cert } = localCertificateAuthority()
    this.server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      reusePort: false,
      tls: { key, cert },
      fetch: async (request) => {
        this.inFlight++
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
        try {
          const rawUrl = request.url
          const url = new URL(rawUrl)
          const queryStart = rawUrl.indexOf('?')
          const received: Received = {
            method: request.method,
            path: url.pathname,
            query: queryStart === -1 ? '' : rawUrl.slice(queryStart + 1),
            rawUrl,
            headers: request.headers,
            body: new Uint8Array(await request.arrayBuffer()),
            at: Date.now(),
          }
          if (options.delayMs) await Bun.sleep(options.delayMs)
          const behaviour = this.behaviours.get(url.pathname) ?? echoChallengeOrAccept
          const response = await behaviour(received)
          this.received.push(received)
          for (const waiter of this.waiters.filter((w) => w.test(received))) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1)
            waiter.resolve(received)
          }
          return response
        } finally {
          this.inFlight--
        }
      },
    })
  }

  get origin(): string {
    return `https://localhost:${this.server.port}`
  }

  url(path: string): string {
    return `${this.origin}${path}`
  }

  on(path: string, behaviour: Behaviour): this {
    this.behaviours.set(path, behaviour)
    return this
  }

  /** The next request matching `test` (already received ones count if not yet consumed by `since`). */
  next(test: (r: Received) => boolean, timeoutMs = 10_000, since = 0): Promise<Received> {
    const already = this.received.slice(since).find(test)
    if (already) return Promise.resolve(already)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the subscriber received no matching request in time')), timeoutMs)
      this.waiters.push({
        test,
        resolve: (r) => {
          clearTimeout(timer)
          resolve(r)
        },
      })
    })
  }

  requests(path: string, method?: string): Received[] {
    return this.received.filter((r) => r.path === path && (!method || r.method === method))
  }

  stop(): void {
    this.server.stop(true)
  }
}

const echoChallengeOrAccept: Behaviour = (r) => (r.method === 'GET' ? echoChallenge(r) : new Response(null, { status: 204 }))
