import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('a denial goes on across "or"', () => {
  test.each([
    ['They never showed or phoned.', { punctuality: 'negative', communication: 'negative' }],
    ['They never called or emailed.', { communication: 'negative' }],
    ['He was not rude or pushy.', { professionalism: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('silence beside a no-show (or-continues.ts)', () => {
  test.each([
    'They never showed up or called.',
    'Never showed up or called.',
    'He never turned up or rang.',
    "He didn't turn up and didn't bother to cancel.",
    'Nobody came at the agreed time and the company did not cancel.',
    'They never showed up or cancelled.',
  ])('no-show and silence: %s', (text) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual({ punctuality: 'negative', communication: 'negative' })
  })

  test.each([
    'I never had to wait or call twice.',
    'Come or call anytime.',
    'They did not cancel.',
    'They were 30 minutes late and never cancelled on us.',
  ])('no silence: %s', (text) => {
    expect((readAspects(text, { learned: false }) as Record<string, string>).communication).toBeUndefined()
  })
})
