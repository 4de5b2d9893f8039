import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('how the work was done', () => {
  test.each([
    ["He couldn't even screw on an oil drain plug properly.", { quality: 'negative' }],
    ['Those areas had not been correctly treated.', { quality: 'negative' }],
    ['The project was not done right.', { quality: 'negative' }],
    ["He wasn't able to install the gate well.", { quality: 'negative' }],
    ['They never tightened the fittings properly.', { quality: 'negative' }],
    ['They installed everything properly.', { quality: 'positive' }],
    ['The work was done well.', { quality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each([
    'There was no pressure to have it done right then.',
    'Apparently they are doing so well they no longer need my business.',
    'They refused to fix the gate as well.',
  ])('no quality praise: %s', (text) => {
    expect((readAspects(text) as Record<string, string>).quality).not.toBe('positive')
  })
})

describe('"crooked": of a thing the work, of people their honesty (manner-of-work.ts)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['The cabinet doors are crooked.', { quality: 'negative' }],
    ['They hung the mirror crooked and left.', { quality: 'negative' }],
    ['Very crooked creases on my shirt.', { quality: 'negative' }],
    ['He is a crooked contractor.', { professionalism: 'negative' }],
    ['The owner is crooked.', { professionalism: 'negative' }],
    ['They are crooked.', { professionalism: 'negative' }],
    ['The picture frame he hung is crooked.', { quality: 'negative' }],
    ["It's crooked.", { quality: 'negative' }],
    ['Crooked car dealer, avoid.', { professionalism: 'negative' }],
    ['This place is crooked.', { professionalism: 'negative' }],
    // The customer's own or old thing before the job is the trouble called about.
    ['The old fence was crooked, so we hired them to replace it.', {}],
    ['Our gate was crooked and they straightened it in an hour.', { speed: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
