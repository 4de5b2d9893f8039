import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

// Silence stated as a fact (phrases.ts: nobody heard from, nobody picking up, gone, no warning).
describe('silence after an enquiry (phrases)', () => {
  test.each([
    'We never heard from the roofer again.',
    'I rang twice and they did not pick up.',
    'After the deposit they disappeared for a month.',
    'The office is impossible to get a hold of.',
    'The crew showed up unannounced on Sunday.',
    'They shut off our water without warning.',
    'No call, nothing.',
    'Constant rescheduling without communication.',
    'He showed up late without informing me.',
    'They came without letting us know.',
    'Then he went silent.',
    'They ghosted us.',
    'Bad on followup.',
    'Horrific communication and service.',
    'Emails went unanswered for weeks.',
    'There was no reaction to my complaint.',
    'Our texts were left on read.',
    'After paying the deposit we heard nothing back.',
    'Great communication, we heard nothing for three weeks.',
  ])('complaint: %s', (text) => {
    expect(read(text).communication).toBe('negative')
  })

  test.each(['The dog had no reaction to them at all, which is rare.', 'The sealant had no reaction with the old paint.'])(
    'no reaction of a thing is no silence: %s',
    (text) => {
      expect(read(text).communication).toBeUndefined()
    },
  )

  test.each(["I've heard nothing but good things about them.", 'We heard nothing but praise for them.'])(
    'heard nothing but good things is no silence: %s',
    (text) => {
      expect(read(text).communication).toBeUndefined()
    },
  )

  test('a furnace going silent is no silence', () => {
    expect(read('The squeaky furnace finally went silent.').communication).toBeUndefined()
  })

  test('a call-out fee waived is no silence', () => {
    expect(read('There was no call out fee.').communication).toBeUndefined()
  })
})

describe('a verb of getting in touch denied (silence.ts)', () => {
  test.each([
    'He never rang.',
    'The salon never rang me to say she was off.',
    'Nobody thought to phone me.',
    'No one emailed us back.',
    'They never once called.',
    "He didn't even call.",
    "Didn't text, didn't call, just silence.",
    'They are not answering the phone.',
    'Nobody has reported back to us.',
    'I called, they never rang back.',
    'I rang and he never rang back.',
    "He didn't ring.",
    'Never called us back.',
    'Our contact person has never reacted to our inquiries.',
  ])('silence: %s', (text) => {
    expect(read(text).communication).toBe('negative')
  })

  test.each([
    'I never called them.',
    "We didn't ring them because it was late.",
    'Never had to call them twice.',
    'The last plumber never called back, these guys did.',
    'They respond fast and never fail to update us.',
    'My only regret is not calling them first.',
    "Don't call anyone else!",
    'Will never call another company.',
    "The garage door opener wouldn't react to the remote, so we called them.",
    'What do you do when a contractor never rings?',
    "If they don't ring, try the office.",
  ])('no silence: %s', (text) => {
    expect(read(text).communication).not.toBe('negative')
  })
})

describe('chasing them for news, and no follow-through (phrases)', () => {
  test.each([
    'I had to reach out myself to learn when they were coming.',
    'We had to reach out three times before anyone answered.',
    'No follow through on anything they promised.',
    'There was zero follow through after the estimate.',
    'I was never contacted about the delay.',
    'We were not contacted when the part came in.',
  ])('communication complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).communication).toBe('negative')
  })

  test.each(['I had to reach out to my insurance company first.', 'We had to reach out to our HOA for approval.'])(
    'a third party reached: %s',
    (text) => {
      expect(readAspects(text, { learned: false })).not.toHaveProperty('communication')
    },
  )
})

describe('communication denied (phrases)', () => {
  test.each([
    'He never communicated with us once the deposit was paid.',
    'Not communicating with customers is their biggest problem.',
    'The price change was not communicated to us.',
    'They keep giving me a run around about the refund.',
    'We got a run around from the office for a month.',
  ])('communication complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).communication).toBe('negative')
  })

  test("the customer's own silence", () => {
    expect(readAspects('I was not communicating with them much myself.', { learned: false })).not.toHaveProperty('communication')
  })
})
