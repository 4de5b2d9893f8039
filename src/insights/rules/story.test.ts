import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { isDiagnosis } from './story'
import { tokensOf } from './tokenize'

describe("the customer's own story", () => {
  test('diagnosis openers', () => {
    expect(isDiagnosis(tokensOf('Turned out to be a loose wire'), 0)).toBe(true)
    expect(isDiagnosis(tokensOf('It was just dust'), 0)).toBe(true)
    expect(isDiagnosis(tokensOf('It was great'), 0)).toBe(false)
  })

  test.each([
    ['The sewer line backed up into the basement during a rain storm, disgusting mess.', {}],
    ['The pipe burst and they left a mess.', { cleanliness: 'negative' }],
    ['Water pressure was terrible in the whole house for years.', {}],
    ['Their work has been terrible for years.', { quality: 'negative' }],
    ['Dave patched the drywall stain.', {}],
    ['They repaired the broken window.', {}],
    // A repair named as a noun has no object: what fails after it is the work's failure.
    ['Two days after the repair the car broke down again.', { quality: 'negative' }],
    ['A week after the repair the heater broke again.', { quality: 'negative' }],
    // A result that "turned out" judged, not a diagnosis.
    ['The grout turned out uneven.', { quality: 'negative' }],
    ['It turned out the filter was dirty.', {}],
    ['They left a stain on the carpet.', { quality: 'negative' }],
    ['The job was a nightmare crawlspace with spiders everywhere.', {}],
    ['Turned out to be a clogged drain line and a dirty filter.', {}],
    ['I expected to pay a fortune.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('a diagnosis that turned out fine, and a fault cured since the repair', () => {
  test.each([
    ['The wiring turned out fine, it was just a breaker.', {}],
    ['Since the repair my leaking faucet is dry.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})
