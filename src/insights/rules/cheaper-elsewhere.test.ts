import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('cheaper elsewhere (cheaper-elsewhere.ts)', () => {
  test.each([
    'Other shops in town are cheaper.',
    'It would have cost far less to go somewhere else.',
    'I went elsewhere and paid half the price.',
    'Other garages were cheaper than here.',
    // Places said to exist besides this one.
    'There are shops in town that are cheaper.',
    'There are cheaper garages in town.',
    'There are plenty of places that are cheaper.',
    'There are cheaper garages in town, and this is not one of them.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ price: 'negative' })
  })

  test.each([
    // A comparison that judges this business, a denial, and another clause's company.
    'They were cheaper than the other shops.',
    'They were much cheaper than the other place.',
    "You won't find it cheaper anywhere else.",
    'Other shops quoted more, and they were cheaper.',
    // A share of another company's price: this business's price against it.
    "It was half the competitor's quote.",
    "Their price was a fraction of the other company's estimate.",
    'There are shops that are cheaper than the other quotes.',
    // Places said to exist, but the cheapness is this business's, or the places are doubted or supposed.
    'There are three garages in our town and this one is cheaper.',
    "If there are cheaper garages in town, I haven't found them.",
    'I doubt there are cheaper shops anywhere.',
    'There are cheaper shops in town, and this is one of them.',
    'There are cheaper garages around here, and they are one of them.',
  ])('praise stays praise: %s', (text) => {
    expect(read(text)).toEqual({ price: 'positive' })
  })

  test('set apart from the cheaper places is still a complaint about the price', () => {
    expect(read('There are cheaper garages in town, but this is one of the few I trust.').price).toBe('negative')
    expect(read('There are cheaper shops around, but it is one of the best in the area.').price).toBe('negative')
  })

  test('a cheaper offer turned down is no complaint', () => {
    expect(read('I almost took the cheaper quote from another company; glad I did not.').price).not.toBe('negative')
  })

  test('a share of what another company charged is no complaint', () => {
    expect(read('They did it for half of what the other shop charged.').price).not.toBe('negative')
  })
})
