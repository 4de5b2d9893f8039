import { describe, expect, test } from 'bun:test'
import { amountOf, isMoney } from './money'
import { tokensOf } from './tokenize'

describe('money', () => {
  test.each([
    ['It cost $150.', 150],
    ['It cost €150.', 150],
    ['It cost £1,200.', 1200],
    ['It cost 150 €.', 150],
    ['It cost 1.200,50 €.', 1200.5],
    ['It cost 49.99 euros.', 49.99],
    ['It cost 200 bucks.', 200],
  ])('%s reads an amount of %d', (text, value) => {
    const tokens = tokensOf(text)
    const at = tokens.findIndex((_, i) => isMoney(tokens, i))
    expect(at).toBeGreaterThan(0)
    expect(amountOf(tokens[at]!)).toBe(value)
  })

  test('a number that is no money', () => {
    const tokens = tokensOf('They sent 3 men and a 5 pound bag of parts.')
    expect(tokens.some((_, i) => isMoney(tokens, i))).toBe(false)
  })

  test('every currency sign is read as $, written as it was', () => {
    const signs = tokensOf('It was €20, then £30, then ₹40.').filter((t) => t.surface === '$')
    expect(signs.map((t) => t.raw)).toEqual(['€', '£', '₹'])
  })
})
