import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { returnVisit } from './failures'
import { collectHits } from './negation'
import { tokensOf } from './tokenize'

describe('failures: a complaint after the job, or the job to be done', () => {
  test('a return with the part is a visit; the trouble coming back is a failure', () => {
    const visit = (text: string) => {
      const { tokens, hits } = collectHits(tokensOf(text))
      return hits.some((h) => returnVisit(tokens, h))
    }
    expect(visit('Tom came back the next morning with the part.')).toBe(true)
    expect(visit('The leak came back within a week.')).toBe(false)
    // A person's purpose may come later in the clause; the trouble's never makes it a visit.
    expect(visit('Lou and Angel came back later once the window finally arrived to install it.')).toBe(true)
    expect(visit('The leak came back after they left and we had to call them to fix it.')).toBe(false)
  })

  test.each([
    ['Our water heater was broken since one week.', {}],
    ['After two days the tap dripped again.', { quality: 'negative' }],
    ['The tech said the heater was about to fail.', {}],
    ['The breaker would trip every time we used the kettle.', {}],
    ['The new breaker would trip every time we used the kettle.', { quality: 'negative' }],
    ['The new faucet we bought online was leaking at the base.', {}],
    ['The new faucet they installed was leaking at the base.', { quality: 'negative' }],
    ['They cracked a tile.', { quality: 'negative' }],
    ['The leak came back within a week.', { quality: 'negative' }],
    // Trouble after something no tradesman did is the trouble called about.
    ['The roof was leaking after the storm.', {}],
    ['Our boiler stopped working after a power cut.', {}],
    ['The gutter overflowed after weeks of rain.', {}],
    ["The ceiling was dripping after the upstairs neighbour's washing machine burst.", {}],
    ['The roof was leaking again after their repair.', { quality: 'negative' }],
    ['It started leaking after the new valve burst.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe("a machine's faults are failures too (lexicon FAILURES)", () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['My laptop still overheats after the repair.', { quality: 'negative' }],
    ['The car stalls again since they fixed it.', { quality: 'negative' }],
    ['The brakes still squeal after the new pads.', { quality: 'negative' }],
    // Before the job, the trouble called about.
    ['My car was stalling so I took it in.', {}],
    ['The belt squealed, so they replaced it.', {}],
    ['The engine overheated on the highway and they towed it in.', {}],
    // Errors made, and things done without the customer's say.
    ['The mechanic made an error.', { quality: 'negative' }],
    ['We saw no results.', { quality: 'negative' }],
    ['No real results after three treatments.', { quality: 'negative' }],
    ["It still didn't get the results we needed.", { quality: 'negative' }],
    ['They entered our unit without our permission.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
