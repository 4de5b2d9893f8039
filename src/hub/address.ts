/**
 * Which addresses a callback may reach. Only public unicast addresses pass: loopback, private,
 * link-local, CGNAT, multicast, reserved, documentation, unspecified and IPv4-mapped or translated
 * forms of those are refused. Hostnames are checked on every address they resolve to, and the
 * connection then goes to the address that was checked (see outbound.ts).
 */
// Loaded on first use, not at start: linking it costs a starting server milliseconds (bench/start-ab.ts).
const isIP = (input: string): number => (require('node:net') as typeof import('node:net')).isIP(input)

type Range = [prefix: bigint, bits: number, total: 32 | 128]

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n)
}

function ipv6ToBigInt(address: string): bigint {
  let text = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
  // An embedded dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[1]!)
    text = text.slice(0, -dotted[1]!.length) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group || '0', 16)), 0n)
}

const v4 = (cidr: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string]
  return [ipv4ToBigInt(address), Number(bits), 32]
}
const v6 = (cidr: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string]
  return [ipv6ToBigInt(address), Number(bits), 128]
}

const BLOCKED_V4: Range[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
].map(v4)

const BLOCKED_V6: Range[] = [
  '::/128',
  '::1/128',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
].map(v6)

const inRange = (value: bigint, [prefix, bits, total]: Range) =>
  bits === 0 || value >> BigInt(total - bits) === prefix >> BigInt(total - bits)

/** True only for a public unicast IP address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (family === 4) return !BLOCKED_V4.some((range) => inRange(ipv4ToBigInt(bare), range))
  if (family !== 6) return false
  const value = ipv6ToBigInt(bare)
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) carry an IPv4 address: judge that one.
  const embedded = value & 0xffffffffn
  const upper = value >> 32n
  if (upper === 0xffffn || upper === 0n || upper === ipv6ToBigInt('64:ff9b::') >> 32n) {
    const dotted = [24n, 16n, 8n, 0n].map((shift) => String((embedded >> shift) & 0xffn)).join('.')
    return upper === 0n && embedded <= 1n ? false : isPublicAddress(dotted)
  }
  // Global unicast is 2000::/3; everything else is special.
  if (value >> 125n !== 1n) return false
  return !BLOCKED_V6.some((range) => inRange(value, range))
}

/**
 * The key a client's hub requests are rate-limited under: its IPv4 address, or the /64 of its IPv6
 * address (one customer usually holds a whole /64, so per-address limits would be no limit at all).
 */
export function clientKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '')
  if (isIP(bare) !== 6) return bare
  const value = ipv6ToBigInt(bare)
  if (value >> 32n === 0xffffn) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.') // IPv4-mapped
  const prefix = value >> 64n
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((prefix >> shift) & 0xffffn).toString(16))
  return `${groups.join(':')}::/64`
}
