import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('work that did not last', () => {
  test.each([
    ['They made it worse.', { quality: 'negative' }],
    ['The tires had to be replaced after only two weeks.', { quality: 'negative' }],
    ['I had to replace the tires I got from them after only two weeks.', { quality: 'negative' }],
    ['Within a week it was broken again.', { quality: 'negative' }],
    ['They came within a week and fixed it.', { speed: 'positive', quality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each([
    'We had to replace the water heater after 15 years.',
    'The old fuse box had to be replaced, this was done within one day.',
    'He made sure it was not worse.',
  ])('no complaint: %s', (text) => {
    expect(Object.values(readAspects(text))).not.toContain('negative')
  })
})
