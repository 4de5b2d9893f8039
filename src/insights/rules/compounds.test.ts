import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { tokensOf } from './tokenize'

describe('hyphenated words kept whole', () => {
  test('the word after a hyphen is not broken into letters', () => {
    expect(tokensOf('A high-quality job').map((t) => t.surface)).toEqual(['a', 'high', '-', 'quality', 'job'])
    expect(tokensOf('a 10-minute job').map((t) => t.surface)).toEqual(['a', '10', '-', 'minute', 'job'])
  })

  test.each([
    ['High-quality work.', { quality: 'positive' }],
    ['Late-night emergency service was great.', { speed: 'positive' }],
    ['A well-known company.', {}],
    ['A no-show.', { punctuality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
