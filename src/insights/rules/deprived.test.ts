import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('things the customer never got', () => {
  test.each([
    ['I never received a call back.', { communication: 'negative' }],
    ['I never got my refund.', { price: 'negative' }],
    ['We never received an apology.', { professionalism: 'negative' }],
    ['I never got a response to my email.', { communication: 'negative' }],
    ['Never got the refund they promised.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('complaint: %s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each([
    ['We got a call back within the hour.', 'communication'],
    ['I have never received such a thorough, clean job.', 'cleanliness'],
    ['I have never seen a house so clean!', 'cleanliness'],
  ])('praise stays praise: %s', (text, aspect) => {
    expect((readAspects(text) as Record<string, string>)[aspect]).toBe('positive')
  })

  test('a negator further off does not deprive: "I do not recommend getting ..."', () => {
    // The rules alone: this rule must not fire (the learned component, on top, reads the unclear mention as it judges).
    expect(Object.values(readAspects('I do not recommend getting a call back from them.', { learned: false }))).not.toContain('negative')
  })
})
