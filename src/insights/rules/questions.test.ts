import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('a question asking what is normal or what to do (questions.ts)', () => {
  test.each([
    'Is a $99 diagnostic fee normal for HVAC around here?',
    'Is it normal for a bathroom remodel to take six weeks?',
    'What should I do if the grout cracks again, call them or the tile supplier?',
    'Would they have charged extra on a Sunday?',
  ])('no opinion: %s', (text) => {
    expect(read(text)).toEqual({})
  })

  test.each([
    ['Is it normal to be this rude to customers?', { professionalism: 'negative' }],
    ['Why did nobody tell us?', { communication: 'negative' }],
  ] as [string, Record<string, string>][])('a question that complains: %s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
