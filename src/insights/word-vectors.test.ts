import { describe, expect, test } from 'bun:test'
import { wordVectors } from './word-vectors'

const cosine = (a: string, b: string) => {
  const { vectorOf } = wordVectors()
  const x = vectorOf(a)!
  const y = vectorOf(b)!
  return x.reduce((sum, v, d) => sum + v * y[d]!, 0)
}

describe('the pretrained word vectors', () => {
  test('hold the domain words beyond the most frequent ones, each of unit length', () => {
    const { vectorOf, dimensions } = wordVectors()
    expect(dimensions).toBe(100)
    for (const word of ['the', 'plumber', 'courteous', 'punctual', 'overcharged', 'unresponsive']) {
      const v = vectorOf(word)
      expect(v?.length).toBe(dimensions)
      expect(Math.hypot(...v!)).toBeCloseTo(1, 1)
    }
    expect(vectorOf('xqzzyplumb')).toBeUndefined()
  })

  test('put words of one sense nearer each other than words of another', () => {
    expect(cosine('polite', 'courteous')).toBeGreaterThan(cosine('polite', 'furnace'))
    expect(cosine('expensive', 'costly')).toBeGreaterThan(cosine('expensive', 'rude'))
    expect(cosine('late', 'early')).toBeGreaterThan(cosine('late', 'bathroom'))
  })

  test('are decoded once', () => {
    expect(wordVectors()).toBe(wordVectors())
  })
})

describe('word-vectors.json', () => {
  test('is small enough to ship: under 4 MB', () => {
    const file = Bun.file(new URL('./word-vectors.json', import.meta.url))
    expect(file.size).toBeLessThan(4 * 1024 * 1024)
  })
})
