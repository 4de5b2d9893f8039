import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('"in a timely manner" denied from afar (timely.ts)', () => {
  test.each([
    ['They do not take care of anything in a timely manner.', { speed: 'negative' }],
    ['They refused to deal with complaints in a timely fashion.', { professionalism: 'negative', speed: 'negative' }],
    // Finishing denied with its time says when, not whether.
    ['They did not finish the job in a timely fashion.', { speed: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each([
    ['They finished in a timely manner.', { speed: 'positive' }],
    // A negation in another part of the clause denies something else.
    ['They were not expensive and finished in a timely manner.', { price: 'positive', speed: 'positive' }],
    ['No mess, and everything was done in a timely manner.', { cleanliness: 'positive', speed: 'positive' }],
    // A negator inside a fixed phrase of praise is its own.
    ["I couldn't be happier, the job was done in a timely manner.", { speed: 'positive' }],
    ["I can't thank them enough for completing the job in a timely manner.", { speed: 'positive' }],
    // Adding, and comparing with everything else.
    [
      'He not only did a great job in a timely fashion but also cleaned up.',
      { quality: 'positive', speed: 'positive', cleanliness: 'positive' },
    ],
    ['I have never seen a repair handled in a timely manner like this.', { speed: 'positive' }],
  ] as [string, Record<string, string>][])('praise stays praise: %s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
