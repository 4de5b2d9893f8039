import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { collectHits, countWords, negationAt } from './negation'
import { tokensOf } from './tokenize'

describe('negation', () => {
  test('fillers and quantities do not count towards the three-word window', () => {
    const tokens = tokensOf('never once had to wait')
    expect(countWords(tokens, 0, 4)).toBe(1)
    const speck = tokensOf("didn't leave a single speck of dust")
    expect(countWords(speck, 1, 7)).toBeLessThanOrEqual(3)
  })

  test('a denied feeling denies what it holds, the window counted from "like" or "that"', () => {
    const read = (text: string) => readAspects(text, { learned: false })
    expect(read("I don't feel like they were rude.")).toEqual({ professionalism: 'positive' })
    expect(read('I never felt that they were rude to us.')).toEqual({ professionalism: 'positive' })
    expect(read('I never felt like I was being overcharged.')).toEqual({ price: 'positive' })
    // Still a window: what comes long after is not denied.
    expect(negationAt(tokensOf('I never feel like she is rushing for the next patient.'), 1)).toMatchObject({ at: 3, carries: false })
    // "that" of "that level of rudeness" opens no clause: the rudeness is felt.
    expect(read('I have never felt that level of rudeness from a tradesman.')).toEqual({ professionalism: 'negative' })
  })

  test('being rushed: hurried out the door, or never rushed (the patience praised)', () => {
    const read = (text: string) => readAspects(text, { learned: false })
    expect(read('She rushed me out the door.')).toEqual({ professionalism: 'negative' })
    expect(read('We never felt rushed.')).toEqual({ professionalism: 'positive' })
    expect(read("I didn't feel rushed at all.")).toEqual({ professionalism: 'positive' })
    // Sent quickly, the work's own haste, and the customer's own hurry: no one's manners.
    expect(read('They rushed us out a quote the same afternoon.').professionalism).toBeUndefined()
    expect(read('The finish on the skirting boards felt rushed.').professionalism).toBeUndefined()
    expect(read('I felt rushed because I had to get to work, but they were quick.').professionalism).toBeUndefined()
  })

  test('a fronted "not once" carries over the whole clause; a plain "not" does not', () => {
    expect(negationAt(tokensOf('Not once in five years'), 0)).toMatchObject({ carries: true, fronted: true })
    expect(negationAt(tokensOf('He was not on time'), 2)).toMatchObject({ carries: false })
    expect(negationAt(tokensOf('He was on time'), 2)).toBeUndefined()
  })

  test('a flipped word is marked negated and damped', () => {
    const { hits } = collectHits(tokensOf('He was not friendly.'))
    const friendly = hits.find((h) => h.entry.phrase === 'friendly')!
    expect(friendly.negated).toBe(true)
    expect(friendly.score).toBeLessThan(0)
  })

  test.each([
    ['He was not on time.', { punctuality: 'negative' }],
    ["Wasn't friendly or helpful at all.", { professionalism: 'negative' }],
    ['Zero damages or issues.', { quality: 'positive' }],
    ['Not once in five years have they been late.', { punctuality: 'positive' }],
    ["Didn't leave a single speck of drywall dust.", { cleanliness: 'positive' }],
    ['No complaints about the price.', { price: 'positive' }],
    // Comparisons with everything else, and negations written without apostrophe
    ['Never seen a cleaner kitchen.', { cleanliness: 'positive' }],
    ['I have never had such horrible customer service.', { professionalism: 'negative' }],
    // "never" said emphatically, with "so"/"such" after "be" or a verb of being treated
    ['We have never been treated so badly in our lives.', { professionalism: 'negative' }],
    ['I have never been so happy with a repair.', { quality: 'positive' }],
    ['They never treated us badly.', { professionalism: 'positive' }],
    ['The room wasn t clean.', { cleanliness: 'negative' }],
    // Silence stated as a fact
    ["They didn't call.", { communication: 'negative' }],
    ['They entered our home without giving us prior notice.', { communication: 'negative' }],
    ['We did not even get a phone call.', { communication: 'negative' }],
    // The kind denied, all that is said of it
    ['They are not the kind of company that works slow so they can charge you more.', { speed: 'positive' }],
    ['This is not the kind of place I would recommend, the staff were rude.', { professionalism: 'negative' }],
    [
      // Finishing on time is speed (completion.ts).
      'They are not the kind of company that leaves you waiting and they always finish on time.',
      { speed: 'positive' },
    ],
    // "anything but", "nothing but"
    ['The price was anything but cheap.', { price: 'negative' }],
    ['The crew was anything but professional.', { professionalism: 'negative' }],
    ['He has never been anything but friendly and professional.', { professionalism: 'positive' }],
    ['The manager was nothing but helpful and friendly.', { professionalism: 'positive' }],
    ['Cathy has been nothing but rude to us.', { professionalism: 'negative' }],
    // Not yet done, unless compared with all else
    ['They have yet to return my call.', { communication: 'negative' }],
    ['I have yet to find a better plumber.', { professionalism: 'positive' }],
    // Stopping a doing denies it
    ['They just stopped responding.', { communication: 'negative' }],
    ['The technician failed to turn up.', { punctuality: 'negative' }],
    ['They failed to call me back.', { communication: 'negative' }],
    ['They never fail to be on time.', { punctuality: 'positive' }],
    ["They didn't fail to impress.", { quality: 'positive' }],
    ['He stopped returning my calls after the deposit.', { communication: 'negative' }],
    ['They never stopped working until it was done.', { quality: 'positive' }],
    // "Not only" and "not just" add, they do not deny
    ['Not only was he quick with the work, he was helpful.', { speed: 'positive', professionalism: 'positive' }],
    ['They were not only affordable but also punctual.', { price: 'positive', punctuality: 'positive' }],
    ['He was not just late, he was rude.', { punctuality: 'negative', professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
