import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { refusals } from './refusals'
import { tokensOf } from './tokenize'

describe('refusals and work left undone', () => {
  test('the mark sits on the refused verb', () => {
    const tokens = tokensOf('He refused to give us a discount.')
    refusals(tokens)
    expect(tokens.find((t) => t.extra)?.surface).toBe('give')
    expect(tokens.find((t) => t.extra)?.extra?.aspects).toEqual(['price'])
  })

  test.each([
    ['He refused to give us a discount.', { price: 'negative', professionalism: 'negative' }],
    ['They would not take my coupon.', { price: 'negative' }],
    ['The manager would not even walk up to me.', { professionalism: 'negative' }],
    ['He said he would not let me speak to his supervisor.', { professionalism: 'negative' }],
    ['He would not tell me what the part cost.', { communication: 'negative' }],
    ['They failed to explain what went wrong.', { communication: 'negative' }],
    // An answer refused is silence, though the lexicon feels "explain" as praise.
    ['He refused to explain the charges.', { professionalism: 'negative', communication: 'negative' }],
    ['They refused to discuss it.', { professionalism: 'negative', communication: 'negative' }],
    // An answer not given is silence, though the lexicon feels "respond" as praise.
    ['They failed to respond to my emails.', { communication: 'negative' }],
    ["They didn't contact us until a week later.", { communication: 'negative' }],
    ["They didn't shut the hood all the way.", { quality: 'negative' }],
    ['They did not put on the filter that I asked for.', { quality: 'negative' }],
    ["He didn't clean up after himself.", { cleanliness: 'negative' }],
  ] as [string, Record<string, string>][])('complaint: %s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each([
    "I wouldn't recommend them.",
    "We didn't replace the heater this year.",
    "He wouldn't accept my tip.",
    "They won't let you down.",
    "He wouldn't leave until the leak had stopped.",
    'The other plumber refused to look at it.',
  ])('no complaint: %s', (text) => {
    const found = readAspects(text) as Record<string, string>
    expect(Object.values(found)).not.toContain('negative')
  })

  test.each([
    "They didn't even look at the second faucet.",
    'The crew did not reset the breaker.',
    'He did not reinstall the cover plate.',
  ])('parts not put back, checks not made (rules alone): %s', (text) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual({ quality: 'negative' })
  })
})

describe('work left undone said with "never" (refusals.ts)', () => {
  test.each([
    ['They never checked the brakes.', { quality: 'negative' }],
    ['He never tightened the bolts on the railing.', { quality: 'negative' }],
    ['The crew never cleaned up the sawdust.', { cleanliness: 'negative' }],
    ['They never inspected the attic, just the roof.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })

  test.each(['We never checked the brakes ourselves.', 'They never put any pressure on us to buy.'])('no work undone: %s', (text) => {
    expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
  })
})

describe('"never" of relief, not work left undone (refusals.ts)', () => {
  test.each([
    "I'm glad they never replaced the whole unit, just the part.",
    'Luckily he never replaced the motor, it just needed a belt.',
    'They never replaced anything that did not need replacing.',
  ])('%s', (text) => {
    expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
  })
})
