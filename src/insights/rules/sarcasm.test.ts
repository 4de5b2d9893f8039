import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('sarcasm and scare quotes', () => {
  test.each([
    ['Toilet still runs all night after they "fixed" it.', { quality: 'negative' }],
    ['Amazing communication, if you like talking to an answering machine.', { communication: 'negative' }],
    ['Great communication, I only had to call six times.', { communication: 'negative' }],
    ['$180 to flip a breaker, what a bargain.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
