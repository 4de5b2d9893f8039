/**
 * Every request the hub makes to a callback: HTTPS only, the host resolved once and every resolved
 * address checked, the connection made to that checked address (no DNS-rebinding window) and the
 * connected address checked again, no redirects followed, a hard timeout, a capped read.
 */
import type dns from 'node:dns'
import type https from 'node:https'
import type tls from 'node:tls'
import { readFileSync } from 'node:fs'
import { isPublicAddress } from './address'

// The network modules are loaded on the first outbound request, not at start: linking them costs a starting server
// milliseconds (bench/start-ab.ts).
const network = () => ({
  dns: require('node:dns') as typeof dns,
  https: require('node:https') as typeof https,
  tls: require('node:tls') as typeof tls,
})

export type OutboundResult = { status: number; body: string; address: string; ms: number }

export class OutboundError extends Error {
  constructor(
    readonly kind: 'blocked' | 'timeout' | 'tls' | 'network' | 'invalid',
    message: string,
  ) {
    super(message)
  }
}

export type OutboundOptions = {
  /** Keeps connections to a callback host open between requests; each connection was made to a checked address. */
  agent?: https.Agent
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: Uint8Array
  timeoutMs: number
  maxResponseBytes: number
  allowPrivate: boolean
  ca: string[]
  /** Aborts the request (shutdown). */
  signal?: AbortSignal
}

/** The system store plus the PEM bundle named by NODE_EXTRA_CA_CERTS (read once, before the first outbound request). */
export function trustedCertificates(extraCaFile?: string): string[] {
  const roots = [...network().tls.rootCertificates]
  if (extraCaFile) {
    try {
      roots.push(readFileSync(extraCaFile, 'utf8'))
    } catch {
      // Node warns and carries on with the system store; so do we.
    }
  }
  return roots
}

/** scheme://authority is parsed; the path and query are sent exactly as the subscriber wrote them. */
function splitCallback(callback: string): { url: URL; pathAndQuery: string } {
  const url = new URL(callback)
  const afterScheme = callback.indexOf('//') + 2
  const pathStart = callback.slice(afterScheme).search(/[/?]/)
  const rest = pathStart === -1 ? '' : callback.slice(afterScheme + pathStart)
  const withoutFragment = rest.split('#')[0]!
  return { url, pathAndQuery: withoutFragment.startsWith('?') ? `/${withoutFragment}` : withoutFragment || '/' }
}

/** A DNS lookup for the socket that refuses non-public addresses (unless allowed): it connects to exactly the checked ones. */
function lookupPublic(allowPrivate: boolean | undefined) {
  return (host: string, lookupOptions: dns.LookupOptions, callback: (...args: any[]) => void) => {
    network().dns.lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error)
      const list = addresses as dns.LookupAddress[]
      if (!allowPrivate) {
        const refused = list.find((a) => !isPublicAddress(a.address))
        if (refused) return callback(new OutboundError('blocked', `${host} resolves to ${refused.address}, a non-public address`))
      }
      if (list.length === 0) return callback(new OutboundError('network', `${host} does not resolve`))
      if (lookupOptions.all) callback(null, list)
      else callback(null, list[0]!.address, list[0]!.family)
    })
  }
}

export function outboundRequest(target: string, options: OutboundOptions): Promise<OutboundResult> {
  const started = performance.now()
  let url: URL
  let path: string
  try {
    ;({ url, pathAndQuery: path } = splitCallback(target))
  } catch {
    return Promise.reject(new OutboundError('invalid', 'not a valid URL'))
  }
  if (url.protocol !== 'https:') return Promise.reject(new OutboundError('invalid', 'callback is not HTTPS'))
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const checkedLookup = lookupPublic(options.allowPrivate)

  return new Promise<OutboundResult>((resolve, reject) => {
    let settled = false
    const finish = (error: Error | null, result?: OutboundResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', abort)
      if (error) reject(error)
      else resolve(result!)
    }
    const request = network().https.request(
      {
        host: hostname,
        port: url.port || 443,
        path,
        method: options.method,
        headers: { 'user-agent': 'reviews-service-websub-hub', ...options.headers, host: url.host },
        lookup: checkedLookup as never,
        ca: options.ca,
        servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
        agent: options.agent ?? false,
      },
      (response) => {
        const address = response.socket?.remoteAddress ?? ''
        if (!options.allowPrivate && address && !isPublicAddress(address)) {
          response.destroy()
          return finish(new OutboundError('blocked', `connected to ${address}, a non-public address`))
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          if (size >= options.maxResponseBytes) return
          chunks.push(chunk)
          size += chunk.length
          if (size >= options.maxResponseBytes) response.destroy()
        })
        const done = () =>
          finish(null, {
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString('utf8'),
            address,
            ms: Math.round(performance.now() - started),
          })
        response.on('end', done)
        response.on('close', done)
        response.on('error', (error) => finish(new OutboundError('network', error.message)))
      },
    )
    const timer = setTimeout(() => {
      request.destroy()
      finish(new OutboundError('timeout', `no answer within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    const abort = () => {
      request.destroy()
      finish(new OutboundError('network', 'aborted: shutting down'))
    }
    if (options.signal?.aborted) abort()
    else options.signal?.addEventListener('abort', abort, { once: true })
    request.on('error', (error: Error & { code?: string }) => {
      if (error instanceof OutboundError) return finish(error)
      const tlsFailure = /certificate|ssl|tls|self.signed|UNABLE_TO|ERR_TLS|CERT_/i.test(`${error.code} ${error.message}`)
      finish(new OutboundError(tlsFailure ? 'tls' : 'network', error.message))
    })
    if (options.body) request.end(Buffer.from(options.body))
    else request.end()
  })
}
