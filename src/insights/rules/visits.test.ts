import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe("coming back: the customer's return, the business's repeat visits", () => {
  test.each([
    ['We will never come back.', {}],
    ["We won't be back.", {}],
    ['Not coming back.', {}],
    ["We'll definitely be back!", {}],
    ['I will never return here.', {}],
    ['Will be back again.', {}],
    ['Ill be back there for my next oil change.', {}],
    ['I was disappointed and will not return.', {}],
    ['They never returned my calls.', { communication: 'negative' }],
    ['They never returned.', { communication: 'negative' }],
    ['They had to come back twice to fix it.', { quality: 'negative' }],
    ['He came back three times and it still leaks.', { quality: 'negative' }],
    ['The leak came back within a week.', { quality: 'negative' }],
    ['The tech left for lunch to pick up a part and was back in 40 minutes.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('the customer bringing it back, counted, for the same fault (visits.ts repeatVisits)', () => {
  test.each([
    'I ended up taking my car back 4 times for the same exact problem.',
    'We had to take the phone back twice to get it fixed.',
    'I brought the laptop back three times and it still crashes.',
  ])('quality complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).quality).toBe('negative')
  })

  test.each(['I take my car back there every year.', 'I brought it back twice for oil changes and they were great.'])(
    'no complaint: %s',
    (text) => {
      expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
    },
  )
})
