import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { clockAt, timeSpanAt } from './time-words'
import { tokensOf } from './tokenize'

describe('time words', () => {
  test('clock times in hours after midnight; bare 1-6 are afternoon', () => {
    expect(clockAt(tokensOf('7:55'), 0)).toBeCloseTo(7.9167, 3)
    expect(clockAt(tokensOf('3 pm'), 0)).toBe(15)
    expect(clockAt(tokensOf('3'), 0)).toBe(15)
    expect(clockAt(tokensOf('noon'), 0)).toBe(12)
    expect(clockAt(tokensOf('walls'), 0)).toBeUndefined()
  })

  test('spans of time', () => {
    expect(timeSpanAt(tokensOf('two hours later'), 0)).toBe(true)
    expect(timeSpanAt(tokensOf('a few days'), 0)).toBe(true)
    expect(timeSpanAt(tokensOf('the kitchen'), 0)).toBe(false)
  })

  test.each([
    ['Arrived at 7:55 for an 8:00 appointment.', { punctuality: 'positive' }],
    ["Showed up at 3 for a 9 o'clock appointment.", { punctuality: 'negative' }],
    // The time agreed after "instead of", or named before the arrival (a window's end).
    ['The movers arrived at 2pm instead of 8am.', { punctuality: 'negative' }],
    ['He turned up at 11 instead of 9.', { punctuality: 'negative' }],
    ['They came at noon instead of 8 as promised.', { punctuality: 'negative' }],
    ['Booked for 9am, he got here at 12.', { punctuality: 'negative' }],
    ['Booked 8-10, arrived 1pm.', { punctuality: 'negative' }],
    ['We booked him for 8 and he arrived at 8.', { punctuality: 'positive' }],
    ['We called at 9 and he was here by 11.', {}],
    ['We were told between 8 and 12, he came at 4.', { punctuality: 'negative' }],
    // A span after an arrival, and a completion, are no arrival time.
    ['Booked them for 8am and they came 10 minutes early.', { punctuality: 'positive' }],
    ['Appointment at 9, all done by 11.', {}],
    ["He came at 11 o'clock, not at 9 o'clock as promised.", { punctuality: 'negative' }],
    ['He was meant to arrive at 7 but only came at 11:15.', { punctuality: 'negative' }],
    ['Appointment set for 7.30 and he was at the door at 7.25.', { punctuality: 'positive' }],
    ['Called Monday, they were here Tuesday morning.', { speed: 'positive' }],
    ['Called on a Monday and nobody could come until the following Monday.', { speed: 'negative' }],
    ['It was almost 10 pm on a Sunday when he came out to get our heat back on.', { speed: 'positive' }],
    ['Later that week we had the gas company out to check the meter.', {}],
    ['They restored a building from the late 1700s.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('an arrival window too wide (time-words.ts wideWindow)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    'They gave us an 8 hour window.',
    'The arrival window was a huge 3 hour window.',
    'They can only give you an all-day window.',
    'Their scheduler only offers a six-hour window.',
    'They gave us a 4-6 hour window.',
    'They only give 8 hour windows.',
    'They gave me an 8 hour window and I had to get time off work.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ punctuality: 'negative' })
  })

  test.each([
    'They gave a 2 hour window and arrived in it.',
    'He arrived within the 6 hour window.',
    'They narrowed it down to a 6 hour window for us.',
    'They replaced the 8 foot window.',
    'It took 5 hours to replace the window.',
    'They spent 8 hours installing the bay window.',
    'You have a 72 hour window to report damage.',
    'There is a 48 hour cancellation window.',
  ])('no complaint: %s', (text) => {
    expect(read(text).punctuality).not.toBe('negative')
  })
})

describe('a time said beforehand, and an arrival at last (time-words.ts, phrases.ts)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['He said he would be here at 9 and he arrived at 11.', { punctuality: 'negative' }],
    ['They promised to be there at 3:30 and arrived at 4:45.', { punctuality: 'negative' }],
    ['They told us they would come at 10 and showed up at 10.', { punctuality: 'positive' }],
    ['Three hours later they finally turned up.', { punctuality: 'negative' }],
    ['We sat in the sun, well past the noon start time.', { punctuality: 'negative' }],
    ['It was well past noon when they showed up.', { punctuality: 'negative' }],
    ['He finally turned up the heat and the house warmed.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('a wait for someone who did not come is punctuality (time-words.ts waitedForArrival)', () => {
  test.each([
    ['We waited until noon and nobody showed up.', { punctuality: 'negative' }],
    ['I waited three hours for a tech who was supposed to arrive at 8.', { punctuality: 'negative' }],
    ['I took a day off and waited for them to show up.', { punctuality: 'negative' }],
    ['The installer never showed up and we waited all day.', { punctuality: 'negative' }],
    // How soon help comes, a short wait praised.
    ['We waited two weeks for an appointment.', { speed: 'negative' }],
    ['We only waited 10 minutes and the tech showed up right on time.', { speed: 'positive', punctuality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })

  test("the customer's own people are no one's lateness", () => {
    expect(readAspects('We sat in the lobby waiting for our friends to show up.', { learned: false })).not.toHaveProperty('punctuality')
  })
})

describe("a wait that is no one's lateness (time-words.ts waitedForArrival)", () => {
  test.each([
    'We waited for the part to arrive, which took a week.',
    'We waited for the city inspector to arrive, which took two days.',
    'While I waited for the plumber to arrive, I cleared the area under the sink.',
    'The driver was supposed to be there at 5 and showed up at 4:55, so we barely waited.',
  ])('no punctuality complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).punctuality).not.toBe('negative')
  })
})
