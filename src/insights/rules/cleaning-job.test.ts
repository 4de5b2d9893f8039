import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { cleaningJob } from './cleaning-job'
import { collectHits } from './negation'
import { tokensOf } from './tokenize'

describe('cleaning as the job itself', () => {
  test('cleaning carpets is the job; cleaning up is cleanliness', () => {
    const job = (text: string) => {
      const { tokens, hits } = collectHits(tokensOf(text))
      return hits.some((h) => cleaningJob(tokens, h))
    }
    expect(job('He cleaned my carpets.')).toBe(true)
    expect(job('Great carpet cleaning service.')).toBe(true)
    expect(job('They cleaned up after themselves.')).toBe(false)
  })

  test.each([
    ['Leonard cleaned my carpet today as per my lease agreement.', {}],
    ['Had the gutters cleaned yesterday.', {}],
    ['They cleaned up after themselves.', { cleanliness: 'positive' }],
    ['They left the kitchen clean.', { cleanliness: 'positive' }],
    ['The duct cleaning crew pulled out an unbelievable amount of dust and pet hair.', {}],
    // The clean as a noun is the job; dirt still there after it is a complaint about it.
    ['The oven was still greasy after the so called deep clean.', { cleanliness: 'negative' }],
    ['There was still dust on all the shelves after the clean.', { cleanliness: 'negative' }],
    ['Hair still in the shower after the clean.', {}],
    ['Never seen a cleaner kitchen.', { cleanliness: 'positive' }],
    ['Never seen my oven this clean!', { cleanliness: 'positive' }],
    ['They left the bathroom cleaner.', { cleanliness: 'positive' }],
    ['They left the place cleaner than they found it.', { cleanliness: 'positive' }],
    // The cleaner, a person: no praise of cleanliness.
    ['I booked a cleaner for Friday.', {}],
    ['My cleaner recommended them.', {}],
    ['The window cleaner was very unfriendly.', { professionalism: 'negative' }],
    ['Our cleaner never answers her phone.', { communication: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
