import { describe, expect, test } from 'bun:test'
import { contextFor } from '../analyzer'
import { readAspects } from '../evaluate'
import { maskPhrases } from './service-names'
import { tokensOf } from './tokenize'

const plumber = contextFor({
  name: 'Example Plumbing',
  description: 'Plumbing and drains.',
  services: [{ id: 'drain-cleaning', name: 'Drain cleaning' }],
})

describe("the business's own service names", () => {
  test('a service name is masked token by token', () => {
    const tokens = tokensOf('Drain cleaning for the kitchen sink.')
    maskPhrases(tokens, [['drain', 'cleaning']])
    expect(tokens.filter((t) => t.masked).map((t) => t.surface)).toEqual(['drain', 'cleaning'])
  })

  test('"drain cleaning" is a service, not cleanliness', () => {
    expect(readAspects('Drain cleaning for the kitchen sink.', plumber)).toEqual({})
    expect(readAspects('They left everything clean.', plumber)).toEqual({ cleanliness: 'positive' })
  })

  test("a cleaning company's cleanliness is the quality of its work", () => {
    const maids = contextFor({ name: 'Sparkle Maids', description: 'House cleaning service.', services: [] })
    expect(readAspects('They left the kitchen spotless.', maids)).toEqual({ quality: 'positive' })
  })
})
