import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('from hits to aspects', () => {
  test.each([
    ['Quick and affordable.', { speed: 'positive', price: 'positive' }],
    ['Friendly guy, late though.', { professionalism: 'positive', punctuality: 'negative' }],
    ['Honest pricing.', { price: 'positive' }],
    ['The price of copper has gone up.', {}],
    ['Waited a week for the appointment, totally worth the wait.', { speed: 'positive' }],
    ['Great service.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('a thing judged by an adjective is the quality of the work', () => {
  test.each([
    ['The food was terrible.', { quality: 'negative' }],
    ['The new faucet looks awful.', { quality: 'negative' }],
    ['Terrible paint job on the fence.', { quality: 'negative' }],
    ['The grout is uneven and the tiles are wobbly.', { quality: 'negative' }],
    // An adjective of another noun, and the trouble of the customer's story felt by a verb, judge nothing.
    ['My car was making a horrible noise.', {}],
    ['Our deck was in terrible shape before they came.', {}],
    ['The room was full of terrible smoke before they came.', {}],
    ['The ceiling fan wobbled like crazy and the light flickered.', {}],
    ['Our water heater leaked all over the utility room floor.', {}],
    // What a thing cost is no judgement of it.
    ['The waiting room has free coffee.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
