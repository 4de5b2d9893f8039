import { describe, expect, test } from 'bun:test'
import { ASPECTS } from './lexicon'
import { checkVocabulary, DEFAULT_ASPECT_IDS, vocabularyKey, vocabularyOf } from './vocabulary'

const food = { id: 'food', label: 'Food', cues: ['food', 'dish'] }

describe('the business vocabulary', () => {
  test('the seven defaults are the lexicon’s, in its order', () => {
    expect([...DEFAULT_ASPECT_IDS]).toEqual(ASPECTS.map((a) => a.id))
  })

  test('absent: the seven defaults, no own aspects, no tracked topics', () => {
    const vocabulary = vocabularyOf({ name: 'x' })
    expect(vocabulary.aspects.map((a) => a.id)).toEqual([...DEFAULT_ASPECT_IDS])
    expect(vocabulary.custom).toEqual([])
    expect(vocabulary.topics).toEqual([])
  })

  test('beside the defaults, instead of them, or with the defaults named', () => {
    expect(vocabularyOf({ aspects: [food] }).aspects.map((a) => a.id)).toEqual([...DEFAULT_ASPECT_IDS, 'food'])
    expect(vocabularyOf({ aspects: [food], default_aspects: false }).aspects.map((a) => a.id)).toEqual(['food'])
    // Kept in the lexicon's order whatever the file's.
    expect(vocabularyOf({ aspects: [food], default_aspects: ['speed', 'price'] }).aspects.map((a) => a.id)).toEqual([
      'price',
      'speed',
      'food',
    ])
    const own = vocabularyOf({ aspects: [{ ...food, label: ' Food ', positive: ['Delicious'] }] }).aspects.at(-1)
    expect(own).toEqual({ id: 'food', label: 'Food', custom: true })
    expect(vocabularyOf({ aspects: [{ ...food, positive: ['Delicious'] }] }).custom).toEqual([
      { id: 'food', cues: ['food', 'dish'], positive: ['delicious'] },
    ])
  })

  test('tracked topics: lower case, spaces collapsed, in the owner’s order', () => {
    expect(vocabularyOf({ topics: ['Patio', 'gluten  free'] }).topics).toEqual(['patio', 'gluten free'])
  })

  test('every problem is named by its path', () => {
    const paths = (value: object) => checkVocabulary(value).map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(paths({ aspects: [food], default_aspects: ['price'], topics: ['patio'] })).toEqual([])
    expect(paths({ aspects: [{ ...food, id: 'Food Quality' }] })).toEqual([
      'aspects.0.id: must match: lower-case letters, digits and single hyphens, e.g. wait-time',
    ])
    expect(paths({ aspects: [{ ...food, cues: [] }] })[0]).toStartWith('aspects.0.cues:')
    expect(paths({ aspects: [{ ...food, colour: 'red' }] })).toEqual(['aspects.0.colour: is not a known field'])
    expect(paths({ aspects: [{ ...food, id: 'price' }] })[0]).toStartWith('aspects.0.id: is one of the seven default aspects')
    expect(paths({ aspects: [food, food] })).toEqual(['aspects.1.id: names an aspect already defined above'])
    expect(paths({ aspects: [{ ...food, cues: ['food', '!!'] }] })).toEqual(['aspects.0.cues.1: must hold a word'])
    expect(paths({ default_aspects: ['tidiness'] })[0]).toStartWith('default_aspects')
    expect(paths({ default_aspects: false })).toEqual(['default_aspects: is false, so aspects must list at least one aspect of your own'])
    expect(paths({ topics: ['patio', 'Patio'] })).toEqual(['topics.1: is listed twice'])
    expect(paths({ topics: 'patio' })).toEqual(['topics: must be a list'])
  })

  test('an invalid vocabulary reads as the defaults (a business that did not come through business.json)', () => {
    expect(vocabularyOf({ aspects: [{ ...food, id: 'price' }] }).aspects.map((a) => a.id)).toEqual([...DEFAULT_ASPECT_IDS])
  })

  test('the fingerprint: empty without a vocabulary, and it moves with every change', () => {
    expect(vocabularyKey({ name: 'x' })).toBe('')
    const keys = [
      vocabularyKey({ aspects: [food] }),
      vocabularyKey({ aspects: [{ ...food, cues: ['food'] }] }),
      vocabularyKey({ aspects: [{ ...food, label: 'Cuisine' }] }),
      vocabularyKey({ aspects: [food], default_aspects: false }),
      vocabularyKey({ aspects: [food], topics: ['patio'] }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.every((k) => /^:v[0-9a-z]+$/.test(k))).toBe(true)
    expect(vocabularyKey({ aspects: [food] })).toBe(keys[0]!)
  })
})
