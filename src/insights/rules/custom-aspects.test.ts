import { describe, expect, test } from 'bun:test'
import { analyzeText } from '../analyzer'

const context = {
  custom: [
    { id: 'food', cues: ['food', 'dish', 'pasta'], positive: ['delicious'], negative: ['bland'] },
    { id: 'wait-time', cues: ['wait', 'wait time'] },
  ],
}
const mentions = (text: string) =>
  analyzeText(text, context)
    .aspects.filter((m) => m.aspect === ('food' as never) || m.aspect === ('wait-time' as never))
    .map((m) => `${m.aspect} ${m.sentiment}`)

describe('the business’s own aspects', () => {
  test.each([
    // The feeling of the cue's own part of the clause, by the existing rules.
    ['Great food, terrible service.', ['food positive']],
    ['The food was not good.', ['food negative']],
    // Forms of a cue by lemma: "dishes" is "dish".
    ['The dishes were awful.', ['food negative']],
    // A cue with nothing felt around it is a neutral mention.
    ['We ordered the pasta.', ['food neutral']],
    // The aspect's own opinion words: they mention it, and a negator flips them.
    ['Delicious!', ['food positive']],
    ['The pasta was bland.', ['food negative']],
    ["The pasta wasn't bland at all.", ['food positive']],
    // One mention per aspect and clause part, however many cues; a multi-word cue once, not as its words too.
    ['The wait time was terrible.', ['wait-time negative']],
    // Nothing of the aspect: nothing found.
    ['The staff were friendly.', []],
  ])('%s', (text, expected) => {
    expect(mentions(text)).toEqual(expected)
  })

  test('the cues that fired are named, for an owner to audit a count', () => {
    const mention = analyzeText('The pasta was delicious.', context).aspects.find((m) => m.aspect === ('food' as never))
    expect(mention?.cues).toEqual(['pasta', 'delicious'])
    expect(mention?.clause).toBe('The pasta was delicious.')
  })

  test('without custom aspects the analysis is what it was', () => {
    const text = 'Great food, the technician was late and the price was fair.'
    expect(analyzeText(text, {})).toEqual(analyzeText(text, { custom: [] }))
  })
})
