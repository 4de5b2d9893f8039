import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('how long it took (durations.ts)', () => {
  test.each([
    'Replacing one outlet took over two hours.',
    'The estimate took more than 50 min.',
    'It took me three hours to get someone on site.',
    'The patch job took nearly a month.',
    'The unit was not ready when we came to pick it up.',
    'When I got home nothing had been done.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ speed: 'negative' })
  })

  test.each(['The repair only took 15 minutes.', 'Installing the fan took less than an hour.', 'They never took over a day to reply.'])(
    'praise: %s',
    (text) => {
      expect(read(text).speed).toBe('positive')
    },
  )

  test.each([
    'It took them a month to get back to me with a quote.',
    'It took him three days to return my call.',
    'It took them two weeks to send the estimate.',
    'It took them over a year to bring us new screens.',
    // The answer after "for them", and weeks without a number: the answer is the wait, not an answer praised.
    'It took 5 days for them to respond.',
    'It took weeks for them to respond.',
    'It took days for them to call back.',
    'It took several weeks to hear back from them.',
  ])('an answer that took days: %s', (text) => {
    expect(read(text)).toEqual({ speed: 'negative' })
  })

  test.each([
    'It took them a day to respond, which was great.',
    'It only took them a day to get back to me.',
    'The remodel took two months to finish, right on schedule.',
    'It took them three days to repair the damage from the flood, and they worked nonstop.',
  ])('an answer within a day is no speed complaint: %s', (text) => {
    expect(read(text).speed).not.toBe('negative')
  })

  test.each([
    'The job took three days.',
    'The job took days.',
    'It took days to dry.',
    'The job was not done right when I checked it.',
    // The customer's own answer, or someone else's.
    'It took days for me to call them back after the quote, and they were fine about it.',
    'It took me days to reply to their quote, and they were very patient.',
    'It took days for my insurer to get back to me, but the garage was great.',
  ])('no speed complaint: %s', (text) => {
    expect(read(text).speed).not.toBe('negative')
  })
})

describe('weeks of waiting, or days before anyone came (durations.ts)', () => {
  test.each([
    'It took them two months to come out.',
    'It took them 2 months to replace the broken heater.',
    'It took 5 days for the new technician to show up.',
    'It took them four days to show up for an emergency.',
    'They promised a week but it took them 2 months to come out.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ speed: 'negative' })
  })

  test.each([
    'The bumper took about 2 days to complete.',
    'It took them three days to fix the foundation, which is about what they quoted.',
    'It took them three days to fix the old wiring.',
    'It took two days to get the part, since it ships from Germany.',
  ])('no complaint: %s', (text) => {
    expect(read(text).speed).not.toBe('negative')
  })
})

describe('a short wait said as short (durations.ts)', () => {
  test.each(['We only waited 10 minutes.', 'I waited less than 5 minutes for my order.'])('praise: %s', (text) => {
    expect(read(text)).toEqual({ speed: 'positive' })
  })
  test.each(['I only waited 3 hours past my appointment time.', 'We only waited two hours this time.'])('no praise: %s', (text) => {
    expect(read(text).speed).not.toBe('positive')
  })
})

describe('done in the end, but only late: "not ... until" a time (durations.ts doneOnlyLate)', () => {
  test.each([
    ['The old dishwasher was not replaced until three weeks later.', { speed: 'negative' }],
    ['Our heater wasnt fixed until two months after the first call.', { speed: 'negative' }],
    ['We did not receive the invoice until March.', { speed: 'negative' }],
    ['The paperwork was not completed until the following week.', { speed: 'negative' }],
    // The customer's own delay, a refusal with a condition, staying until the work is right, no time at all.
    ["I didn't call them until Monday.", {}],
    ['They would not fix it until I paid.', {}],
    ["They won't leave until the job is perfect.", { quality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe('"not ... until" a condition or the time agreed is no delay (durations.ts doneOnlyLate)', () => {
  test.each([
    'They do not send the invoice until the job is done.',
    "They can't replace the unit until the insurance approves it.",
    "Our shirts weren't finished until the afternoon, as promised.",
  ])('%s', (text) => {
    expect(read(text).speed).not.toBe('negative')
  })
})
