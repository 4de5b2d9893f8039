import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('a price raised, stated as a fact (price-rises.ts)', () => {
  test.each([
    'Our rent has gone up $75 in a year.',
    'They raised the rent on every unit this summer.',
    'The monthly bill keeps increasing for no reason.',
    'After the rate hike my bill is $90 a month.',
    'The charge jumped to $350 on the final statement.',
    'They increased their fees again.',
    'They put my phone bill up again in March.',
    'The callout fee went from 60 to 95 this year.',
    'A trim used to be 15 dollars, now it is 22.',
    'The shop now charges 40 for a tire patch, it was 25 last year.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ price: 'negative' })
  })

  test.each([
    // The price of something else, a rise said to be small, a car's jump start, a level that rose.
    'The price of copper has gone up.',
    'He was raising his prices just slightly.',
    'The jump start worked and the price was what he quoted.',
    'The water level in the basement went up.',
    // The customer's own doing, a fear, the market, a time that grew, a price that fell.
    'The bill went up because I added the sports package.',
    'I expected a price hike at renewal but it never came.',
    'Rents in the area have gone up in general.',
    'It used to take 3 days, now it takes 5.',
    'The price went from 90 to 70 after the sale.',
  ])('no complaint from it: %s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })

  test('denied it is praise', () => {
    expect(read('They have never raised the rent in five years.')).toEqual({ price: 'positive' })
  })
})

describe('no price raised: a question, a warning, a cause, a third party, a check, a small rise (price-rises.ts)', () => {
  test.each([
    'Is the rent going up again next year?',
    'They warned us the bill would go up if we added channels.',
    'My heating bill went up because of the cold winter.',
    "The city raised the water rates, not the landlord's fault.",
    'He double checked the bill with me before I paid.',
    "It used to be $40, now it's $45, a small increase.",
  ])('%s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })
})
