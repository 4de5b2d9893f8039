/**
 * Promises broken, stated as facts: what the business was supposed to do, set against what happened.
 * - Later than agreed: "40 minutes after it was supposed to be done", "four days after they were supposed to".
 * - Waited for it: "I waited 4 to 6 hours for a guy who was supposed to be there in 20 minutes".
 * - Said, then not done: "they are supposed to call and warn you when they are close but rarely do", "the manager
 *   promised to help, but nothing changed".
 * The promised verb names the aspect: a call or notice is communication, coming is punctuality, a job done or ready is
 * speed. A promise kept ("he showed up when he said he would") or merely reported ("they were supposed to come
 * Wednesday") says nothing.
 */
import type { AspectId } from '../lexicon'
import { type Token, timeEntry } from './types'
import { isNegator } from './words'

const CALLING = new Set(['call', 'warn', 'notify', 'tell', 'email', 'text', 'inform', 'contact', 'let', 'give'])
const COMING = new Set(['come', 'arrive', 'show', 'start', 'pick', 'meet', 'turn'])
const SPANS = /^(minutes?|mins?|hours?|hrs?|days?|weeks?|months?)$/
const LATER = new Set(['rarely', 'seldom', 'never', 'nothing'])

/** The aspect of what was promised, from the verb after "supposed to" / "promised to" at token k. */
function promisedAspect(tokens: Token[], k: number): AspectId | undefined {
  const verb = tokens[k]
  if (!verb) return undefined
  if (verb.lemma === 'be') {
    const next = tokens[k + 1]?.surface ?? ''
    if (['there', 'here', 'at', 'on'].includes(next)) return 'punctuality'
    if (['done', 'ready', 'finished', 'fixed', 'complete', 'completed'].includes(next)) return 'speed'
    return undefined
  }
  if (CALLING.has(verb.lemma)) return 'communication'
  if (COMING.has(verb.lemma)) return 'punctuality'
  // "promised to help, but nothing changed": the way the customer was treated.
  if (verb.lemma === 'help') return 'professionalism'
  return verb.pos === 'VERB' ? 'speed' : undefined
}

export function brokenPromises(tokens: Token[]): void {
  for (let i = 0; i + 2 < tokens.length; i++) {
    const t = tokens[i]!
    const promised = (t.lemma === 'suppose' || t.lemma === 'promise') && tokens[i + 1]!.surface === 'to'
    if (!promised) continue
    const at = i + 2
    const aspect = promisedAspect(tokens, at)
    if (!aspect || tokens[at]!.extra) continue
    const before = tokens.slice(Math.max(0, i - 6), i)
    // "40 minutes after it was supposed to": a span, then "after", then the subject.
    const late = before.some((x, k) => x.surface === 'after' && SPANS.test(before[k - 1]?.surface ?? ''))
    // "waited 4 to 6 hours for a guy who was supposed to be there".
    const waited = tokens.slice(0, i).some((x) => x.lemma === 'wait') && aspect === 'punctuality'
    // "... but rarely do", "promised to help, but nothing changed".
    const but = tokens.findIndex((x, k) => k > at && x.surface === 'but')
    const denied = but > 0 && tokens.slice(but + 1, but + 4).some((x) => LATER.has(x.surface) || isNegator(x))
    if (late || waited || denied) tokens[at]!.extra = timeEntry('promised, not done', -0.7, aspect)
  }
}
