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
import { FAMILY, FIRST_PERSON, SERVICE_PEOPLE } from './words'

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
/** What the customer did before being ignored that makes it silence: asked, called, messaged. */
const ASKING = new Set([...CONTACT, 'ask', 'request', 'message', 'remind', 'complain', 'chase'])
const PREPOSITIONS = new Set(['at', 'behind', 'on', 'in', 'from', 'of', 'with', 'by', 'near'])

/** The subject of the verb at k: the nearest noun or pronoun before it, passing over "at the front desk", "behind the counter". */
function subjectOf(tokens: Token[], k: number): Token | undefined {
  for (let j = k - 1; j >= Math.max(0, k - 8); j--) {
    const x = tokens[j]!
    if (!['NOUN', 'PROPN', 'PRON'].includes(x.pos)) continue
    // A noun in a place phrase: skip back past its preposition.
    const preposition = tokens.slice(Math.max(0, j - 3), j).findLastIndex((y) => PREPOSITIONS.has(y.surface))
    if (x.pos !== 'PRON' && preposition >= 0) {
      j = Math.max(0, j - 3) + preposition
      continue
    }
    return x
  }
  return undefined
}

/**
 * A customer ignored: someone of the business passing over the customer in person ("the receptionist at the front desk
 * ignored us", "he kept ignoring customers", "we were ignored for twenty minutes", "I felt completely ignored") is
 * discourtesy; after the customer asked, called or messaged ("I asked twice for the certificate and they just ignored
 * me") it is silence. Not the customer's own ("we ignored the noise"), not an animal or a relative ("the dog ignored
 * us", "I told my son to wear a coat and he ignored me"), and not "never ignored us". Ignored calls and emails are the
 * lexicon's.
 */
export function ignored(tokens: Token[]): void {
  tokens.forEach((t, k) => {
    if (t.lemma !== 'ignore' || t.extra) return
    if (tokens.slice(Math.max(0, k - 4), k).some((x) => DENIALS.has(x.surface))) return
    // "We were ignored", "I felt completely ignored": the customer passed over, whoever did it.
    const passive = tokens.slice(Math.max(0, k - 4), k).findLast((x) => ['be', 'feel', 'get'].includes(x.lemma))
    const customer = passive && tokens.slice(Math.max(0, k - 6), k).some((x) => FIRST_PERSON.has(x.surface.toLowerCase()))
    if (!customer) {
      if (t.pos !== 'VERB') return
      const object = tokens[k + 1]?.surface === 'the' ? tokens[k + 2] : tokens[k + 1]
      if (!object || !PASSED_OVER.has(object.surface)) return
      const subject = subjectOf(tokens, k)
      if (!subject || !(isTheirs(subject) || SERVICE_PEOPLE.has(subject.lemma))) return
      // "my son ... he ignored me": a relative named before the pronoun.
      if (subject.pos === 'PRON' && tokens.slice(0, k).some((x) => FAMILY.has(x.lemma))) return
    }
    // Asked first, by the customer: "I asked twice ... and they ignored me" (not "the cashier asked for my ID").
    const asked = tokens
      .slice(0, k)
      .some(
        (x, j) =>
          x.pos === 'VERB' &&
          (ASKING.has(x.lemma) || ASKING.has(x.surface)) &&
          tokens.slice(Math.max(0, j - 3), j).some((y) => FIRST_PERSON.has(y.surface.toLowerCase())),
      )
    t.extra = asked ? timeEntry('ignored after asking', -0.7, 'communication') : timeEntry('ignored in person', -0.7, 'professionalism')
  })
}
