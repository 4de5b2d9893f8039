/**
 * Refusals and work left undone, stated as facts: no opinion word, yet a complaint about the business.
 * - A refusal: "he refused to give us a discount", "they wouldn't even tell me", "he would not let me speak to her".
 *   What was refused names the aspect: money (a refund, a discount, a coupon) is price, an answer or a call is
 *   communication, anything else the way the customer was treated (professionalism).
 * - Work not done: "they did not put on the filter I asked for", "they didn't shut it all the way", "they failed to do
 *   that" is quality ("failed to explain" is communication).
 * Only someone else's refusal counts: "I wouldn't recommend", "we didn't replace it" are the customer's own. The mark
 * sits on the refused verb, so a competitor's scope ("the other shop refused to ...") still leaves it out.
 */
import { lexiconIndex, matchAt } from './lexicon-index'
import { type Token, timeEntry } from './types'
import { PEOPLE } from './failures'
import type { AspectId } from '../lexicon'
import { NOT_OR_NEVER } from './words'

/** Who refuses: the business, its people, or a pronoun for them (never the customer, never "it"). */
export const SUBJECTS = new Set([
  ...PEOPLE,
  'manager',
  'owner',
  'staff',
  'company',
  'office',
  'receptionist',
  'landlord',
  'mechanic',
  'rep',
  'employee',
  'driver',
  'supervisor',
  'boss',
  'worker',
  'workers',
  'shop',
  // The trades by name ("the movers broke", "the fitters refused"), and "the removal men".
  'mover',
  'movers',
  'painter',
  'roofer',
  'fitter',
  'engineer',
  'cleaner',
  'contractor',
  'handyman',
  'gardener',
  'landscaper',
  'decorator',
  'locksmith',
  'builder',
  'plasterer',
  'tiler',
  'carpenter',
  'joiner',
  'bricklayer',
  'scaffolder',
  'installer',
  'men',
  // Salons and tailors ("the stylist ruined my hair").
  'stylist',
  'barber',
  'hairdresser',
  'hairstylist',
  'beautician',
  'tailor',
])
/** Someone of the business as a subject: "they", "he", "she", or one of SUBJECTS ("the plumber", "the office"). */
export const isTheirs = (t: Token) => ['they', 'he', 'she'].includes(t.surface) || SUBJECTS.has(t.lemma)
/** Verbs whose refusal is no complaint ("won't let you down", "wouldn't leave until it was perfect", "won't charge"). */
const HARMLESS = new Set([
  'be',
  'have',
  'need',
  'charge',
  'bill',
  'hesitate',
  'disappoint',
  'regret',
  'stop',
  'quit',
  'rest',
  'leave',
  'settle',
  'cut',
  'overcharge',
  'rip',
  'go',
  'cost',
  'mind',
  'want',
  'know',
  'hurt',
  'break',
])
const MONEY = new Set([
  'refund',
  'discount',
  'coupon',
  'deposit',
  'money',
  'reimburse',
  'reimbursed',
  'honor',
  'honour',
  'waive',
  'credit',
  'warranty',
  'guarantee',
])
const ANSWERS = new Set([
  'tell',
  'explain',
  'answer',
  'call',
  'respond',
  'reply',
  'inform',
  'say',
  'return',
  'email',
  'text',
  'contact',
  'update',
  'notify',
  'discuss',
])
/** The work itself: left undone it is the job done badly. */
const WORK = new Set([
  'do',
  'put',
  'install',
  'replace',
  'finish',
  'complete',
  'tighten',
  'shut',
  'close',
  'seal',
  'connect',
  'treat',
  'paint',
  'cover',
  'check',
  'test',
  'fill',
  'change',
  'use',
  'attach',
  'secure',
  'level',
  'match',
  'clean',
  // Read from the real train split's missed quality complaints: parts not put back, checks not made.
  'reattach',
  'reset',
  'reinstall',
  'reconnect',
  'refill',
  'look',
  'inspect',
  'vacuum',
  'wash',
  'adjust',
  'align',
  'screw',
  'fasten',
  'lock',
  'rotate',
  'lubricate',
  'grease',
  'patch',
  'repaint',
  'sweep',
  'mow',
  'trim',
])
const REFUSING = new Set(['refuse', 'decline', 'deny'])
/** Relief that work was left alone: "glad they never replaced the whole unit". */
const RELIEF = new Set(['glad', 'luckily', 'thankfully', 'fortunately', 'happy', 'relieved'])
/** Work verbs "never" leaves ambiguous: "they never put pressure on us", "never use a contract", "never do what they say". */
const NEVER_AMBIGUOUS = new Set(['do', 'put', 'use', 'change', 'look', 'match', 'close'])
const WILLING = new Set(['would', 'will', 'wo'])

const aspectOf = (verb: Token, after: Token[]): AspectId =>
  after.some((t) => MONEY.has(t.lemma) || MONEY.has(t.surface)) || MONEY.has(verb.lemma)
    ? 'price'
    : ANSWERS.has(verb.lemma)
      ? 'communication'
      : 'professionalism'

/** Is there someone else as the subject just before token k (within three words, past "even", "just", "simply")? */
function otherSubject(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const t = tokens[j]!
    if (SUBJECTS.has(t.surface) || SUBJECTS.has(t.lemma)) return true
    if (['i', 'we', 'you', 'it', 'that', 'this', 'which', 'who'].includes(t.surface)) return false
    if (t.pos === 'PUNCT') return false
  }
  return false
}

/** The felt lexicon entry starting at token k, if any: the lexicon already reads it ("didn't fix", "won't return calls"). */
const felt = (tokens: Token[], k: number) => {
  lexiconIndex()
  const m = matchAt(tokens, k)
  return m !== undefined && m.entry.sentiment !== 0
}

/** Marks refusals and work left undone on the refused verb (a sentence rule: runs before the sentence is split). */
export function refusals(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    let verbAt = -1
    let kind: 'refusal' | 'undone' | undefined
    // "refused to give", "declined to honor", "denied to service".
    if (REFUSING.has(t.lemma) && t.pos === 'VERB' && tokens[i + 1]?.surface === 'to' && otherSubject(tokens, i)) {
      verbAt = i + 2
      kind = 'refusal'
    } else if ((WILLING.has(t.surface) || t.lemma === 'do' || t.lemma === 'fail') && otherSubject(tokens, i)) {
      // "would not (even) tell", "won't let", "did not put on", "didn't shut", "failed to do".
      let k = i + 1
      const negated = NOT_OR_NEVER.has(tokens[k]?.surface ?? '')
      if (t.lemma === 'fail') {
        if (tokens[k]?.surface !== 'to') continue
      } else if (!negated) continue
      k++
      while (['even', 'just', 'simply', 'ever', 'bother', 'bothered', 'to'].includes(tokens[k]?.surface ?? '')) k++
      verbAt = k
      kind = WILLING.has(t.surface) ? 'refusal' : 'undone'
    }
    // "they never checked the brakes", "he never replaced the filter": work left undone said with "never" (not the
    // verbs of other senses: "never put pressure on us", "never used a drop cloth" is another complaint, "never do what they say").
    if (!kind && t.surface === 'never' && otherSubject(tokens, i) && !NEVER_AMBIGUOUS.has(tokens[i + 1]?.lemma ?? '')) {
      // Relief that they left it alone: "glad they never replaced the whole unit", "he never replaced anything that did
      // not need it", "never painted over the outlets".
      const relieved = tokens.slice(0, i).some((x) => RELIEF.has(x.surface))
      const object = tokens.slice(i + 2, i + 5)
      const leftAlone =
        object.some((x) => ['anything', 'everything', 'whole', 'entire'].includes(x.surface)) || tokens[i + 2]?.surface === 'over'
      if (!relieved && !leftAlone) {
        verbAt = i + 1
        kind = 'undone'
      }
    }
    const verb = tokens[verbAt]
    if (!kind || !verb || verb.pos !== 'VERB' || HARMLESS.has(verb.lemma) || verb.extra) continue
    const after = tokens.slice(verbAt + 1, verbAt + 6)
    // "won't let you down", "wouldn't take advantage of you": praise in refusal's form.
    if (verb.lemma === 'let' && after[1]?.surface === 'down') continue
    if (verb.lemma === 'take' && after.some((x) => x.surface === 'advantage')) continue
    // "he wouldn't accept my tip": modesty, not a refusal of service.
    if (after.some((x) => x.lemma === 'tip' || x.lemma === 'gratuity')) continue
    // An answer refused or not given is silence, however the lexicon feels the answer's verb ("explain" is praise):
    // "refused to explain the charges", "declined to discuss it", "failed to respond", "didn't contact us". The verb is
    // masked, so only the silence is read. Not "would not tell" (the refusal below), nor the idioms "didn't say no",
    // "didn't call it a day".
    const answerWithheld =
      ANSWERS.has(verb.lemma) &&
      (kind === 'refusal' ? REFUSING.has(t.lemma) : !['no', 'yes', 'it'].includes(tokens[verbAt + 1]?.surface ?? ''))
    if (answerWithheld) {
      verb.extra = timeEntry(kind === 'refusal' ? 'refused to answer' : 'failed to answer', -0.6, 'communication')
      verb.masked = true
      continue
    }
    if (felt(tokens, verbAt)) continue
    // The lexicon reads "refused to" as discourtesy already; a refusal of money is also a price complaint.
    if (felt(tokens, i) && (kind !== 'refusal' || aspectOf(verb, after) !== 'price')) continue
    if (kind === 'undone') {
      if (WORK.has(verb.lemma)) verb.extra = timeEntry('work left undone', -0.6, verb.lemma === 'clean' ? 'cleanliness' : 'quality')
      continue
    }
    verb.extra = timeEntry('refused', -0.6, aspectOf(verb, after))
  }
}
