import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('a repair named in the story is no judgement of it', () => {
  test.each([
    ['He fixed our gate and put in a new faucet.', {}],
    ['I had them repair a small crack in the ceiling.', {}],
    ['He fixed the problem.', { quality: 'positive' }],
    ['He fixed everything.', { quality: 'positive' }],
    ['They never fixed the leak.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('phrases read from the real train split', () => {
  test.each([
    // Places and idioms that only look like speed, price or lateness.
    ['The waiting room has free coffee.', {}],
    ['Avoid this place at all costs.', {}],
    ["I can't wait to try them again.", {}],
    ['The wait was short.', { speed: 'positive' }],
    ['The wait was long.', { speed: 'negative' }],
    // Manners, ignored messages, refusals and extra charges.
    ['The owner threatened me.', { professionalism: 'negative' }],
    ['He started swearing at me.', { professionalism: 'negative' }],
    ['Shady business.', { professionalism: 'negative' }],
    ['They ignored my emails.', { communication: 'negative' }],
    ['The phone just rang.', { communication: 'negative' }],
    ['He refused to come out on a weekend.', { speed: 'negative' }],
    ['They tried to charge me for parts I never got.', { price: 'negative' }],
    ['He did forget to put the cover back.', { quality: 'negative' }],
    ["Don't forget to ask about the coupon.", {}],
    // Time expressions as speed.
    ['A truck finally came two hours later.', { speed: 'negative' }],
    ['We never got a quote.', { speed: 'negative' }],
    ['He got here in 20 minutes.', { speed: 'positive' }],
    ['I was charged 30% more than last time.', { price: 'negative' }],
    ['They failed to explain the extra fee.', { communication: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each(['I asked the landlord to come fix the heater.', 'We tried to fix it ourselves first.', 'He offered to help fix the gate.'])(
    'a fix wanted or attempted judges nothing (rules alone): %s',
    (text) => {
      expect((readAspects(text, { learned: false }) as Record<string, string>).quality).toBeUndefined()
    },
  )

  test.each(['He fixed it in an hour and it works perfectly.', 'He knows exactly how to fix it.'])(
    'a stated result or skill stays praise (rules alone): %s',
    (text) => {
      expect((readAspects(text, { learned: false }) as Record<string, string>).quality).toBe('positive')
    },
  )
})
