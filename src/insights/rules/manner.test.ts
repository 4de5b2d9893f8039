import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('time and speed words that are not about the service', () => {
  test.each([
    ['Late Friday afternoon the breaker tripped.', {}],
    ['Sorry for the late review!', {}],
    ['Quick question: is the permit included?', {}],
    ['I quickly realized the shutoff valve was seized.', {}],
    ['We needed someone fast because the basement was flooding.', {}],
    ['Scott was quick to answer every one of my questions.', { communication: 'positive' }],
    ['The drain had been slow for months.', {}],
    ['He explained everything slow and clear.', { communication: 'positive' }],
    ['The tech was slow.', { speed: 'negative' }],
    ['My husband fixed the fence while they worked on the boiler.', {}],
    ['Started leaking within a week.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
