import { describe, expect, test } from 'bun:test'
import { matchAt } from './lexicon-index'
import { tokensOf } from './tokenize'

describe('the lexicon as one matcher', () => {
  test('the longest entry wins, and an idiom is matched whole', () => {
    const tokens = tokensOf('It cost an arm and a leg')
    const match = matchAt(tokens, 3)
    expect(match?.entry.fixed).toBe(true)
    expect(match?.entry.aspects).toEqual(['price'])
    expect(match?.length).toBe(4)
  })

  test('hyphenated entries match written with the hyphen or apart', () => {
    const hyphen = tokensOf('a no-show')
    const apart = tokensOf('a no show')
    expect(matchAt(hyphen, 1)?.entry.aspects).toContain('punctuality')
    expect(matchAt(apart, 1)?.entry.aspects).toContain('punctuality')
  })
})
