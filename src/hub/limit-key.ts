/**
 * The key per-host limits count under (subscriptions, pending verifications, outbound slots): the
 * registrable domain of the callback's host (Public Suffix List), so wildcard DNS (a.evil.example,
 * b.evil.example, ...) cannot dodge them; an IP literal counts as itself, an IPv6 literal per /64.
 */
import type { getDomain as GetDomain } from 'tldts'
// Loaded on first use, not at start: linking node:net and building the Public Suffix List costs a starting server milliseconds (bench/start-ab.ts).
const isIP = (input: string): number => (require('node:net') as typeof import('node:net')).isIP(input)
const getDomain: typeof GetDomain = (...args) => (require('tldts') as typeof import('tldts')).getDomain(...args)
import { clientKey } from './address'

export function limitKeyOf(hostname: string): string {
  const bare = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '')
  if (isIP(bare)) return clientKey(bare)
  // Under a private suffix (github.io, ...) each registrant is its own domain; a bare suffix or a single label counts as itself.
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare
}
