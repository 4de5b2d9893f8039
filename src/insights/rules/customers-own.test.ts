import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe("the customer's own doing (customers-own.ts)", () => {
  test.each([
    'I was late and he waited for me.',
    'We were running a bit late.',
    'What a mess I made!',
    'I made a mess of the kitchen before they came.',
    'We had to wait for the plaster to dry before painting.',
    'We had to wait until the walls had dried.',
    'We had to wait for the insurance to approve it.',
    'The flat was dirty when we moved in.',
    'The garage was a mess when we bought the house.',
    'The job was delayed by the weather.',
    'The start was delayed due to the council permit.',
    'They set up a plan of delayed payments for us.',
    'We had to delay the start due to illness.',
  ])('no opinion of the business: %s', (text) => {
    expect(read(text)).toEqual({})
  })

  test.each([
    ['He was late.', { punctuality: 'negative' }],
    ['We were told he would be late.', { punctuality: 'negative' }],
    ['They made a mess.', { cleanliness: 'negative' }],
    ['I was left with a mess to clean up.', { cleanliness: 'negative' }],
    ['I waited for him for two hours.', { speed: 'negative' }],
    ['We had to wait for the part for three weeks.', { speed: 'negative' }],
    ['We had to wait for them to set up the boiler.', { speed: 'negative' }],
    ['Unfortunately, the completion was delayed by several months.', { speed: 'negative' }],
    ['The kitchen was a mess when we got home.', { cleanliness: 'negative' }],
    ['They left the kitchen a mess when we moved the sofa back.', { cleanliness: 'negative' }],
  ] as [string, Record<string, string>][])("the business's: %s", (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('kept waiting (phrases.ts)', () => {
  test.each([
    ['They did not keep me waiting.', { punctuality: 'positive' }],
    ["They didn't keep us waiting.", { punctuality: 'positive' }],
    ['He kept me waiting.', { punctuality: 'negative' }],
    // A word not kept is conduct, not an appointment.
    ['He did not keep his word.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('the customer owning the fault (customers-own.ts)', () => {
  test.each([
    ['The late fee was totally my fault, I forgot to set up autopay.', {}],
    ['Nobody greeted me because I came in through the back door by mistake, which is on me.', {}],
    // Denied, the fault stays theirs.
    ['It was not my fault, they broke the vase while moving the sofa.', { quality: 'negative' }],
    ['They charged me a late fee for a payment I made on the 1st.', { price: 'negative' }],
    ['The manager was rude and tried to tell me it was my fault.', { professionalism: 'negative' }],
    ['The manager was rude and acted like it was my fault.', { professionalism: 'negative' }],
    ['The scratch on the bumper was my fault, the rest of the work was sloppy.', { quality: 'negative' }],
    ["I don't think it was my fault, the tech broke the vase.", { quality: 'negative' }],
    ['My mistake for trusting a contractor who never showed up.', { punctuality: 'negative' }],
    ['The delay was totally on me.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
