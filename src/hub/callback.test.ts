import { describe, expect, test } from 'bun:test'
import { callbackProblem, normalizeUrl, withHubParams } from './callback'

describe('withHubParams', () => {
  test("keeps the callback's own query string byte for byte", () => {
    expect(withHubParams('https://s.example/cb?token=a%2Fb&x=%7E', [['hub.mode', 'subscribe']])).toBe(
      'https://s.example/cb?token=a%2Fb&x=%7E&hub.mode=subscribe',
    )
  })
  test.each([
    ['https://s.example/cb', 'https://s.example/cb?hub.challenge=a%20b'],
    ['https://s.example/cb?', 'https://s.example/cb?hub.challenge=a%20b'],
    ['https://s.example/cb?x=1&', 'https://s.example/cb?x=1&hub.challenge=a%20b'],
  ])('%s gets the right separator', (callback, expected) => {
    expect(withHubParams(callback, [['hub.challenge', 'a b']])).toBe(expected)
  })
})

describe('callbackProblem', () => {
  test.each([
    ['http://s.example/cb', 'not_https'],
    ['https://u:p@s.example/cb', 'userinfo'],
    ['https://s.example/cb#frag', 'fragment'],
    ['https://s.example/c b', 'invalid_url'],
    ['s.example/cb', 'invalid_url'],
    [`https://s.example/${'a'.repeat(2048)}`, 'too_long'],
    ['https://127.0.0.1/cb', 'non_public_address'],
    ['https://[::1]/cb', 'non_public_address'],
    ['https://localhost/cb', 'non_public_address'],
    ['https://api.localhost/cb', 'non_public_address'],
  ])('%s: %s', (callback, code) => {
    expect(callbackProblem(callback, false)?.code).toBe(code)
  })

  test('a public HTTPS callback passes; private ones pass only when allowed', () => {
    expect(callbackProblem('https://s.example/cb?x=1', false)).toBeNull()
    expect(callbackProblem('https://127.0.0.1:8443/cb', true)).toBeNull()
  })
})

describe('normalizeUrl', () => {
  test.each([
    ['https://s.example/a%7Eb', 'https://s.example/a~b'],
    ['https://s.example/a%7eb', 'https://s.example/a~b'],
    ['HTTPS://S.Example:443/cb', 'https://s.example/cb'],
    ['https://s.example', 'https://s.example/'],
    ['https://s.example/%66eed.xml', 'https://s.example/feed.xml'],
    ['https://s.example/feed.xml#top', 'https://s.example/feed.xml'],
    ['https://s.example/feed.xml?', 'https://s.example/feed.xml'],
    ['https://s.example/a/./b/../c', 'https://s.example/a/c'],
    ['https://s.example/cb?x=%7e&y=%2f', 'https://s.example/cb?x=~&y=%2F'],
  ])('%s compares as %s', (raw, normal) => {
    expect(normalizeUrl(raw)).toBe(normal)
  })

  test('reserved characters stay escaped: a%2Fb is not a/b', () => {
    expect(normalizeUrl('https://s.example/a%2Fb')).not.toBe(normalizeUrl('https://s.example/a/b'))
    expect(normalizeUrl('https://s.example/cb?a=1')).not.toBe(normalizeUrl('https://s.example/cb?A=1'))
  })
})
