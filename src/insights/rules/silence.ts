/**
 * Silence said as a fact: a verb of getting in touch denied, with the business as its subject ("they never rang",
 * "nobody phoned to say why", "the salon never rang me", "didn't text, didn't call", "I called, they never rang back")
 * is a communication complaint. The lexicon holds some of these verbs as plain cues of no feeling ("phone", "inform"),
 * which a negation cannot turn, and others not at all ("call", "ring"); the phrase table has the commonest wordings
 * with a named subject.
 * Not: the customer's own ("I never called them", "we didn't ring because it was late", "my only regret is not calling
 * them first"), a call never needed ("I never had to call twice"), a condition ("if they don't answer, try the office",
 * "when a contractor never rings"), advice or intent ("Don't call anyone else!", "will never call another company"),
 * a device ("the opener wouldn't respond to the remote").
 */
import { type Token, nearestSubject, timeEntry } from './types'
import { isTheirs, SUBJECTS } from './refusals'
import { FIRST_PERSON } from './words'

const CONTACT = new Set([
  'call',
  'ring',
  'phone',
  'text',
  'texted',
  'email',
  'contact',
  'inform',
  'notify',
  'reply',
  'respond',
  'react',
  'report',
  'update',
  'warn',
])
const DENIALS = new Set(['not', "n't", 'nt', 'never', 'nobody', 'noone'])
/** A denial in a condition is no fact: "if they don't answer", "when a contractor never rings". */
const CONDITIONS = new Set(['if', 'unless', 'when', 'whenever'])
/** "bother to", "think to": a call not even tried ("nobody thought to phone me"); other "to" is a purpose or a need. */
const TRIED = new Set(['bother', 'think', 'care', 'manage', 'try', 'trouble'])

function contactDenied(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  if (t.pos !== 'VERB' || !(CONTACT.has(t.lemma) || CONTACT.has(t.surface))) return false
  let j = k - 1
  if (tokens[j]?.surface === 'to') {
    if (!TRIED.has(tokens[j - 1]?.lemma ?? '')) return false
    j -= 2
  }
  if (['even', 'once', 'ever', 'bother'].includes(tokens[j]?.surface ?? '')) j--
  // "did never call", "nobody has called": the helper between the denial and the verb.
  if (['do', 'did', 'does', 'has', 'have', 'had'].includes(tokens[j]?.surface ?? '')) j--
  const negator = tokens[j]
  const noOne = negator?.surface === 'one' && tokens[j - 1]?.surface === 'no'
  if (!negator || !(DENIALS.has(negator.surface) || noOne)) return false
  // "My only regret is not calling them first": a gerund is the customer's, unless it is theirs in progress ("they are not answering").
  if (t.surface.endsWith('ing') && t.surface !== t.lemma) {
    const subject = tokens[j - 2]
    if (tokens[j - 1]?.lemma !== 'be' || !subject || !isTheirs(subject)) return false
  }
  // The customer's own, unless someone of the business is named nearer: "I called, they never rang back" is theirs.
  const nearest = tokens.slice(Math.max(0, j - 4), j).findLast((x) => FIRST_PERSON.has(x.surface) || isTheirs(x))
  if (nearest && FIRST_PERSON.has(nearest.surface)) return false
  if (tokens.slice(Math.max(0, j - 8), j).some((x) => CONDITIONS.has(x.surface))) return false
  // Advice or intent, not their silence: "Don't call anyone else!", "Will never call another company".
  const imperative = t.surface === t.lemma && (j === 0 || (j === 1 && tokens[0]!.surface === 'do')) && negator.surface !== 'nobody'
  if (imperative || ['will', 'would', "'ll"].includes(tokens[j - 1]?.surface ?? '')) return false
  if (['anyone', 'anybody', 'another', 'this', 'these'].includes(tokens[k + 1]?.surface ?? '')) return false
  // "The opener wouldn't respond to the remote": a device answering, not the business.
  if (['respond', 'react', 'answer', 'reply'].includes(t.lemma)) {
    const subject = nearestSubject(tokens, j - 5, j)
    if (
      subject &&
      subject.pos !== 'PRON' &&
      !SUBJECTS.has(subject.lemma) &&
      !['person', 'contact', 'salon', 'team'].includes(subject.lemma)
    )
      return false
  }
  return true
}

/** Marks silence on the denied verb (a sentence rule: runs before the sentence is split). */
export function silence(tokens: Token[]): void {
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.extra || !contactDenied(tokens, k)) continue
    tokens[k]!.extra = timeEntry('no word from them', -0.7, 'communication')
  }
}

/** Whom "ignore" passes over in person: the customer, or customers. */
const PASSED_OVER = new Set(['me', 'us', 'customer', 'customers', 'everyone', 'people'])
/** Who serves at a counter or desk, beside refusals.ts's people of the business. */
const SERVING = new Set([
  'clerk',
  'cashier',
  'lady',
  'woman',
  'man',
  'girl',
  'salesman',
  'saleswoman',
  'salesperson',
  'stylist',
  'barber',
  'agent',
  'management',
  'server',
  'waiter',
  'waitress',
  'hostess',
  'teller',
  'associate',
  'attendant',
  'person',
  'everyone',
])
/** What the customer did before being ignored that makes it silence: asked, called, wrote. */
const ASKING = new Set([...CONTACT, 'ask', 'request', 'message', 'write', 'remind', 'complain', 'chase'])
/**
 * A customer ignored: someone of the business passing over the customer in person ("the receptionist ignored us",
 * "he kept ignoring customers") is discourtesy; after the customer asked, called or wrote ("I asked twice for the
 * certificate and they just ignored me") it is silence. Not the customer's own ("we ignored the noise"), not a thing
 * or an animal ("the dog ignored us"), and not "never ignored us". Ignored calls and emails are the lexicon's.
 */
export function ignored(tokens: Token[]): void {
  tokens.forEach((t, k) => {
    if (t.lemma !== 'ignore' || t.pos !== 'VERB' || t.extra) return
    const object = tokens[k + 1]?.surface === 'the' ? tokens[k + 2] : tokens[k + 1]
    if (!object || !PASSED_OVER.has(object.surface)) return
    const before = tokens.slice(Math.max(0, k - 4), k)
    if (before.some((x) => DENIALS.has(x.surface))) return
    const subject = nearestSubject(tokens, k - 6, k)
    if (!subject || !(isTheirs(subject) || SERVING.has(subject.lemma))) return
    const asked = tokens.slice(0, k).some((x) => x.pos === 'VERB' && (ASKING.has(x.lemma) || ASKING.has(x.surface)))
    t.extra = asked ? timeEntry('ignored after asking', -0.7, 'communication') : timeEntry('ignored in person', -0.7, 'professionalism')
  })
}
