import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('pests in the place the business lets or keeps (the-place.ts)', () => {
  test.each([
    'Our unit had roaches in every cabinet.',
    'The apartment is infested with mice and nobody cares.',
    'We found bed bugs in the room on the first night.',
    'When we moved in there were fleas everywhere.',
    'There is a serious ant problem throughout the complex.',
  ])('cleanliness complaint: %s', (text) => {
    expect(read(text).cleanliness).toBe('negative')
  })

  test('denied it is praise', () => {
    expect(read('In two years we never had a single roach in the apartment.').cleanliness).toBe('positive')
  })

  test.each([
    // The customer's own house, a room of it, a treatment's story, a trap.
    'We had mice in the house so we called them.',
    'When we moved in, the house had mice so we called them.',
    'They came out for a wasp nest in our laundry room.',
    'The exterminator treated the apartment for roaches.',
    'From the room you can see the rat traps along the fence.',
  ])('no cleanliness complaint: %s', (text) => {
    expect(read(text).cleanliness).not.toBe('negative')
  })
})

describe("not the place's pests: the customer calling pest control, the trade's name, software, a question, one insect", () => {
  test.each([
    'We hired them because our apartment had mice.',
    'The pest control tech came to our apartment on time.',
    'They treat the building for pests every quarter.',
    'The tenant app for our unit is full of bugs.',
    'Is the building infested?',
    'The room was spotless, though we saw one ant on the balcony.',
    'They found a dead mouse in the HVAC unit and removed it.',
  ])('no cleanliness complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).cleanliness).not.toBe('negative')
  })
})

describe('the place too hot or too cold, or without hot water (the-place.ts climateInThePlace)', () => {
  test.each([
    'Our apartment was still boiling in July.',
    'The room was too hot even with the air con on full.',
    'The rooms were cold all winter.',
    'There was no hot water in the unit for three days.',
  ])('quality complaint: %s', (text) => {
    expect(read(text).quality).toBe('negative')
  })

  test('denied it is praise', () => {
    expect(read('The apartment was never cold, even in January.').quality).toBe('positive')
  })

  test.each([
    // The customer's own house (the trouble an HVAC company is called about), a fix, the staff, a hot tub.
    'Our house was freezing all winter.',
    'Our apartment was freezing so they came out and fixed the heater the same day.',
    'The front desk staff in the building were cold and impersonal.',
    'The hot tub in the complex is great.',
  ])('no quality complaint: %s', (text) => {
    expect(read(text).quality).not.toBe('negative')
  })
})
