import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('complaint words (lexicon COMPLAINT_WORDS)', () => {
  test.each([
    ['The receptionist was snooty.', { professionalism: 'negative' }],
    ['$220 to tow a car a few blocks is excessive.', { price: 'negative' }],
    ['Staff ripped us off with prices.', { price: 'negative' }],
    ['He did not know what he was doing.', { professionalism: 'negative' }],
    ['Their prices are inflated.', { price: 'negative' }],
    ['The room was dusty.', { cleanliness: 'negative' }],
    ['The inspection was subpar.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test('negation flips them like any plain word', () => {
    expect(readAspects('The tech was not aggressive at all.') as Record<string, string>).toEqual({ professionalism: 'positive' })
  })
})
