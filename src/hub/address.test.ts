import { describe, expect, test } from 'bun:test'
import { isPublicAddress } from './address'

describe('isPublicAddress', () => {
  test.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '[2001:4860:4860::8888]'])(
    '%s is public',
    (a) => expect(isPublicAddress(a)).toBe(true),
  )

  test.each([
    ['loopback', '127.0.0.1'],
    ['loopback, odd spelling of the range', '127.255.255.254'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.255'],
    ['private 192.168/16', '192.168.0.1'],
    ['CGNAT', '100.64.0.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['unspecified', '0.0.0.0'],
    ['documentation', '203.0.113.7'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['unique local', 'fd00::1'],
    ['IPv6 link-local', 'fe80::1%eth0'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private, hex form', '::ffff:a00:1'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
    ['6to4', '2002:7f00:1::'],
    ['documentation IPv6', '2001:db8::1'],
    ['not an address', 'example.com'],
    ['empty', ''],
  ])('%s (%s) is refused', (_, a) => expect(isPublicAddress(a)).toBe(false))

  test('an IPv4-mapped public address is judged by its IPv4 address', () => {
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true)
  })
})
