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
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
