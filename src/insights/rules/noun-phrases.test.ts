import { describe, expect, test } from 'bun:test'
import { joinTokens, nounPhrases } from './noun-phrases'
import { tokensOf } from './tokenize'

describe('noun phrases and clause text', () => {
  test('runs of adjectives and nouns ending in a noun, opinions left out', () => {
    expect(nounPhrases(tokensOf('The new water heater works great.'))).toContain('new water heater')
    expect(nounPhrases(tokensOf('Great service.'))).toEqual(['service'])
  })

  test('every part is a noun phrase: it ends in a noun, starts with no quantity word, holds no opinion phrase', () => {
    expect(nounPhrases(tokensOf('They came several times with multiple trucks.'))).toEqual(['time', 'truck'])
    expect(nounPhrases(tokensOf('It was a bit pricey on short notice.'))).toEqual(['bit', 'short notice', 'notice'])
    expect(nounPhrases(tokensOf('The sump pump install went fine.'))).toEqual([
      'sump',
      'sump pump',
      'sump pump install',
      'pump',
      'pump install',
      'install',
    ])
    // A part that stops before the head is all nouns: "water heater", never "new water".
    expect(nounPhrases(tokensOf('The new water heater works great.'))).not.toContain('new water')
    // "top" read as a verb still makes "top notch" an opinion, not a topic.
    expect(nounPhrases(tokensOf('Top notch service.'))).toEqual(['service'])
    expect(nounPhrases(tokensOf('The gluten-free dishes were cold.'))).toEqual(['gluten-free dish', 'dish'])
  })

  test('tokens joined back without stray spaces', () => {
    expect(joinTokens(tokensOf("The tech wasn't on time, sadly."))).toBe("The tech wasn't on time, sadly.")
    expect(joinTokens(tokensOf('It came to €150, not $90.'))).toBe('It came to €150, not $90.')
  })
})
