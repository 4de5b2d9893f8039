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

describe('a thing judged across "ended up", "came out" or "turned out"', () => {
  test.each([
    ['My hair ended up lopsided.', { quality: 'negative' }],
    ['The new fence came out uneven.', { quality: 'negative' }],
    ['The grout turned out uneven.', { quality: 'negative' }],
    ['The paint ended up patchy on the north wall.', { quality: 'negative' }],
    // Still only an adjective of the thing: another noun's, or the customer's own coming out.
    ['The car ended up in the shop for a terrible week.', {}],
    ['We came out to a terrible surprise.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe("the people of shops, salons and landlords, and a salon's work", () => {
  test.each([
    ['The manager was horrible to us.', { professionalism: 'negative' }],
    ['The cashier was so friendly.', { professionalism: 'positive' }],
    ['Our stylist was wonderful.', { professionalism: 'positive' }],
    ['I loved my haircut.', { quality: 'positive' }],
    ['Decent haircut, fair price.', { quality: 'positive', price: 'positive' }],
    ['I hated my haircut.', { quality: 'negative' }],
    ['It looks like a 5 year old cut my hair.', { quality: 'negative' }],
    ['She cut my bangs way too short.', { quality: 'negative' }],
    ['They can not paint for shit.', { quality: 'negative' }],
    ['If you are the manager you should know better than to shout at customers.', { professionalism: 'negative' }],
    ['The staff seem to hate their job.', { professionalism: 'negative' }],
    ['Their communication leaves a lot to be desired.', { communication: 'negative' }],
    ['The paint job left much to be desired.', { quality: 'negative' }],
    // The property manager is the landlord's business itself; a haircut with nothing felt; a visit cut short.
    ['Worst property manager in town.', {}],
    ['I got a haircut there yesterday.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})
