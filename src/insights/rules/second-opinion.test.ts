import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('a second opinion that proved them wrong (second-opinion.ts)', () => {
  test.each([
    'They said I needed a new compressor, but a second opinion said it was unnecessary.',
    'I got a second opinion and the other shop said nothing was wrong.',
    'After getting a second opinion, the $900 repair turned out to be completely wrong.',
    "A second opinion showed the pump didn't need replacing at all.",
  ])('professionalism complaint: %s', (text) => {
    expect(read(text).professionalism).toBe('negative')
  })

  test.each([
    // This business as the second opinion; a second opinion that agreed.
    'I took it to them for a second opinion and they said nothing was wrong.',
    'We came here as a second opinion after another shop quoted a new engine.',
    'I got a second opinion and they agreed with the diagnosis.',
  ])('no complaint from it: %s', (text) => {
    expect(read(text).professionalism).not.toBe('negative')
  })
})

describe('a second opinion that is no complaint of them (second-opinion.ts)', () => {
  test.each([
    "I didn't need a second opinion, they explained everything.",
    'They gave me a second opinion for free and said my old furnace was fine.',
    'Their second opinion saved me $2000; the dealer was wrong.',
    'The second opinion was wrong and these guys were right.',
    'They encouraged me to get a second opinion, which was fine with them.',
    'Is it wrong to get a second opinion?',
  ])('%s', (text) => {
    expect(read(text).professionalism).not.toBe('negative')
  })
})
