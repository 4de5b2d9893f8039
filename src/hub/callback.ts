/** Callback URLs: which ones the hub accepts, and how it adds its parameters to them. */
import { isPublicAddress } from './address'

export const MAX_CALLBACK_LENGTH = 2048

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
