import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe("a connection's failures and praise are quality (connection.ts)", () => {
  test.each([
    ['Our internet drops out several times an evening.', { quality: 'negative' }],
    ['The wifi in our unit is painfully slow.', { quality: 'negative' }],
    ['Download speeds are terrible after 6pm.', { quality: 'negative' }],
    ['The signal is spotty upstairs.', { quality: 'negative' }],
    ['Since the upgrade the internet has been dead for days.', { quality: 'negative' }],
    ['The internet goes out every night.', { quality: 'negative' }],
    ['Constant disconnections.', { quality: 'negative' }],
    ['There is basically no signal in the evenings.', { quality: 'negative' }],
    ['The signal goes in and out all day.', { quality: 'negative' }],
    ['The wifi is not reliable at all.', { quality: 'negative' }],
    ['Their internet is fast and has never gone out on us.', { quality: 'positive' }],
    ['Speeds have been solid and the connection is reliable.', { quality: 'positive' }],
    ['Since the new router went in the wifi hasnt dropped once.', { quality: 'positive' }],
    ['The cable box loses signal every time it rains.', { quality: 'negative' }],
    ['Streaming buffers constantly on this fibre.', { quality: 'negative' }],
    ['The TV picture freezes on half the channels.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each([
    // The technician's own pace, a phone call dropped, a car's turn signal, the line cut as asked, a setup's wait.
    ['The tech was slow to arrive but the internet is great now.', { speed: 'negative', quality: 'positive' }],
    ['He was rude on the phone and the call dropped twice.', { professionalism: 'negative' }],
    ['They disconnected me after 30 minutes on hold with the internet department.', { communication: 'negative' }],
    ['They came on Friday to disconnect our phones and internet before the move.', {}],
    ['There was no internet for three weeks after the move.', {}],
    ['To make things worse, the internet box was left behind.', {}],
    ['They were in and out in an hour.', { speed: 'positive' }],
    // Someone else's connection, or the customer's own equipment.
    ['My neighbours on the other provider lose connection every night.', {}],
    ['The slow speeds were down to my own old laptop, nothing to do with them.', {}],
  ] as [string, Record<string, string>][])('not its failure: %s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test("a car's turn signal is no connection", () => {
    expect(read('The turn signal was slow to blink.')).not.toHaveProperty('quality')
    expect(read('My signal lights were blinking faster than normal.')).not.toHaveProperty('quality')
  })
})

describe('not a connection failing: a fault cured, beside a storm, another provider, another noun (connection.ts)', () => {
  test.each([
    'The tech fixed our wifi that kept dropping out.',
    'The internet went down during the storm, but they had it back up in an hour.',
    'If the internet goes down, they send someone the same day.',
    'With our previous provider the wifi was slow, with them it is fast.',
    'I switched to them after years of slow internet with Spectrum.',
    'The dead tree was leaning on the cable line, and they removed it safely.',
    'I lost the wifi password and they reset it right away.',
    'No cable was left lying around.',
    'The internet company was slow to respond to my emails.',
    // A habit of the past, and the trouble with help coming.
    'Our internet used to keep dropping before they rewired the building.',
    'The internet went down on a Saturday and an engineer was out on the Sunday.',
  ])('no connection complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
  })

  test('value read by the lexicon, not masked', () => {
    expect(readAspects('Great channels and fast internet for the price.', { learned: false }).price).toBe('positive')
  })

  test('a cure that did not hold', () => {
    expect(readAspects('They replaced the modem and it still drops every hour.', { learned: false }).quality).toBe('negative')
  })
})
