/**
 * What the customer did is no opinion of the business: "I was running late" says nothing of its punctuality, "he
 * waited for me" is the tradesman waiting on the customer, not the customer kept waiting, and "what a mess I made" is
 * the customer's own mess.
 */
import { MESS_MAKING } from './story'
import type { Clause, Token } from './types'
import { FIRST_PERSON } from './words'

const SUBJECTS = new Set(['i', 'we', 'he', 'she', 'they', 'it', 'you', 'tech', 'technician', 'plumber', 'crew', 'guy', 'someone', 'nobody'])
const TIMES = new Set(['late', 'early'])
const CUSTOMER = new Set(['me', 'us'])

/** The nearest subject within five words before token k is the customer ("I", "we"). */
const customerBefore = (tokens: Token[], k: number) => {
  const subject = tokens.slice(Math.max(0, k - 5), k).findLast((x) => SUBJECTS.has(x.surface))
  return subject !== undefined && FIRST_PERSON.has(subject.surface)
}

export function customersOwnDoing({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.end - h.start !== 1 || h.score === 0) continue
    const t = tokens[h.start]!
    // "I was late", "we were running a bit late".
    if (TIMES.has(t.surface) && h.entry.aspects.includes('punctuality') && customerBefore(tokens, h.start)) h.score = 0
    // "He waited for me", "they waited for us to get home".
    else if (t.lemma === 'wait' && tokens[h.end]?.surface === 'for' && CUSTOMER.has(tokens[h.end + 1]?.surface ?? '')) h.score = 0
    // "What a mess I made!", "I made a mess of the kitchen".
    else if (h.entry.aspects.includes('cleanliness') && h.score < 0) {
      const madeAfter = FIRST_PERSON.has(tokens[h.end]?.surface ?? '') && MESS_MAKING.has(tokens[h.end + 1]?.lemma ?? '')
      const madeBefore =
        customerBefore(tokens, h.start) && tokens.slice(Math.max(0, h.start - 3), h.start).some((x) => MESS_MAKING.has(x.lemma))
      if (madeAfter || madeBefore) h.score = 0
    }
  }
}
