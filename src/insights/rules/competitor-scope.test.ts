import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { isCompetitorMention } from './competitor-mentions'
import { markCompetitors } from './competitor-scope'
import { tokensOf } from './tokenize'

const marked = (text: string) => {
  const tokens = tokensOf(text)
  markCompetitors(tokens)
  return tokens.filter((t) => t.competitor).map((t) => t.surface)
}

describe('competitor scope', () => {
  test('mentions of someone else', () => {
    const at = (text: string, word: string) => {
      const tokens = tokensOf(text)
      return isCompetitorMention(
        tokens,
        tokens.findIndex((t) => t.surface === word),
      )
    }
    expect(at('The other company never called.', 'other')).toBe(true)
    expect(at('The first time he came.', 'first')).toBe(false)
    expect(at('It took two hours.', 'two')).toBe(false)
    expect(at('I made the mistake of hiring a cheap handyman.', 'mistake')).toBe(true)
    expect(at('The plumber the home warranty sent out was useless.', 'plumber')).toBe(true)
    expect(at('Most plumbers are rude, but not these guys.', 'most')).toBe(true)
    expect(at('This is the most incompetent company I have dealt with.', 'most')).toBe(false)
  })

  test('a superlative judges this business, not tradesmen in general', () => {
    const rulesAlone = (text: string) => readAspects(text, { learned: false })
    expect(rulesAlone('This is the most incompetent company I have dealt with.')).toEqual({ professionalism: 'negative' })
    expect(rulesAlone('One of the most unprofessional companies I have ever hired.')).toEqual({ professionalism: 'negative' })
    expect(rulesAlone('They are the most professional company we have used.')).toEqual({ professionalism: 'positive' })
    expect(rulesAlone('Most companies are rude on the phone, not this one.')).toEqual({})
    // "the most ..." said of others: the ones we rang, the popular ones round here.
    expect(rulesAlone('I rang the most expensive companies first and none of them could come out.')).toEqual({})
    expect(rulesAlone('The most popular salons round here are always rude on the phone.')).toEqual({})
  })

  test('the scope stops at a contrast and leaves a comparison to this business', () => {
    expect(marked('The other company was rude but Mike was great.')).toEqual(['the', 'other', 'company', 'was', 'rude'])
    expect(marked('Much cheaper than the other quotes we got.')).not.toContain('cheaper')
  })

  test('a later part that names one of the others again is theirs', () => {
    expect(marked('Called three companies, two never called back.')).toContain('never')
  })

  test.each([
    ['We called two other companies first and neither one called back.', {}],
    ['Unlike the last plumber, who never showed up, Mike was right on time.', { punctuality: 'positive' }],
    ['The previous electrician was rude and overcharged us.', {}],
    ['Much cheaper than the other quotes we got.', { price: 'positive' }],
    ['He was quick to blame the previous installer.', { professionalism: 'negative' }],
    ['Had an awful experience with a plumber last spring who never finished the job.', {}],
    ['Our original contractor never showed up.', {}],
    ['Our previous cleaner was always late.', {}],
    ['Our former gardener overcharged us for years.', {}],
    ['Our previous tenants left the oven filthy.', {}],
    ['Our cleaner was late twice.', { punctuality: 'negative' }],
    ['The pool cleaner was always on time.', { punctuality: 'positive' }],
    ['The manufacturer sent the wrong part.', {}],
    ['The first company we hired was a no-show.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
