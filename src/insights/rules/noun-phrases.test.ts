import { describe, expect, test } from 'bun:test'
import { joinTokens, nounPhrases } from './noun-phrases'
import { tokensOf } from './tokenize'

describe('noun phrases and clause text', () => {
  test('runs of adjectives and nouns ending in a noun, opinions left out', () => {
    expect(nounPhrases(tokensOf('The new water heater works great.'))).toContain('new water heater')
    expect(nounPhrases(tokensOf('Great service.'))).toEqual(['service'])
  })

  test('tokens joined back without stray spaces', () => {
    expect(joinTokens(tokensOf("The tech wasn't on time, sadly."))).toBe("The tech wasn't on time, sadly.")
  })
})
