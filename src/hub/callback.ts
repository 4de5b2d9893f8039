/** Callback URLs: which ones the hub accepts, and how it adds its parameters to them. */
import { isPublicAddress } from './address'

export const MAX_CALLBACK_LENGTH = 2048

const UNRESERVED = /[A-Za-z0-9\-._~]/

/** Percent-escapes of unreserved characters decoded, every other escape's hex digits in upper case (RFC 3986 §6.2.2). */
function normalizeEscapes(part: string): string {
  return part.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`
  })
}

/**
 * The form two URLs are compared in (W3C WebSub §5.1.1, RFC 3986 §6.2.2-6.2.3): scheme and host in lower
 * case, the default port dropped, an empty path as "/", dot segments resolved, percent-escapes of unreserved
 * characters decoded, an empty query and any fragment dropped. Only for comparing: the hub always sends the
 * subscriber's own string. Not a URL: the string itself.
 */
export function normalizeUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return raw
  }
  return `${url.protocol}//${url.host}${normalizeEscapes(url.pathname)}${normalizeEscapes(url.search)}`
}

/**
 * Appends hub parameters to a callback, keeping its own query string byte for byte (never re-encoded
 * through URLSearchParams). Callbacks with a fragment are refused at subscribe time.
 */
export function withHubParams(callback: string, params: [string, string][]): string {
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  const separator = !callback.includes('?') ? '?' : callback.endsWith('?') || callback.endsWith('&') ? '' : '&'
  return `${callback}${separator}${query}`
}

/** Why a callback is refused before anything is sent to it, or null. Addresses are checked again when connecting. */
export function callbackProblem(callback: string, allowPrivate: boolean): { code: string; message: string } | null {
  if (callback.length > MAX_CALLBACK_LENGTH) return { code: 'too_long', message: `must be at most ${MAX_CALLBACK_LENGTH} characters` }
  if (!/^[\x21-\x7e]+$/.test(callback))
    return { code: 'invalid_url', message: 'must be a URL of printable ASCII characters, without spaces (percent-encode the rest)' }
  let url: URL
  try {
    url = new URL(callback)
  } catch {
    return { code: 'invalid_url', message: 'must be an absolute HTTPS URL' }
  }
  if (url.protocol !== 'https:') return { code: 'not_https', message: 'must be an HTTPS URL (plain HTTP callbacks are refused)' }
  if (url.username || url.password) return { code: 'userinfo', message: 'must not contain a user name or password' }
  if (callback.includes('#')) return { code: 'fragment', message: 'must not contain a fragment (#...)' }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate) {
    const literal = /^[\d.]+$/.test(host) || host.includes(':')
    if ((literal && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost')) {
      return { code: 'non_public_address', message: 'must point to a public address' }
    }
  }
  return null
}
