import { describe, expect, test } from 'bun:test'
import type { LearnedModel } from './learned'
import { labelProbabilities, sentenceFeatures, withLearned } from './learned'
import { tokensOf } from './tokenize'

const model: LearnedModel = {
  labels: ['communication:negative', 'communication:positive'],
  bias: [-3, -3],
  weights: { 'n:call': [0, 6], 'w:rude': [0, -1] },
  add: 0.8,
  drop: 0,
}

describe('the learned component', () => {
  test('features: lemmas, pairs, negated lemmas and the rules reading', () => {
    const features = sentenceFeatures(tokensOf('They never called.'), new Map([['punctuality', -0.5]]))
    expect(features).toContain('w:call')
    expect(features).toContain('n:call')
    expect(features).toContain('b:never_call')
    expect(features).toContain('r:punctuality:negative')
  })

  test('adds a label the rules missed only when sure, and keeps what the rules found', () => {
    const tokens = tokensOf('They never called.')
    expect(labelProbabilities(model, sentenceFeatures(tokens, new Map()))[0]).toBeGreaterThan(0.9)
    expect(withLearned(model, tokens, new Map())).toEqual(new Map([['communication', -0.5]]))
    expect(withLearned(model, tokensOf('They called.'), new Map([['speed', 0.6]]))).toEqual(new Map([['speed', 0.6]]))
  })
})
