import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

// Up-selling stated as acts (phrases.ts): pushing products, selling the customer what they do not need.
describe('up-selling (phrases)', () => {
  test.each([
    'The tech tried to sell me a new furnace on the spot.',
    'They kept trying to push their service plan.',
    'He seemed eager to sell us a whole new panel.',
    'She tried to push me into a two-year contract.',
  ])('complaint: %s', (text) => {
    expect(read(text).professionalism).toBe('negative')
  })

  test('denied it is praise', () => {
    expect(read('He never tried to sell us anything we did not need.').professionalism).toBe('positive')
  })

  test('pushing a thing into place is no up-selling', () => {
    expect(read('They pushed the dryer into the alcove.').professionalism).toBeUndefined()
  })
})
