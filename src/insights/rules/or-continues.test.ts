import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('a denial goes on across "or"', () => {
  test.each([
    ['They never showed or phoned.', { punctuality: 'negative', communication: 'negative' }],
    ['They never called or emailed.', { communication: 'negative' }],
    ['He was not rude or pushy.', { professionalism: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
