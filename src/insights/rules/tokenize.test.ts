import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { sentencesOf, tokensOf } from './tokenize'

const first = (text: string) => {
  const t = sentencesOf(text)[0]![0]!
  return { lemma: t.lemma, pos: t.pos }
}

describe('a capitalised first word wink takes for a proper noun', () => {
  test('an inflected word gets its lemma and tag back', () => {
    expect(first('Prices are high.')).toEqual({ lemma: 'price', pos: 'NOUN' })
    expect(first('Technicians were rude.')).toEqual({ lemma: 'technician', pos: 'NOUN' })
  })

  test('a name, or a word that reads the same, keeps its reading', () => {
    expect(first('Mike was great.')).toEqual({ lemma: 'mike', pos: 'VERB' })
    expect(first('Arrived on time.')).toMatchObject({ lemma: 'arrive' })
  })

  test('so the aspect its lemma names is read at the start of a sentence too', () => {
    expect(readAspects('Prices are slightly high and service is a little slow.', { learned: false })).toMatchObject({ price: 'negative' })
  })
})

describe('the cleaner, a person', () => {
  test.each([
    ['The cleaner was rude.', 'cleaner'],
    ['I booked a cleaner for Friday.', 'cleaner'],
    ['Our previous window cleaner left early.', 'cleaner'],
    ['Never seen a cleaner kitchen.', 'clean'],
    ['The house was cleaner than ever.', 'clean'],
  ])('%s', (text, lemma) => {
    expect(tokensOf(text).find((t) => t.surface === 'cleaner')?.lemma).toBe(lemma)
  })
})
