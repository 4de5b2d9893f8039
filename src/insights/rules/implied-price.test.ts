import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { compareAmounts } from './implied-price'
import { tokensOf } from './tokenize'

describe('implied price', () => {
  test('a bill above the quote is marked on the billed amount', () => {
    const tokens = tokensOf('They quoted $350 and then sent an invoice for $610.')
    compareAmounts(tokens)
    expect(tokens.find((t) => t.extra)?.extra?.phrase).toBe('billed above the quote')
  })

  test('one amount alone judges nothing', () => {
    const tokens = tokensOf('The invoice was $610.')
    compareAmounts(tokens)
    expect(tokens.some((t) => t.extra)).toBe(false)
  })

  test.each([
    ['They quoted $350 and then sent an invoice for $610.', { price: 'negative' }],
    ['They quoted $350 and the bill came to $340.', { price: 'positive' }],
    ['The invoice was almost twice the original quote.', { price: 'negative' }],
    // Without amounts.
    ['The final bill was exactly what they quoted.', { price: 'positive' }],
    ['Our final bill ended up lower than the estimate.', { price: 'positive' }],
    ['The total came in cheaper than the quote.', { price: 'positive' }],
    ['The bill was not exactly what they quoted, it was double.', { price: 'negative' }],
    // Other currencies, and the word before an amount names it.
    ['Quoted €150, final bill €280.', { price: 'negative' }],
    ['It was quoted at £200 and the invoice came to £450.', { price: 'negative' }],
    ['Estimate for the repair $150, actual invoice $300.', { price: 'negative' }],
    ['We were quoted 1.200 € and paid 1.150 €.', { price: 'positive' }],
    // An amount agreed, then asked for; a bare number after an amount of money.
    ['Agreed £60 on the phone, then he wanted £140.', { price: 'negative' }],
    ['Quoted $150 on the phone, then asked for $320 at the door.', { price: 'negative' }],
    ['Offer was 1200 euros, in the end we paid 1900.', { price: 'negative' }],
    ['We agreed on $500 and paid exactly $500.', { price: 'positive' }],
    ['Final price was 600 euro, the offer was 350.', { price: 'negative' }],
    // A clock time is no amount.
    ['Quoted $150, arrived at 9, billed $300.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('time billed', () => {
  test.each([
    ['Charged me $300 for a 10 minute job.', { price: 'negative' }],
    ['They charged $150 for 15 minutes of work.', { price: 'negative' }],
    ['They billed me for 4 hours but were only here for 2.', { price: 'negative' }],
    ['He billed 3 hours and worked 3 hours.', {}],
    ['Charged me £300 for a 10 minute job.', { price: 'negative' }],
    ['He was here for 20 minutes and billed us for two hours.', { price: 'negative' }],
    ['He was here 20 minutes and wrote up 2 hours.', { price: 'negative' }],
    ['Logged the fault and 2 hours later an engineer was here for 20 minutes.', {}],
    ['They charged 2 hours of labor for a 30 minute job.', { price: 'negative' }],
    ['They billed three hours for a one hour job.', { price: 'negative' }],
    ['Charged 4 hours labour, the man was in our house for 90 minutes.', { price: 'negative' }],
    ['He charged for an hour and a half although he was here for half an hour.', { price: 'negative' }],
    ['The job took four hours but they only charged us for one hour.', { price: 'positive' }],
    // A duration that is not the work's: no bill against it.
    ['They charged 2 hours and arrived 30 minutes late.', { punctuality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    // The rules' reading: the learned component may add what the sentence says beside the bill.
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})
