import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('the fault still there, back or as before (fault-remains.ts)', () => {
  test.each([
    // Still in its faulty state.
    ['The radiator is still cold.', { quality: 'negative' }],
    ['The drain is still slow.', { quality: 'negative' }],
    ['Unfortunately the noise is still present.', { quality: 'negative' }],
    ['The damp is still there.', { quality: 'negative' }],
    ['The radiators in the attic remain cold.', { quality: 'negative' }],
    // Pests still there or back after the treatment.
    ['The mice are still in the loft after the third visit.', { quality: 'negative' }],
    ['Ants back in the kitchen four days after the treatment.', { quality: 'negative' }],
    // A short "same as before" after the state.
    ['Toilet keeps running, exactly like before.', { quality: 'negative' }],
    ['The garage door reverses halfway down, same as before they came.', { quality: 'negative' }],
    ['The radiator was still cold when I got home.', { quality: 'negative' }],
    // Back.
    ['The leak started again a week later.', { quality: 'negative' }],
    ['Within a month the damp patch reappeared.', { quality: 'negative' }],
    ['The problem returned after a week.', { quality: 'negative' }],
    ['The blockage came back the same evening.', { quality: 'negative' }],
    ['The drain was blocked again the next morning.', { quality: 'negative' }],
    ['The same error code showed up again two days later.', { quality: 'negative' }],
    // As before.
    ['The boiler is making the same noise as before.', { quality: 'negative' }],
    ['The lights flicker just like before.', { quality: 'negative' }],
    ['Nothing changed after the repair.', { quality: 'negative' }],
    // Gone for good: praise.
    ['The leak never came back.', { quality: 'positive' }],
    ['The leak has not come back.', { quality: 'positive' }],
    ['The problem has not returned.', { quality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each([
    "It's still cold outside.",
    'The room was still cold when he arrived.',
    'Our heating was still broken when we called them.',
    'I am still stuck without heating.',
    'It works just like before.',
    'The engineer was still there at 9pm checking everything.',
    'An error code popped up on our boiler, so we called them.',
    'Our drain was blocked so we called them.',
    'I will not come back.',
    'They returned the next day with the part.',
  ])('no complaint of the work: %s', (text) => {
    expect(read(text).quality).toBeUndefined()
  })

  test.each([
    'The leak is fixed and the tap works just like before.',
    'No more problems, heating is better than before.',
    'Great job, just like before.',
    'Friendly crew, same as before.',
    'No mice back since the treatment.',
    'We still had mice so we called them.',
    'He remained calm.',
    'We remained stuck for hours.',
    'Used them again for the annual boiler service, same as before.',
    'We had mice back in the loft this winter and they came out next day.',
    'Sprayed for ants and came back after two weeks to check.',
  ])('working again is no fault as before: %s', (text) => {
    expect(read(text).quality).not.toBe('negative')
  })
})
