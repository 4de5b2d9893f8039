import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('wishes name what was missing', () => {
  test.each([
    ['Staff could be more friendly.', { professionalism: 'negative' }],
    ['The communication could have been better.', { communication: 'negative' }],
    ['Rooms could have been cleaner.', { cleanliness: 'negative' }],
    ['It would be nice if they called back.', { communication: 'negative' }],
    ['I would be happy to recommend them.', {}],
    ["Couldn't be better.", {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
