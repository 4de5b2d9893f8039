import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { statedCharges } from './charges'
import { tokensOf } from './tokenize'

describe('charges stated as facts', () => {
  test('the mark sits on the word that states the charge', () => {
    const tokens = tokensOf('We were charged for breakfast.')
    statedCharges(tokens)
    expect(tokens.find((t) => t.extra)?.surface).toBe('charged')
  })

  test('only the multiple is marked, not a later number', () => {
    const tokens = tokensOf('The price was twice the quote, and 3 technicians came.')
    statedCharges(tokens)
    expect(tokens.filter((t) => t.extra).map((t) => t.surface)).toEqual(['twice'])
  })

  test.each([
    ['We had to pay another $200 to fix the wiring.', { price: 'negative' }],
    ['We were charged for breakfast.', { price: 'negative' }],
    ['It ended up costing 3 times the value of the coupon.', { price: 'negative' }],
    ['His price was twice the price of the dealer.', { price: 'negative' }],
    ['I was charged nearly 30% more than before.', { price: 'negative' }],
    ['He charges 75% over the counter prices.', { price: 'negative' }],
    ['They put my spare on and charged me $25 for that.', { price: 'negative' }],
    ['He also charged me $100 for administrative charges.', { price: 'negative' }],
    // Billed for what was never done, or for the journey.
    ['They charged us for work that was never done.', { price: 'negative' }],
    ['There were things on the bill that were never done.', { price: 'negative' }],
    ['Charged us for a service they did not perform.', { price: 'negative' }],
    ['The landscaper invoiced for hedge trimming which he never touched.', { price: 'negative' }],
    ['Then charged 1 hour and 10 minutes for the return journey.', { price: 'negative' }],
    ['They charged us for travel time.', { price: 'negative' }],
    ['Charged for three coats, only put two on.', { price: 'negative' }],
    ['They charged us extra for travel.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('complaint: %s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each([
    'We were charged only for the hour.',
    'He only charged me $50 for the visit.',
    'He charged me $180, $20 less than he had told me.',
    "We didn't have to pay for the second visit.",
    'He saved us from having to pay for an after hours visit.',
    'If you want your car back then you have to pay.',
    'We now use 20% more water than before.',
    "They didn't charge us for travel time.",
    'Charged only for the travel.',
    'They charged us for the paint and we only used one tin.',
    'Charged a fair price, only took an hour.',
    "The bill was lower than the quote because they didn't need to replace the pump.",
    "He charged less than quoted since it didn't take as long.",
    'They charged £2,800 for our new block-paved drive.',
    'They charge a small, fair fee for travel.',
    'Is it normal for a plumber to charge travel time?',
    'The bill was fair, they never did anything extra.',
    'They charged for the call out, which I never mind.',
    'They fixed the leak, reduced the bills and had them shut off the gas.',
  ])('no complaint: %s', (text) => {
    expect(Object.values(readAspects(text))).not.toContain('negative')
  })
})

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('much charged for little: the amount, then "just"/"only" and what it bought (charges.ts)', () => {
  test.each([
    'He wanted $120 just to look at the furnace.',
    'They charged me 60 dollars just to replace a bulb.',
    'It cost $95 only to be told it could not be fixed.',
    'They billed $150 just for the estimate.',
    '$80 just to walk in the door!',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ price: 'negative' })
  })

  test.each([
    // "only" before the amount is fair; an offer; a price list; the work free beside it.
    'They only charged $40 for the visit.',
    'I would gladly pay 50 dollars just to skip the line.',
    'He charges $70 just for coming out, $10 for the front door, and $15 to do the mailbox.',
  ])('no complaint from it: %s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })
})

describe("much for little, but not a part's own price or a fee credited (charges.ts)", () => {
  test.each([
    'They charged $30 just for the filter, which was cheaper than the store.',
    'They charge $89 just for the diagnostic, but it goes toward the repair.',
  ])('%s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })
})
