import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('from hits to aspects', () => {
  test.each([
    ['Quick and affordable.', { speed: 'positive', price: 'positive' }],
    ['Friendly guy, late though.', { professionalism: 'positive', punctuality: 'negative' }],
    ['Honest pricing.', { price: 'positive' }],
    ['The price of copper has gone up.', {}],
    ['Waited a week for the appointment, totally worth the wait.', { speed: 'positive' }],
    ['Great service.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
