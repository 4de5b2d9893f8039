/**
 * Identities and times of feed entries that depend on the data alone, never on where it is served:
 * Atom ids stay the same when BASE_URL changes (RFC 4287 §4.2.6), and an entry's `updated` moves when
 * the owner's reply is added or changed.
 */
// The runtime's own hasher: node:crypto would be linked at every start for it (bench/start-ab.ts).
const createHash = (algorithm: 'sha1') => new Bun.CryptoHasher(algorithm)

/** This service's UUID v5 namespace (RFC 9562 §5.5): fixed forever, or every entry id would change. */
const FEED_ID_NAMESPACE = '3ee0f076-0746-432b-bc9d-3093f4ff4a82'

/** RFC 9562 name-based UUID, SHA-1 (version 5). */
export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The feed's own id: one per business. */
export const feedUrn = (businessId: string) => `urn:uuid:${uuidV5(`feed/${businessId}`, FEED_ID_NAMESPACE)}`

/** An entry's id: business id and review id, nothing else. */
export const entryUrn = (businessId: string, reviewId: string) =>
  `urn:uuid:${uuidV5(`review/${businessId}/${reviewId}`, FEED_ID_NAMESPACE)}`

/**
 * Seconds into the entry's day at which it is stamped. Reviews carry a day, not a time, and many share
 * one; readers and the W3C validator want distinct `updated` instants. The offset (within the first hour)
 * is derived from what the entry says, so a new or edited reply moves it, and the same data always
 * gives the same instant.
 */
export function secondsIntoDay(fingerprint: string): number {
  return createHash('sha1').update(fingerprint, 'utf8').digest().readUInt32BE(0) % 3600
}
