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
