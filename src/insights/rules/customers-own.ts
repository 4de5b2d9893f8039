/**
 * What the customer did, or waited on, is no opinion of the business: "I was running late" says nothing of its punctuality, "he
 * waited for me" is the tradesman waiting on the customer, not the customer kept waiting, "what a mess I made" is
 * the customer's own mess, "I decided to cancel" their own cancellation, and "the late fee was totally my fault" a
 * fault they own.
 */
import { lookupTable } from '../../core/lookup-table'
import { isTheirs } from './refusals'
import { PESTS_IN_THE_PLACE } from './the-place'
import { MESS_MAKING } from './story'
import type { Clause, Hit, Token } from './types'
import { CLAUSE_SUBJECTS, CUSTOMER_OBJECTS, FIRST_PERSON, NOT_OR_NEVER } from './words'

const TIMES = new Set(['late', 'early'])
/** Taking a home over: "moved in", "bought", "took over" (the word after the verb, where one is needed). */
const TAKING_OVER: Record<string, string | undefined> = lookupTable({
  buy: undefined,
  purchase: undefined,
  rent: undefined,
  inherit: undefined,
  move: 'in',
  take: 'over',
})
/** "The flat was dirty when we moved in", "a mess when we bought the house": the state the customer found the home in. */
const foundOnMovingIn = (tokens: Token[]) =>
  tokens.some((t, k) => {
    const verb = tokens[k + 2]?.lemma ?? ''
    if (t.surface !== 'when' || !FIRST_PERSON.has(tokens[k + 1]?.surface ?? '') || !(verb in TAKING_OVER)) return false
    const particle = TAKING_OVER[verb]
    // wink keeps a sentence's full stop on a last short word ("moved in.").
    const next = tokens[k + 3]?.surface.replace(/\.$/, '')
    return particle === undefined || next === particle || next === 'into'
  })

/** Where the nearest subject within five words before token k is the customer ("I", "we"): its index, or -1. */
const customerBefore = (tokens: readonly Token[], k: number) => {
  const from = Math.max(0, k - 5)
  const at = tokens.slice(from, k).findLastIndex((x) => CLAUSE_SUBJECTS.has(x.surface))
  return at >= 0 && FIRST_PERSON.has(tokens[from + at]!.surface) ? from + at : -1
}

/** What the customer has and may cancel: "cancel my subscription", "cancelling our account". */
const CUSTOMERS_PLANS = new Set(['account', 'subscription', 'service', 'contract', 'membership', 'plan', 'policy', 'order'])
/**
 * The cancel at k is the customer's: the nearest subject before it "I" or "we" (not "the office" or "they": refusals.ts's
 * people of the business count), or with no subject a plan of theirs its object ("cancelling our account"); not a
 * gerund alone ("Cancelling at the last minute seems to be their specialty").
 */
function customersCancellation(tokens: Token[], k: number): boolean {
  const subject = tokens.slice(Math.max(0, k - 6), k).findLast((x) => CLAUSE_SUBJECTS.has(x.surface) || isTheirs(x))
  if (subject) return FIRST_PERSON.has(subject.surface)
  return ['my', 'our'].includes(tokens[k + 1]?.surface ?? '') && CUSTOMERS_PLANS.has(tokens[k + 2]?.lemma ?? '')
}

/** Their word for it, or a feeling given: "tried to tell me it was my fault", "made me feel like it was my fault". */
const NOT_OWNED = new Set([
  'say',
  'tell',
  'claim',
  'insist',
  'blame',
  'accuse',
  'suggest',
  'imply',
  'argue',
  'act',
  'make',
  'seem',
  'feel',
  'somehow',
  'like',
  'think',
  'believe',
])
const OWNED = new Set(['fault', 'mistake'])
/**
 * Where the customer owns the fault, the start of what they own: "the late fee was totally my fault" (what went wrong
 * before it, in its part of the clause), "..., which is on me", "that was my own mistake" (everything before it).
 * Not "not my fault", "I don't think it was my fault", "tried to tell me it was my fault", "rude about my mistake".
 */
function ownedFault({ tokens, segmentOf }: Clause): { from: number; to: number } | undefined {
  for (let k = 1; k < tokens.length; k++) {
    // "was (totally) my (own) fault", "is (all) on me".
    let be = k - 1
    if (!['my', 'our', 'on'].includes(tokens[k]!.surface)) continue
    if (tokens[be]!.pos === 'ADV') be--
    if (tokens[be]?.lemma !== 'be') continue
    const next = tokens[k + 1]?.surface ?? ''
    const owned =
      tokens[k]!.surface === 'on'
        ? CUSTOMER_OBJECTS.has(next) && ['.', '!', ',', undefined].includes(tokens[k + 2]?.surface)
        : OWNED.has(next) || (next === 'own' && OWNED.has(tokens[k + 2]?.surface ?? ''))
    if (!owned) continue
    const before = tokens.slice(Math.max(0, be - 6), be)
    if (before.some((x) => NOT_OR_NEVER.has(x.surface) || NOT_OWNED.has(x.lemma))) continue
    // "which is on me", "that was my fault": what came before, whole.
    const back = ['which', 'that', 'this'].includes(tokens[be - 1]?.surface ?? '')
    return { from: back ? 0 : segmentStart(segmentOf, be), to: be }
  }
  return undefined
}
const segmentStart = (segmentOf: number[], k: number) => segmentOf.indexOf(segmentOf[k]!)

/**
 * A complaint phrase about the customer: "I could not be reached" (not "they could not be reached"), "they charged me
 * for my own mistake" (not "for their mistake").
 */
function customersOwnPhrase(tokens: readonly Token[], h: Hit): boolean {
  const words = tokens.slice(h.start, h.end)
  if (h.entry.aspects.includes('communication') && words.some((x) => x.lemma === 'reach') && words.some((x) => x.lemma === 'be'))
    return customerBefore(tokens, h.start + 1) >= 0
  if (h.entry.aspects.includes('price') && words.at(-1)?.lemma === 'mistake') {
    const owner = words.at(-2)?.surface === 'own' ? words.at(-3) : words.at(-2)
    return owner !== undefined && ['my', 'our'].includes(owner.surface)
  }
  return false
}

export function customersOwnDoing({ tokens, hits, segmentOf }: Clause): void {
  const owned = ownedFault({ tokens, hits, segmentOf })
  // What the customer owns names no aspect of theirs ("the delay was on me" is no speed complaint, nor praise).
  if (owned)
    for (const h of hits)
      if (h.start >= owned.from && h.start < owned.to && h.score <= 0) {
        h.score = 0
        h.entry = { ...h.entry, aspects: [] }
      }
  for (const h of hits) {
    if (h.score < 0 && h.end - h.start > 1 && customersOwnPhrase(tokens, h)) {
      h.score = 0
      h.entry = { ...h.entry, aspects: [] }
      continue
    }
    if (h.end - h.start !== 1 || h.score === 0) continue
    const t = tokens[h.start]!
    // "I was late", "we were running a bit late".
    if (TIMES.has(t.surface) && h.entry.aspects.includes('punctuality') && customerBefore(tokens, h.start) >= 0) h.score = 0
    // "At this point I decide to cancel", "I was ready to cancel", "cancelling our subscription", "Cancelling at the end
    // of the month": the customer's own cancellation (not "they cancelled on me").
    else if (t.lemma === 'cancel' && h.entry.aspects.includes('punctuality') && customersCancellation(tokens, h.start)) {
      h.score = 0
      // Nor does it name the aspect: "Canceling our contract was the best decision" judges no punctuality.
      h.entry = { ...h.entry, aspects: [] }
    }
    // "He waited for me", "they waited for us to get home".
    else if (t.lemma === 'wait' && tokens[h.end]?.surface === 'for' && CUSTOMER_OBJECTS.has(tokens[h.end + 1]?.surface ?? '')) h.score = 0
    // "What a mess I made!", "I made a mess of the kitchen" (not "I was left with a mess": the customer is the object).
    else if (h.entry.aspects.includes('cleanliness') && h.score < 0) {
      const madeAfter = FIRST_PERSON.has(tokens[h.end]?.surface ?? '') && MESS_MAKING.has(tokens[h.end + 1]?.lemma ?? '')
      const subject = customerBefore(tokens, h.start)
      const verb = subject < 0 ? -1 : tokens.slice(subject + 1, h.start).findIndex((x) => MESS_MAKING.has(x.lemma))
      const madeBefore = verb >= 0 && !tokens.slice(subject + 1, subject + 1 + verb).some((x) => x.lemma === 'be' || x.lemma === 'get')
      // Pests found on moving in are the landlord's (the-place.ts), not the state the customer took the home over in.
      const found = foundOnMovingIn(tokens) && h.entry.phrase !== PESTS_IN_THE_PLACE
      if (madeAfter || madeBefore || found) h.score = 0
    }
  }
}

/** What sets or dries, and who else decides: a wait on them is no slowness of the business's. */
const SETTING = new Set(['dry', 'set', 'cure', 'harden', 'settle'])
const OTHERS_DECIDING = new Set([
  'insurance',
  'insurer',
  'council',
  'landlord',
  'bank',
  'adjuster',
  'inspector',
  'permit',
  'permission',
  'weather',
  'flight',
  'hoa',
  'neighbour',
  'neighbor',
])

/**
 * "We had to wait for the plaster to dry", "until the walls had dried", "for the insurance to approve it", "for the
 * landlord's permission", "delayed by the weather": waiting on a process or a third party, not on the business.
 */
export function waitingOnOthers({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.score >= 0 || !h.entry.aspects.includes('speed')) continue
    // "delayed by the weather", "a delay because of the council": a delay put down to a third party.
    if (tokens.slice(h.start, h.end).some((t) => t.lemma === 'delay' || t.surface === 'delayed')) {
      // "delayed payments": the customer's money put off, not the work; "we had to delay the start": the customer's.
      if (['payment', 'bill', 'rent'].includes(tokens[h.end]?.lemma ?? '')) h.score = 0
      // "Our flight was delayed", "the permit was delayed": another's delay.
      if (tokens.slice(Math.max(0, h.start - 4), h.start).some((t) => FIRST_PERSON.has(t.surface) || OTHERS_DECIDING.has(t.lemma)))
        h.score = 0
      const cause = tokens.slice(h.end, h.end + 6)
      const by = cause.findIndex((t) => ['by', 'due', 'because'].includes(t.surface))
      if (by >= 0 && cause.slice(by + 1).some((t) => OTHERS_DECIDING.has(t.lemma))) h.score = 0
      continue
    }
    if (!tokens.slice(h.start, h.end).some((t) => t.lemma === 'wait')) continue
    if (!['for', 'until', 'till'].includes(tokens[h.end]?.surface ?? '')) continue
    const after = tokens.slice(h.end + 1, h.end + 7)
    const stop = after.findIndex((t) => [',', '.', 'and', 'but', 'because'].includes(t.surface))
    const waitedOn = stop < 0 ? after : after.slice(0, stop)
    // Not "for them to set up the boiler": setting up is the business's doing.
    const setting = waitedOn.some((t, j) => SETTING.has(t.lemma) && waitedOn[j + 1]?.surface !== 'up')
    if (setting || waitedOn.some((t) => OTHERS_DECIDING.has(t.lemma))) h.score = 0
  }
}
