import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('no room for the customer (capacity.ts)', () => {
  test.each([
    'Unfortunately they are not accepting new clients at the moment.',
    'The company no longer accepts new customers.',
    'They are not taking new bookings.',
    "They don't accept new clients.",
    'They told me they are fully booked until spring.',
    'Booked up for weeks.',
    'No weekend call-outs at all.',
    'Not available on bank holidays, even in an emergency.',
    'No emergency service at all.',
    "They don't do call-outs at night.",
    'They said they are too busy for small jobs like ours.',
    'Too busy to come out, they said.',
    'Even in emergencies only absolute regular customers are served.',
    'They only take jobs for their existing clients.',
    'They left us hanging.',
    'We were left hanging when there was an emergency.',
  ])('availability complaint: %s', (text) => {
    expect(read(text)).toEqual({ speed: 'negative' })
  })

  test.each([
    'They are available on weekends.',
    'They even do call-outs at night.',
    'I booked them for a new job.',
    'We booked up front and got a discount.',
    'Our hotel was fully booked so we stayed with friends while they worked.',
    'No callout charge at the weekend.',
    "I won't book new work with anyone else.",
    "It wasn't an emergency so they came on Saturday.",
    'No new work was needed.',
    'It was no emergency so they came on Monday.',
    'I was too busy to call them back.',
    "They don't do weekends but came first thing Monday.",
    'We only needed regular maintenance.',
    'I only work with regular clients.',
    "He's never too busy to help.",
    'Wires were left hanging out of the ceiling.',
    'Their loyalty discount only works for regular customers.',
  ])('no availability complaint: %s', (text) => {
    expect(read(text).speed).toBeUndefined()
  })
})

describe('deadlines and schedules (phrases.ts)', () => {
  test.each([
    ['The deadline was missed by a month.', { speed: 'negative' }],
    ['Every deadline came and went.', { speed: 'negative' }],
    ['The completion date was pushed back again and again.', { speed: 'negative' }],
    ['Finished a day ahead of schedule.', { speed: 'positive' }],
    ['Done well before the deadline.', { speed: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
