import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

describe('wishes name what was missing', () => {
  test.each([
    ['Staff could be more friendly.', { professionalism: 'negative' }],
    ['The communication could have been better.', { communication: 'negative' }],
    ['Rooms could have been cleaner.', { cleanliness: 'negative' }],
    ['It would be nice if they called back.', { communication: 'negative' }],
    ['They could do much better on customer service and responsiveness.', { professionalism: 'negative' }],
    ['I would be happy to recommend them.', {}],
    ['My dog could have done a better job.', { quality: 'negative' }],
    ['Nobody could have done a better job.', { quality: 'positive' }],
    ['He could not have done a better job.', { quality: 'positive' }],
    ['You could do no better than call them.', {}],
    ['We had a second company come out to see if they could do any better.', {}],
    ['If they had just notified us ahead of time I would have moved my car.', { communication: 'negative' }],
    ['If he had been on time we would have made our flight.', { punctuality: 'negative' }],
    ['If I had known they were this good I would have called sooner.', {}],
    ['Had they called or notified me, I would have saved money.', { communication: 'negative' }],
    // No wish: praise said through "anyone", a claim of what they can do, "had" as having
    ["I don't think anyone could have done a better job.", { quality: 'positive' }],
    ['Anyone could have done a better job than these clowns.', { quality: 'negative' }],
    ['They could have done a cleaner job.', { cleanliness: 'negative' }],
    ['If they had let us know about the delay, we could have planned around it.', { communication: 'negative' }],
    ['He said he could do it cheaper than the big companies.', { price: 'positive' }],
    ['If he had any concerns he explained them clearly before starting.', { communication: 'positive' }],
    ['I could not do better myself.', {}],
    ["Couldn't be better.", {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})

describe('demands put as questions or truisms, and what "would have been nice" (wishes.ts)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['How hard is it to show up on time?', { punctuality: 'negative' }],
    ['Would it kill them to call back?', { communication: 'negative' }],
    ["It's not that hard to keep me updated.", { communication: 'negative' }],
    ['Is it so hard to answer an email?', { communication: 'negative' }],
    ['Is it too much to ask to clean up after yourself?', { cleanliness: 'negative' }],
    ["Isn't it just good business to clean up after the job?", { cleanliness: 'negative' }],
    ['A simple phone call would have been nice.', { communication: 'negative' }],
    ['An apology would have been appreciated.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each(['It is not hard to see why they are so popular.', 'How hard is it to find a good plumber these days?'])(
    'no complaint: %s',
    (text) => {
      expect(Object.values(read(text))).not.toContain('negative')
    },
  )

  test('a wish for a comparative turns no plain cue after it into a complaint', () => {
    expect(read('They told me it could be cheaper to buy a new one and asked about my plan.').communication).toBeUndefined()
  })
})
