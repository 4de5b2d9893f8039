import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }).punctuality

describe('late on a day or a visit (late-on.ts)', () => {
  test.each([
    ['He was late on both appointments.', 'negative'],
    ['The technician was late on Monday.', 'negative'],
    ['She arrived late on the second day.', 'negative'],
    ['They showed up late on Saturday and left early.', 'negative'],
    ['The crew was always late on Mondays.', 'negative'],
    ['The plumber was late on both days he came out.', 'negative'],
    ['He was late on a Friday night.', 'negative'],
    ['He was never late on a single visit.', 'positive'],
    ['They were not late on any of the four days.', 'positive'],
    ['She has never been late on an appointment in three years.', 'positive'],
    ['He was really late on our second visit.', 'negative'],
    ['The crew turned up late on three separate occasions.', 'negative'],
  ] as [string, 'positive' | 'negative'][])('%s: %s', (text, polarity) => {
    expect(read(text)).toBe(polarity)
  })

  // A time, the customer's own lateness, a thing or a task, a supposition, another company's.
  test.each([
    'It was late on Christmas Eve when our furnace died.',
    'It was late on a Friday and they still came.',
    'I was late on my payment and they were gracious about it.',
    'We were late on paying the invoice.',
    'I arrived late on the first day and the instructor still gave me the full lesson.',
    'The bill was late on arriving.',
    'The parts arrived late on Tuesday.',
    'They were late on the deadline by two weeks.',
    'They were late on returning our deposit.',
    'If you are late on your payment they charge a fee.',
    'They might be late on the day of the closing.',
    'Our appointment was late on Friday afternoon, the last slot of the week.',
    'Late on in the project they changed the plan.',
    'The last plumber was late on both days, these guys were on time.',
    'The neighbour said the plumber was late on Monday at her house.',
  ])('no lateness of theirs: %s', (text) => {
    expect(read(text)).not.toBe('negative')
  })
})
