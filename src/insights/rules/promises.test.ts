import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { brokenPromises } from './promises'
import { tokensOf } from './tokenize'

describe('promises broken', () => {
  test('the mark sits on the promised verb', () => {
    const tokens = tokensOf('They are supposed to call when they are close but rarely do.')
    brokenPromises(tokens)
    expect(tokens.find((t) => t.extra)?.surface).toBe('call')
  })

  test.each([
    ['When I called, 40 minutes after it was supposed to be done, I was told it was almost done.', { speed: 'negative' }],
    ['They are supposed to call and warn you when they are close but rarely do.', { communication: 'negative' }],
    ['The manager promised to help, but nothing changed.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test.each(['They were supposed to show up Wednesday before noon to disconnect our phones.', 'He promised to call back and he did.'])(
    'a promise reported or kept says nothing: %s',
    (text) => {
      expect(Object.values(readAspects(text))).not.toContain('negative')
    },
  )
})

describe('appointments broken and work that drags on (phrases.ts)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['He stood me up.', { punctuality: 'negative' }],
    ['They flake on appointments.', { punctuality: 'negative' }],
    ['Constant rescheduling.', { punctuality: 'negative' }],
    ['Many cancellations.', { punctuality: 'negative' }],
    ['They came much later than they said.', { punctuality: 'negative' }],
    ['At 8:35 they had not arrived yet.', { punctuality: 'negative' }],
    ['The technician failed to show.', { punctuality: 'negative' }],
    ['Appointment was missed twice.', { punctuality: 'negative' }],
    ['They forgot our appointment.', { punctuality: 'negative' }],
    ['He was a no-show.', { punctuality: 'negative' }],
    ['We waited in vain all day.', { punctuality: 'negative' }],
    ['It took weeks to get it fixed.', { speed: 'negative' }],
    // The customer's own rescheduling, a crew staying late, paint flaking and a leak gone are no complaint of time.
    ['We had to reschedule again because of the rain.', {}],
    ['They stayed even later to finish the job.', {}],
    ['The paint began to flake on the south wall.', {}],
    ['It would normally take weeks but they did it in two days.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('capacity and deadlines (phrases.ts)', () => {
  const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>
  test.each([
    ['They are no longer taking on new customers.', { speed: 'negative' }],
    ['There was no capacity to carry out my order.', { speed: 'negative' }],
    ['Deadlines are not kept.', { speed: 'negative' }],
    ['They missed every deadline.', { speed: 'negative' }],
    ['They met every deadline.', { speed: 'positive' }],
    ['The crew was unpunctual.', { punctuality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
